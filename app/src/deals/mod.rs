//! Deals: flash sales, group buys, special discounts and coupons (`/flash-sale`, `/group-buy`,
//! `/special-discount`, `/coupons`, `/discount/{id}`, `/discount-detail`, `/coupon/{id}`), the
//! claim-coupon island, the buyer's claimed coupons in the user centre (`uc-coupons`), and the
//! discount display rules of spec section 4.

pub mod claim_coupon;

ssr_only! {
    pub mod activity;
    pub mod coupon;
    pub mod discount;
    pub mod my_coupons;
}

#[cfg(feature = "ssr")]
/// The discount display rule of spec section 4 for a rate such as 8.5: Chinese shows the rate
/// as is ("8.5折"); other languages show (10 − rate) × 10 percent off ("15%").
pub fn discount_text(ctx: &crate::context::PageCtx, rate: api::money::DiscountRate) -> String {
    match ctx.lang() {
        crate::i18n::Lang::ZhCn => ctx.t_args("discount-zhe", &[("value", &rate.zhe())]),
        _ => ctx.t_args("discount-percent-off", &[("percent", &rate.percent_off().to_string())]),
    }
}

#[cfg(feature = "ssr")]
/// A percent coupon shows its rate × 10 as a percent (spec section 4): 8.5 → "85%".
pub fn coupon_percent_text(rate: api::money::DiscountRate) -> String {
    format!("{}%", rate.percent_paid())
}

#[cfg(feature = "ssr")]
/// The value of a discount: "15% OFF" / "8.5折" (type 2), or an amount off (type 1).
pub fn discount_value(ctx: &crate::context::PageCtx, d: &api::catalog::DiscountCard) -> String {
    if d.decrease_type == 2 {
        discount_text(ctx, d.discount_rate)
    } else {
        ctx.t_args("discount-amount-off", &[("amount", &ctx.money(d.decrease_amount))])
    }
}

#[cfg(feature = "ssr")]
/// "Orders over $50", or "No minimum spend" for a zero amount (coupons and discounts).
pub fn spend_condition(ctx: &crate::context::PageCtx, amount: api::money::Price) -> String {
    if amount.0 > 0 {
        ctx.t_args("coupon-condition", &[("amount", &ctx.money(amount))])
    } else {
        ctx.t("coupon-no-condition")
    }
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;
    use api::money::DiscountRate;

    #[test]
    fn coupon_rates_show_as_percent_paid() {
        assert_eq!(coupon_percent_text(DiscountRate(85)), "85%");
        assert_eq!(coupon_percent_text(DiscountRate(120)), "100%");
    }
}
