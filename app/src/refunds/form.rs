//! The refunds' islands: the application form of `/user-center/apply-return`, the return
//! shipment form of `/user-center/return-proof`, and the actions of `/return-detail`
//! (withdrawing, the platform-intervention form). Each checks its fields as the server does and
//! shows the message next to the field; a refusal of the server goes next to the field it names
//! (matched by the message's translated start), else under the form.

use crate::components::{after_hydration, chosen_before_hydration, typed_before_hydration, typed_or};
#[cfg(feature = "hydrate")]
use crate::refunds::detail_href;
use crate::refunds::{dollars, parse_dollars};
use api::refunds::{
    apply_type, OrderRefundParam, RefundExpressParam, RefundInterventionParam, RefundableOrder,
    MAX_INTERVENTION_VOUCHERS, MAX_VOUCHERS, MOBILE_DIGITS, NOTE_MAX_CHARS, TRACKING_MAX_CHARS,
};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The fields a message may belong to.
pub const FIELDS: [&str; 9] =
    ["type", "reason", "goods", "amount", "note", "vouchers", "carrier", "tracking", "mobile"];

/// The start of a translated message (up to its first argument) and its field, to place the
/// server's refusals.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FieldMessage {
    pub field: String,
    pub start: String,
}

/// The start of a message rendered with `\u{1}` for its arguments.
pub fn message_start(rendered: &str) -> String {
    rendered.split(['\u{1}', '\u{2068}']).next().unwrap_or_default().trim_end().to_string()
}

/// The field a server's message belongs to, if any.
pub fn field_of(messages: &[FieldMessage], msg: &str) -> Option<String> {
    messages.iter().find(|m| !m.start.is_empty() && msg.starts_with(&m.start)).map(|m| m.field.clone())
}

/// Errors shown next to each field, and under the form.
#[derive(Debug, Clone, PartialEq, Default)]
struct Errors(Vec<(String, String)>);

impl Errors {
    fn of(&self, field: &str) -> Option<String> {
        self.0.iter().find(|(f, _)| f == field).map(|(_, m)| m.clone())
    }
}

/// Puts the server's refusal next to its field, or under the form.
#[cfg(feature = "hydrate")]
fn refusal(errors: RwSignal<Errors>, messages: &[FieldMessage], msg: String) {
    let field = field_of(messages, &msg).unwrap_or_else(|| "form".into());
    errors.set(Errors(vec![(field, msg)]));
}

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

/// The image-upload widget's props: up to `max` pictures of kind `image`.
pub fn upload_props(field: &str, max: usize, label: &str) -> String {
    api::bridge::widget_props(&api::bridge::ImageUploadProps {
        field: field.into(),
        kind: api::bridge::UploadKind::Image,
        label: Some(label.into()),
        max,
        max_bytes: None,
        value: Vec::new(),
    })
}

/// Whether a note is too long (counted as the server counts it: trimmed, in characters).
pub fn too_long(text: &str) -> bool {
    text.trim().chars().count() > NOTE_MAX_CHARS
}

/// Listens to the image-upload widget named `field` for the buyer's pictures.
fn listen_pictures(field: &'static str, pics: RwSignal<Vec<String>>) {
    #[cfg(feature = "hydrate")]
    {
        let handle = window_event_listener_untyped(crate::events::IMAGES_CHANGED, move |ev| {
            if let Some(paths) = pictures_of(&ev, field) {
                pics.set(paths);
            }
        });
        on_cleanup(move || handle.remove());
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = (field, pics);
}

/// The paths of a `mall:images-changed` event of the widget named `field`.
#[cfg(feature = "hydrate")]
fn pictures_of(ev: &web_sys::Event, field: &str) -> Option<Vec<String>> {
    use wasm_bindgen::{JsCast, JsValue};
    let detail = ev.dyn_ref::<web_sys::CustomEvent>()?.detail();
    let named = js_sys::Reflect::get(&detail, &JsValue::from_str("field")).ok()?.as_string()?;
    if named != field {
        return None;
    }
    let paths = js_sys::Reflect::get(&detail, &JsValue::from_str("paths")).ok()?;
    let paths: js_sys::Array = paths.dyn_into().ok()?;
    Some(paths.iter().filter_map(|p| p.as_string()).collect())
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
    listen_pictures("refund-vouchers", pics);
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
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser, ApiFailure};
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            match browser::post::<api::refunds::RefundApplied, _>(api::paths::ORDER_REFUND_APPLY, &param, options).await
            {
                Ok(applied) => crate::cart::web::go(&detail_href(&applied.refund_sn)),
                Err(failure) => {
                    sending.set(false);
                    match failure {
                        ApiFailure::Rejected { code: api::Code::BadRequest, msg } => {
                            refusal(errors, &labels.with_value(|l| l.messages.clone()), msg)
                        }
                        ApiFailure::Rejected { .. } => {}
                        ApiFailure::Network(_) => errors.set(Errors(vec![("form".into(), label(|l| &l.failed))])),
                    }
                }
            }
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = param;
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
                <mall-widget name="image-upload" data-load="idle" data-testid="refund-vouchers"
                    data-props=upload_props("refund-vouchers", MAX_VOUCHERS, &label(|l| &l.vouchers))>
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

/// The return shipment form's texts, translated on the server.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ProofLabels {
    pub carrier: String,
    pub tracking: String,
    pub mobile: String,
    pub mobile_hint: String,
    pub submit: String,
    pub submitting: String,
    pub failed: String,
    pub carrier_error: String,
    pub tracking_error: String,
    pub mobile_error: String,
    pub messages: Vec<FieldMessage>,
}

