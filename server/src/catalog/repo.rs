//! The catalog's reads: the shown category tree, product detail with its SKUs and running
//! activity, whether a product can be opened. Stored rich text leaves here sanitized
//! ([`super::rich_text`]).

use super::rich_text::sanitize_html;
use crate::db::{lang_column, Db, DbResult};
use api::catalog::{Category, GroupActivityInfo, GroupActivitySearchVo, ProductCard, ProductDetail, SeckillInfo, Sku};
use api::money::Price;
use i18n::Lang;
use sqlx::AnyConnection;
use std::collections::HashMap;

/// Deepest category grade (1 top, 3 leaf).
pub const MAX_CATEGORY_GRADE: i32 = 3;

/// The shown category tree in one language: for every shown category (and 0, the root) its
/// shown children, each with its own children nested down to grade 3. A category under a
/// hidden parent is unreachable, hence not shown either.
#[derive(Debug, Clone, Default)]
pub struct CategoryTree {
    children: HashMap<i64, Vec<Category>>,
}

impl CategoryTree {
    /// The children of `parent_id` (0 = the top level); empty for unknown or hidden ids.
    pub fn children_of(&self, parent_id: i64) -> Vec<Category> {
        self.children.get(&parent_id).cloned().unwrap_or_default()
    }

    /// A shop's own two-level category list: the second-level categories holding at least one
    /// of `leaves` (the shop's third-level categories), each with just those leaves, in tree order.
    pub fn shop_categories(&self, leaves: &std::collections::HashSet<i64>) -> Vec<Category> {
        self.children_of(0)
            .into_iter()
            .flat_map(|top| top.categories)
            .filter_map(|mut group| {
                group.categories.retain(|leaf| leaves.contains(&leaf.category_id));
                (!group.categories.is_empty()).then_some(group)
            })
            .collect()
    }

    /// Builds the tree from flat rows already ordered by `seq`.
    fn build(rows: Vec<Category>) -> Self {
        let mut flat: HashMap<i64, Vec<Category>> = HashMap::new();
        for row in rows {
            flat.entry(row.parent_id).or_default().push(row);
        }
        fn nest(flat: &HashMap<i64, Vec<Category>>, parent: i64, depth: i32) -> Vec<Category> {
            let Some(children) = flat.get(&parent) else { return Vec::new() };
            children
                .iter()
                .map(|c| {
                    let mut c = c.clone();
                    // `depth` guards against a cycle in bad data as well as capping the grade.
                    if c.grade < MAX_CATEGORY_GRADE && depth < MAX_CATEGORY_GRADE {
                        c.categories = nest(flat, c.category_id, depth + 1);
                    }
                    c
                })
                .collect()
        }
        let mut children = HashMap::new();
        let mut stack = vec![(0i64, 0i32)];
        while let Some((parent, depth)) = stack.pop() {
            if children.contains_key(&parent) || depth >= MAX_CATEGORY_GRADE {
                continue;
            }
            let list = nest(&flat, parent, depth + 1);
            stack.extend(list.iter().map(|c| (c.category_id, depth + 1)));
            children.insert(parent, list);
        }
        Self { children }
    }
}

/// The categories of a shop's on-shelf products (their leaf categories).
pub async fn shop_leaf_categories(db: &Db, shop_id: i64) -> DbResult<std::collections::HashSet<i64>> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT DISTINCT category_id FROM product WHERE shop_id = $1 AND status = 1")
            .bind(shop_id)
            .fetch_all(&db.pool)
            .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Reads the whole shown category tree in `lang`.
pub async fn category_tree(db: &Db, lang: Lang) -> DbResult<CategoryTree> {
    let col = lang_column(lang);
    let sql = format!(
        "SELECT category_id, parent_id, grade, category_name_{col}, pic, icon FROM category
         WHERE status = 1 ORDER BY seq, category_id"
    );
    type Row = (i64, i64, i64, String, Option<String>, Option<String>);
    let rows: Vec<Row> = sqlx::query_as(&sql).fetch_all(&db.pool).await?;
    Ok(CategoryTree::build(
        rows.into_iter()
            .map(|(category_id, parent_id, grade, category_name, pic, icon)| Category {
                category_id,
                category_name,
                parent_id,
                grade: grade as i32,
                pic,
                icon,
                categories: Vec::new(),
            })
            .collect(),
    ))
}

