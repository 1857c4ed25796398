//! The catalog: the product list by category or name (`/list`), the product detail page
//! (`/detail`, `/detail/{link}`), and their islands (SKU picker and buy box, gallery, share
//! link).

pub mod buy_box;
pub mod collect_product;
pub mod copy_link;
pub mod gallery;

ssr_only! {
    pub mod detail;
    pub mod list;
}

#[cfg(feature = "ssr")]
/// The product of a detail URL: `/detail?prodId=`, `/secdetail?prodId=&seckillId=`,
/// `/detail/components/combine-detail?prodId=`, or `/detail/{prodId}` (header nav links).
pub fn detail_prod_id(path: &str, query: &str) -> Option<i64> {
    let from_path = path
        .strip_prefix("/detail/")
        .filter(|rest| !rest.starts_with("components/"))
        .map(|rest| rest.trim_end_matches('/').to_string());
    from_path
        .or_else(|| crate::url::query_param(query, "prodId"))
        .and_then(|v| v.trim().parse::<i64>().ok())
        .filter(|id| *id > 0)
}

#[cfg(feature = "ssr")]
/// Whether `path` is one of the detail page's URLs.
pub fn is_detail_path(path: &str) -> bool {
    matches!(path, "/detail" | "/secdetail" | "/detail/components/combine-detail")
        || path.strip_prefix("/detail/").is_some_and(|rest| !rest.is_empty() && !rest[..rest.len() - 1].contains('/'))
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;

    #[test]
    fn detail_urls_name_their_product() {
        assert_eq!(detail_prod_id("/detail", "prodId=7"), Some(7));
        assert_eq!(detail_prod_id("/detail/12", ""), Some(12));
        assert_eq!(detail_prod_id("/detail/12/", ""), Some(12));
        assert_eq!(detail_prod_id("/secdetail", "prodId=3&seckillId=2"), Some(3));
        assert_eq!(detail_prod_id("/detail/components/combine-detail", "prodId=4"), Some(4));
        assert_eq!(detail_prod_id("/detail/abc", "prodId=4"), None);
        assert_eq!(detail_prod_id("/detail", "prodId=-1"), None);
        assert!(is_detail_path("/detail/12"));
        assert!(is_detail_path("/detail/12/"));
        assert!(is_detail_path("/detail/components/combine-detail"));
        assert!(!is_detail_path("/detail/a/b"));
        assert!(!is_detail_path("/detail/"));
    }
}
