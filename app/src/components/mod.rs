//! Server-rendered building blocks of every page.

pub mod carousel;
pub mod empty_state;
pub mod footer;
pub mod header;
pub mod icon;
pub mod pager;
pub mod product_card;
pub mod quick_menu;
pub mod renovation;
pub mod skeleton;

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