/// A flash sale (kind 1) or group buy (kind 2) of a product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Activity {
    kind: i64,
    id: i64,
    price: i64,
    group_number: i64,
    start_time: i64,
    end_time: i64,
    /// A flash sale's own stock and per-buyer limit (0 for a group buy).
    stocks: i64,
    max_num: i64,
}

impl Activity {
    fn running(&self, now: i64) -> bool {
        self.start_time <= now && now < self.end_time
    }
}

/// The activity a product shows at `now`: among the enabled activities of its type, a running
/// one (ending first), else the next upcoming one. Ended activities are not shown.
fn current_activity(activities: &[Activity], prod_type: i64, now: i64) -> Option<Activity> {
    let live = activities.iter().filter(|a| a.kind == prod_type && a.end_time > now);
    live.min_by_key(|a| (!a.running(now), if a.running(now) { a.end_time } else { a.start_time }, a.id)).copied()
}

/// kind, id, price, group number, start, end, flash-sale stock, per-buyer limit.
type ActivityRow = (i64, i64, i64, i64, i64, i64, i64, i64);

async fn activities_of(conn: &mut AnyConnection, prod_id: i64) -> DbResult<Vec<Activity>> {
    let rows: Vec<ActivityRow> = sqlx::query_as(
        "SELECT 1, seckill_id, seckill_price, 0, start_time, end_time, seckill_stocks, max_num
         FROM seckill WHERE prod_id = $1 AND status = 1
         UNION ALL
         SELECT 2, group_activity_id, group_price, group_number, start_time, end_time, 0, 0
         FROM group_activity WHERE prod_id = $2 AND status = 1",
    )
    .bind(prod_id)
    .bind(prod_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(kind, id, price, group_number, start_time, end_time, stocks, max_num)| Activity {
            kind,
            id,
            price,
            group_number,
            start_time,
            end_time,
            stocks,
            max_num,
        })
        .collect())
}

/// Fills the activity fields of a card (and the detail's activity blocks) at `now`.
fn apply_activity(detail: &mut ProductDetail, activity: Option<Activity>, now: i64) {
    let Some(a) = activity else { return };
    let running = a.running(now);
    let card = &mut detail.card;
    card.activity_in_progress = running;
    card.activity_status = i32::from(running);
    card.activity_price = running.then_some(Price(a.price));
    if a.kind == 1 {
        card.seckill_id = Some(a.id);
        detail.seckill = Some(SeckillInfo {
            seckill_id: a.id,
            seckill_price: Price(a.price),
            start_time: a.start_time,
            end_time: a.end_time,
            seckill_stocks: a.stocks,
            max_num: a.max_num,
        });
    } else {
        card.group_activity_search_vo = Some(GroupActivitySearchVo {
            group_activity_id: a.id,
            group_number: a.group_number,
            group_price: Price(a.price),
        });
        detail.group_activity = Some(GroupActivityInfo {
            group_activity_id: a.id,
            group_number: a.group_number,
            group_price: Price(a.price),
            start_time: a.start_time,
            end_time: a.end_time,
        });
    }
}

/// The columns of [`product_detail`]'s query.
type ProductRow =
    (i64, String, String, String, i64, i64, Option<String>, String, i64, i64, i64, i64, i64, i64, Option<i64>, i64);

/// Everything the detail page shows of a product, in `lang`; off-shelf products included
/// (with status 0). `None` for an unknown id.
pub async fn product_detail(db: &Db, prod_id: i64, lang: Lang) -> DbResult<Option<ProductDetail>> {
    let col = lang_column(lang);
    let sql = format!(
        "SELECT p.prod_id, p.prod_name_{col}, p.brief_{col}, p.content_{col}, p.price, p.ori_price, p.pic, p.imgs,
                p.status, p.prod_type, p.sold_num, p.total_stocks, p.shop_id, p.category_id, p.comparison_group,
                (SELECT COUNT(*) FROM product o
                 WHERE o.comparison_group = p.comparison_group AND o.prod_id <> p.prod_id AND o.status = 1)
         FROM product p WHERE p.prod_id = $1"
    );
    // The product's four reads share one connection: each read through the pool hands the
    // connection back afterwards, which for SQLite is another trip to its thread.
    let mut conn = db.pool.acquire().await?;
    let row: Option<ProductRow> = sqlx::query_as(&sql).bind(prod_id).fetch_optional(&mut *conn).await?;
    let Some((
        prod_id,
        prod_name,
        brief,
        content,
        price,
        ori_price,
        pic,
        imgs,
        status,
        prod_type,
        sold_num,
        total_stocks,
        shop_id,
        category_id,
        comparison_group,
        other_offers,
    )) = row
    else {
        return Ok(None);
    };
    let shop = crate::shops::repo::shop_cards(&mut *conn, &[shop_id]).await?.pop().unwrap_or_default();
    let mut detail = ProductDetail {
        card: ProductCard {
            prod_id,
            prod_name,
            brief,
            price: Price(price),
            ori_price: Price(ori_price),
            pic: pic.unwrap_or_default(),
            imgs,
            status: status as i32,
            prod_type: prod_type as i32,
            sold_num,
            total_stocks,
            shop_id,
            shop_name: shop.shop_name.clone(),
            ..Default::default()
        },
        content: sanitize_html(&content),
        category_id,
        sku_list: skus(&mut conn, prod_id, lang).await?,
        shop,
        comparison_group: comparison_group.filter(|_| other_offers > 0),
        ..Default::default()
    };
    let now = db.now();
    let activity = current_activity(&activities_of(&mut conn, prod_id).await?, prod_type, now);
    apply_activity(&mut detail, activity, now);
    Ok(Some(detail))
}

