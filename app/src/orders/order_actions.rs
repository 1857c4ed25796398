//! The actions of `/order-detail`: cancel an unpaid order, confirm receipt of a shipped one,
//! each after the buyer confirms; the page then reloads with the order's new state.

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
}

#[island(lazy)]
pub fn OrderActions(order_number: String, actions: Vec<OrderAction>) -> impl IntoView {
    let busy = RwSignal::new(false);
    let order_number = StoredValue::new(order_number);
    let act = move |action: OrderAction| {
        if busy.get_untracked() {
            return;
        }
        #[cfg(feature = "hydrate")]
        {
            if !crate::cart::web::confirm(&action.confirm) {
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
        let _ = (action, order_number);
    };
    view! {
        <div class="order-actions" data-testid="order-actions">
            {actions.into_iter().map(|action| {
                let class = if action.kind == "cancel" { "button" } else { "button button--primary" };
                let test_id = format!("order-{}", action.kind);
                let text = action.label.clone();
                view! {
                    <button type="button" class=class data-testid=test_id disabled=move || busy.get()
                        on:click=move |_| act(action.clone())>{text}</button>
                }
            }).collect_view()}
        </div>
    }
}
