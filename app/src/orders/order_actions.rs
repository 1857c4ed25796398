//! The actions of `/order-detail` and of each order in `/user-center/uc-order`: cancel an unpaid
//! order, confirm receipt of a shipped one, each after the buyer confirms; the page then reloads
//! with the order's new state. Each is a plain form (`api::forms::ORDER_CANCEL`,
//! `ORDER_RECEIPT`). The frame's script asks with the browser's dialog and sends it confirmed;
//! sent without script, the server answers with the order's page asking to confirm
//! (`?confirm=cancel`), and that question's form sends `confirmed=1`.

use leptos::prelude::*;

/// What the buyer can do with the order, and its texts.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderAction {
    /// `cancel` or `receipt`.
    pub kind: String,
    pub label: String,
    pub confirm: String,
    /// The button that leaves the order as it is ('Not now').
    pub keep: String,
}

#[derive(Clone)]
pub struct OrderActions {
    pub order_number: String,
    pub actions: Vec<OrderAction>,
    /// The action the page asks to confirm (`?confirm=`), if any.
    pub asking: Option<String>,
}

/// The order's actions, plain forms that need no wasm: the frame's script asks with the
/// browser's dialog (`data-confirm`, `onConfirmSubmit` in `widgets/src/frame.ts`) and sends the
/// form confirmed; the server acts and comes back to the page with its message (record 0185).
pub fn order_actions(props: OrderActions) -> impl IntoView {
    let OrderActions { order_number, actions, asking } = props;
    view! {
        <div class="order-actions" data-testid="order-actions">
            {actions.into_iter().map(|action| {
                let class = if action.kind == "cancel" { "button" } else { "button button--primary" };
                let test_id = format!("order-{}", action.kind);
                let path = if action.kind == "cancel" { api::forms::ORDER_CANCEL } else { api::forms::ORDER_RECEIPT };
                let back = crate::payments::rules::order_href(&order_number);
                let asked = asking.as_deref() == Some(action.kind.as_str());
                // Asked by the server's page already (sent without script), the form is confirmed.
                let OrderAction { label, confirm, keep, .. } = action;
                let question = (!asked).then(|| confirm.clone());
                view! {
                    <form method="post" action=path class:order-actions__ask=asked
                        data-confirm=question>
                        <input type="hidden" name="orderNumber" value=order_number.clone() />
                        <input type="hidden" name=api::forms::FIELD_BACK value=back.clone() data-back-field="" />
                        <input type="hidden" name=api::forms::FIELD_CONFIRMED value=if asked { "1" } else { "" } data-confirmed-field="" />
                        {asked.then(|| view! {
                            <p class="order-actions__question" role="alert" data-testid="order-action-question">{confirm}</p>
                        })}
                        <button type="submit" class=class data-testid=test_id>{label}</button>
                        {asked.then(|| view! { <a class="button" href=back data-testid="order-action-keep">{keep}</a> })}
                    </form>
                }
            }).collect_view()}
        </div>
    }
}
