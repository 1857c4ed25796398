//! The account page's profile as a plain form (record 0187), answered by a redirect (a guest
//! signs in first and comes back):
//!
//! - `POST /user/profile` (`api::forms::PROFILE_SAVE`): the nickname and the avatar's path,
//!   saved by the same code as `PUT /p/user/setUserInfo`; then the account page with
//!   `?saved=1`. A refused nickname returns to the page with its message marked for the field
//!   (`api::forms::FLASH_AT`), any other refusal with its message; nothing is changed.

use crate::http::error::ApiError;
use crate::http::forms::{Done, FormAction};
use crate::state::AppState;
use crate::users::handlers::save_profile;
use api::forms::{FLASH_AT, PROFILE_PAGE};
use api::users::UserInfoParam;
use axum::extract::State;
use axum::response::Response;

/// The form's field the nickname's refusals belong to.
const NICKNAME_FIELD: &str = "nickName";

/// Fields: `nickName`, `pic` (empty: the avatar stays) and `back`.
pub(super) async fn save(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in_then(async |user, form, _| {
            let param = UserInfoParam {
                nick_name: form.get(NICKNAME_FIELD).unwrap_or_default().to_string(),
                pic: Some(form.get("pic").unwrap_or_default().to_string()),
            };
            save_profile(&state, &user, &param).await.map_err(at_its_field)?;
            Ok(Done::to(format!("{PROFILE_PAGE}?saved=1"), None))
        })
        .await
}

/// A nickname's refusal, marked as the nickname field's (`api::users::nickname_problem`'s keys).
fn at_its_field(error: ApiError) -> ApiError {
    match error {
        ApiError::BadRequest { key, mut args } if key.starts_with("error-nickname-") => {
            args.push((FLASH_AT, NICKNAME_FIELD.to_string()));
            ApiError::BadRequest { key, args }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_nicknames_refusal_is_marked_for_its_field() {
        let marked = at_its_field(ApiError::bad_with("error-nickname-too-long", vec![("max", "15".into())]));
        assert!(matches!(&marked, ApiError::BadRequest { args, .. }
            if args == &vec![("max", "15".to_string()), ("at", "nickName".to_string())]));
        let other = at_its_field(ApiError::bad("error-avatar-not-uploaded"));
        assert!(matches!(&other, ApiError::BadRequest { args, .. } if args.is_empty()));
    }
}
