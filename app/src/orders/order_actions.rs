//! The actions of `/order-detail`: cancel an unpaid order, confirm receipt of a shipped one,
//! each after the buyer confirms; the page then reloads with the order's new state. Each is a
//! plain form (`api::forms::ORDER_CANCEL`, `ORDER_RECEIPT`): sent before the island is
//! interactive, the server answers with this page asking to confirm (`?confirm=cancel`), and
//! that question's form sends `confirmed=1`. Once interactive, the island asks itself.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// What the buyer can do with the order, and its texts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderAction {
    /// `cancel` or `receipt`.
    pub kind: String,
    pub label: String,
    pub confirm: String,
    pub done: String,
    pub failed: String,
    /// The button that leaves the order as it is ('Not now').
    pub keep: String,
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct OrderActions {
    pub order_number: String,
    pub actions: Vec<OrderAction>,
    /// The action the page asks to confirm (`?confirm=`), if any.
    pub asking: Option<String>,
}

/// Renders [`OrderActions`], as one variant of its group's island (`crate::lazy_islands`).
pub fn order_actions(props: OrderActions) -> impl IntoView {
    let OrderActions { order_number, actions, asking } = props;
    let busy = RwSignal::new(false);
    let order_number = StoredValue::new(order_number);
    // `confirmed`: the buyer answered the page's question already.
    let act = move |ev: leptos::ev::SubmitEvent, action: OrderAction, confirmed: bool| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        #[cfg(feature = "hydrate")]
        {
            if !confirmed && !crate::cart::web::confirm(&action.confirm) {
                return;
            }
            let number = order_number.get_value();
            let path = if action.kind == "cancel" {
                api::paths::my_order_cancel(&number)
            } else {
                api::paths::my_order_receipt(&number)
            };
            busy.set(true);
            leptos::task::spawn_local(async move {
                use crate::api_client::browser;
                let options = browser::CallOptions { silent_auth: false, handle_error: true };
                match browser::put::<serde::de::IgnoredAny, _>(&path, &(), options).await {
                    Ok(_) => {
                        browser::toast("success", &action.done, 1500);
                        crate::cart::web::reload();
                    }
                    Err(failure) => {
                        crate::cart::web::toast_failure(&failure, &action.failed);
                        busy.set(false);
                    }
                }
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (action, order_number, confirmed);
    };
    view! {
        <div class="order-actions" data-testid="order-actions">
            {actions.into_iter().map(|action| {
                let class = if action.kind == "cancel" { "button" } else { "button button--primary" };
                let test_id = format!("order-{}", action.kind);
                let text = action.label.clone();
                let path = if action.kind == "cancel" { api::forms::ORDER_CANCEL } else { api::forms::ORDER_RECEIPT };
                let number = order_number.get_value();
                let back = crate::payments::rules::order_href(&number);
                let asked = asking.as_deref() == Some(action.kind.as_str());
                let (question, keep) = (action.confirm.clone(), action.keep.clone());
                view! {
                    <form method="post" action=path class:order-actions__ask=asked
                        on:submit=move |ev| act(ev, action.clone(), asked)>
                        <input type="hidden" name="orderNumber" value=number />
                        <input type="hidden" name=api::forms::FIELD_BACK value=back.clone() />
                        {asked.then(|| view! {
                            <input type="hidden" name=api::forms::FIELD_CONFIRMED value="1" />
                            <p class="order-actions__question" role="alert" data-testid="order-action-question">{question}</p>
                        })}
                        <button type="submit" class=class data-testid=test_id disabled=move || busy.get()>{text}</button>
                        {asked.then(|| view! { <a class="button" href=back data-testid="order-action-keep">{keep}</a> })}
                    </form>
                }
            }).collect_view()}
        </div>
    }
}
