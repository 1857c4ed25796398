//! Where a decorated link leads (link types of spec section 3). One rule for the home banners,
//! the decorated pages' blocks and the shop-sign navigation.

use api::catalog::link_type;
use api::client_rules::{is_protected_path, login_url};
use api::redirect::safe_redirect;
use serde_json::Value;

/// The address and the new-tab flag of a link of type `kind` to `link` (an id, a path, a URL,
/// three category ids or `{renovationId, shopId}`). `checked` is the custom-URL flag "open in
/// a new tab". A guest following an internal link to a protected path goes to /login first
/// (spec section 6). Anything unsafe or malformed leads nowhere.
pub fn link_target(kind: i32, link: &Value, checked: bool, signed_in: bool) -> Option<(String, bool)> {
    let text = match link {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    let id = |s: &str| s.parse::<i64>().ok().filter(|n| *n > 0);
    match kind {
        link_type::PRODUCT => id(&text).map(|p| (format!("/detail?prodId={p}"), true)),
        link_type::CATEGORY => {
            let ids: Vec<i64> = link.as_array()?.iter().filter_map(Value::as_i64).collect();
            let names = ["cpid", "cid", "thCid"];
            let query: Vec<String> = ids.iter().zip(names).map(|(id, name)| format!("{name}={id}")).collect();
            (!query.is_empty()).then(|| (format!("/list?{}&st=0", query.join("&")), false))
        }
        link_type::SHOP => id(&text).map(|s| (format!("/shop-index?sid={s}"), false)),
        link_type::PATH => {
            let path = safe_redirect(&text)?;
            if !signed_in && is_protected_path(path) {
                Some((login_url(path), false))
            } else {
                Some((path.to_string(), false))
            }
        }
        link_type::DECORATED_PAGE => {
            let renovation = link.get("renovationId").and_then(Value::as_i64)?;
            let shop = link.get("shopId").and_then(Value::as_i64).unwrap_or(0);
            Some((format!("/select-decorate?renovationId={renovation}&sid={shop}"), false))
        }
        link_type::URL if text.starts_with("https://") || text.starts_with("http://") => Some((text, checked)),
        _ => None,
    }
}

/// [`link_target`] of a block's `{type, link}` object.
pub fn block_link(path: &Value, checked: bool, signed_in: bool) -> Option<(String, bool)> {
    let kind = i32::try_from(path.get("type").and_then(Value::as_i64)?).ok()?;
    link_target(kind, path.get("link")?, checked, signed_in)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn links_follow_the_six_types() {
        assert_eq!(
            block_link(&json!({"type": 1, "link": "12"}), false, false),
            Some(("/detail?prodId=12".into(), true))
        );
        assert_eq!(
            block_link(&json!({"type": 2, "link": [1, 101, 1011]}), false, false),
            Some(("/list?cpid=1&cid=101&thCid=1011&st=0".into(), false))
        );
        assert_eq!(block_link(&json!({"type": 3, "link": 4}), false, false), Some(("/shop-index?sid=4".into(), false)));
        assert_eq!(block_link(&json!({"type": 4, "link": "/coupons"}), false, false), Some(("/coupons".into(), false)));
        assert_eq!(
            block_link(&json!({"type": 4, "link": "/cart"}), false, false),
            Some(("/login?redirect=%2Fcart".into(), false))
        );
        assert_eq!(
            block_link(&json!({"type": 4, "link": "/user-center/uc-order?status=1"}), false, false),
            Some(("/login?redirect=%2Fuser-center%2Fuc-order%3Fstatus%3D1".into(), false))
        );
        assert_eq!(block_link(&json!({"type": 4, "link": "/cart"}), false, true), Some(("/cart".into(), false)));
        assert_eq!(
            block_link(&json!({"type": 5, "link": {"renovationId": 2, "shopId": 3}}), false, false),
            Some(("/select-decorate?renovationId=2&sid=3".into(), false))
        );
        assert_eq!(
            block_link(&json!({"type": 6, "link": "https://x.example"}), true, false),
            Some(("https://x.example".into(), true))
        );
        assert_eq!(block_link(&json!({"type": 6, "link": "javascript:alert(1)"}), true, false), None);
        assert_eq!(block_link(&json!({"type": 7, "link": "12"}), true, false), None);
    }

    #[test]
    fn internal_links_follow_the_safe_redirect_rule() {
        for unsafe_path in ["//evil.example", "/\\evil.example", "/%2F%2Fevil.example", "cart", ""] {
            assert_eq!(link_target(link_type::PATH, &json!(unsafe_path), false, true), None, "{unsafe_path}");
        }
    }
}
