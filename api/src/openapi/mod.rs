//! The OpenAPI 3.1 document of the provider API (feature `openapi`), built from this crate:
//! every path of [`crate::paths`] with its method, parameters (path, query, header), request
//! body (JSON or form) and the envelope `{success, code, msg, data}` with the schema of `data`.
//!
//! [`document`] is all a server needs: serialize it (`document().to_json()`) and serve it, e.g.
//! at `/api/openapi.json`. The schemas come from the wire types' `ToSchema` derives, the
//! query parameters from the query types' `IntoParams` derives, the descriptions from the doc
//! comments of the path constants.

use crate::account::*;
use crate::addresses::*;
use crate::analytics::FlowLog;
use crate::browse::*;
use crate::cart::*;
use crate::catalog::*;
use crate::config::*;
use crate::envelope::Code;
use crate::orders::*;
use crate::paths;
use crate::payments::*;
use crate::renovation::Block;
use crate::search::*;
use std::collections::BTreeMap;
use utoipa::openapi::info::LicenseBuilder;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{
    AllOfBuilder, ArrayBuilder, KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::server::Server;
use utoipa::openapi::tag::TagBuilder;
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, InfoBuilder, OpenApi, OpenApiBuilder, Paths, Ref, RefOr, Required,
    ResponseBuilder,
};
use utoipa::{IntoParams, PartialSchema, ToSchema};

mod development;
mod endpoint;
mod storefront;
mod user_centre;

use development::*;
use endpoint::*;
use storefront::*;
use user_centre::*;

const DESCRIPTION: &str = "\
The provider API of the mall storefront (spec section 7), mounted under `/api`.

Every answer is the envelope `{success, code, msg, data}` (HTTP 200, also for errors):
- `00000`: accepted; `data` holds the answer described for each call.
- `A00001`: bad input or a business rule; `msg` says what, in the request's language. An
  unknown path answers it with HTTP 404.
- `A00002`: passed through by clients as a normal result.
- `A00004`: not signed in, or the session ended (every path under `/p/`).
- `A00005`: an internal error; details are only in the server's log.

The session is the `token` cookie set by the sign-in calls (HttpOnly), or the same token in
`Authorization` (raw or `Bearer`). The language of messages and names is the `locale` header,
else the `lang` cookie, else English. State-changing requests whose `Origin` (or `Referer`)
names another site are refused. Money is US dollars with at most two decimals; times are Unix
milliseconds.";

/// The names of the security schemes.
const SESSION_COOKIE: &str = "sessionCookie";
const SESSION_TOKEN: &str = "sessionToken";

/// Where the server serves this document, under `/api`.
pub const PATH: &str = "/openapi.json";

/// [`document`] as JSON, with what utoipa cannot say: every optional query parameter
/// `allowEmptyValue` (an empty value is taken as not given, like a blank form field).
pub fn json() -> Result<String, serde_json::Error> {
    let mut doc = serde_json::to_value(document())?;
    if let Some(paths) = doc.get_mut("paths").and_then(serde_json::Value::as_object_mut) {
        let operations = paths.values_mut().filter_map(serde_json::Value::as_object_mut).flat_map(|p| p.values_mut());
        for operation in operations {
            let Some(parameters) = operation.get_mut("parameters").and_then(serde_json::Value::as_array_mut) else {
                continue;
            };
            for parameter in parameters.iter_mut().filter_map(serde_json::Value::as_object_mut) {
                let optional = parameter.get("required") != Some(&serde_json::Value::Bool(true));
                if parameter.get("in").and_then(serde_json::Value::as_str) == Some("query") && optional {
                    parameter.insert("allowEmptyValue".into(), serde_json::Value::Bool(true));
                }
            }
        }
    }
    serde_json::to_string(&doc)
}

