//! The address book as plain forms (record 0189), handled by the same code as the JSON calls
//! (`super::handlers`) and answered by a redirect to the address book (a guest signs in first
//! and comes back):
//!
//! - `POST /address/save` (`api::forms::ADDRESS_SAVE`): adds an address (no `addrId`) or
//!   changes one, then makes it the default when `commonAddr=1`. A refusal returns to the open
//!   form with the typed values in the page's query (and its `back`) (`api::forms::ADDRESS_TYPED_FIELDS`) and a
//!   field's message marked for that field (`api::forms::FLASH_AT`); nothing is stored.
//!   An address added from another page (`back`, the order confirmation) returns there,
//!   chosen (`addrId=<new>`).
//! - `POST /address/delete` (`api::forms::ADDRESS_DELETE`): deletes an address once confirmed
//!   (`confirmed=1`, which the frame's script sets after the browser's dialog); sent without,
//!   the page asks first (`?delete=<addrId>`).
//! - `POST /address/default` (`api::forms::ADDRESS_DEFAULT`): makes an address the default.
//!
//! An address that is not the buyer's answers "address not found", as the JSON calls do.

use crate::addresses::handlers::{add_address, default_address, delete_address, update_address};
use crate::http::error::ApiError;
use crate::http::forms::{Done, FormAction, FormFields};
use crate::state::AppState;
use api::addresses::AddrParam;
use api::forms::{Flash, ADDRESS_PAGE, ADDRESS_TYPED_FIELDS, FIELD_BACK, FIELD_COMMON_ADDR, FIELD_CONFIRMED, FLASH_AT};
use axum::extract::State;
use axum::response::Response;

/// Fields: `addrId` (empty or 0 adds), `receiver`, `mobile`, `postCode`, `addr`, `commonAddr`.
pub(super) async fn save(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in_then(async |user, form, _| {
            let param = typed(form);
            let adding = param.addr_id <= 0;
            let saved = if adding {
                add_address(&state, &user, &param).await
            } else {
                update_address(&state, &user, &param).await
            };
            let saved = match saved {
                Ok(saved) => saved,
                Err(error) => return back_to_form(error, &form_page(&param, form)),
            };
            if form.get(FIELD_COMMON_ADDR) == Some("1") && saved.common_addr != 1 {
                default_address(&state, &user, saved.addr_id).await?;
            }
            let done = if adding { "order-address-saved" } else { "uc-address-updated" };
            let to = match elsewhere(form) {
                Some(back) if adding => chosen_at(back, saved.addr_id),
                _ => ADDRESS_PAGE.to_string(),
            };
            Ok(Done::to(to, Some(Flash::success(done))))
        })
        .await
}

/// Fields: `addrId`, `confirmed`.
pub(super) async fn delete(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in_then(async |user, form, _| {
            let id = form.id("addrId")?;
            if form.get(FIELD_CONFIRMED) != Some("1") {
                return Ok(Done::to(format!("{ADDRESS_PAGE}?delete={id}"), None));
            }
            delete_address(&state, &user, id).await?;
            Ok(Done::to(ADDRESS_PAGE.to_string(), Some(Flash::success("uc-address-deleted"))))
        })
        .await
}

/// Fields: `addrId`.
pub(super) async fn set_default(State(state): State<AppState>, action: FormAction) -> Response {
    action
        .signed_in_then(async |user, form, _| {
            default_address(&state, &user, form.id("addrId")?).await?;
            Ok(Done::to(ADDRESS_PAGE.to_string(), Some(Flash::success("uc-address-default-set"))))
        })
        .await
}

/// The page of this site other than the address book the form returns to, if any.
fn elsewhere(form: &FormFields) -> Option<&str> {
    form.get(FIELD_BACK).and_then(api::redirect::safe_redirect).filter(|back| *back != ADDRESS_PAGE)
}

/// `back` with the added address chosen (`addrId`, replacing one it named).
fn chosen_at(back: &str, addr_id: i64) -> String {
    let (path, query) = back.split_once('?').unwrap_or((back, ""));
    let mut pairs: Vec<&str> = query.split('&').filter(|p| !p.is_empty() && !p.starts_with("addrId=")).collect();
    let chosen = format!("addrId={addr_id}");
    pairs.push(&chosen);
    format!("{path}?{}", pairs.join("&"))
}

