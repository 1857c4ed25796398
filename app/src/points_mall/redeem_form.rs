//! The [`RedeemForm`] island of `/submit-integral-order` (`crate::points_mall::redeem`): the
//! quantity, the delivery address (one of the buyer's or a new one through the shared address
//! form), a message, the points needed against those held, and Redeem.

use crate::components::address_form::{AddressForm, AddressFormLabels};
use crate::components::texts::Texts;
use api::addresses::{AddrParam, UserAddr};
use api::points_mall::{points_needed, ScoreProd, SCORE_ORDER_MAX_COUNT, SCORE_ORDER_REMARKS_MAX_CHARS};
use leptos::prelude::*;

/// The most units of `item` one redemption may take.
pub fn max_count(item: &ScoreProd) -> i64 {
    item.stocks.clamp(0, SCORE_ORDER_MAX_COUNT)
}

/// A typed quantity, kept within 1 and `max` (1 when it is not a number).
pub fn clamp_count(typed: &str, max: i64) -> i64 {
    typed.trim().parse::<i64>().unwrap_or(1).clamp(1, max.max(1))
}

/// The redemption form: quantity, address, message, the points needed and held, Redeem.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct RedeemForm {
    pub texts: Texts,
    pub address_labels: AddressFormLabels,
    pub item: ScoreProd,
    /// The buyer's points.
    pub points: i64,
    pub addresses: Vec<UserAddr>,
    pub count: i64,
}