/// Whether a tracking number is 1 to 30 letters, digits or dashes (as the server checks).
pub fn tracking_ok(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty() && t.len() <= TRACKING_MAX_CHARS && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Whether a mobile number is exactly 11 digits.
pub fn mobile_ok(text: &str) -> bool {
    let t = text.trim();
    t.len() == MOBILE_DIGITS && t.bytes().all(|b| b.is_ascii_digit())
}

/// The return shipment of an accepted return: carrier, tracking number, mobile number.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ProofForm {
    pub refund_sn: String,
    pub labels: ProofLabels,
}

/// Renders [`ProofForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn proof_form(props: ProofForm) -> impl IntoView {
    let ProofForm { refund_sn, labels } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&ProofLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let sn = StoredValue::new(refund_sn);
    // What was typed before the island hydrated stands (`typed_or`).
    let carrier = RwSignal::new(typed_or("proof-carrier", ""));
    let tracking = RwSignal::new(typed_or("proof-tracking", ""));
    let mobile = RwSignal::new(typed_or("proof-mobile", ""));
    let errors = RwSignal::new(Errors::default());
    let sending = RwSignal::new(false);
    let busy = RwSignal::new(false);
    let submit = move || {
        if sending.get_untracked() {
            return;
        }
        let mut found = Vec::new();
        let name = carrier.get_untracked();
        if name.trim().is_empty() || name.trim().chars().count() > api::refunds::CARRIER_MAX_CHARS {
            found.push(("carrier".to_string(), label(|l| &l.carrier_error)));
        }
        if !tracking.with_untracked(|t| tracking_ok(t)) {
            found.push(("tracking".into(), label(|l| &l.tracking_error)));
        }
        if !mobile.with_untracked(|m| mobile_ok(m)) {
            found.push(("mobile".into(), label(|l| &l.mobile_error)));
        }
        if !found.is_empty() {
            errors.set(Errors(found));
            return;
        }
        errors.set(Errors::default());
        let param = RefundExpressParam {
            refund_sn: sn.get_value(),
            express_name: name,
            express_no: tracking.get_untracked(),
            mobile: mobile.get_untracked(),
        };
        sending.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser, ApiFailure};
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            let path = api::paths::ORDER_REFUND_SUBMIT_EXPRESS;
            match browser::post::<serde::de::IgnoredAny, _>(path, &param, options).await {
                Ok(_) => crate::cart::web::go(&detail_href(&sn.get_value())),
                Err(failure) => {
                    sending.set(false);
                    match failure {
                        ApiFailure::Rejected { code: api::Code::BadRequest, msg } => {
                            refusal(errors, &labels.with_value(|l| l.messages.clone()), msg)
                        }
                        ApiFailure::Rejected { .. } => {}
                        ApiFailure::Network(_) => errors.set(Errors(vec![("form".into(), label(|l| &l.failed))])),
                    }
                }
            }
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = param;
    };
    let error_of = move |field: &'static str| move || errors.with(|e| e.of(field));
    let invalid = move |field: &'static str| move || errors.with(|e| e.of(field).is_some()).then_some("true");
    view! {
        <form class="refund-form" data-testid="refund-proof-form" novalidate
            on:submit=move |ev| { ev.prevent_default(); submit(); }>
            <div class="field">
                <label for="proof-carrier">{label(|l| &l.carrier)}</label>
                <input id="proof-carrier" name="expressName" type="text" maxlength="30" autocomplete="off"
                    data-testid="proof-carrier" aria-invalid=invalid("carrier") aria-describedby="proof-carrier-error"
                    value={untrack(|| carrier.get())} prop:value=move || carrier.get() on:input=move |ev| carrier.set(event_target_value(&ev)) />
                <span class="field__error" id="proof-carrier-error" role="alert">{error_of("carrier")}</span>
            </div>
            <div class="field">
                <label for="proof-tracking">{label(|l| &l.tracking)}</label>
                <input id="proof-tracking" name="expressNo" type="text" maxlength="30" autocomplete="off"
                    data-testid="proof-tracking" aria-invalid=invalid("tracking") aria-describedby="proof-tracking-error"
                    value={untrack(|| tracking.get())} prop:value=move || tracking.get() on:input=move |ev| tracking.set(event_target_value(&ev)) />
                <span class="field__error" id="proof-tracking-error" role="alert">{error_of("tracking")}</span>
            </div>
            <div class="field">
                <label for="proof-mobile">{label(|l| &l.mobile)}</label>
                <input id="proof-mobile" name="mobile" type="tel" inputmode="numeric" maxlength="11" autocomplete="tel"
                    data-testid="proof-mobile" aria-invalid=invalid("mobile") aria-describedby="proof-mobile-hint proof-mobile-error"
                    value={untrack(|| mobile.get())} prop:value=move || mobile.get() on:input=move |ev| mobile.set(event_target_value(&ev)) />
                <small class="field__hint" id="proof-mobile-hint">{label(|l| &l.mobile_hint)}</small>
                <span class="field__error" id="proof-mobile-error" role="alert" data-testid="proof-mobile-error">{error_of("mobile")}</span>
            </div>
            <div class="refund-form__actions">
                <button type="submit" class="button button--primary" data-testid="proof-submit"
                    disabled=move || busy.get() || sending.get() aria-busy=move || sending.get().to_string()>
                    {move || if sending.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                </button>
            </div>
            <p class="refund-form__error" role="alert" data-testid="proof-error">{error_of("form")}</p>
        </form>
    }
}

