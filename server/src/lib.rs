#![recursion_limit = "512"]
//! The mall server: the provider API under `/api`, server-side rendering of the Leptos app,
//! static assets, the database and the demo seed.

pub mod accounts;
pub mod api;
pub mod config;
pub mod db;
pub mod error;
pub mod housekeeping;
pub mod search;
pub mod seed;
pub mod state;
pub mod web;

pub use state::AppState;
