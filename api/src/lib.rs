//! The provider API contract shared by the server, the Leptos app (native and wasm) and,
//! through generated TypeScript, the React widgets. No I/O lives here.
//!
//! Field names follow the storefront specification exactly (serde camelCase), because
//! black-box clients are written against those names.

pub mod account;
pub mod analytics;
pub mod browse;
pub mod catalog;
pub mod config;
pub mod envelope;
pub mod money;
pub mod redirect;
pub mod search;
pub mod url;

pub use envelope::{ApiResponse, Code};
