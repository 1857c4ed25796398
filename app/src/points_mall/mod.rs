//! The points mall (spec sections 1, 2 and 5): `/member-center/integral-mall` (the items
//! offered for points, the buyer's points; a protected path, guests go to /login) and
//! `/submit-integral-order?scoreProdId=` (one item, its quantity, the delivery address, the
//! points needed against those held; the order is placed and paid with points at once, then
//! the buyer lands on its page). Both render on the server; the redemption form is an island.

pub mod redeem_form;

ssr_only! {
    pub mod mall;
    pub mod redeem;
}

/// The path of the points mall.
pub const MALL_PATH: &str = "/member-center/integral-mall";
/// The path of a redemption.
pub const REDEEM_PATH: &str = "/submit-integral-order";

/// The redemption page of an item.
pub fn redeem_href(score_prod_id: i64) -> String {
    format!("{REDEEM_PATH}?scoreProdId={score_prod_id}")
}

/// Points with thousands separated (`12,345`), as the user centre shows them.
pub fn grouped(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The mark of a points-mall order on its page ("Points order"), nothing for other orders.
#[cfg(feature = "ssr")]
pub fn order_badge(ctx: &crate::context::PageCtx, order_type: i32) -> Option<impl leptos::IntoView> {
    use leptos::prelude::*;
    (order_type == api::orders::order_type::POINTS_MALL).then(|| {
        view! { <p class="tag points-order-tag" data-testid="points-order-tag">{ctx.t("points-mall-order")}</p> }
    })
}

/// Whether an order was redeemed in the points mall: paid with points, it shows points, not
/// money, and offers neither a refund nor an invoice (the server refuses both).
pub fn is_points_order(order_type: i32) -> bool {
    order_type == api::orders::order_type::POINTS_MALL
}

/// What a points-mall order paid per unit: its points over its units.
pub fn points_per_unit(order_score: i64, units: i64) -> i64 {
    if units > 0 {
        order_score / units
    } else {
        order_score
    }
}

/// Points as a points-mall price: "1,200 points".
#[cfg(feature = "ssr")]
pub fn points_text(ctx: &crate::context::PageCtx, points: i64) -> String {
    ctx.t_args("points-mall-points", &[("points", &grouped(points))])
}

#[cfg(test)]
mod tests {
    use super::{is_points_order, points_per_unit};

    #[test]
    fn points_are_grouped_in_thousands() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(1_300), "1,300");
        assert_eq!(super::grouped(-1_234_567), "-1,234,567");
    }

    #[test]
    fn a_points_order_shows_its_points_per_unit() {
        assert!(is_points_order(api::orders::order_type::POINTS_MALL));
        assert!(!is_points_order(api::orders::order_type::NORMAL));
        assert_eq!(points_per_unit(30, 3), 10);
        assert_eq!(points_per_unit(10, 1), 10);
        assert_eq!(points_per_unit(10, 0), 10);
    }
}
