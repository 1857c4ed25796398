//! The server's integration tests, one module per domain (`cart`, `orders`, `payments`...):
//! its API tests against a real database and, where it has pages, their status and HTML.
//! They are one test binary rather than one per domain, so the test build links the server
//! once instead of once per domain (docs/decisions/0083-integration-tests-are-one-binary.md).

mod common;
mod pictures;

mod accounts;
mod address_forms;
mod addresses;
mod analytics;
mod cart;
mod cart_pages;
mod catalog;
mod chat;
mod cluster;
mod comparison;
mod deals;
mod dev_gateway;
mod favourites;
mod flash_sale;
mod forms;
mod http;
mod invoices;
mod layers;
mod layout;
mod media;
mod members;
mod notices;
mod orders;
mod pages;
mod payments;
mod points_mall;
mod refunds;
mod reviews;
mod search;
mod search_tokenizers;
mod security;
mod seed;
mod seo;
mod shop_apply;
mod shops;
mod site_config;
mod user_orders;
mod users;
mod wallet;