/// The detail page's actions' texts, translated on the server.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ActionLabels {
    pub withdraw: String,
    pub withdraw_confirm: String,
    pub intervene: String,
    pub reason: String,
    /// "{count}/200".
    pub count: String,
    pub vouchers: String,
    pub vouchers_hint: String,
    pub submit: String,
    pub submitting: String,
    pub cancel: String,
    pub failed: String,
    pub reason_missing: String,
    pub reason_long: String,
}

/// Withdrawing an application, and asking the platform to intervene in a refused one.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct RefundActions {
    pub refund_sn: String,
    pub can_withdraw: bool,
    pub can_intervene: bool,
    pub labels: ActionLabels,
}

/// Renders [`RefundActions`], as one variant of its group's island (`crate::lazy_islands`).
pub fn refund_actions(props: RefundActions) -> impl IntoView {
    let RefundActions { refund_sn, can_withdraw, can_intervene, labels } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&ActionLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let sn = StoredValue::new(refund_sn);
    let open = RwSignal::new(false);
    let reason = RwSignal::new(String::new());
    let pics = RwSignal::new(Vec::<String>::new());
    let error = RwSignal::new(None::<String>);
    let sending = RwSignal::new(false);
    let busy = RwSignal::new(false);
    listen_pictures("refund-intervention", pics);

    let withdraw = move |_| {
        #[cfg(feature = "hydrate")]
        {
            if sending.get_untracked() {
                return;
            }
            if !crate::cart::web::confirm(&label(|l| &l.withdraw_confirm)) {
                return;
            }
            sending.set(true);
            leptos::task::spawn_local(async move {
                use crate::api_client::{browser, ApiFailure};
                let options = browser::CallOptions { silent_auth: false, handle_error: true };
                let path = api::paths::order_refund_cancel(&sn.get_value());
                match browser::put::<serde::de::IgnoredAny, _>(&path, &serde_json::json!({}), options).await {
                    Ok(_) => crate::cart::web::reload(),
                    Err(failure) => {
                        sending.set(false);
                        match failure {
                            ApiFailure::Rejected { code: api::Code::BadRequest, msg } => error.set(Some(msg)),
                            ApiFailure::Rejected { .. } => {}
                            ApiFailure::Network(_) => error.set(Some(label(|l| &l.failed))),
                        }
                    }
                }
            });
        }
    };

    let submit = move || {
        if sending.get_untracked() {
            return;
        }
        let text = reason.get_untracked();
        if text.trim().is_empty() {
            error.set(Some(label(|l| &l.reason_missing)));
            return;
        }
        if too_long(&text) {
            error.set(Some(label(|l| &l.reason_long)));
            return;
        }
        error.set(None);
        let param =
            RefundInterventionParam { refund_sn: sn.get_value(), reason: text, photo_files: pics.get_untracked() };
        sending.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser, ApiFailure};
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            let path = api::paths::ORDER_REFUND_APPLY_INTERVENTION;
            match browser::post::<serde::de::IgnoredAny, _>(path, &param, options).await {
                Ok(_) => crate::cart::web::reload(),
                Err(failure) => {
                    sending.set(false);
                    match failure {
                        ApiFailure::Rejected { code: api::Code::BadRequest, msg } => error.set(Some(msg)),
                        ApiFailure::Rejected { .. } => {}
                        ApiFailure::Network(_) => error.set(Some(label(|l| &l.failed))),
                    }
                }
            }
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = param;
    };
    let count = move || {
        let n = reason.with(|t| t.trim().chars().count());
        label(|l| &l.count).replace("{count}", &n.to_string())
    };
    view! {
        <div class="refund-actions" data-testid="refund-actions">
            <div class="refund-actions__buttons">
                {can_withdraw.then(|| view! {
                    <button type="button" class="button" data-testid="refund-withdraw"
                        disabled=move || busy.get() || sending.get() on:click=withdraw>
                        {label(|l| &l.withdraw)}
                    </button>
                })}
                {can_intervene.then(|| view! {
                    <button type="button" class="button button--primary" data-testid="refund-intervene"
                        aria-expanded=move || open.get().to_string() aria-controls="refund-intervention"
                        disabled=move || busy.get() on:click=move |_| open.update(|o| *o = !*o)>
                        {label(|l| &l.intervene)}
                    </button>
                })}
            </div>
            {can_intervene.then(|| view! {
                <form class="refund-form refund-intervention" id="refund-intervention" data-testid="refund-intervention-form"
                    novalidate hidden=move || !open.get() on:submit=move |ev| { ev.prevent_default(); submit(); }>
                    <div class="field field--wide">
                        <label for="intervention-reason">{label(|l| &l.reason)}</label>
                        <textarea id="intervention-reason" rows="3" data-testid="intervention-reason"
                            aria-describedby="intervention-count"
                            prop:value=move || reason.get() on:input=move |ev| reason.set(event_target_value(&ev))></textarea>
                        <small class="field__hint field__count" id="intervention-count" aria-live="polite">{count}</small>
                    </div>
                    <fieldset class="field field--wide">
                        <legend>{label(|l| &l.vouchers)}</legend>
                        <small class="field__hint">{label(|l| &l.vouchers_hint)}</small>
                        <mall-widget name="image-upload" data-load="idle"
                            data-props=upload_props("refund-intervention", MAX_INTERVENTION_VOUCHERS, &label(|l| &l.vouchers))>
                        </mall-widget>
                    </fieldset>
                    <div class="refund-form__actions">
                        <button type="submit" class="button button--primary" data-testid="intervention-submit"
                            disabled=move || busy.get() || sending.get() aria-busy=move || sending.get().to_string()>
                            {move || if sending.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                        </button>
                        <button type="button" class="button" on:click=move |_| open.set(false)>{label(|l| &l.cancel)}</button>
                    </div>
                </form>
            })}
            <p class="refund-form__error" role="alert" data-testid="refund-action-error">{move || error.get()}</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_messages_find_their_field() {
        let messages = vec![
            FieldMessage {
                field: "goods".into(),
                start: message_start("The refund quantity can be at most \u{2068}\u{1}\u{2069}"),
            },
            FieldMessage { field: "note".into(), start: message_start("The note can be up to \u{1} characters") },
        ];
        assert_eq!(field_of(&messages, "The refund quantity can be at most 2").as_deref(), Some("goods"));
        assert_eq!(field_of(&messages, "The note can be up to 200 characters").as_deref(), Some("note"));
        assert_eq!(field_of(&messages, "Something else"), None);
    }

    #[test]
    fn the_amount_hint_follows_the_quantity() {
        // Gold Large × 3, 350.97 paid: one unit asks back at most its third.
        assert_eq!(amount_limit(3, 35097, "1"), 11699);
        assert_eq!(amount_limit(3, 35097, " 2 "), 23398);
        assert_eq!(amount_limit(3, 35097, "3"), 35097);
        assert_eq!(amount_limit(3, 35097, ""), 35097, "not a quantity yet");
        assert_eq!(amount_limit(3, 35097, "0"), 35097);
    }

    #[test]
    fn shipment_fields() {
        assert!(tracking_ok("SF-123") && !tracking_ok("a b") && !tracking_ok(""));
        assert!(mobile_ok("13812345678") && !mobile_ok("1381234567") && !mobile_ok("1381234567a"));
        assert!(!too_long(&"退".repeat(200)) && too_long(&"a".repeat(201)));
        let props: serde_json::Value = serde_json::from_str(&upload_props("refund-vouchers", 5, "Vouchers")).unwrap();
        assert_eq!((props["max"].as_u64(), props["field"].as_str()), (Some(5), Some("refund-vouchers")));
    }
}
