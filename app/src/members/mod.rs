//! The member centre (`/member-center/*`, spec sections 1, 2 and 6): the buyer's level and
//! paid membership ([`center`]), what each level and the paid membership give
//! ([`equity`]), and buying a membership ([`buy`]). The pages render on the server inside
//! the user-centre layout (its sign-in gate: a guest goes to /login and comes back) with a
//! navigation of their own; the purchase form is an island. The points mall
//! (`/member-center/integral-mall`) is its own part; these pages link to it.

pub mod buy_form;

ssr_only! {
    pub mod buy;
    pub mod center;
    pub mod equity;

    use crate::context::PageCtx;
    use leptos::prelude::*;
}

/// The member centre's pages: path, Fluent label and test id.
#[cfg(feature = "ssr")]
const PAGES: [(&str, &str, &str); 4] = [
    ("/member-center", "member-nav-centre", "member-nav-centre"),
    ("/member-center/member-equity", "member-nav-equity", "member-nav-equity"),
    ("/member-center/buy-member", "member-nav-buy", "member-nav-buy"),
    ("/member-center/integral-mall", "member-nav-points-mall", "member-nav-points-mall"),
];

#[cfg(feature = "ssr")]
/// The member centre's own navigation, `current` being the page's path.
pub fn member_nav(ctx: &PageCtx, current: &str) -> impl IntoView {
    view! {
        <nav class="tabs member-tabs" aria-label=ctx.t("header-membership-centre") data-testid="member-nav">
            {PAGES.iter().map(|(href, label, test_id)| {
                let here = *href == current;
                view! {
                    <a class="tabs__tab" class:is-current=here aria-current=here.then_some("page") href=*href data-testid=*test_id>
                        {ctx.t(label)}
                    </a>
                }
            }).collect_view()}
        </nav>
    }
}

#[cfg(feature = "ssr")]
/// A percent off goods as the pages say it ("5% off goods"), or "—" for none.
pub fn discount_text(ctx: &PageCtx, percent: i64) -> String {
    if percent > 0 {
        ctx.t_args("member-discount-percent", &[("percent", &percent.to_string())])
    } else {
        ctx.t("member-discount-none")
    }
}

#[cfg(feature = "ssr")]
/// Free shipping, or the usual shipping.
pub fn shipping_text(ctx: &PageCtx, free: bool) -> String {
    ctx.t(if free { "member-shipping-free" } else { "member-shipping-usual" })
}

#[cfg(feature = "ssr")]
/// A day as the member centre shows an end date (the mall's day, UTC+7): `2026-11-24`.
pub fn day_text(ms: i64) -> String {
    api::calendar::mall_time_of_ms(ms).date_text()
}
