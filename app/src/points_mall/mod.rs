//! The points mall (spec sections 1, 2 and 5): `/member-center/integral-mall` (the items
//! offered for points, the buyer's points; a protected path, guests go to /login) and
//! `/submit-integral-order?scoreProdId=` (one item, its quantity, the delivery address, the
//! points needed against those held; the order is placed and paid with points at once, then
//! the buyer lands on its page). Both render on the server; the redemption form is an island.

#[cfg(feature = "ssr")]
pub mod mall;
pub mod redeem;

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

#[cfg(test)]
mod tests {
    #[test]
    fn points_are_grouped_in_thousands() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(1_300), "1,300");
        assert_eq!(super::grouped(-1_234_567), "-1,234,567");
    }
}
