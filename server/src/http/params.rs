//! Request parameters shared by the endpoints: required and optional ids, and the errors that
//! name a bad parameter. Paging is [`crate::http::paging`]'s.

use crate::http::error::ApiError;

/// Parses a path id: a non-negative integer, else `A00001` naming the parameter.
pub fn parse_id(raw: &str, field: &'static str) -> Result<i64, ApiError> {
    let raw = raw.trim();
    if raw.is_empty() || raw.len() > 18 || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())]));
    }
    raw.parse().map_err(|_| ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())]))
}

/// `A00001`: the parameter `field` has an invalid value.
pub fn invalid(field: &'static str) -> ApiError {
    ApiError::bad_with("error-invalid-field", vec![("field", field.to_string())])
}

/// `A00001`: the required parameter `field` is missing.
pub fn missing(field: &'static str) -> ApiError {
    ApiError::bad_with("error-missing-field", vec![("field", field.to_string())])
}

/// A present, non-empty parameter value.
pub fn given(raw: &Option<String>) -> Option<&str> {
    raw.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// A required positive id.
pub fn required_id(raw: &Option<String>, field: &'static str) -> Result<i64, ApiError> {
    let id = parse_id(given(raw).ok_or_else(|| missing(field))?, field)?;
    if id <= 0 {
        return Err(invalid(field));
    }
    Ok(id)
}

/// The positive id `field` of a call that takes it in the query string or in the body: JSON
/// (`{"field": 5}`, `5` or `"5"`) or a form (`field=5`). A body that is not one of these is bad
/// input, even when the query names the id; when both name it they must agree.
pub fn id_in_query_or_body(query: &Option<String>, body: &[u8], field: &'static str) -> Result<i64, ApiError> {
    let from_query = given(query).map(|_| required_id(query, field)).transpose()?;
    // Only a body with no bytes at all is absent: whitespace alone is not a JSON value.
    let from_body = if body.is_empty() {
        None
    } else {
        let text = std::str::from_utf8(body).map_err(|_| invalid(field))?.trim();
        Some(id_in_body(text, field)?)
    };
    match (from_query, from_body) {
        (Some(a), Some(b)) if a != b => Err(invalid(field)),
        (Some(id), _) | (None, Some(id)) => Ok(id),
        (None, None) => Err(missing(field)),
    }
}

fn id_in_body(text: &str, field: &'static str) -> Result<i64, ApiError> {
    let raw = match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(map)) => map.get(field).cloned().unwrap_or(serde_json::Value::Null),
        Ok(value) => value,
        Err(_) => {
            let form: Vec<(String, String)> = serde_urlencoded::from_str(text).map_err(|_| invalid(field))?;
            let value = form.into_iter().find(|(k, _)| k == field).map(|(_, v)| v).ok_or_else(|| invalid(field))?;
            serde_json::Value::String(value)
        }
    };
    match raw {
        serde_json::Value::Number(n) => required_id(&Some(n.to_string()), field),
        serde_json::Value::String(s) => required_id(&Some(s), field),
        serde_json::Value::Null => Err(missing(field)),
        _ => Err(invalid(field)),
    }
}

/// An optional non-negative id, `default` when absent.
pub fn optional_id(raw: &Option<String>, field: &'static str, default: i64) -> Result<i64, ApiError> {
    given(raw).map_or(Ok(default), |v| parse_id(v, field))
}

/// `A00001`: the parameter `field` lies outside `min..=max` (the message names both bounds).
pub fn out_of_range(field: &str, min: i64, max: i64) -> ApiError {
    ApiError::bad_with(
        "error-value-out-of-range",
        vec![("field", field.to_string()), ("min", min.to_string()), ("max", max.to_string())],
    )
}
