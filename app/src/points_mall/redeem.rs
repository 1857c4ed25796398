//! `/submit-integral-order?scoreProdId=&prodCount=`: the item, its quantity (1 to what is
//! left, at most 99), the delivery address (the buyer's addresses as on the order
//! confirmation, or a new one through the shared address form), the points needed against
//! those held, a message to the merchant, and Redeem. The server recomputes everything; the
//! order is paid with points as it is placed and the buyer lands on its page.

use crate::components::address_form::AddressFormLabels;
use crate::components::texts::Texts;
use crate::lazy_islands::{RecordsIsland, RecordsPart};
use crate::points_mall::redeem_form::{max_count, RedeemForm};
use api::addresses::UserAddr;
use api::points_mall::ScoreProd;
use leptos::prelude::*;

/// The texts of the redemption island.
const KEYS: &[&str] = &[
    "points-redeem-item",
    "points-redeem-count",
    "points-redeem-less",
    "points-redeem-more",
    "points-redeem-address",
    "points-redeem-address-add",
    "points-redeem-address-none",
    "points-redeem-address-saved",
    "order-address-default",
    "points-redeem-remarks",
    "points-redeem-needed",
    "points-redeem-held",
    "points-redeem-submit",
    "points-redeem-submitting",
    "points-redeem-failed",
    "points-redeem-earn",
    "points-mall-sold-out",
];
/// Its texts with a placeable, and the placeable's name.
const SLOTS: &[(&str, &str)] = &[
    ("points-mall-points", "points"),
    ("points-mall-stock", "count"),
    ("points-redeem-short", "points"),
    ("points-redeem-count-range", "max"),
];

#[component]
pub fn SubmitIntegralOrderPage() -> impl IntoView {
    use crate::api_client::ApiClient;
    use crate::components::empty_state::{EmptyKind, EmptyState};
    use crate::components::page_meta::PageMeta;
    use crate::context::page_ctx;
    use crate::url::query_param;

    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let id = query_param(&ctx.prefs.query, "scoreProdId").and_then(|v| v.trim().parse::<i64>().ok()).filter(|v| *v > 0);
    let count = query_param(&ctx.prefs.query, "prodCount").and_then(|v| v.trim().parse::<i64>().ok()).unwrap_or(1);
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("points-redeem-title") description=ctx.t("points-redeem-title") canonical=super::REDEEM_PATH.to_string() />
        <div class="container checkout-page points-redeem-page" data-testid="points-redeem-page">
            <p class="points-redeem-page__back"><a href=super::MALL_PATH>{ctx.t("points-redeem-back")}</a></p>
            <h1 class="checkout-page__title">{ctx.t("points-redeem-title")}</h1>
            <Suspense fallback=move || view! { <div class="skeleton__block checkout-skeleton" role="status"></div> }>
                {Suspend::new(async move {
                    let ctx = page_ctx();
                    let item = match id {
                        Some(id) => {
                            client.get::<ScoreProd>(api::paths::SCORE_PROD_INFO, &[("scoreProdId", id.to_string())]).await.ok()
                        }
                        None => None,
                    };
                    let Some(item) = item else {
                        return view! {
                            <EmptyState kind=EmptyKind::NotFound title=ctx.t("points-redeem-missing")
                                action=(ctx.t("points-redeem-back"), super::MALL_PATH.to_string()) test_id="points-redeem-missing" />
                        }.into_any();
                    };
                    let info = client.get::<api::wallet::ScoreInfo>(api::paths::SCORE_INFO, &[]).await;
                    let addresses = client.get::<Vec<UserAddr>>(api::paths::ADDRESS_LIST, &[]).await.unwrap_or_default();
                    let points = info.map(|i| i.score).unwrap_or_default();
                    let count = count.clamp(1, max_count(&item).max(1));
                    view! {
                        <RecordsIsland part={RecordsPart::RedeemForm(RedeemForm { texts: Texts::of(&ctx, KEYS, SLOTS), address_labels: AddressFormLabels::new(&ctx), item, points, addresses, count })} />
                    }.into_any()
                })}
            </Suspense>
        </div>
    }
    .into_any()
}
