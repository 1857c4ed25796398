//! The public pages each sitemap lists, read from the database: what is on sale, open or
//! published now, with when it last changed.

use super::sitemap::{Entry, Kind};
use crate::db::{Db, DbResult};
use app::catalog::list::ListQuery;
use std::collections::HashMap;

/// Every entry of `kind`, in a stable order.
pub async fn entries(db: &Db, kind: Kind) -> DbResult<Vec<Entry>> {
    match kind {
        Kind::Pages => pages(db).await,
        Kind::Products => products(db).await,
        Kind::Shops => shops(db).await,
        Kind::Categories => categories(db).await,
        Kind::Deals => deals(db).await,
        Kind::Notices => notices(db).await,
    }
}

/// The home, the fixed product lists, the activity pages, preferred shops, the platform's
/// notices and the terms: changed with the newest product on sale.
async fn pages(db: &Db) -> DbResult<Vec<Entry>> {
    let (newest,): (Option<i64>,) =
        sqlx::query_as("SELECT MAX(created_at) FROM product WHERE status = 1").fetch_one(&db.pool).await?;
    let paths = [
        "/",
        "/list?st=1",
        "/list?st=2",
        "/list?st=0&sort=2",
        "/flash-sale",
        "/group-buy",
        "/special-discount",
        "/coupons",
        "/shop-list?type=1",
        "/notice-list?shopId=0",
        "/terms-page?sts=1",
        "/terms-page?sts=2",
        "/seller-centre",
    ];
    Ok(paths.iter().map(|path| Entry { path: canonical(path), lastmod: newest }).collect())
}

/// A page's path as the page itself names it in its canonical: a sitemap lists each page by
/// that one URL (a list by [`ListQuery::canonical`], without the sort it has by default).
fn canonical(path: &str) -> String {
    if path == "/list" || path.starts_with("/list?") {
        ListQuery::canonical_of(path)
    } else {
        path.to_string()
    }
}

/// Products on sale in open shops.
async fn products(db: &Db) -> DbResult<Vec<Entry>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT p.prod_id, p.created_at FROM product p JOIN shop s ON s.shop_id = p.shop_id
         WHERE p.status = 1 AND s.shop_status = 1 ORDER BY p.prod_id",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id, at)| Entry { path: format!("/detail?prodId={id}"), lastmod: Some(at) }).collect())
}

/// Open shops, changed with their newest product.
async fn shops(db: &Db) -> DbResult<Vec<Entry>> {
    let rows: Vec<(i64, i64, Option<i64>)> = sqlx::query_as(
        "SELECT s.shop_id, s.created_at, MAX(p.created_at) FROM shop s
         LEFT JOIN product p ON p.shop_id = s.shop_id AND p.status = 1
         WHERE s.shop_status = 1 GROUP BY s.shop_id, s.created_at ORDER BY s.shop_id",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, created, newest)| Entry {
            path: format!("/shop-index?sid={id}"),
            lastmod: Some(newest.map_or(created, |n| n.max(created))),
        })
        .collect())
}

/// Shown categories of every level (their list URLs as the menus link them), changed with
/// the newest product on sale under them.
async fn categories(db: &Db) -> DbResult<Vec<Entry>> {
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT category_id, parent_id, grade FROM category WHERE status = 1 ORDER BY grade, seq, category_id",
    )
    .fetch_all(&db.pool)
    .await?;
    let newest: Vec<(i64, Option<i64>)> =
        sqlx::query_as("SELECT category_id, MAX(created_at) FROM product WHERE status = 1 GROUP BY category_id")
            .fetch_all(&db.pool)
            .await?;
    let parent: HashMap<i64, i64> = rows.iter().map(|(id, parent, _)| (*id, *parent)).collect();
    // A leaf's newest product counts for its parent and grandparent too.
    let mut lastmod: HashMap<i64, i64> = HashMap::new();
    for (leaf, at) in newest {
        let Some(at) = at else { continue };
        let mut id = Some(leaf);
        while let Some(current) = id.filter(|id| parent.contains_key(id)) {
            let slot = lastmod.entry(current).or_insert(at);
            *slot = (*slot).max(at);
            id = parent.get(&current).copied().filter(|p| *p != 0);
        }
    }
    let mut entries = Vec::new();
    for (id, parent_id, grade) in &rows {
        let path = match grade {
            1 => format!("/list?cpid={id}&st=0"),
            2 if parent.contains_key(parent_id) => format!("/list?cpid={parent_id}&cid={id}&st=0"),
            3 => match parent.get(parent_id) {
                Some(top) if parent.contains_key(top) => format!("/list?cpid={top}&cid={parent_id}&thCid={id}&st=0"),
                _ => continue,
            },
            // A category under a hidden one is hidden too.
            _ => continue,
        };
        entries.push(Entry { path: canonical(&path), lastmod: lastmod.get(id).copied() });
    }
    Ok(entries)
}

/// Discounts and coupons running now.
async fn deals(db: &Db) -> DbResult<Vec<Entry>> {
    let now = db.now();
    let discounts = running(db, "discount", now).await?;
    let coupons = running(db, "coupon", now).await?;
    let discounts = discounts.into_iter().map(|(id, at)| Entry { path: format!("/discount/{id}"), lastmod: Some(at) });
    let coupons = coupons.into_iter().map(|(id, at)| Entry { path: format!("/coupon/{id}"), lastmod: Some(at) });
    Ok(discounts.chain(coupons).collect())
}

/// The ids and start times of the rows of a deal table (`discount` or `coupon`, whose id
/// column is `<table>_id`) running at `now`, the platform's and open shops': both kinds of
/// deal are listed by the same rule.
async fn running(db: &Db, table: &'static str, now: i64) -> DbResult<Vec<(i64, i64)>> {
    sqlx::query_as(&format!(
        "SELECT d.{table}_id, d.start_time FROM {table} d LEFT JOIN shop s ON s.shop_id = d.shop_id
         WHERE d.status = 1 AND d.start_time <= $1 AND d.end_time > $1 AND (d.shop_id = 0 OR s.shop_status = 1)
         ORDER BY d.{table}_id"
    ))
    .bind(now)
    .fetch_all(&db.pool)
    .await
}

/// Published notices of the platform and of open shops.
async fn notices(db: &Db) -> DbResult<Vec<Entry>> {
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT n.id, n.shop_id, n.publish_time FROM notice n LEFT JOIN shop s ON s.shop_id = n.shop_id
         WHERE n.status = 1 AND n.publish_time <= $1 AND (n.shop_id = 0 OR s.shop_status = 1) ORDER BY n.id",
    )
    .bind(db.now())
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, shop, at)| Entry { path: format!("/notice-detail?id={id}&shopId={shop}"), lastmod: Some(at) })
        .collect())
}
