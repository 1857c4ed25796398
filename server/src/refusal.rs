//! A rule's refusal: the catalogue key of its message and the message's arguments. The pure
//! rules of the domains return it without knowing HTTP; `http::error::ApiError` answers it as
//! `A00001` in the buyer's language. A rule whose callers branch on the reason has an enum of
//! its own instead (`cart::rules::Refusal`).

/// Why a rule refused, as the message the buyer reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl Refusal {
    /// A message without arguments.
    pub fn new(key: &'static str) -> Self {
        Refusal { key, args: Vec::new() }
    }

    /// A message with arguments.
    pub fn with(key: &'static str, args: Vec<(&'static str, String)>) -> Self {
        Refusal { key, args }
    }

    /// A required field left out (`error-missing-field`).
    pub fn missing(field: &'static str) -> Self {
        Refusal::with("error-missing-field", vec![("field", field.to_string())])
    }

    /// A field whose value is not one the rule knows (`error-invalid-field`).
    pub fn invalid(field: &'static str) -> Self {
        Refusal::with("error-invalid-field", vec![("field", field.to_string())])
    }
}
