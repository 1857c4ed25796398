//! One module per route group.

pub mod activity;
pub mod coupon;
pub mod decorate;
pub mod detail;
pub mod dev_mailbox;
pub mod discount;
pub mod home;
pub mod list;
pub mod login;
pub mod not_found;
pub mod notice;
pub mod oauth;
pub mod shop;
pub mod terms;

use leptos::prelude::*;
use leptos_meta::{Link, Meta, Title};

/// Title, description and canonical URL of a page.
#[component]
pub fn PageMeta(title: String, description: String, canonical: String) -> impl IntoView {
    let ctx = crate::shell::page_ctx();
    let site = ctx.web(|w| &w.pc_title_content, &ctx.t("site-name"));
    // leptos_meta writes the title's text into the head as it is: escape it here, since it
    // holds search text, product, shop and notice names.
    let title = html_escape::encode_text(&format!("{title} - {site}")).into_owned();
    view! {
        <Title text=title />
        <Meta name="description" content=description />
        <Link rel="canonical" href=canonical />
    }
}

/// The server's clock in Unix milliseconds (countdowns start from it, not the visitor's clock).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or_default()
}

/// The discount display rule of spec section 4 for a discount `value` such as 8.5: Chinese
/// shows the value as is ("8.5折"); other languages show (10 − value) × 10 percent off ("15%").
pub fn discount_text(ctx: &crate::shell::PageCtx, value: f64) -> String {
    let tenths = ((value * 10.0).round() as i64).clamp(0, 100);
    match ctx.lang() {
        crate::i18n::Lang::ZhCn => ctx.t_args("discount-zhe", &[("value", &trim_tenths(tenths))]),
        _ => ctx.t_args("discount-percent-off", &[("percent", &(100 - tenths).to_string())]),
    }
}

/// A percent coupon shows its discount value × 10 as a percent (spec section 4): 8.5 → "85%".
pub fn coupon_percent_text(value: f64) -> String {
    let tenths = ((value * 10.0).round() as i64).clamp(0, 100);
    format!("{tenths}%")
}

/// `85` tenths → `8.5`, `80` → `8`.
fn trim_tenths(tenths: i64) -> String {
    if tenths % 10 == 0 {
        (tenths / 10).to_string()
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

#[cfg(test)]
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
