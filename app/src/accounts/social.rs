//! What third-party sign-in (`crate::accounts::third_login`) and binding a social account in
//! the user centre (`crate::accounts::bind_forms`) share: the session-storage keys that carry
//! the journey through the provider, the bind page it comes back to, and which return page a
//! provider uses.

use api::account::SOCIAL_GOOGLE;

/// Session-storage keys written by the login popup (or the bind page) before it leaves for the
/// provider.
pub const SOCIAL_TYPE_KEY: &str = "mall.socialType";
pub const SOCIAL_REDIRECT_KEY: &str = "mall.socialRedirect";

/// This page, where a binding started from here comes back to.
pub const BIND_PAGE: &str = "/user-center/uc-bind";

/// Session-storage key of a failed binding's message, shown when the page comes back.
pub const BIND_ERROR_KEY: &str = "mall.socialBindError";

/// The Fluent key of a social type's name.
pub fn social_name_key(social_type: i64) -> &'static str {
    if social_type == SOCIAL_GOOGLE {
        "uc-bind-google"
    } else {
        "uc-bind-facebook"
    }
}

/// The return page of a provider: Google comes back to `/google/callback`, Facebook to
/// `/oauth-callback` (as for sign-in).
pub fn callback_path(social_type: i64) -> &'static str {
    if social_type == SOCIAL_GOOGLE {
        "/google/callback"
    } else {
        "/oauth-callback"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::account::SOCIAL_FACEBOOK;

    #[test]
    fn each_provider_returns_where_sign_in_does() {
        assert_eq!(callback_path(SOCIAL_GOOGLE), "/google/callback");
        assert_eq!(callback_path(SOCIAL_FACEBOOK), "/oauth-callback");
        assert_eq!(social_name_key(SOCIAL_GOOGLE), "uc-bind-google");
    }
}
