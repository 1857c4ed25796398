//! The HTTP parts every domain shares, each in one place: the one error type and envelope
//! (`error`), extractors and the request language (`extract`), path and query parameters
//! (`params`), the one paging policy (`paging`), the signed-in user (`auth`), the client's
//! address and scheme (`client`), the CSRF guard (`csrf`), the answers of form posts (`forms`),
//! the marking of answers shared by everyone (`shared_answers`). The domains build on these;
//! nothing here names a domain, except that `auth` reads the session store
//! (`accounts::sessions`, which needs only `db`: it sits below `http`, the rest of `accounts`
//! above). The routers that merge the domains are assembled above them all, in `crate::routes`.

pub mod auth;
pub mod client;
pub mod csrf;
pub mod error;
pub mod extract;
pub mod forms;
pub mod paging;
pub mod params;
pub mod shared_answers;

/// Request headers from name/value pairs, for the unit tests of the guards that read them.
#[cfg(test)]
pub(crate) fn header_map(pairs: &[(&'static str, &str)]) -> axum::http::HeaderMap {
    let mut headers = axum::http::HeaderMap::new();
    for (name, value) in pairs {
        headers.append(*name, value.parse().expect("a valid header value"));
    }
    headers
}

/// Largest request body the API accepts (JSON payloads are small; uploads are separate).
pub const MAX_BODY_BYTES: usize = 64 * 1024;
