//! `/submit-order` (`?orderEntry=1` for buy now): the order confirmation ([`Checkout`]).
//! The cart's Settle and the buy box's Buy Now are GET forms naming what to buy in the address
//! (`rules::entry_from_query`), from which the server renders the confirmation as plain markup
//! with no island (record 0192): the buyer's choices come back in the query ([`Choices`]) and
//! are confirmed again by the server, and Submit Order works before any script and with scripts
//! off. Goods the server cannot confirm (stock that ran out) show why, with Try again. The
//! page's script keeps the `sessionStorage` entry of spec section 1 (`widgets/src/checkout.ts`);
//! an address naming nothing starts the [`CheckoutIsland`] from that entry. Guests go to /login.

use crate::api_client::ApiClient;
use crate::components::address_form::AddressFormLabels;
use crate::components::form_call::Refusal;
use crate::components::empty_state::EmptyKind;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::lazy_islands::{CheckoutIsland, CheckoutPart};
use crate::orders::checkout::Checkout;
use crate::orders::checkout::{CheckoutLabels, CheckoutStart};
use crate::orders::rules;
use crate::url::query_param;
use api::addresses::UserAddr;
use api::orders::{OrderConfirmation, OrderParam};
use leptos::prelude::*;
use std::collections::BTreeMap;

fn labels(ctx: &PageCtx) -> CheckoutLabels {
    CheckoutLabels {
        loading: ctx.t("order-confirm-loading"),
        missing: ctx.t("order-confirm-missing"),
        back_to_cart: ctx.t("order-confirm-back-to-cart"),
        failed: ctx.t("order-confirm-failed"),
        retry: ctx.t("order-confirm-retry"),
        address: ctx.t("order-address"),
        address_default: ctx.t("order-address-default"),
        address_add: ctx.t("order-address-add"),
        address_none: ctx.t("order-address-none"),
        address_form: AddressFormLabels::new(ctx),
        address_saved: ctx.t("order-address-saved"),
        item_count: crate::i18n::count_text(ctx.lang(), "order-item-count", "count"),
        remarks: ctx.t("order-remarks"),
        remarks_placeholder: ctx.t("order-remarks-placeholder"),
        delivery: crate::i18n::count_text(ctx.lang(), "order-delivery", "days"),
        freight: ctx.t("order-freight"),
        freight_free: ctx.t("order-freight-free"),
        shop_coupon: ctx.t("order-coupon-shop"),
        platform_coupon: ctx.t("order-coupon-platform"),
        no_coupon: ctx.t("order-coupon-none"),
        points: ctx.t("order-points"),
        points_have: ctx.t_args("order-points-have", &[("points", "{points}"), ("max", "{max}")]),
        points_step: ctx.t_args("order-points-step", &[("step", "{step}")]),
        goods_total: ctx.t("order-goods-total"),
        coupons_total: ctx.t("order-coupons-total"),
        member_discount: ctx.t("order-member-discount"),
        points_reduce: ctx.t("order-points-reduce"),
        actual_total: ctx.t("order-actual-total"),
        submit: ctx.t("order-submit"),
        submitting: ctx.t("order-submitting"),
        updating: ctx.t("order-updating"),
        expired: ctx.t("order-expired"),
        submit_failed: ctx.t("order-submit-failed"),
        empty_image: EmptyKind::Order.image().to_string(),
        update: ctx.t("order-update"),
    }
}

/// The buyer's choices the plain confirmation's Update sends back in the query.
#[derive(Debug, Default, PartialEq)]
struct Choices {
    /// `addrId` (0: the default address).
    addr_id: i64,
    /// Every `couponIds` (0: none of that select's), when any was sent.
    coupons: Option<Vec<i64>>,
    /// `usePoints` as typed; rounded and capped once the confirmation says how many may be used.
    points: i64,
    /// `remarks.<shopId>`.
    remarks: BTreeMap<i64, String>,
}

impl Choices {
    fn of(query: &str) -> Self {
        let number = |name: &str| query_param(query, name).and_then(|v| v.trim().parse::<i64>().ok()).unwrap_or(0);
        let mut coupons = api::url::query_params(query, "couponIds").peekable();
        let coupons = coupons
            .peek()
            .is_some()
            .then(|| coupons.filter_map(|v| v.trim().parse::<i64>().ok()).filter(|id| *id > 0).collect());
        let remarks = query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .filter_map(|(name, value)| {
                let shop = api::url::percent_decode(name).strip_prefix("remarks.")?.parse::<i64>().ok()?;
                let text: String = api::url::percent_decode(&value.replace('+', " "))
                    .chars()
                    .take(api::orders::REMARKS_MAX_CHARS)
                    .collect();
                (!text.trim().is_empty()).then_some((shop, text))
            })
            .collect();
        Choices { addr_id: number("addrId").max(0), coupons, points: number("usePoints").max(0), remarks }
    }
}

/// What the address names to buy, as the entry and the confirmation call's parameter.
fn named(buy_now: bool, query: &str) -> Option<(String, OrderParam)> {
    let entry = rules::entry_from_query(buy_now, query)?;
    let param = rules::order_param(buy_now, Some(&entry))?;
    Some((entry, param))
}

