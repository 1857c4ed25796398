//! A rule's refusal: the catalogue key of its message and the message's arguments. The pure
//! rules of the domains return it without knowing HTTP; `http::error::ApiError` answers it as
//! `A00001` in the buyer's language. A rule whose callers branch on the reason has an enum of
//! its own instead (`cart::rules::Refusal`).
//!
//! A domain's service steps, which also read and write the database, answer [`DomainError`]:
//! the domain layer's one error type, as `ApiError` is the HTTP layer's. A step whose callers
//! branch on the reason has an enum of its own instead (`orders::error::OrderError`).

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

/// Why a domain's service step did not succeed: refused (the buyer's message), too busy to try
/// now, or something underneath failed (logged, answered generically).
#[derive(Debug, thiserror::Error)]
pub enum DomainError {
    #[error("refused: {}", .0.key)]
    Refused(Refusal),
    /// The work is turned away for now (a full queue of password hashing): `error-too-busy`.
    #[error("too busy")]
    Busy,
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// Anything else unexpected, with the detail for the log.
    #[error("internal: {0}")]
    Internal(String),
}

impl From<Refusal> for DomainError {
    fn from(refusal: Refusal) -> Self {
        DomainError::Refused(refusal)
    }
}

impl DomainError {
    /// A refusal without arguments, as an error.
    pub fn refused(key: &'static str) -> Self {
        DomainError::Refused(Refusal::new(key))
    }

    /// A refusal with arguments, as an error.
    pub fn refused_with(key: &'static str, args: Vec<(&'static str, String)>) -> Self {
        DomainError::Refused(Refusal::with(key, args))
    }
}

/// The message of [`DomainError::Busy`].
pub const BUSY_KEY: &str = "error-too-busy";

/// The result of a domain's service step.
pub type DomainResult<T> = Result<T, DomainError>;
