#![recursion_limit = "512"]
//! The mall server: the provider API under `/api`, server-side rendering of the Leptos app,
//! static assets, the database and the demo seed.

pub mod accounts;
pub mod addresses;
pub mod analytics;
pub mod cache;
pub mod cart;
pub mod catalog;
pub mod chat;
pub mod comparison;
pub mod config;
pub mod db;
pub mod deals;
pub mod demo;
pub mod favourites;
pub mod footprints;
pub mod housekeeping;
pub mod http;
pub mod invoices;
pub mod media;
pub mod members;
pub mod notices;
pub mod orders;
pub mod payments;
pub mod points_mall;
pub mod qr;
pub mod refunds;
pub mod refusal;
pub mod reviews;
pub mod routes;
pub mod search;
pub mod shops;
pub mod site_config;
pub mod state;
pub mod users;
pub mod wallet;
pub mod web;

pub use state::AppState;