async fn skus(conn: &mut AnyConnection, prod_id: i64, lang: Lang) -> DbResult<Vec<Sku>> {
    let col = lang_column(lang);
    let sql = format!(
        "SELECT sku_id, properties_{col}, price, ori_price, stocks, pic FROM sku
         WHERE prod_id = $1 AND status = 1 ORDER BY sku_id"
    );
    let rows: Vec<(i64, String, i64, i64, i64, Option<String>)> =
        sqlx::query_as(&sql).bind(prod_id).fetch_all(&mut *conn).await?;
    Ok(rows
        .into_iter()
        .map(|(sku_id, properties, price, ori_price, stocks, pic)| Sku {
            sku_id,
            properties,
            price: Price(price),
            ori_price: Price(ori_price),
            stocks,
            pic,
        })
        .collect())
}

/// Whether a product can be opened: on shelf and its shop online. Unknown products are not.
pub async fn product_open(db: &Db, prod_id: i64) -> DbResult<bool> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT 1 FROM product p JOIN shop s ON s.shop_id = p.shop_id
         WHERE p.prod_id = $1 AND p.status = 1 AND s.shop_status = 1",
    )
    .bind(prod_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn activity(kind: i64, id: i64, start_time: i64, end_time: i64) -> Activity {
        Activity { kind, id, price: 100, group_number: 0, start_time, end_time, stocks: 0, max_num: 0 }
    }

    #[test]
    fn the_shown_activity_is_running_else_upcoming_never_ended() {
        let now = 1_000;
        let ended = activity(1, 1, 0, 500);
        let upcoming = activity(1, 2, 2_000, 3_000);
        let running = activity(1, 3, 500, 1_500);
        let group = activity(2, 4, 0, 5_000);
        assert_eq!(current_activity(&[ended, upcoming, running, group], 1, now), Some(running));
        assert_eq!(current_activity(&[ended, upcoming], 1, now), Some(upcoming));
        assert_eq!(current_activity(&[ended], 1, now), None);
        assert_eq!(current_activity(&[ended, group], 2, now), Some(group));
        assert_eq!(current_activity(&[group], 0, now), None);
        // Ends exactly now: no longer running.
        assert_eq!(current_activity(&[activity(1, 5, 0, now)], 1, now), None);
    }

    #[test]
    fn the_category_tree_nests_to_grade_three_and_drops_hidden_branches() {
        let c = |id: i64, parent: i64, grade: i32| Category {
            category_id: id,
            parent_id: parent,
            grade,
            category_name: format!("c{id}"),
            ..Default::default()
        };
        // 9 hangs under 8, which is not in the list (hidden): unreachable.
        let tree = CategoryTree::build(vec![c(1, 0, 1), c(11, 1, 2), c(111, 11, 3), c(1111, 111, 4), c(9, 8, 2)]);
        let top = tree.children_of(0);
        assert_eq!(top.len(), 1);
        assert_eq!(top[0].categories[0].categories[0].category_id, 111);
        assert!(top[0].categories[0].categories[0].categories.is_empty(), "nothing below grade 3");
        assert_eq!(tree.children_of(11)[0].category_id, 111);
        assert!(tree.children_of(8).is_empty());
        assert!(tree.children_of(111).is_empty());
    }
}
