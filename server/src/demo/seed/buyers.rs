//! Demo buyers, so a visitor of the demo mall can sign in and find a lived-in account: two
//! addresses, claimed coupons, points and a balance, a cart over two shops, and an order in
//! every state of spec section 4 (the order pages and the user centre show real rows).
//!
//! They sign in with [`DEMO_PASSWORD`]. A seed run replaces their addresses, cart, coupons,
//! points and orders; the accounts themselves are found by e-mail and kept.

use super::data::{DAY, HOUR};
use super::sql::{row, Row, Table};
use crate::db::{Db, DbResult};
use crate::orders::group_buy::{self, Opening};
use api::orders::{order_status, order_type, FLAT_FREIGHT, FREE_FREIGHT_FROM, UNPAID_TTL_MS};
use sqlx::AnyConnection;
use tokio::sync::OnceCell;

/// The demo buyers' password (shown in the README).
pub const DEMO_PASSWORD: &str = "Demo1234!";
/// The payment password of the demo buyers with a balance (shown in the README); the new
/// buyer has none yet, so setting one can be tried.
pub const DEMO_PAY_PASSWORD: &str = "246810";

/// The demo buyers: e-mail, nickname, points, balance in cents.
pub const DEMO_BUYERS: [(&str, &str, i64, i64); 3] = [
    ("demo.buyer@example.com", "Sokha", 1_280, 25_000),
    ("li.wei@example.com", "李伟", 460, 8_000),
    ("dara@example.com", "Dara", 0, 0),
];

/// The demo buyers' growth, in the order of [`DEMO_BUYERS`]: a Gold member on the way to
/// Diamond, a Silver member, and a new buyer at the first level.
pub const DEMO_GROWTH: [i64; 3] = [2_360, 720, 0];

const ADDRESS: Table =
    Table { name: "user_addr", columns: "user_id, receiver, mobile, post_code, addr, common_addr, created_at" };
const BASKET: Table = Table { name: "basket", columns: "user_id, shop_id, prod_id, sku_id, prod_count, created_at" };
const POINTS: Table = Table { name: "points_record", columns: "user_id, delta, reason, order_number, created_at" };
const BALANCE: Table = Table { name: "balance_record", columns: "user_id, delta, reason, created_at" };
const USER_COUPON: Table =
    Table { name: "user_coupon", columns: "user_id, coupon_id, received_at, valid_from, valid_until, status" };
const ORDER: Table = Table {
    name: "orders",
    columns: "order_number, user_id, shop_id, order_token, order_type, status, total, total_count, transfee, \
              actual_total, remarks, receiver, mobile, post_code, addr, group_activity_id, group_team_id, \
              create_time, expire_time, pay_time, dvy_time, finally_time, cancel_time",
};
const ORDER_ITEM: Table = Table {
    name: "order_item",
    columns: "order_id, prod_id, sku_id, prod_name, sku_name, pic, price, prod_count, product_total_amount",
};

/// A product line the demo orders and carts are made of.
struct Line {
    prod_id: i64,
    shop_id: i64,
    sku_id: i64,
    name: String,
    sku_name: String,
    pic: String,
    price: i64,
}

