//! My Points' daily sign-in as a plain form (`POST /score/sign-in`, `api::forms::SCORE_SIGN_IN`),
//! calling the JSON handler (`POST /p/score/signIn`) and answered by a redirect back to the page
//! with the points it gave, or the server's refusal (already signed in today); a guest signs in
//! first and comes back.

use crate::http::error::answer_data;
use crate::http::forms::FormAction;
use crate::state::AppState;
use crate::wallet::handlers;
use api::forms::Flash;
use axum::extract::State;
use axum::response::Response;

/// `POST /score/sign-in` ('You got 10 points today.').
pub(super) async fn sign_in(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in(async |user, _, _| {
            let points = answer_data(handlers::sign_in(user, State(state)).await)?.map(|r| r.points).unwrap_or(0);
            Ok(Some(Flash::success_with("wallet-sign-in-done", vec![("points".into(), points.to_string())])))
        })
        .await
}
