//! URLs of the pages: reading the request's query, encoding values into links.

pub use api::url::{encode, percent_decode, query_param};
