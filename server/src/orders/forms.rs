//! The order actions as plain forms, each calling the JSON handler and answered by a redirect
//! (a guest signs in first and comes back):
//!
//! - `POST /order/submit`: the confirmation's Submit Order, on to the checkout counter; a
//!   refusal (an expired confirmation, stock that ran out) returns to the confirmation, which
//!   the server prices afresh;
//! - `POST /order/cancel` and `POST /order/receipt`: an order's Cancel and Confirm Receipt,
//!   once confirmed (`confirmed=1`); sent without, the order's page asks first.

use crate::http::auth::SignedIn;
use crate::http::error::answer_data;
use crate::http::extract::{ApiJson, ApiPath};
use crate::http::forms::{Done, FormAction, FormFields};
use crate::orders::handlers;
use crate::state::AppState;
use api::forms::Flash;
use api::orders::{OrderShopParam, SubmitOrderParam};
use axum::extract::State;
use axum::response::Response;

/// The submission a confirmation's form sends: `orderToken`, `addrId`, every `couponIds`
/// (0: none), `usePoints` and a `remarks.<shopId>` per shop.
fn submission(form: &FormFields) -> SubmitOrderParam {
    SubmitOrderParam {
        order_token: form.get("orderToken").unwrap_or_default().to_string(),
        addr_id: form.number("addrId").unwrap_or(0),
        coupon_ids: form.all("couponIds").filter_map(|v| v.trim().parse().ok()).filter(|id| *id > 0).collect(),
        use_points: form.number("usePoints").unwrap_or(0),
        order_shop_param: form
            .prefixed("remarks.")
            .filter_map(|(shop, text)| Some(OrderShopParam { shop_id: shop.parse().ok()?, remarks: text.to_string() }))
            .collect(),
    }
}

/// `POST /order/submit`: on to `/payment?orderNumbers=` with the new orders.
pub(super) async fn submit(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in_then(async |user, form, info| {
            let answer = handlers::submit(SignedIn { user, state, lang: info.lang }, ApiJson(submission(form))).await;
            let numbers = answer_data(answer)?.map(|n| n.order_numbers).unwrap_or_default();
            Ok(Done::to(format!("/payment?orderNumbers={}", api::url::encode(&numbers)), None))
        })
        .await
}

/// Without `confirmed=1` (sent before the page's script could ask), the order's page asking
/// to confirm `kind`.
fn ask_first(form: &FormFields, kind: &str) -> Option<Done> {
    if form.get(api::forms::FIELD_CONFIRMED) == Some("1") {
        return None;
    }
    let back = form.back();
    let joiner = if back.contains('?') { '&' } else { '?' };
    Some(Done::to(format!("{back}{joiner}{}={kind}", api::forms::ASK_QUERY), None))
}

/// The order page's two steps that ask first, by their action kind (`order_actions`).
#[derive(Clone, Copy)]
enum Step {
    Cancel,
    Receipt,
}

impl Step {
    fn kind(self) -> &'static str {
        match self {
            Step::Cancel => "cancel",
            Step::Receipt => "receipt",
        }
    }

    fn done(self) -> &'static str {
        match self {
            Step::Cancel => "order-cancel-done",
            Step::Receipt => "order-receipt-done",
        }
    }
}

/// Fields `orderNumber` and `confirmed`; once confirmed, the JSON handler's step, then back
/// with its message.
async fn confirmed_step(state: AppState, action: FormAction, step: Step) -> Response {
    action
        .signed_in_then(async |user, form, _| {
            if let Some(ask) = ask_first(form, step.kind()) {
                return Ok(ask);
            }
            let number = ApiPath(form.get("orderNumber").unwrap_or_default().to_string());
            let answer = match step {
                Step::Cancel => handlers::cancel(user, State(state), number).await,
                Step::Receipt => handlers::receipt(user, State(state), number).await,
            };
            answer_data(answer)?;
            Ok(Done::back(Some(Flash::success(step.done()))))
        })
        .await
}

/// `POST /order/cancel` ('The order was canceled').
pub(super) async fn cancel(State(state): State<AppState>, action: FormAction) -> Response {
    confirmed_step(state, action, Step::Cancel).await
}

/// `POST /order/receipt` ('Receipt confirmed').
pub(super) async fn receipt(State(state): State<AppState>, action: FormAction) -> Response {
    confirmed_step(state, action, Step::Receipt).await
}