/// Seeds the demo buyers (the password is hashed once per process: every seed reuses it).
pub async fn seed(db: &Db, now: i64) -> DbResult<usize> {
    static HASH: OnceCell<String> = OnceCell::const_new();
    let hash = HASH
        .get_or_try_init(|| async {
            crate::accounts::hashing::hash_password(DEMO_PASSWORD.to_string())
                .await
                .map_err(|e| sqlx::Error::Protocol(format!("hashing the demo password: {e:?}")))
        })
        .await?;
    static PAY_HASH: OnceCell<String> = OnceCell::const_new();
    let pay_hash = PAY_HASH
        .get_or_try_init(|| async {
            crate::accounts::hashing::hash_password(DEMO_PAY_PASSWORD.to_string())
                .await
                .map_err(|e| sqlx::Error::Protocol(format!("hashing the demo payment password: {e:?}")))
        })
        .await?;
    let mut conn = db.pool.acquire().await?;
    let lines = product_lines(&mut conn).await?;
    let group_activity = running_group_activity(&mut conn, now).await?;
    let coupons = claimable_coupons(&mut conn, now).await?;
    drop(conn);
    let mut tx = db.pool.begin().await?;
    for (index, (mail, nick, points, balance)) in DEMO_BUYERS.into_iter().enumerate() {
        let user_id = upsert_buyer(&mut tx, mail, nick, hash, points, balance, now).await?;
        forget_history(&mut tx, user_id).await?;
        if points > 0 {
            POINTS.insert(&mut tx, vec![row![user_id, points, 3, None::<String>, now - 30 * DAY]]).await?;
        }
        // The balance is granted by a ledger row, so the records add up to it.
        if balance > 0 {
            BALANCE
                .insert(&mut tx, vec![row![user_id, balance, crate::payments::repo::BALANCE_GRANTED, now - 30 * DAY]])
                .await?;
            sqlx::query("UPDATE users SET pay_password_hash = $1 WHERE user_id = $2")
                .bind(pay_hash)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        // Growth towards the member levels, granted by a ledger row like the balance.
        let growth = DEMO_GROWTH[index];
        if growth > 0 {
            let granted = crate::members::repo::GROWTH_GRANTED;
            crate::members::repo::move_growth(&mut tx, user_id, growth, granted, None, now - 30 * DAY).await?;
        }
        if index == 2 {
            continue; // A new buyer: nothing yet, for the empty states.
        }
        ADDRESS
            .insert(
                &mut tx,
                vec![
                    row![
                        user_id,
                        nick,
                        "012345678",
                        "12000",
                        "No. 25, Street 310, Boeung Keng Kang, Phnom Penh",
                        1,
                        now - 40 * DAY
                    ],
                    row![
                        user_id,
                        nick,
                        "098765432",
                        "17252",
                        "Wat Bo Road, Sala Kamraeuk, Siem Reap",
                        0,
                        now - 20 * DAY
                    ],
                ],
            )
            .await?;
        let claims: Vec<Row> = coupons
            .iter()
            .map(|&(coupon_id, valid_until)| row![user_id, coupon_id, now - 2 * DAY, now - 2 * DAY, valid_until, 0])
            .collect();
        USER_COUPON.insert(&mut tx, claims).await?;
        let cart: Vec<Row> = lines
            .iter()
            .skip(8 + index)
            .step_by(2)
            .take(3)
            .enumerate()
            .map(|(i, l)| row![user_id, l.shop_id, l.prod_id, l.sku_id, 1 + i as i64 % 2, now - (i as i64 + 1) * HOUR])
            .collect();
        BASKET.insert(&mut tx, cart).await?;
        seed_orders(&mut tx, user_id, nick, &lines, &group_activity, now, index as i64).await?;
    }
    tx.commit().await?;
    Ok(DEMO_BUYERS.len())
}

/// The buyer of `mail`, created (with the demo password) or refreshed; its id.
async fn upsert_buyer(
    conn: &mut AnyConnection,
    mail: &str,
    nick: &str,
    hash: &str,
    points: i64,
    balance: i64,
    now: i64,
) -> DbResult<i64> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT user_id FROM users WHERE user_mail = $1").bind(mail).fetch_optional(&mut *conn).await?;
    let user_id = match found {
        Some((id,)) => id,
        None => {
            sqlx::query("INSERT INTO users (nick_name, user_mail, password_hash, created_at) VALUES ($1, $2, $3, $4)")
                .bind(nick)
                .bind(mail)
                .bind(hash)
                .bind(now - 60 * DAY)
                .execute(&mut *conn)
                .await?;
            let (id,): (i64,) = sqlx::query_as("SELECT user_id FROM users WHERE user_mail = $1")
                .bind(mail)
                .fetch_one(&mut *conn)
                .await?;
            id
        }
    };
    sqlx::query("UPDATE users SET nick_name = $1, password_hash = $2, points = $3, balance = $4 WHERE user_id = $5")
        .bind(nick)
        .bind(hash)
        .bind(points)
        .bind(balance)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(user_id)
}

