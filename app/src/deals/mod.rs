//! Deals: flash sales, group buys, special discounts and coupons (`/flash-sale`, `/group-buy`,
//! `/special-discount`, `/coupons`, `/discount/{id}`, `/discount-detail`, `/coupon/{id}`), the
//! claim-coupon island, and the discount display rules of spec section 4.

#[cfg(feature = "ssr")]
pub mod activity;
pub mod claim_coupon;
#[cfg(feature = "ssr")]
pub mod coupon;
#[cfg(feature = "ssr")]
pub mod discount;

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