/// The address as typed (`addrId` 0 when missing or not a number: an add).
fn typed(form: &FormFields) -> AddrParam {
    let field = |name: &str| form.get(name).unwrap_or_default().to_string();
    AddrParam {
        addr_id: form.number("addrId").unwrap_or(0),
        receiver: field("receiver"),
        mobile: field("mobile"),
        post_code: field("postCode"),
        addr: field("addr"),
    }
}

/// The address book with the form open again (`add=1` or `edit=<addrId>`), the typed values in
/// its query and `commonAddr=1` when it was ticked. A query the redirect rule would not follow
/// (a backslash or a control character typed) opens the form without the typed values.
fn form_page(param: &AddrParam, form: &FormFields) -> String {
    let open = if param.addr_id > 0 { format!("edit={}", param.addr_id) } else { "add=1".to_string() };
    let mut url = format!("{ADDRESS_PAGE}?{open}");
    for name in ADDRESS_TYPED_FIELDS {
        url.push_str(&format!("&{name}={}", api::url::encode(form.get(name).unwrap_or_default())));
    }
    if form.get(FIELD_COMMON_ADDR) == Some("1") {
        url.push_str(&format!("&{FIELD_COMMON_ADDR}=1"));
    }
    if let Some(back) = elsewhere(form) {
        url.push_str(&format!("&{FIELD_BACK}={}", api::url::encode(back)));
    }
    if api::redirect::safe_redirect(&url).is_some() {
        url
    } else {
        format!("{ADDRESS_PAGE}?{open}")
    }
}

/// The form's field of each field rule's refusal (`super::handlers::checked`'s keys).
fn field_of(key: &str) -> Option<&'static str> {
    match key {
        "error-address-receiver" => Some("receiver"),
        "error-address-mobile" => Some("mobile"),
        "error-address-post-code" => Some("postCode"),
        "error-address-detail" => Some("addr"),
        _ => None,
    }
}

/// A refused save: back to the open form (`to`) with the message, marked for its field when a
/// field's rule refused; a guest's or an unexpected failure is answered as any form's.
fn back_to_form(error: ApiError, to: &str) -> Result<Done, ApiError> {
    let ApiError::BadRequest { key, args } = error else { return Err(error) };
    let mut args: Vec<(String, String)> = args.into_iter().map(|(name, value)| (name.to_string(), value)).collect();
    if let Some(field) = field_of(key) {
        args.push((FLASH_AT.to_string(), field.to_string()));
    }
    let flash = Flash::error(key, args);
    let flash = if flash.encode().is_some() { flash } else { Flash::error(key, Vec::new()) };
    Ok(Done::to(to.to_string(), Some(flash)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fields_refusal_is_marked_for_its_field() {
        let done = back_to_form(
            ApiError::bad_with("error-address-detail", vec![("min", "5".into()), ("max", "50".into())]),
            "/user-center/uc-address?add=1",
        )
        .ok()
        .unwrap();
        let flash = done.flash.unwrap();
        assert_eq!(flash.key, "error-address-detail");
        assert!(flash.args.contains(&("at".to_string(), "addr".to_string())));
        let limit = back_to_form(ApiError::bad_with("error-address-limit", vec![("max", "20".into())]), "/x")
            .ok()
            .unwrap()
            .flash
            .unwrap();
        assert!(limit.args.iter().all(|(name, _)| name != "at"));
        assert!(back_to_form(ApiError::Unauthorized, "/x").is_err());
    }

    #[test]
    fn an_address_added_from_the_confirmation_is_chosen_there() {
        assert_eq!(chosen_at("/submit-order?basketId=3&basketId=4", 9), "/submit-order?basketId=3&basketId=4&addrId=9");
        assert_eq!(chosen_at("/submit-order?addrId=2&basketId=3", 9), "/submit-order?basketId=3&addrId=9");
        assert_eq!(chosen_at("/submit-order", 9), "/submit-order?addrId=9");
    }
}
