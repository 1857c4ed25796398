//! Building blocks shared by the pages: server-rendered components (cards, empty states,
//! skeletons, pager, page head) and the islands several domains use (carousel, countdown).

pub mod address_form;
#[cfg(feature = "ssr")]
pub mod banner_carousel;
pub mod carousel;
pub mod countdown;
#[cfg(feature = "ssr")]
pub mod empty_state;
#[cfg(feature = "ssr")]
pub mod icon;
pub mod link;
#[cfg(feature = "ssr")]
pub mod page_meta;
#[cfg(feature = "ssr")]
pub mod pager;
#[cfg(feature = "ssr")]
pub mod product_card;
#[cfg(feature = "ssr")]
pub mod skeleton;

/// Replaces a picture that fails to load with the placeholder (spec section 8). The one inline
/// event handler of the site: the Content-Security-Policy allows it by its hash.
pub const IMG_FALLBACK: &str = "this.onerror=null;this.src='/static/placeholder.svg'";

/// Dispatches a shared event from an island (no-op on the server).
#[allow(unused_variables)]
pub(crate) fn emit(name: &str, fields: &[(&str, crate::events::Detail)]) {
    #[cfg(feature = "hydrate")]
    crate::api_client::browser::emit(name, fields);
}

/// For a guest, opens the login popup and answers true: the action waits for a sign-in
/// (spec section 6).
pub fn guest_must_sign_in(signed_in: bool) -> bool {
    if !signed_in {
        emit(crate::events::OPEN_LOGIN, &[]);
    }
    !signed_in
}

/// Caps a badge count: above `max` shows `{max}+` (999+ in the main header, 99+ elsewhere).
pub fn badge_count(count: i64, max: i64) -> String {
    if count > max {
        format!("{max}+")
    } else {
        count.max(0).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::badge_count;

    #[test]
    fn badges_cap() {
        assert_eq!(badge_count(999, 999), "999");
        assert_eq!(badge_count(1000, 999), "999+");
        assert_eq!(badge_count(100, 99), "99+");
        assert_eq!(badge_count(-3, 99), "0");
    }
}
