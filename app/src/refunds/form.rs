//! The application form of `/user-center/apply-return` ([`ApplyForm`]): what (the whole order
//! or an item), the type, the reason, the quantity and amount (prefilled with the most allowed),
//! the note and up to 5 vouchers. Each field is checked as the server checks it, and the
//! message shows next to it.

use crate::components::form_call;
use crate::components::pictures::{listen_pictures, upload_props};
use crate::components::{after_hydration, chosen_before_hydration, typed_before_hydration};
use crate::refunds::fields::{go_to_refund, show_refusal, too_long, Errors, FieldMessage};
use crate::refunds::{dollars, parse_dollars};
use api::refunds::{apply_type, OrderRefundParam, RefundApplied, RefundableOrder, MAX_VOUCHERS};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The application form's texts, translated on the server.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ApplyLabels {
    pub scope: String,
    pub whole_order: String,
    pub kind: String,
    pub refund_only: String,
    pub return_and_refund: String,
    pub not_shipped_hint: String,
    pub reason: String,
    pub reason_choose: String,
    /// (reason, label)
    pub reasons: Vec<(i32, String)>,
    pub goods: String,
    /// "At most {max}".
    pub goods_hint: String,
    pub amount: String,
    /// "At most {max}".
    pub amount_hint: String,
    pub note: String,
    pub note_placeholder: String,
    /// "{count}/200".
    pub count: String,
    pub vouchers: String,
    pub vouchers_hint: String,
    pub submit: String,
    pub submitting: String,
    pub failed: String,
    pub reason_missing: String,
    pub goods_min: String,
    /// With "{max}".
    pub goods_max: String,
    pub amount_min: String,
    /// With "{max}".
    pub amount_max: String,
    pub note_long: String,
    pub messages: Vec<FieldMessage>,
}

/// The most units and cents that may be asked for the whole order (`0`) or an item.
fn limits(order: &RefundableOrder, scope: i64) -> (i64, i64) {
    match order.items.iter().find(|i| i.order_item_id == scope) {
        Some(item) => (item.max_goods, item.max_amount.0),
        None => (order.max_goods, order.max_amount.0),
    }
}

/// The most cents that `units` typed in the quantity field may ask back: their share of what is
/// left (as the server checks it); all that is left while the quantity is not a number yet.
pub fn amount_limit(max_goods: i64, max_amount: i64, units: &str) -> i64 {
    match units.trim().parse::<i64>() {
        Ok(n) if n >= 1 => api::refunds::amount_for_units(api::money::Price(max_amount), max_goods, n).0,
        _ => max_amount,
    }
}

/// The application form: what (the whole order or an item), the type, the reason, the
/// quantity and amount (prefilled with the most allowed), the note and up to 5 vouchers.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ApplyForm {
    pub order: RefundableOrder,
    pub item_id: i64,
    pub labels: ApplyLabels,
}

