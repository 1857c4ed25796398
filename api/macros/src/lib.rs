//! `#[wire]`: the one place that says what every type crossing the API carries.
//!
//! Each wire type is serialized in the spec's camelCase field names, exported to the widgets'
//! TypeScript (feature `ts`) and described in the OpenAPI document (feature `openapi`). Written
//! by hand on every type, those four attributes drifted; here they are written once.
//!
//! Options, comma-separated:
//! - `default`: missing fields take their defaults (`Default` and `#[serde(default)]`), for
//!   the decorated blocks and answers whose fields the spec marks optional;
//! - `query`: a query string (`utoipa::IntoParams` in the query, optional fields in TypeScript).
//!
//! Anything else (`Eq`, `Copy`, `#[serde(tag = ...)]`) is written on the type as usual.

use proc_macro::TokenStream;

/// Derives the wire format of a contract type; see the crate documentation for the options.
#[proc_macro_attribute]
pub fn wire(options: TokenStream, item: TokenStream) -> TokenStream {
    let mut defaults = false;
    let mut query = false;
    for option in options.to_string().split(',').map(str::trim).filter(|o| !o.is_empty()) {
        match option {
            "default" => defaults = true,
            "query" => query = true,
            other => {
                let message = format!("unknown #[wire] option `{other}`: use `default` or `query`");
                return format!("compile_error!({message:?});").parse().expect("a compile error");
            }
        }
    }
    let mut derives = vec!["Debug", "Clone", "PartialEq", "serde::Serialize", "serde::Deserialize"];
    if defaults {
        derives.push("Default");
    }
    let ts = if query { "derive(ts_rs::TS), ts(optional_fields)" } else { "derive(ts_rs::TS)" };
    let openapi = if query {
        "derive(utoipa::ToSchema, utoipa::IntoParams), into_params(parameter_in = Query)"
    } else {
        "derive(utoipa::ToSchema)"
    };
    let serde = if defaults { r#"rename_all = "camelCase", default"# } else { r#"rename_all = "camelCase""# };
    let attributes = format!(
        "#[derive({})] #[cfg_attr(feature = \"ts\", {ts})] #[cfg_attr(feature = \"openapi\", {openapi})] #[serde({serde})]",
        derives.join(", ")
    );
    let mut out: TokenStream = attributes.parse().expect("the wire attributes parse");
    out.extend(item);
    out
}