/// Renders [`RedeemForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn redeem_form(props: RedeemForm) -> impl IntoView {
    let RedeemForm { texts, address_labels, item, points, addresses, count } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    let fill = move |key: &str, name: &str, value: String| texts.with_value(|t| t.fill(key, name, &value));
    let grouped = super::grouped;
    let max = max_count(&item);
    let price = item.score_price;
    let score_prod_id = item.score_prod_id;
    let sold_out = max == 0;
    let count = RwSignal::new(count.clamp(1, max.max(1)));
    let default_addr = addresses.iter().find(|a| a.common_addr == 1).or(addresses.first()).map_or(0, |a| a.addr_id);
    let addresses = RwSignal::new(addresses);
    let addr_id = RwSignal::new(default_addr);
    // What was typed before the island hydrated stands (`typed_or`); the quantity (which counts
    // the points) and the address chosen (which marks its card) right after it (`after_hydration`).
    let remarks = RwSignal::new(crate::components::typed_or("points-redeem-remarks", ""));
    let typed_count = crate::components::typed_before_hydration("points-redeem-count");
    let ticked_addr = crate::components::chosen_before_hydration::<i64>("input[name=points-redeem-address]");
    crate::components::after_hydration(move || {
        if let Some(typed) = typed_count {
            count.set(clamp_count(&typed, max));
        }
        if let Some(id) =
            ticked_addr.filter(|id| addresses.with_untracked(|list| list.iter().any(|a| a.addr_id == *id)))
        {
            addr_id.set(id);
        }
    });
    let form_open = RwSignal::new(false);
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);

    let needed = move || points_needed(price, count.get());
    let enough = move || needed() <= points;
    let set_count = move |n: i64| {
        count.set(n.clamp(1, max.max(1)));
        error.set(None);
    };

    let address_saved = move |added: UserAddr| {
        addr_id.set(added.addr_id);
        addresses.update(|list| list.push(added));
        form_open.set(false);
        error.set(None);
        #[cfg(feature = "hydrate")]
        crate::api_client::browser::toast(api::bridge::ToastType::Success, &t("points-redeem-address-saved"), 1500);
    };

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() || sold_out {
            return;
        }
        if addr_id.get_untracked() == 0 {
            error.set(Some(t("points-redeem-address-none")));
            return;
        }
        if !enough() {
            error.set(Some(fill("points-redeem-short", "points", grouped(needed() - points))));
            return;
        }
        error.set(None);
        let body = api::points_mall::ScoreOrderParam {
            score_prod_id,
            prod_count: count.get_untracked(),
            addr_id: addr_id.get_untracked(),
            remarks: remarks.get_untracked().trim().to_string(),
        };
        busy.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser, ApiFailure};
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            match browser::post::<api::points_mall::ScoreOrderResult, _>(api::paths::SCORE_ORDER_SUBMIT, &body, options)
                .await
            {
                Ok(done) => crate::cart::web::go(&format!("/order-detail?orderNumber={}", done.order_number)),
                Err(ApiFailure::Rejected { msg, .. }) => {
                    error.set(Some(msg));
                    busy.set(false);
                }
                Err(_) => {
                    error.set(Some(t("points-redeem-failed")));
                    busy.set(false);
                }
            }
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = body;
    };

    let address_view = move || {
        let chosen = addr_id.get();
        view! {
            <div class="address-cards" role="radiogroup" aria-label=t("points-redeem-address") data-testid="points-redeem-addresses">
                {addresses.get().into_iter().map(|a| {
                    let id = a.addr_id;
                    view! {
                        <label class="address-card" class:is-chosen=id == chosen data-testid="points-redeem-address">
                            <input type="radio" name="points-redeem-address" value=id.to_string() checked=id == chosen
                                disabled=move || busy.get() on:change=move |_| { addr_id.set(id); error.set(None); } />
                            <span class="address-card__who">
                                <strong>{a.receiver.clone()}</strong>" "<span>{a.mobile.clone()}</span>
                                {(a.common_addr == 1).then(|| view! { <span class="tag tag--self">{t("order-address-default")}</span> })}
                            </span>
                            <span class="address-card__where">{a.addr.clone()}" "{a.post_code.clone()}</span>
                        </label>
                    }
                }).collect_view()}
            </div>
        }
    };

    let item_pic = item.pic.clone();
    view! {
        <form class="checkout points-redeem" data-testid="points-redeem-form" aria-busy=move || busy.get().to_string()
            on:submit=submit novalidate>
            <section class="checkout-section">
                <h2 class="checkout-section__title">{t("points-redeem-item")}</h2>
                <div class="checkout-item points-redeem__item" data-testid="points-redeem-item">
                    <img src=item_pic alt="" width="64" height="64" loading="lazy" onerror=crate::components::IMG_FALLBACK />
                    <span class="checkout-item__name">
                        <a href=format!("/detail?prodId={}", item.prod_id)>{item.prod_name.clone()}</a>
                        {(!item.sku_name.is_empty()).then(|| view! { <small>{item.sku_name.clone()}</small> })}
                        <small>{item.shop_name.clone()}</small>
                    </span>
                    <span class="checkout-item__price">{fill("points-mall-points", "points", grouped(price))}</span>
                    <span class="points-redeem__stock">
                        {if sold_out { t("points-mall-sold-out") } else { fill("points-mall-stock", "count", item.stocks.to_string()) }}
                    </span>
                </div>
                <div class="checkout-line points-redeem__count">
                    <label for="points-redeem-count">{t("points-redeem-count")}</label>
                    <span class="stepper">
                        <button type="button" aria-label=t("points-redeem-less") aria-controls="points-redeem-count"
                            disabled=move || busy.get() || (count.get() <= 1) on:click=move |_| set_count(count.get_untracked() - 1)>"−"</button>
                        <input id="points-redeem-count" type="number" inputmode="numeric" min="1" max=max.max(1).to_string()
                            aria-describedby="points-redeem-count-hint" data-testid="points-redeem-count"
                            disabled=move || busy.get() || sold_out
                            value={untrack(|| count.get().to_string())} prop:value=move || count.get().to_string()
                            on:change=move |ev| set_count(clamp_count(&event_target_value(&ev), max)) />
                        <button type="button" aria-label=t("points-redeem-more") aria-controls="points-redeem-count"
                            disabled=move || busy.get() || (count.get() >= max) on:click=move |_| set_count(count.get_untracked() + 1)>"+"</button>
                    </span>
                    <small id="points-redeem-count-hint">{fill("points-redeem-count-range", "max", max.max(1).to_string())}</small>
                </div>
            </section>
            <section class="checkout-section" data-testid="points-redeem-address-section">
                <h2 class="checkout-section__title">{t("points-redeem-address")}</h2>
                {address_view}
                {move || addresses.with(Vec::is_empty).then(|| view! { <p class="checkout-warning" role="status">{t("points-redeem-address-none")}</p> })}
                <Show when=move || form_open.get() fallback=move || view! {
                    <button type="button" class="button button--outline" data-testid="points-redeem-address-add"
                        on:click=move |_| form_open.set(true)>{t("points-redeem-address-add")}</button>
                }>
                    <AddressForm labels=address_labels.clone() initial=AddrParam::default()
                        on_saved=Callback::new(address_saved) on_cancel=Callback::new(move |()| form_open.set(false)) />
                </Show>
            </section>
            <section class="checkout-section">
                <div class="checkout-remarks">
                    <label for="points-redeem-remarks">{t("points-redeem-remarks")}</label>
                    <textarea id="points-redeem-remarks" rows="2" maxlength=SCORE_ORDER_REMARKS_MAX_CHARS.to_string()
                        data-testid="points-redeem-remarks" prop:value=move || remarks.get()
                        on:input=move |ev| remarks.set(event_target_value(&ev).chars().take(SCORE_ORDER_REMARKS_MAX_CHARS).collect())></textarea>
                </div>
            </section>
            <section class="checkout-section checkout-total" data-testid="points-redeem-total" aria-live="polite">
                <div class="checkout-total__line">
                    <span>{t("points-redeem-held")}</span>
                    <span data-testid="points-redeem-held">{fill("points-mall-points", "points", grouped(points))}</span>
                </div>
                <div class="checkout-total__pay">
                    <span>{t("points-redeem-needed")}</span>
                    <strong data-testid="points-redeem-needed">{move || fill("points-mall-points", "points", grouped(needed()))}</strong>
                </div>
                {move || (!enough()).then(|| view! {
                    <p class="checkout-warning points-redeem__short" data-testid="points-redeem-short">
                        {fill("points-redeem-short", "points", grouped(needed() - points))}" "
                        <a href="/user-center/uc-integral">{t("points-redeem-earn")}</a>
                    </p>
                })}
                <p class="uc-form-row__error" role="alert" data-testid="points-redeem-error">{move || error.get()}</p>
                <button type="submit" class="button button--primary checkout-submit" data-testid="points-redeem-submit"
                    disabled=move || busy.get() || sold_out || !enough()>
                    {move || if busy.get() { t("points-redeem-submitting") } else { t("points-redeem-submit") }}
                </button>
            </section>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_stay_within_the_stock_and_the_limit() {
        let item = ScoreProd { stocks: 3, ..Default::default() };
        assert_eq!(max_count(&item), 3);
        assert_eq!(max_count(&ScoreProd { stocks: 500, ..Default::default() }), SCORE_ORDER_MAX_COUNT);
        assert_eq!(clamp_count("2", 3), 2);
        assert_eq!(clamp_count("9", 3), 3);
        assert_eq!(clamp_count("-4", 3), 1);
        assert_eq!(clamp_count("two", 3), 1);
    }
}