/// Renders [`ApplyForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn apply_form(props: ApplyForm) -> impl IntoView {
    let ApplyForm { order, item_id, labels } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&ApplyLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let order = StoredValue::new(order);
    let shipped = order.with_value(|o| o.shipped);
    let start = if order.with_value(|o| o.items.iter().any(|i| i.order_item_id == item_id)) { item_id } else { 0 };
    let (goods_max, amount_max) = order.with_value(|o| limits(o, start));
    let scope = RwSignal::new(start);
    // The type chosen before the island hydrated stands (`chosen_before_hydration`).
    let kind = match chosen_before_hydration::<i32>(".refund-form input[name=applyType]") {
        Some(apply_type::RETURN_AND_REFUND) if shipped => apply_type::RETURN_AND_REFUND,
        _ => apply_type::REFUND_ONLY,
    };
    let kind = RwSignal::new(kind);
    let reason = RwSignal::new(0);
    let goods = RwSignal::new(goods_max.to_string());
    let amount = RwSignal::new(dollars(amount_max));
    let note = RwSignal::new(String::new());
    // What was chosen or typed before the island hydrated stands, taken right after it
    // (`after_hydration`): the item, the quantity and the note show in the hints and the count.
    let typed_scope = chosen_before_hydration::<i64>(".refund-form input[name=scope]");
    let typed_reason = typed_before_hydration("refund-reason").and_then(|r| r.parse::<i32>().ok());
    let typed_goods = typed_before_hydration("refund-goods");
    let typed_amount = typed_before_hydration("refund-amount");
    let typed_note = typed_before_hydration("refund-note");
    after_hydration(move || {
        if let Some(id) = typed_scope {
            scope.set(id);
        }
        if let Some(code) = typed_reason {
            reason.set(code);
        }
        if let Some(units) = typed_goods {
            goods.set(units);
        }
        if let Some(typed) = typed_amount {
            amount.set(typed);
        }
        if let Some(typed) = typed_note {
            note.set(typed);
        }
    });
    let pics = RwSignal::new(Vec::<String>::new());
    let errors = RwSignal::new(Errors::default());
    let sending = RwSignal::new(false);
    let busy = RwSignal::new(false);
    listen_pictures("refund-vouchers", move |paths| pics.set(paths));
    let current_limits = move || order.with_value(|o| limits(o, scope.get()));
    // What the quantity typed may ask back.
    let current_amount = move || {
        let (g, a) = current_limits();
        goods.with(|units| amount_limit(g, a, units))
    };
    let choose_goods = move |units: String| {
        let (g, a) = order.with_value(|o| limits(o, scope.get_untracked()));
        amount.set(dollars(amount_limit(g, a, &units)));
        goods.set(units);
    };

    let choose_scope = move |id: i64| {
        scope.set(id);
        let (g, a) = order.with_value(|o| limits(o, id));
        goods.set(g.to_string());
        amount.set(dollars(a));
        errors.set(Errors::default());
    };

    let check = move || -> Result<OrderRefundParam, Errors> {
        let (max_goods, max_amount) = order.with_value(|o| limits(o, scope.get_untracked()));
        let mut found = Vec::new();
        if reason.get_untracked() == 0 {
            found.push(("reason".to_string(), label(|l| &l.reason_missing)));
        }
        let units = goods.with_untracked(|g| g.trim().parse::<i64>().ok());
        match units {
            Some(n) if n < 1 => found.push(("goods".into(), label(|l| &l.goods_min))),
            Some(n) if n > max_goods => {
                found.push(("goods".into(), label(|l| &l.goods_max).replace("{max}", &max_goods.to_string())))
            }
            Some(_) => {}
            None => found.push(("goods".into(), label(|l| &l.goods_min))),
        }
        let max_amount = goods.with_untracked(|units| amount_limit(max_goods, max_amount, units));
        let cents = amount.with_untracked(|a| parse_dollars(a));
        match cents {
            Some(c) if c > max_amount => {
                found.push(("amount".into(), label(|l| &l.amount_max).replace("{max}", &dollars(max_amount))))
            }
            Some(c) if c >= 1 => {}
            _ => found.push(("amount".into(), label(|l| &l.amount_min))),
        }
        if note.with_untracked(|n| too_long(n)) {
            found.push(("note".into(), label(|l| &l.note_long)));
        }
        if !found.is_empty() {
            return Err(Errors(found));
        }
        Ok(OrderRefundParam {
            order_number: order.with_value(|o| o.order_number.clone()),
            order_item_id: scope.get_untracked(),
            apply_type: kind.get_untracked(),
            buyer_reason: reason.get_untracked(),
            goods_num: units.unwrap_or_default(),
            refund_amount: api::money::Price(cents.unwrap_or_default()),
            buyer_msg: note.get_untracked(),
            photo_files: pics.get_untracked(),
        })
    };

    let submit = move || {
        if sending.get_untracked() {
            return;
        }
        let param = match check() {
            Ok(param) => param,
            Err(found) => {
                errors.set(found);
                return;
            }
        };
        errors.set(Errors::default());
        sending.set(true);
        let refused = move |r| labels.with_value(|l| show_refusal(errors, r, &l.messages, &l.failed));
        let applied = |a: RefundApplied| go_to_refund(&a.refund_sn);
        form_call::post(api::paths::ORDER_REFUND_APPLY, param, sending, applied, refused);
    };

    let error_of = move |field: &'static str| move || errors.with(|e| e.of(field));
    let invalid = move |field: &'static str| move || errors.with(|e| e.of(field).is_some()).then_some("true");
    let count = move || {
        let n = note.with(|t| t.trim().chars().count());
        label(|l| &l.count).replace("{count}", &n.to_string())
    };
    let long = move || note.with(|t| too_long(t));
    let items = order.with_value(|o| o.items.clone());
    view! {
        <form class="refund-form" data-testid="refund-apply-form" novalidate
            on:submit=move |ev| { ev.prevent_default(); submit(); }>
            <fieldset class="field field--wide refund-form__scope">
                <legend>{label(|l| &l.scope)}</legend>
                <label class="radio">
                    <input type="radio" name="scope" value="0" data-testid="refund-scope-0"
                        checked={untrack(|| scope.get() == 0)} prop:checked=move || scope.get() == 0 on:change=move |_| choose_scope(0) />
                    " "{label(|l| &l.whole_order)}
                </label>
                {items.into_iter().map(|item| {
                    let id = item.order_item_id;
                    let disabled = item.max_goods == 0 || item.max_amount.0 == 0;
                    view! {
                        <label class="radio refund-form__item">
                            <input type="radio" name="scope" value=id.to_string() disabled=disabled
                                data-testid=format!("refund-scope-{id}")
                                checked={untrack(|| scope.get() == id)} prop:checked=move || scope.get() == id on:change=move |_| choose_scope(id) />
                            <img src=item.pic.clone() alt="" width="40" height="40" loading="lazy" onerror=crate::components::IMG_FALLBACK />
                            <span>{item.prod_name.clone()}{(!item.sku_name.is_empty()).then(|| view! { <small>{item.sku_name.clone()}</small> })}</span>
                            <span class="refund-form__count">{format!("× {}", item.prod_count)}</span>
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <fieldset class="field field--wide">
                <legend>{label(|l| &l.kind)}</legend>
                <label class="radio">
                    <input type="radio" name="applyType" value=apply_type::REFUND_ONLY.to_string() data-testid="refund-type-1"
                        checked={untrack(|| kind.get() == apply_type::REFUND_ONLY)} prop:checked=move || kind.get() == apply_type::REFUND_ONLY
                        on:change=move |_| kind.set(apply_type::REFUND_ONLY) />
                    " "{label(|l| &l.refund_only)}
                </label>
                <label class="radio">
                    <input type="radio" name="applyType" value=apply_type::RETURN_AND_REFUND.to_string() data-testid="refund-type-2"
                        disabled=!shipped
                        aria-describedby=(!shipped).then_some("refund-type-hint")
                        checked={untrack(|| kind.get() == apply_type::RETURN_AND_REFUND)} prop:checked=move || kind.get() == apply_type::RETURN_AND_REFUND
                        on:change=move |_| kind.set(apply_type::RETURN_AND_REFUND) />
                    " "{label(|l| &l.return_and_refund)}
                </label>
                {(!shipped).then(|| view! { <small class="field__hint" id="refund-type-hint">{label(|l| &l.not_shipped_hint)}</small> })}
                <span class="field__error" role="alert">{error_of("type")}</span>
            </fieldset>
            <div class="field">
                <label for="refund-reason">{label(|l| &l.reason)}</label>
                <select id="refund-reason" name="buyerReason" data-testid="refund-reason"
                    aria-invalid=invalid("reason") aria-describedby="refund-reason-error"
                    on:change=move |ev| reason.set(event_target_value(&ev).parse().unwrap_or(0))>
                    <option value="0" selected=move || reason.get() == 0>{label(|l| &l.reason_choose)}</option>
                    {labels.with_value(|l| l.reasons.clone()).into_iter().map(|(code, text)| view! {
                        <option value=code.to_string() selected=move || reason.get() == code>{text}</option>
                    }).collect_view()}
                </select>
                <span class="field__error" id="refund-reason-error" role="alert" data-testid="refund-reason-error">{error_of("reason")}</span>
            </div>
            <div class="field">
                <label for="refund-goods">{label(|l| &l.goods)}</label>
                <input id="refund-goods" name="goodsNum" type="number" inputmode="numeric" min="1"
                    max=move || current_limits().0.to_string() data-testid="refund-goods"
                    aria-invalid=invalid("goods") aria-describedby="refund-goods-hint refund-goods-error"
                    value={untrack(|| goods.get())} prop:value=move || goods.get() on:input=move |ev| choose_goods(event_target_value(&ev)) />
                <small class="field__hint" id="refund-goods-hint">
                    {move || label(|l| &l.goods_hint).replace("{max}", &current_limits().0.to_string())}
                </small>
                <span class="field__error" id="refund-goods-error" role="alert" data-testid="refund-goods-error">{error_of("goods")}</span>
            </div>
            <div class="field">
                <label for="refund-amount">{label(|l| &l.amount)}</label>
                <input id="refund-amount" name="refundAmount" type="text" inputmode="decimal" data-testid="refund-amount"
                    aria-invalid=invalid("amount") aria-describedby="refund-amount-hint refund-amount-error"
                    value={untrack(|| amount.get())} prop:value=move || amount.get() on:input=move |ev| amount.set(event_target_value(&ev)) />
                <small class="field__hint" id="refund-amount-hint">
                    {move || label(|l| &l.amount_hint).replace("{max}", &dollars(current_amount()))}
                </small>
                <span class="field__error" id="refund-amount-error" role="alert" data-testid="refund-amount-error">{error_of("amount")}</span>
            </div>
            <div class="field field--wide">
                <label for="refund-note">{label(|l| &l.note)}</label>
                <textarea id="refund-note" name="buyerMsg" rows="4" data-testid="refund-note"
                    placeholder=label(|l| &l.note_placeholder)
                    aria-invalid=move || (long() || errors.with(|e| e.of("note").is_some())).then_some("true")
                    aria-describedby="refund-note-count refund-note-error"
                    prop:value=move || note.get() on:input=move |ev| note.set(event_target_value(&ev))></textarea>
                <small class="field__hint field__count" class:is-over=long id="refund-note-count" aria-live="polite"
                    data-testid="refund-note-count">{count}</small>
                <span class="field__error" id="refund-note-error" role="alert" data-testid="refund-note-error">
                    {move || if long() { Some(label(|l| &l.note_long)) } else { errors.with(|e| e.of("note")) }}
                </span>
            </div>
            <fieldset class="field field--wide refund-form__vouchers">
                <legend>{label(|l| &l.vouchers)}</legend>
                <small class="field__hint">{label(|l| &l.vouchers_hint)}</small>
                <mall-widget name={api::bridge::widget::IMAGE_UPLOAD} data-load="idle" data-testid="refund-vouchers"
                    data-props=upload_props("refund-vouchers", MAX_VOUCHERS, &label(|l| &l.vouchers), Vec::new())>
                </mall-widget>
                <span class="field__error" role="alert" data-testid="refund-vouchers-error">{error_of("vouchers")}</span>
            </fieldset>
            <div class="refund-form__actions">
                <button type="submit" class="button button--primary" data-testid="refund-submit"
                    disabled=move || busy.get() || sending.get() aria-busy=move || sending.get().to_string()>
                    {move || if sending.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                </button>
            </div>
            <p class="refund-form__error" role="alert" data-testid="refund-error">{error_of("form")}</p>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_amount_hint_follows_the_quantity() {
        // Gold Large × 3, 350.97 paid: one unit asks back at most its third.
        assert_eq!(amount_limit(3, 35097, "1"), 11699);
        assert_eq!(amount_limit(3, 35097, " 2 "), 23398);
        assert_eq!(amount_limit(3, 35097, "3"), 35097);
        assert_eq!(amount_limit(3, 35097, ""), 35097, "not a quantity yet");
        assert_eq!(amount_limit(3, 35097, "0"), 35097);
    }
}
