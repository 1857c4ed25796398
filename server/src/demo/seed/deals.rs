//! Deals around the seed time: a flash sale for every flash-sale product and a group buy for
//! every group-buy product (mostly running, some upcoming, some ended), shop discounts and
//! coupons.

use super::catalog;
use super::data::{texts, Tr, DAY, HOUR};
use super::rng::Rng;
use super::sql::{row, Table};
use crate::db::DbResult;
use sqlx::AnyConnection;

const SECKILL: Table = Table {
    name: "seckill",
    columns: "seckill_id, prod_id, shop_id, seckill_price, start_time, end_time, status, seckill_stocks, max_num",
};
const GROUP_ACTIVITY: Table = Table {
    name: "group_activity",
    columns: "group_activity_id, prod_id, shop_id, group_number, group_price, start_time, end_time, status",
};
const DISCOUNT: Table = Table {
    name: "discount",
    columns: "discount_id, shop_id, discount_name_en, discount_name_zh, discount_name_km, pc_pic, start_time, \
              end_time, decrease_type, decrease_value, condition_amount, status",
};
const COUPON: Table = Table {
    name: "coupon",
    columns: "coupon_id, shop_id, coupon_name_en, coupon_name_zh, coupon_name_km, coupon_type, cash_condition, \
              reduce_amount, coupon_discount, start_time, end_time, valid_time_type, valid_days, \
              after_receive_days, stocks, status",
};

/// Start and end of an activity around `now`: mostly running, some upcoming, some ended.
fn activity_window(rng: &mut Rng, now: i64) -> (i64, i64) {
    match rng.below(100) {
        0..=69 => (now - rng.range(1, 72) * HOUR, now + rng.range(2, 120) * HOUR),
        70..=84 => {
            let start = now + rng.range(2, 72) * HOUR;
            (start, start + rng.range(24, 96) * HOUR)
        }
        _ => {
            let end = now - rng.range(1, 240) * HOUR;
            (end - rng.range(24, 72) * HOUR, end)
        }
    }
}

/// A flash sale for every flash-sale product and a group buy for every group-buy product.
pub async fn seed_product_activities(conn: &mut AnyConnection, count: usize, now: i64) -> DbResult<(usize, usize)> {
    let mut seckills = Vec::new();
    let mut groups = Vec::new();
    for id in 1..=count as i64 {
        let p = catalog::product(id);
        if p.prod_type == 0 {
            continue;
        }
        let mut rng = Rng::new(0xac71_0000 ^ id as u64);
        let (start, end) = activity_window(&mut rng, now);
        if p.prod_type == 1 {
            let price = (p.price * rng.range(60, 85) / 100).max(50);
            // Its own stock, apart from the SKUs', and a per-buyer limit.
            let (stocks, max_num) = (rng.range(20, 120), rng.range(1, 3));
            seckills.push(row![seckills.len() as i64 + 1, id, p.shop_id, price, start, end, 1, stocks, max_num]);
        } else {
            let price = (p.price * rng.range(70, 90) / 100).max(50);
            groups.push(row![groups.len() as i64 + 1, id, p.shop_id, rng.range(2, 5), price, start, end, 1]);
        }
    }
    let seckills = SECKILL.insert(conn, seckills).await?;
    let groups = GROUP_ACTIVITY.insert(conn, groups).await?;
    Ok((seckills, groups))
}

/// Writes the shops' discounts (amount off above a spend, or a percentage), around `now`.
pub async fn seed_discounts(conn: &mut AnyConnection, now: i64) -> DbResult<usize> {
    // (name, shop, decrease type, value, condition cents, start offset, end offset)
    let defs: [(Tr, i64, i64, i64, i64, i64, i64); 8] = [
        (("Summer Splash Sale", "夏日清凉特惠", "ការលក់បញ្ចុះតម្លៃរដូវក្ដៅ"), 1, 2, 90, 0, -2 * DAY, 5 * DAY),
        (
            ("Gadget Week: $10 off $99", "数码周：满$99减$10", "សប្ដាហ៍ឧបករណ៍៖ បញ្ចុះ $10 ពេលទិញ $99"),
            2,
            1,
            1_000,
            9_900,
            -DAY,
            6 * DAY,
        ),
        (("Fashion Friday: 20% off", "时尚星期五：全场8折", "ថ្ងៃសុក្រម៉ូដ៖ បញ្ចុះ ២០%"), 3, 2, 80, 0, -3 * HOUR, 20 * HOUR),
        (("Beauty Bundle Deals", "美妆组合优惠", "ការផ្ដល់ជូនពិសេសគ្រឿងសំអាង"), 4, 1, 500, 4_000, -5 * DAY, 2 * DAY),
        (("Kitchen Upgrade Sale", "厨房焕新季", "ការលក់ឧបករណ៍ផ្ទះបាយ"), 5, 2, 85, 0, 2 * DAY, 9 * DAY),
        (("Taste of Kampot", "贡布风味节", "រសជាតិកំពត"), 6, 1, 200, 2_000, -10 * DAY, -DAY),
        (("Weekend Sports Deals", "周末运动特惠", "ការផ្ដល់ជូនកីឡាចុងសប្ដាហ៍"), 7, 2, 88, 0, 3 * DAY, 5 * DAY),
        (("Back to School", "开学季", "ត្រឡប់ទៅសាលារៀនវិញ"), 11, 1, 300, 2_500, -20 * DAY, -5 * DAY),
    ];
    let rows = defs
        .iter()
        .enumerate()
        .map(|(i, (name, shop, kind, value, condition, start, end))| {
            let [en, zh, km] = texts(*name);
            let id = i as i64 + 1;
            row![
                id,
                *shop,
                en,
                zh,
                km,
                format!("/media/banner/{}.svg", 5 + id),
                now + start,
                now + end,
                *kind,
                *value,
                *condition,
                1
            ]
        })
        .collect();
    DISCOUNT.insert(conn, rows).await
}