/// Removes what an earlier seed gave the buyer.
async fn forget_history(conn: &mut AnyConnection, user_id: i64) -> DbResult<()> {
    for sql in [
        "DELETE FROM pay_refund WHERE pay_no IN (SELECT pay_no FROM pay_attempt WHERE user_id = $1)",
        "DELETE FROM pay_attempt_order WHERE pay_no IN (SELECT pay_no FROM pay_attempt WHERE user_id = $1)",
        "DELETE FROM pay_event WHERE pay_no IN (SELECT pay_no FROM pay_attempt WHERE user_id = $1)",
        "DELETE FROM pay_attempt WHERE user_id = $1",
        "DELETE FROM balance_record WHERE user_id = $1",
        "UPDATE users SET pay_password_hash = NULL WHERE user_id = $1",
        "DELETE FROM order_refund WHERE user_id = $1",
        "DELETE FROM order_item WHERE order_id IN (SELECT order_id FROM orders WHERE user_id = $1)",
        "DELETE FROM orders WHERE user_id = $1",
        "DELETE FROM group_team WHERE leader_user_id = $1",
        "DELETE FROM order_confirmation WHERE user_id = $1",
        "DELETE FROM basket WHERE user_id = $1",
        "DELETE FROM user_addr WHERE user_id = $1",
        "DELETE FROM user_coupon WHERE user_id = $1",
        "DELETE FROM points_record WHERE user_id = $1",
        "DELETE FROM growth_record WHERE user_id = $1",
        "UPDATE users SET growth = 0 WHERE user_id = $1",
    ] {
        sqlx::query(sql).bind(user_id).execute(&mut *conn).await?;
    }
    Ok(())
}

/// A product with one SKU as read: ids, name, picture, SKU id, price, properties.
type LineRow = (i64, i64, String, Option<String>, i64, i64, String);
/// A running group buy as read: its id and price, then the product and SKU.
type GroupRow = (i64, i64, i64, i64, String, Option<String>, i64, String);

/// On-shelf ordinary products of online shops with their first SKU, by id.
async fn product_lines(conn: &mut AnyConnection) -> DbResult<Vec<Line>> {
    let rows: Vec<LineRow> = sqlx::query_as(
        "SELECT p.prod_id, p.shop_id, p.prod_name_en, p.pic, s.sku_id, s.price, s.properties_en
         FROM product p JOIN shop sh ON sh.shop_id = p.shop_id
         JOIN sku s ON s.sku_id = (SELECT MIN(k.sku_id) FROM sku k WHERE k.prod_id = p.prod_id AND k.stocks > 0)
         WHERE p.status = 1 AND p.prod_type = 0 AND sh.shop_status = 1
         ORDER BY p.prod_id LIMIT 16",
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(prod_id, shop_id, name, pic, sku_id, price, sku_name)| Line {
            prod_id,
            shop_id,
            sku_id,
            name,
            sku_name: sku_name.replace(';', ", ").replace(':', ": "),
            pic: pic.unwrap_or_default(),
            price,
        })
        .collect())
}

/// A running group buy (for the order that is still grouping) with its product's first SKU.
async fn running_group_activity(conn: &mut AnyConnection, now: i64) -> DbResult<Option<(i64, i64, Line)>> {
    let found: Option<GroupRow> = sqlx::query_as(
        "SELECT g.group_activity_id, g.group_price, p.prod_id, p.shop_id, p.prod_name_en, p.pic, s.sku_id,
                s.properties_en
         FROM group_activity g JOIN product p ON p.prod_id = g.prod_id
         JOIN sku s ON s.sku_id = (SELECT MIN(k.sku_id) FROM sku k WHERE k.prod_id = p.prod_id)
         WHERE g.status = 1 AND g.start_time <= $1 AND g.end_time > $2 ORDER BY g.group_activity_id LIMIT 1",
    )
    .bind(now)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.map(|(id, group_price, prod_id, shop_id, name, pic, sku_id, sku_name)| {
        let line = Line { prod_id, shop_id, sku_id, name, sku_name, pic: pic.unwrap_or_default(), price: group_price };
        (id, group_price, line)
    }))
}

