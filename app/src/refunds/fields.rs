//! What the refund forms share: the fields a message may belong to, the errors shown next to
//! them, and the server's refusal placed by the start of its translated message (else under
//! the form).

use crate::components::form_call::Refusal;
use api::refunds::NOTE_MAX_CHARS;
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
pub(super) struct Errors(pub(super) Vec<(String, String)>);

impl Errors {
    pub(super) fn of(&self, field: &str) -> Option<String> {
        self.0.iter().find(|(f, _)| f == field).map(|(_, m)| m.clone())
    }
}

/// Puts a refusal of either refund form next to its field, or under the form (a network
/// failure as `failed`).
pub(super) fn show_refusal(errors: RwSignal<Errors>, refusal: Refusal, messages: &[FieldMessage], failed: &str) {
    let error = match refusal {
        Refusal::Input(msg) => (field_of(messages, &msg).unwrap_or_else(|| "form".into()), msg),
        Refusal::Network => ("form".into(), failed.to_string()),
    };
    errors.set(Errors(vec![error]));
}

/// Where either refund form goes once sent: the application's page.
pub(super) fn go_to_refund(refund_sn: &str) {
    #[cfg(feature = "hydrate")]
    crate::cart::web::go(&crate::refunds::detail_href(refund_sn));
    #[cfg(not(feature = "hydrate"))]
    let _ = refund_sn;
}

/// Whether a note is too long (counted as the server counts it: trimmed, in characters).
pub fn too_long(text: &str) -> bool {
    text.trim().chars().count() > NOTE_MAX_CHARS
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
    fn notes_are_counted_as_the_server_counts_them() {
        assert!(!too_long(&"退".repeat(200)) && too_long(&"a".repeat(201)));
    }
}