/// The OpenAPI 3.1 document of every path of [`crate::paths`].
pub fn document() -> OpenApi {
    let mut doc = Doc::default();
    accounts(&mut doc);
    configuration(&mut doc);
    browsing(&mut doc);
    deals(&mut doc);
    search(&mut doc);
    cart_and_orders(&mut doc);
    payments(&mut doc);
    user_orders(&mut doc);
    user_favourites(&mut doc);
    user_profile(&mut doc);
    user_shop(&mut doc);
    comparison(&mut doc);
    user_reviews(&mut doc);
    user_refunds(&mut doc);
    user_invoices(&mut doc);
    user_wallet(&mut doc);
    user_members(&mut doc);
    user_chat(&mut doc);
    user_points_mall(&mut doc);
    analytics(&mut doc);
    development(&mut doc);

    let mut schemas = doc.schemas;
    schemas.insert("Envelope".into(), envelope_schema());
    schemas.insert("Refusal".into(), refusal_schema());
    schemas.insert(Code::name().into_owned(), Code::schema());
    // The blocks travel inside `RenovationPage.content`, a string; their schema is named there.
    let mut blocks = vec![(Block::name().into_owned(), Block::schema())];
    Block::schemas(&mut blocks);
    schemas.extend(blocks);
    let components = ComponentsBuilder::new()
        .schemas_from_iter(schemas)
        .security_scheme(
            SESSION_COOKIE,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                "token",
                "The session, set by the sign-in calls.",
            ))),
        )
        .security_scheme(
            SESSION_TOKEN,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("The session token in `Authorization`, raw or as `Bearer <token>`."))
                    .build(),
            ),
        )
        .build();
    let tags =
        TAGS.iter().map(|(name, description)| TagBuilder::new().name(*name).description(Some(*description)).build());
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Mall provider API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(DESCRIPTION))
                .license(Some(
                    LicenseBuilder::new()
                        .name(env!("CARGO_PKG_LICENSE"))
                        .identifier(Some(env!("CARGO_PKG_LICENSE")))
                        .build(),
                ))
                .build(),
        )
        .servers(Some([Server::new("/api")]))
        .paths(doc.paths)
        .components(Some(components))
        .tags(Some(tags))
        .build()
}

const TAGS: [(&str, &str); 16] = [
    ("accounts", "Sign-in, sign-up, one-time codes, third-party sign-in, the buyer's profile."),
    ("configuration", "Currencies, site texts, languages, payment switches."),
    ("browsing", "Notices, categories, products, shops, banners, decorated pages."),
    ("deals", "Discounts and coupons."),
    ("search", "Hot words, suggestions, the search page."),
    ("cart", "The cart: lines grouped by shop, changed by a signed count."),
    ("addresses", "The buyer's delivery addresses."),
    ("orders", "Order confirmation and submission (one order per shop), the buyer's orders."),
    ("payments", "The checkout counter: pay orders, top up the balance, gateways' notifications."),
    (
        "user centre",
        "The buyer's account pages: profile, passwords, binding, levels, favourites, footprints, opening a shop.",
    ),
    ("comparison", "The same product's offers across shops, similar products, price history."),
    ("reviews", "Product reviews: writing one per received item, a product's reviews, the buyer's own."),
    ("invoices", "Invoices of paid orders: requesting one, its state, the issued PDF."),
    ("refunds", "Refunds and returns: applying, the buyer's applications and their progress, the return shipment, withdrawing, platform intervention."),
    ("analytics", "Page-visit records."),
    ("development", "Development tools, served only with MALL_DEV=1."),
];

/// The document being built: its paths and the schemas they refer to.
#[derive(Default)]
struct Doc {
    paths: Paths,
    schemas: BTreeMap<String, RefOr<Schema>>,
}

impl Doc {
    /// Adds the operation with its answers: with HTTP 200 the envelope of an accepted call
    /// (its `data`) or of a refused one, with HTTP 404 a refusal (no such record).
    fn add(&mut self, endpoint: Endpoint) {
        self.schemas.extend(endpoint.schemas);
        let accepted = AllOfBuilder::new().item(Ref::from_schema_name("Envelope")).item(
            ObjectBuilder::new()
                .property("success", ObjectBuilder::new().schema_type(Type::Boolean).enum_values(Some([true])))
                .property("code", ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["00000", "A00002"])))
                .property("data", endpoint.data),
        );
        let answer = OneOfBuilder::new().item(accepted).item(Ref::from_schema_name("Refusal"));
        let response = ResponseBuilder::new()
            .description("The envelope: `data` as described when `success` is true, else a refusal.")
            .content("application/json", ContentBuilder::new().schema(Some(answer)).build());
        let not_found = ResponseBuilder::new()
            .description("No such record (or path): a refusal with code `A00001`.")
            .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("Refusal"))).build());
        let operation = endpoint.operation.response("200", response).response("404", not_found).build();
        self.paths.add_path_operation(endpoint.path, vec![endpoint.method], operation);
    }
}

/// The gist of a path's doc comment: what follows the method and parameters ("`GET ?prodId=`:
/// everything the detail page shows of a product (`ProductDetail`).") up to the first full
/// stop, capitalized.
fn summary(description: &str) -> String {
    let gist = description.split_once(": ").map_or(description, |(_, rest)| rest);
    let gist = gist.split(". ").next().unwrap_or_default().trim().trim_end_matches('.');
    let mut chars = gist.chars();
    chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
}

#[cfg(test)]
mod tests;