/// Up to three running coupons the buyers hold (their ids and the end of their validity).
async fn claimable_coupons(conn: &mut AnyConnection, now: i64) -> DbResult<Vec<(i64, i64)>> {
    sqlx::query_as(
        "SELECT coupon_id, end_time FROM coupon WHERE status = 1 AND start_time <= $1 AND end_time > $2
         ORDER BY coupon_id LIMIT 3",
    )
    .bind(now)
    .bind(now)
    .fetch_all(&mut *conn)
    .await
}

/// One order in every state, a day apart, newest first.
async fn seed_orders(
    conn: &mut AnyConnection,
    user_id: i64,
    nick: &str,
    lines: &[Line],
    group_activity: &Option<(i64, i64, Line)>,
    now: i64,
    buyer: i64,
) -> DbResult<()> {
    let states = [
        order_status::UNPAID,
        order_status::PAID,
        order_status::SHIPPED,
        order_status::RECEIVED,
        order_status::COMPLETED,
        order_status::CANCELED,
        order_status::GROUPING,
    ];
    for (i, status) in states.into_iter().enumerate() {
        let line = match (status, group_activity) {
            (order_status::GROUPING, Some((_, _, group_line))) => group_line,
            (order_status::GROUPING, None) => continue,
            _ => match lines.get(i) {
                Some(line) => line,
                None => break,
            },
        };
        let created = if status == order_status::UNPAID { now - 5 * 60_000 } else { now - (i as i64 + 1) * DAY };
        let count = 1 + (i as i64 % 3);
        let (kind, group, team) = match (status, group_activity) {
            (order_status::GROUPING, Some((id, _, _))) => {
                // Led by the buyer, paid by them only, closing in 20 hours: others can join.
                let team = group_buy::open_group(conn, *id, user_id, Opening::Paid, now, 20 * HOUR).await?;
                (order_type::GROUP_BUY, Some(*id), team)
            }
            _ => (order_type::NORMAL, None, None),
        };
        let price = line.price;
        let total = price * count;
        let transfee = if total >= FREE_FREIGHT_FROM.0 { 0 } else { FLAT_FREIGHT.0 };
        let paid =
            (status != order_status::UNPAID && status != order_status::CANCELED).then_some(created + 10 * 60_000);
        let shipped = matches!(status, order_status::SHIPPED | order_status::RECEIVED | order_status::COMPLETED)
            .then_some(created + 20 * HOUR);
        let finished =
            matches!(status, order_status::RECEIVED | order_status::COMPLETED).then_some(created + 3 * DAY / 4 + DAY);
        let order_number = format!("{}{:02}{:02}", created, buyer, i);
        ORDER
            .insert(
                conn,
                vec![row![
                    order_number.clone(),
                    user_id,
                    line.shop_id,
                    format!("demo-{order_number}"),
                    kind as i64,
                    status as i64,
                    total,
                    count,
                    transfee,
                    total + transfee,
                    "",
                    nick,
                    "012345678",
                    "12000",
                    "No. 25, Street 310, Boeung Keng Kang, Phnom Penh",
                    group,
                    team,
                    created,
                    (status == order_status::UNPAID).then_some(created + UNPAID_TTL_MS),
                    paid,
                    shipped,
                    finished,
                    (status == order_status::CANCELED).then_some(created + 30 * 60_000),
                ]],
            )
            .await?;
        let (order_id,): (i64,) = sqlx::query_as("SELECT order_id FROM orders WHERE order_number = $1")
            .bind(&order_number)
            .fetch_one(&mut *conn)
            .await?;
        let item = row![
            order_id,
            line.prod_id,
            line.sku_id,
            line.name.clone(),
            line.sku_name.clone(),
            line.pic.clone(),
            price,
            count,
            total
        ];
        ORDER_ITEM.insert(conn, vec![item]).await?;
    }
    Ok(())
}
