//! The provider API contract shared by the server, the Leptos app (native and wasm) and,
//! through generated TypeScript, the React widgets. No I/O lives here.
//!
//! Field names follow the storefront specification exactly (serde camelCase), because
//! black-box clients are written against those names.
//!
//! Optional features, never enabled by the server's or the browser's build: `ts` derives the
//! TypeScript bindings of the widgets ([`ts`], written by `make contract`), `openapi` the
//! OpenAPI 3.1 document of `/api` ([`openapi::document`]).

/// A named constant of the contract, as the sets below list them for the generators (the
/// TypeScript of the widgets, the OpenAPI document) and the tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Constant<T: 'static> {
    /// The Rust name (`PROD_INFO`, `GOOGLE`), used as is in TypeScript.
    pub name: &'static str,
    pub value: T,
    /// The doc comment, one line per `///` line.
    pub doc: &'static str,
}

/// Declares constants of one type, each with its doc comment, and `ALL`, the list of them.
///
/// With `pub mod name: Type { ... }` it declares them in a module of that name (a code set
/// such as [`search::sort_code`]), whose doc comment is also kept as `DOC`; with `Type; ...`
/// in the module it is called in (as [`paths`] does).
macro_rules! constants {
    (
        $(#[doc = $doc:literal])*
        pub mod $module:ident: $ty:ty {
            $( $(#[doc = $item_doc:literal])* $name:ident = $value:expr; )*
        }
    ) => {
        $(#[doc = $doc])*
        pub mod $module {
            $crate::constants! { $ty; $( $(#[doc = $item_doc])* $name = $value; )* }

            /// The doc comment of this set, for generated code.
            pub const DOC: &str = concat!($($doc, "\n"),*);
        }
    };
    (
        $ty:ty;
        $( $(#[doc = $item_doc:literal])* $name:ident = $value:expr; )*
    ) => {
        $( $(#[doc = $item_doc])* pub const $name: $ty = $value; )*

        /// Every constant above, in order, with its name and doc comment.
        pub const ALL: &[$crate::Constant<$ty>] = &[
            $( $crate::Constant { name: stringify!($name), value: $name, doc: concat!($($item_doc, "\n"),*) }, )*
        ];
    };
}
pub(crate) use constants;

/// A doc comment for generated code: Rust intra-doc links read as plain code,
/// "[`Price`](crate::money::Price)" and "[`Price`]" become "`Price`".
#[cfg(any(feature = "ts", feature = "openapi"))]
pub(crate) fn plain_doc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[`") {
        let Some(end) = rest[start + 2..].find("`]").map(|e| start + 2 + e) else { break };
        out.push_str(&rest[..start]);
        out.push_str(&rest[start + 1..end + 1]);
        rest = &rest[end + 2..];
        if rest.starts_with('(') {
            if let Some(close) = rest.find(')') {
                rest = &rest[close + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(all(test, any(feature = "ts", feature = "openapi")))]
mod tests {
    #[test]
    fn doc_links_become_plain_code() {
        assert_eq!(super::plain_doc("a [`Price`](crate::money::Price) b [`c`] d"), "a `Price` b `c` d");
        assert_eq!(super::plain_doc("no links [here]"), "no links [here]");
    }
}

pub mod account;
pub mod addresses;
pub mod analytics;
pub mod bridge;
pub mod browse;
pub mod calendar;
pub mod cart;
pub mod catalog;
pub mod chat;
pub mod client_rules;
pub mod comparison;
pub mod config;
pub mod countdown;
pub mod envelope;
pub mod favourites;
pub mod forms;
pub mod in_process;
pub mod invoices;
pub mod members;
pub mod money;
pub mod orders;
pub mod paths;
pub mod payments;
pub mod points_mall;
pub mod redirect;
pub mod refunds;
pub mod renovation;
pub mod reviews;
pub mod search;
pub mod shop_apply;
pub mod url;
pub mod users;
pub mod wallet;

#[cfg(feature = "openapi")]
pub mod openapi;
#[cfg(feature = "ts")]
pub mod ts;

pub use envelope::{ApiResponse, Code};