/// Cents as a dollar amount for coupon names: 500 is "5", 1550 is "15.50". Amounts in the
/// mall's texts are written `$` and a number in every language, so pages show them in the
/// buyer's currency (`api::money::DisplayCurrency::amounts_in_text`).
fn dollars(cents: i64) -> String {
    if cents % 100 == 0 {
        format!("{}", cents / 100)
    } else {
        format!("{}.{:02}", cents / 100, cents % 100)
    }
}

/// A demo coupon: amounts in cents, `discount` in tenths, times relative to the seed time.
struct CouponDef {
    shop: i64,
    kind: i64,
    condition: i64,
    reduce: i64,
    discount: i64,
    valid_type: i64,
    start: i64,
    end: i64,
}

/// `coupon(shop, type, (condition, reduce, discount), valid time type, (start, end))`.
const fn coupon(shop: i64, kind: i64, amounts: (i64, i64, i64), valid_type: i64, window: (i64, i64)) -> CouponDef {
    let (condition, reduce, discount) = amounts;
    let (start, end) = window;
    CouponDef { shop, kind, condition, reduce, discount, valid_type, start, end }
}

/// Writes the coupons (amount off above a spend, or a percentage; fixed or per-claim validity).
pub async fn seed_coupons(conn: &mut AnyConnection, now: i64) -> DbResult<usize> {
    let defs = [
        coupon(1, 1, (5_000, 500, 0), 1, (-3 * DAY, 30 * DAY)),
        coupon(1, 2, (0, 0, 90), 1, (-DAY, 14 * DAY)),
        coupon(2, 1, (20_000, 2_000, 0), 1, (-2 * DAY, 20 * DAY)),
        coupon(3, 2, (3_000, 0, 85), 1, (-DAY, 10 * DAY)),
        coupon(4, 1, (3_000, 300, 0), 2, (-5 * DAY, 60 * DAY)),
        coupon(5, 1, (10_000, 1_000, 0), 1, (2 * DAY, 20 * DAY)),
        coupon(6, 2, (0, 0, 95), 1, (-7 * DAY, 7 * DAY)),
        coupon(7, 1, (8_000, 800, 0), 1, (-30 * DAY, -2 * DAY)),
        coupon(10, 1, (1_500, 200, 0), 2, (-4 * DAY, 90 * DAY)),
        coupon(11, 2, (2_000, 0, 80), 1, (-DAY, 25 * DAY)),
    ];
    let rows = defs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let CouponDef { shop, kind, condition, reduce, discount, valid_type, start, end } = c;
            let (en, zh, km) = if *kind == 1 {
                let (r, c) = (dollars(*reduce), dollars(*condition));
                (format!("${r} off orders over ${c}"), format!("满${c}减${r}"), format!("បញ្ចុះ ${r} សម្រាប់ការទិញលើស ${c}"))
            } else {
                let off = 100 - discount;
                let zhe = if discount % 10 == 0 {
                    format!("{}", discount / 10)
                } else {
                    format!("{}.{}", discount / 10, discount % 10)
                };
                (format!("{off}% off"), format!("{zhe}折优惠"), format!("បញ្ចុះ {off}%"))
            };
            let (valid_days, after_receive) = if *valid_type == 2 { (7, 0) } else { (0, 0) };
            row![
                i as i64 + 1,
                *shop,
                en,
                zh,
                km,
                *kind,
                *condition,
                *reduce,
                *discount,
                now + start,
                now + end,
                *valid_type,
                valid_days,
                after_receive,
                100 + (i as i64 * 97) % 900,
                1,
            ]
        })
        .collect();
    COUPON.insert(conn, rows).await
}