/// The server's confirmation of a hand-over with the buyer's choices, and the buyer's addresses
/// to choose from; else why it cannot be confirmed (the API's message for goods it refused,
/// `failed` when the call failed). Choices the server refuses (an address since deleted) give
/// way to its own.
async fn first_state(
    client: &ApiClient,
    entry: String,
    base: OrderParam,
    choices: Choices,
    failed: String,
) -> Result<CheckoutStart, String> {
    let confirm = async |param: &OrderParam| client.post::<OrderConfirmation, _>(api::paths::ORDER_CONFIRM, param).await;
    let mut param = base.clone();
    param.addr_id = choices.addr_id;
    if let Some(coupons) = choices.coupons {
        param.user_change_coupon = 1;
        param.coupon_ids = coupons;
    }
    let mut confirmation = match confirm(&param).await {
        Ok(confirmation) => confirmation,
        Err(_) => confirm(&base).await.map_err(|failure| Refusal::of(&failure).map_or(failed.clone(), |r| r.text(|| failed)))?,
    };
    // Points in steps, within what this order takes and the buyer holds.
    let points = rules::round_points(choices.points, rules::usable_points(&confirmation.points));
    if points > 0 {
        param.addr_id = confirmation.user_addr.as_ref().map_or(0, |a| a.addr_id);
        param.user_change_coupon = 1;
        param.coupon_ids = rules::chosen_coupons(&confirmation);
        param.use_points = points;
        if let Ok(with_points) = confirm(&param).await {
            confirmation = with_points;
        }
    }
    let addresses = client.get::<Vec<UserAddr>>(api::paths::ADDRESS_LIST, &[]).await.unwrap_or_default();
    Ok(CheckoutStart { entry, confirmation, addresses, remarks: choices.remarks })
}

#[component]
pub fn SubmitOrderPage() -> impl IntoView {
    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let buy_now = query_param(&ctx.prefs.query, "orderEntry").as_deref() == Some("1");
    let handed_over = named(buy_now, &ctx.prefs.query);
    let choices = Choices::of(&ctx.prefs.query);
    let client = ApiClient::from_context(ctx.lang());
    let labels = labels(&ctx);
    let currency = ctx.currency.clone();
    let ctx_url = ctx.prefs.url();
    view! {
        <PageMeta title=ctx.t("order-confirm-title") description=ctx.t("order-confirm-title") canonical="/submit-order".to_string() />
        <div class="container checkout-page" data-testid="submit-order-page">
            <h1 class="checkout-page__title">{ctx.t("order-confirm-title")}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let server_now_ms = crate::context::now_ms();
                    let Some((entry, param)) = handed_over else {
                        // Nothing named (a bare `/submit-order`): the island starts from `sessionStorage`.
                        let props = Checkout { buy_now, currency, server_now_ms, labels, start: None, back: ctx_url, plain: false, refusal: None };
                        return view! { <div class="checkout-frame"><CheckoutIsland part={CheckoutPart::Checkout(props)} /></div> }.into_any();
                    };
                    // A refused submission, and Try again, return to the goods' confirmation, priced afresh.
                    let back = rules::entry_href(buy_now, &entry);
                    let failed = labels.failed.clone();
                    let (start, refusal) = match first_state(&client, entry.clone(), param, choices, failed).await {
                        Ok(start) => (Some(start), None),
                        Err(why) => (None, Some(why)),
                    };
                    plain_confirmation(Checkout { buy_now, currency, server_now_ms, labels, start, back, plain: true, refusal }, entry)
                })}
            </Suspense>
        </div>
    }
    .into_any()
}

/// The confirmation as plain markup, naming what it buys (`entry`) for the page's script to keep
/// in `sessionStorage`.
fn plain_confirmation(props: Checkout, entry: String) -> AnyView {
    let key = if props.buy_now { crate::orders::BUY_NOW_KEY } else { crate::cart::SETTLE_KEY };
    view! {
        <div class="checkout-frame" data-checkout-plain="" data-entry-key=key data-entry=entry>
            {crate::orders::checkout::checkout(props)}
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choices_come_back_in_the_query() {
        let choices = Choices::of("basketId=3&addrId=7&couponIds=0&couponIds=12&usePoints=105&remarks.2=Ring+twice%21&remarks.5=+");
        assert_eq!(choices.addr_id, 7);
        assert_eq!(choices.coupons, Some(vec![12]), "0 is a select with none chosen");
        assert_eq!(choices.points, 105, "rounded once the confirmation says how many may be used");
        assert_eq!(choices.remarks, BTreeMap::from([(2, "Ring twice!".to_string())]));
        let first = Choices::of("basketId=3");
        assert_eq!(first, Choices::default(), "the server chooses the first time");
        assert_eq!(Choices::of("couponIds=0").coupons, Some(Vec::new()), "none chosen is a choice");
        assert_eq!(Choices::of("addrId=-4&usePoints=x").addr_id, 0);
    }
}
