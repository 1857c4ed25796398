//! Languages and translation: the shared `i18n` crate (the catalogues only on the server side).

pub use i18n::*;
