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
/// The discount display rule of spec section 4 for a discount `value` such as 8.5: Chinese
/// shows the value as is ("8.5折"); other languages show (10 − value) × 10 percent off ("15%").
pub fn discount_text(ctx: &crate::context::PageCtx, value: f64) -> String {
    let tenths = ((value * 10.0).round() as i64).clamp(0, 100);
    match ctx.lang() {
        crate::i18n::Lang::ZhCn => ctx.t_args("discount-zhe", &[("value", &trim_tenths(tenths))]),
        _ => ctx.t_args("discount-percent-off", &[("percent", &(100 - tenths).to_string())]),
    }
}

#[cfg(feature = "ssr")]
/// A percent coupon shows its discount value × 10 as a percent (spec section 4): 8.5 → "85%".
pub fn coupon_percent_text(value: f64) -> String {
    let tenths = ((value * 10.0).round() as i64).clamp(0, 100);
    format!("{tenths}%")
}

#[cfg(feature = "ssr")]
/// `85` tenths → `8.5`, `80` → `8`.
fn trim_tenths(tenths: i64) -> String {
    if tenths % 10 == 0 {
        (tenths / 10).to_string()
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;

    #[test]
    fn discount_values_read_per_language() {
        assert_eq!(trim_tenths(85), "8.5");
        assert_eq!(trim_tenths(80), "8");
        assert_eq!(coupon_percent_text(8.5), "85%");
        assert_eq!(coupon_percent_text(12.0), "100%");
    }
}
