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

/// One operation under construction.
struct Endpoint {
    method: HttpMethod,
    path: &'static str,
    operation: OperationBuilder,
    schemas: Vec<(String, RefOr<Schema>)>,
    /// The schema of the envelope's `data`; `null` unless set.
    data: RefOr<Schema>,
}

fn endpoint(method: HttpMethod, path: &'static str, tag: &str) -> Endpoint {
    let doc = paths::ALL.iter().find(|p| p.value == path).map(|p| p.doc).unwrap_or_default();
    let description = crate::plain_doc(&doc.lines().map(str::trim).collect::<Vec<_>>().join(" "));
    let id = paths::ALL.iter().find(|p| p.value == path).map(|p| p.name).unwrap_or(path);
    let method_name = match method {
        HttpMethod::Get => "get",
        HttpMethod::Put => "put",
        HttpMethod::Delete => "delete",
        _ => "post",
    };
    let mut operation = OperationBuilder::new()
        .tag(tag)
        .operation_id(Some(format!("{method_name}{}", crate::paths::pascal_case(id))))
        .summary(Some(summary(&description)))
        .description(Some(description))
        .parameter(
            ParameterBuilder::new()
                .name("locale")
                .parameter_in(ParameterIn::Header)
                .required(Required::False)
                .description(Some(
                    "The language of messages and names: `en`, `zh_CN` or `km`; any other value falls back \
                     to the `lang` cookie, then English.",
                ))
                .schema(Some(ObjectBuilder::new().schema_type(Type::String).examples(["en", "zh_CN", "km"]))),
        );
    for name in paths::parameters(path) {
        operation = operation.parameter(
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Path)
                .required(Required::True)
                .schema(Some(path_parameter_schema(name))),
        );
    }
    // Paths under /p/ need the session; the others are open (see `signed_in`, `maybe_signed_in`).
    operation = if path.starts_with("/p/") {
        operation.securities(Some(session()))
    } else {
        operation.securities(Some(Vec::new()))
    };
    Endpoint { method, path, operation, schemas: Vec::new(), data: null() }
}

fn get(path: &'static str, tag: &str) -> Endpoint {
    endpoint(HttpMethod::Get, path, tag)
}

fn post(path: &'static str, tag: &str) -> Endpoint {
    endpoint(HttpMethod::Post, path, tag)
}

fn put(path: &'static str, tag: &str) -> Endpoint {
    endpoint(HttpMethod::Put, path, tag)
}

fn delete(path: &'static str, tag: &str) -> Endpoint {
    endpoint(HttpMethod::Delete, path, tag)
}

/// Ids in paths are integers; an order number (`orderNumber`) is a string of digits, a development
/// gateway payment (`paymentId`) one of hexadecimal digits.
fn path_parameter_schema(name: &str) -> RefOr<Schema> {
    match name {
        "orderNumber" => ObjectBuilder::new().schema_type(Type::String).pattern(Some("^[0-9]{1,32}$")).into(),
        // The development payment gateway's payments: 32 hexadecimal digits.
        "paymentId" => ObjectBuilder::new().schema_type(Type::String).pattern(Some("^[0-9a-f]{32}$")).into(),
        // A refund application's number (`refundSn`): letters and digits.
        "refundSn" => ObjectBuilder::new().schema_type(Type::String).pattern(Some("^[0-9A-Za-z]{1,40}$")).into(),
        _ => i64::schema(),
    }
}

/// Either way of presenting the session.
fn session() -> Vec<SecurityRequirement> {
    vec![
        SecurityRequirement::new(SESSION_COOKIE, Vec::<String>::new()),
        SecurityRequirement::new(SESSION_TOKEN, Vec::<String>::new()),
    ]
}

impl Endpoint {
    /// A named schema and those it refers to, registered; a reference to it.
    fn named<T: ToSchema>(&mut self) -> RefOr<Schema> {
        self.schemas.push((T::name().into_owned(), T::schema()));
        T::schemas(&mut self.schemas);
        Ref::from_schema_name(T::name()).into()
    }

    /// The query parameters of `Q`.
    fn query<Q: IntoParams>(mut self) -> Self {
        self.operation = self.operation.parameters(Some(Q::into_params(|| Some(ParameterIn::Query))));
        self
    }

    /// The query parameters of `Q`, none of them required (the same values may come in the
    /// body instead).
    fn optional_query<Q: IntoParams>(mut self) -> Self {
        let parameters: Vec<Parameter> = Q::into_params(|| Some(ParameterIn::Query))
            .into_iter()
            .map(|mut p| {
                p.required = Required::False;
                p
            })
            .collect();
        self.operation = self.operation.parameters(Some(parameters));
        self
    }

    fn body<B: ToSchema>(mut self, content_type: &str, required: bool) -> Self {
        let schema = self.named::<B>();
        let body = RequestBodyBuilder::new()
            .content(content_type, ContentBuilder::new().schema(Some(schema)).build())
            .required(Some(if required { Required::True } else { Required::False }))
            .build();
        self.operation = self.operation.request_body(Some(body));
        self
    }

    /// A JSON body of type `B`.
    fn json<B: ToSchema>(self) -> Self {
        self.body::<B>("application/json", true)
    }

    /// A JSON body that is a plain value or a list (`[1, 2]`), not a named type.
    fn json_value<B: PartialSchema>(mut self) -> Self {
        let body = RequestBodyBuilder::new()
            .content("application/json", ContentBuilder::new().schema(Some(B::schema())).build())
            .required(Some(Required::True))
            .build();
        self.operation = self.operation.request_body(Some(body));
        self
    }

    /// A form-encoded body of type `B`.
    fn form<B: ToSchema>(self) -> Self {
        self.body::<B>("application/x-www-form-urlencoded", true)
    }

    /// Answers need a signed-in buyer (besides every path under `/p/`).
    fn signed_in(mut self) -> Self {
        self.operation = self.operation.securities(Some(session()));
        self
    }

    /// Open to guests; a signed-in buyer's answer says what is theirs (claimed, followed).
    fn maybe_signed_in(mut self) -> Self {
        let mut anyone = vec![SecurityRequirement::default()];
        anyone.extend(session());
        self.operation = self.operation.securities(Some(anyone));
        self
    }

    /// `data` is a `T`.
    fn data<T: ToSchema>(mut self) -> Self {
        self.data = self.named::<T>();
        self
    }

    /// `data` is a `T` or `null`.
    fn data_or_null<T: ToSchema>(mut self) -> Self {
        let schema = self.named::<T>();
        self.data = OneOfBuilder::new().item(null()).item(schema).into();
        self
    }

    /// `data` is a list of `T`.
    fn data_list<T: ToSchema>(mut self) -> Self {
        self.data = ArrayBuilder::new().items(self.named::<T>()).into();
        self
    }

    /// `data` is a [`Page`] of `T`.
    fn data_page<T: ToSchema>(mut self) -> Self {
        let records = self.named::<T>();
        self.data = page_schema(records);
        self
    }

    /// `data` is a plain value (a boolean, a string).
    fn data_value<T: PartialSchema>(mut self) -> Self {
        self.data = T::schema();
        self
    }
}

/// A [`Page`] whose records are `records` (a generic type is spelled out where it is used).
fn page_schema(records: RefOr<Schema>) -> RefOr<Schema> {
    let count = |description: &str| {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .description(Some(description))
    };
    ObjectBuilder::new()
        .description(Some("A page of records."))
        .property("records", ArrayBuilder::new().items(records))
        .property("total", count("The number of records on all pages."))
        .property("current", count("This page, from 1."))
        .property("size", count("Records per page."))
        .property("pages", count("The number of pages."))
        .required("records")
        .required("total")
        .required("current")
        .required("size")
        .required("pages")
        .into()
}

/// `null`.
fn null() -> RefOr<Schema> {
    ObjectBuilder::new().schema_type(Type::Null).into()
}

/// The envelope of a refused call: `success` false, a refusing code, a message, no `data`.
fn refusal_schema() -> RefOr<Schema> {
    AllOfBuilder::new()
        .description(Some("A refused call: what went wrong is in `msg`."))
        .item(Ref::from_schema_name("Envelope"))
        .item(
            ObjectBuilder::new()
                .property("success", ObjectBuilder::new().schema_type(Type::Boolean).enum_values(Some([false])))
                .property(
                    "code",
                    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["A00001", "A00004", "A00005"])),
                )
                .property("msg", ObjectBuilder::new().schema_type(Type::String).min_length(Some(1)))
                .property("data", null()),
        )
        .into()
}

/// `{success, code, msg, data}`; `data` is refined by each operation.
fn envelope_schema() -> RefOr<Schema> {
    ObjectBuilder::new()
        .description(Some("The envelope of every answer."))
        .property("success", ObjectBuilder::new().schema_type(Type::Boolean).description(Some("`code` is `00000`.")))
        .property("code", Ref::from_schema_name("Code"))
        .property(
            "msg",
            ObjectBuilder::new()
                .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
                .description(Some("What went wrong, in the request's language; `null` on success.")),
        )
        .property(
            "data",
            ObjectBuilder::new().schema_type(SchemaType::AnyValue).description(Some("The answer; `null` on failure.")),
        )
        .required("success")
        .required("code")
        .required("msg")
        .required("data")
        .into()
}

fn accounts(doc: &mut Doc) {
    const TAG: &str = "accounts";
    doc.add(post(paths::LOGIN, TAG).json::<LoginRequest>().data::<TokenData>());
    doc.add(post(paths::MAIL_LOGIN, TAG).json::<LoginRequest>().data::<TokenData>());
    doc.add(post(paths::MOBILE_LOGIN, TAG).json::<LoginRequest>().data::<TokenData>());
    doc.add(post(paths::USER_SIGNUP, TAG).json::<SignupRequest>().data::<TokenData>());
    doc.add(post(paths::USER_CHECK_USER, TAG).query::<CheckUserQuery>().data::<CheckUserData>());
    doc.add(post(paths::SMS_SEND_LOGIN_CODE, TAG).form::<SendCodeRequest>());
    doc.add(put(paths::USER_SEND_BIND_SMS, TAG).json::<SendBindCodeRequest>());
    doc.add(post(paths::BIND_MAIL_AND_THIRD_LOGIN, TAG).json::<BindMailRequest>().data::<TokenData>());
    doc.add(post(paths::LOG_OUT, TAG));
    doc.add(get(paths::USER_INFO, TAG).data::<UserInfo>());
    doc.add(get(paths::USER_CENTER_INFO, TAG).data::<CenterInfo>());
    doc.add(get(paths::GET_THIRD_LOGIN_URL, TAG).query::<ThirdLoginUrlQuery>().data_value::<String>());
    doc.add(post(paths::THIRD_LOGIN, TAG).json::<ThirdLoginRequest>().data::<ThirdLoginData>());
    doc.add(post(paths::USER_REGISTER_OR_BIND_USER, TAG).signed_in().json::<RegisterOrBindRequest>());
    doc.add(post(paths::USER_SEND_RESET_CODE, TAG).json::<SendCodeRequest>());
    doc.add(post(paths::USER_RESET_PASSWORD, TAG).json::<SignupRequest>());
}

fn configuration(doc: &mut Doc) {
    const TAG: &str = "configuration";
    doc.add(get(paths::CURRENCY_LIST, TAG).data_list::<Currency>());
    doc.add(get(paths::PC_WEB_CONFIG, TAG).data::<PcWebConfig>());
    doc.add(get(paths::LANG_DEFAULT, TAG).data::<LangDefault>());
    doc.add(get(paths::SYS_PAY_SWITCH, TAG).data::<PaySwitchInfo>());
}

fn browsing(doc: &mut Doc) {
    const TAG: &str = "browsing";
    doc.add(get(paths::TOP_NOTICE_LIST, TAG).data_list::<Notice>());
    doc.add(get(paths::TOP_NOTICE_LIST_SIGNED_IN, TAG).data_list::<Notice>());
    doc.add(get(paths::NOTICE_INFO, TAG).data::<NoticeDetail>());
    doc.add(get(paths::NOTICE_LIST, TAG).query::<NoticeListQuery>().data_page::<Notice>());
    doc.add(get(paths::CATEGORY_INFO, TAG).query::<CategoryInfoQuery>().data::<CategoryInfo>());
    doc.add(get(paths::PROD_INFO, TAG).query::<ProdQuery>().data::<ProductDetail>());
    doc.add(get(paths::PROD_IS_STATUS, TAG).query::<ProdQuery>().data_value::<bool>());
    doc.add(get(paths::INDEX_IMGS, TAG).query::<BannerQuery>().data_list::<Banner>());
    doc.add(get(paths::HOT_SHOPS, TAG).data_list::<ShopCard>());
    doc.add(get(paths::SHOP_HEAD_INFO, TAG).maybe_signed_in().query::<ShopQuery>().data::<ShopHeadInfo>());
    doc.add(get(paths::LIST_RENOVATION_SHOP, TAG).query::<ShopIdsQuery>().data_list::<ShopCard>());
    doc.add(get(paths::SHOP_CATEGORY, TAG).query::<ShopQuery>().data_list::<Category>());
    doc.add(
        post(paths::SHOP_COLLECTION_ADD_OR_CANCEL, TAG)
            .optional_query::<ShopQuery>()
            .body::<CollectShopRequest>("application/json", false)
            .data_value::<bool>(),
    );
    doc.add(get(paths::SHOP_RENOVATION_HOMEPAGE, TAG).query::<RenovationQuery>().data_or_null::<RenovationPage>());
}

fn deals(doc: &mut Doc) {
    const TAG: &str = "deals";
    doc.add(get(paths::DISCOUNT_LIST, TAG).query::<PageQuery>().data_page::<DiscountCard>());
    doc.add(get(paths::DISCOUNT_INFO, TAG).query::<DiscountQuery>().data::<DiscountCard>());
    doc.add(get(paths::COUPON_PAGE, TAG).maybe_signed_in().query::<PageQuery>().data_page::<CouponCard>());
    doc.add(get(paths::COUPON_INFO, TAG).maybe_signed_in().query::<CouponQuery>().data::<CouponCard>());
    doc.add(
        post(paths::MY_COUPON_RECEIVE, TAG)
            .optional_query::<CouponQuery>()
            .body::<ReceiveCouponRequest>("application/json", false)
            .data::<MyCoupon>(),
    );
    doc.add(get(paths::MY_COUPON_PAGE, TAG).query::<MyCouponQuery>().data_page::<MyCoupon>());
}

fn search(doc: &mut Doc) {
    const TAG: &str = "search";
    doc.add(get(paths::HOT_SEARCH, TAG).query::<HotSearchQuery>().data_list::<HotSearch>());
    doc.add(get(paths::SEARCH_SUGGESTIONS, TAG).query::<SuggestionQuery>().data_list::<Suggestion>());
    doc.add(get(paths::SEARCH_PAGE, TAG).query::<SearchPageQuery>().data_page::<SearchRecord>());
    doc.add(get(paths::SEARCH_RENOVATION_PAGE, TAG).query::<RenovationPageQuery>().data_page::<ProductCard>());
}

fn cart_and_orders(doc: &mut Doc) {
    const CART: &str = "cart";
    doc.add(get(paths::SHOP_CART_INFO, CART).data_list::<ShopCart>());
    doc.add(post(paths::SHOP_CART_CHANGE_ITEM, CART).json::<ChangeItemRequest>());
    doc.add(delete(paths::SHOP_CART_DELETE_ITEM, CART).json_value::<Vec<i64>>());
    doc.add(get(paths::SHOP_CART_PROD_COUNT, CART).data_value::<i64>());

    const ADDRESSES: &str = "addresses";
    doc.add(get(paths::ADDRESS_LIST, ADDRESSES).data_list::<UserAddr>());
    doc.add(post(paths::ADDRESS_ADD, ADDRESSES).json::<AddrParam>().data::<UserAddr>());
    doc.add(put(paths::ADDRESS_UPDATE, ADDRESSES).json::<AddrParam>().data::<UserAddr>());
    doc.add(delete(paths::ADDRESS_DELETE, ADDRESSES));
    doc.add(put(paths::ADDRESS_DEFAULT, ADDRESSES));
    doc.add(get(paths::ADDRESS_INFO, ADDRESSES).data::<UserAddr>());

    const ORDERS: &str = "orders";
    doc.add(post(paths::ORDER_CONFIRM, ORDERS).json::<OrderParam>().data::<OrderConfirmation>());
    doc.add(post(paths::ORDER_SUBMIT, ORDERS).json::<SubmitOrderParam>().data::<OrderNumbers>());
    doc.add(get(paths::MY_ORDER_DETAIL, ORDERS).query::<OrderNumberQuery>().data::<OrderDetail>());
    doc.add(get(paths::MY_ORDER_LIST, ORDERS).query::<MyOrderQuery>().data_page::<MyOrder>());
    doc.add(get(paths::MY_ORDER_COUNT, ORDERS).data::<OrderCount>());
    doc.add(put(paths::MY_ORDER_CANCEL, ORDERS));
    doc.add(put(paths::MY_ORDER_RECEIPT, ORDERS));
    doc.add(get(paths::GROUP_TEAM_JOIN_LIST, ORDERS).query::<GroupTeamQuery>().data_list::<GroupTeam>());
}

fn payments(doc: &mut Doc) {
    const TAG: &str = "payments";
    doc.add(get(paths::ORDER_PAY_INFO, TAG).query::<OrderNumbersQuery>().data::<OrderPayInfo>());
    doc.add(post(paths::ORDER_PAY, TAG).json::<PayParam>().data::<PayResult>());
    doc.add(get(paths::ORDER_PAY_STATUS, TAG).query::<PayNoQuery>().data::<PayStatus>());
    doc.add(post(paths::BALANCE_RECHARGE, TAG).json::<RechargeParam>().data::<PayResult>());
    doc.add(put(paths::USER_PAY_PASSWORD, TAG).json::<PayPasswordParam>());
    // A gateway's notification is its own format, signed over the raw body; the answer is
    // the envelope (accepted) or a refusal (bad signature, unknown payment).
    doc.add(post(paths::PAY_NOTICE, TAG).json_value::<serde_json::Value>());
}

/// The user centre: overview and orders.
fn user_orders(doc: &mut Doc) {
    // The member level and what the buyer holds; the order list and counts are under "orders".
    const TAG: &str = "accounts";
    doc.add(get(paths::USER_LEVEL, TAG).data::<crate::members::UserLevel>());
    doc.add(get(paths::USER_ASSETS, TAG).data::<crate::members::UserAssets>());
}

/// The user centre: favourites and footprints.
fn user_favourites(doc: &mut Doc) {
    use crate::favourites::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::USER_COLLECTION_PAGE, TAG).query::<PageQuery>().data_page::<CollectionProduct>());
    doc.add(get(paths::USER_COLLECTION_IS_COLLECTION, TAG).query::<ProdQuery>().data_value::<bool>());
    doc.add(
        post(paths::USER_COLLECTION_ADD_OR_CANCEL, TAG)
            .optional_query::<ProdQuery>()
            .body::<CollectProductRequest>("application/json", false)
            .data_value::<bool>(),
    );
    doc.add(get(paths::USER_COLLECTION_COUNT, TAG).data_value::<i64>());
    doc.add(delete(paths::USER_COLLECTION_CANCEL, TAG).data_value::<bool>());
    doc.add(get(paths::SHOP_COLLECTION_PAGE, TAG).query::<PageQuery>().data_page::<CollectionShop>());
    doc.add(delete(paths::SHOP_COLLECTION_CANCEL, TAG).data_value::<bool>());
    doc.add(post(paths::RECENT_BROWSE, TAG).form::<RecentBrowseParam>());
    doc.add(get(paths::RECENT_BROWSE_PAGE, TAG).query::<PageQuery>().data_page::<Footprint>());
    doc.add(delete(paths::RECENT_BROWSE_DELETE, TAG).data_value::<i64>());
    doc.add(delete(paths::RECENT_BROWSE_DELETE_DAY, TAG).query::<FootprintDayQuery>().data_value::<i64>());
    doc.add(delete(paths::RECENT_BROWSE_CLEAR, TAG).data_value::<i64>());
}

/// The user centre: profile, passwords and binding.
fn user_profile(doc: &mut Doc) {
    use crate::users::*;
    const TAG: &str = "user centre";
    doc.add(
        post(paths::FILE_UPLOAD, TAG)
            .optional_query::<FileUploadQuery>()
            .body::<FileUploadForm>("multipart/form-data", true)
            .data_value::<String>(),
    );
    doc.add(get(paths::USER_ACCOUNT_INFO, TAG).data::<AccountInfo>());
    doc.add(put(paths::USER_SET_USER_INFO, TAG).json::<UserInfoParam>());
    doc.add(put(paths::USER_UPDATE_PWD, TAG).json::<UpdatePasswordParam>());
    doc.add(put(paths::USER_SET_PWD, TAG).json::<SetPasswordParam>());
    doc.add(post(paths::USER_SEND_SECURITY_CODE, TAG).json::<SecurityCodeParam>());
    doc.add(put(paths::USER_UPDATE_PAY_PASSWORD, TAG).json::<UpdatePayPasswordParam>());
    doc.add(put(paths::USER_RESET_PAY_PASSWORD, TAG).json::<ResetPayPasswordParam>());
    doc.add(post(paths::USER_SEND_BIND_CODE, TAG).json::<BindCodeParam>());
    doc.add(put(paths::USER_BIND_ACCOUNT, TAG).json::<BindAccountParam>());
    doc.add(get(paths::USER_BIND_SOCIAL_URL, TAG).query::<BindSocialUrlQuery>().data_value::<String>());
    doc.add(post(paths::USER_UNBIND_SOCIAL, TAG).json::<UnbindSocialParam>());
}

/// The user centre: addresses and opening a shop.
fn user_shop(doc: &mut Doc) {
    use crate::shop_apply::{ShopApplyInfo, ShopApplyParam, StoreAccountParam};
    const TAG: &str = "user centre";
    doc.add(get(paths::SHOP_APPLY_INFO, TAG).data_or_null::<ShopApplyInfo>());
    doc.add(post(paths::SHOP_APPLY, TAG).json::<ShopApplyParam>().data::<ShopApplyInfo>());
    doc.add(post(paths::SHOP_APPLY_STORE_ACCOUNT, TAG).json::<StoreAccountParam>().data::<ShopApplyInfo>());
}

/// Price comparison: offers across shops, similar products, price history.
fn comparison(doc: &mut Doc) {
    use crate::comparison::*;
    const TAG: &str = "comparison";
    doc.add(get(paths::COMPARISON_MATCH_PRODUCTS, TAG).query::<ComparisonQuery>().data::<ComparisonPage>());
    doc.add(get(paths::COMPARISON_SIMILAR_PRODUCTS, TAG).query::<ComparisonQuery>().data::<ComparisonPage>());
    doc.add(get(paths::PRODUCT_COMPARE_SIMILAR, TAG).query::<CompareSimilarQuery>().data_list::<ComparisonProduct>());
    doc.add(get(paths::PRODUCT_PRICE_HISTORY, TAG).query::<PriceHistoryQuery>().data::<PriceHistory>());
}

/// The user centre: reviews (a product's reviews are public).
fn user_reviews(doc: &mut Doc) {
    use crate::reviews::*;
    const TAG: &str = "reviews";
    doc.add(get(paths::PROD_COMM_DATA, TAG).query::<ProdCommDataQuery>().data::<ProdCommData>());
    doc.add(get(paths::PROD_COMM_PAGE_BY_PROD, TAG).query::<ProdCommPageQuery>().data_page::<ProdComm>());
    doc.add(post(paths::PROD_COMM_ADD, TAG).json::<ProdCommParam>().data::<ProdComm>());
    doc.add(get(paths::PROD_COMM_PAGE_BY_USER, TAG).query::<crate::catalog::PageQuery>().data_page::<ProdComm>());
    doc.add(get(paths::PROD_COMM_ORDER_ITEMS, TAG).query::<crate::orders::OrderNumberQuery>().data::<CommOrder>());
}

/// The user centre: invoices of orders.
fn user_invoices(doc: &mut Doc) {
    use crate::invoices::*;
    const TAG: &str = "invoices";
    doc.add(post(paths::ORDER_INVOICE, TAG).json::<OrderInvoiceParam>().data::<OrderInvoice>());
    doc.add(get(paths::ORDER_INVOICE_INFO, TAG).query::<crate::orders::OrderNumberQuery>().data::<OrderInvoiceInfo>());
    // The PDF itself on success (`application/pdf`); the envelope with a refusal otherwise.
    doc.add(get(paths::ORDER_INVOICE_PDF, TAG).query::<crate::orders::OrderNumberQuery>());
}

/// The user centre: wallet, points and membership.
fn user_wallet(doc: &mut Doc) {
    use crate::wallet::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::USER_BALANCE_INFO, TAG).data::<BalanceInfo>());
    doc.add(get(paths::USER_BALANCE_PAGE, TAG).query::<crate::catalog::PageQuery>().data_page::<BalanceRecord>());
    doc.add(get(paths::SCORE_INFO, TAG).data::<ScoreInfo>());
    doc.add(post(paths::SCORE_SIGN_IN, TAG).data::<SignInResult>());
    doc.add(get(paths::SCORE_PAGE, TAG).query::<crate::catalog::PageQuery>().data_page::<ScoreRecord>());
}

/// The user centre: the points mall.
fn user_points_mall(doc: &mut Doc) {
    use crate::points_mall::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::SCORE_PROD_LIST, TAG).query::<crate::catalog::PageQuery>().data_page::<ScoreProd>());
    doc.add(get(paths::SCORE_PROD_INFO, TAG).query::<ScoreProdQuery>().data::<ScoreProd>());
    doc.add(post(paths::SCORE_ORDER_SUBMIT, TAG).json::<ScoreOrderParam>().data::<ScoreOrderResult>());
}

/// The user centre: chat with a shop or the platform (the socket's frames are described in
/// `crate::chat`; without an upgrade the socket's path answers a refusal).
fn user_chat(doc: &mut Doc) {
    use crate::chat::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::CHAT_PROFILE, TAG).data::<ChatProfile>());
    doc.add(post(paths::CHAT_CONVERSATION, TAG).json::<OpenConversation>().data::<ChatConversation>());
    doc.add(get(paths::CHAT_CONVERSATIONS, TAG).data_list::<ChatConversation>());
    doc.add(get(paths::CHAT_MESSAGES, TAG).query::<ChatMessagesQuery>().data::<ChatMessagePage>());
    doc.add(get(paths::CHAT_UNREAD, TAG).data::<ChatUnread>());
    doc.add(post(paths::CHAT_READ, TAG).json::<ReadUpTo>());
    doc.add(get(paths::CHAT_WS, TAG));
}

/// The member centre: levels' benefits, the paid membership and buying it.
fn user_members(doc: &mut Doc) {
    use crate::members::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::MEMBER_INFO, TAG).data::<MemberInfo>());
    doc.add(get(paths::MEMBER_EQUITY, TAG).data::<MemberEquityInfo>());
    doc.add(get(paths::MEMBER_PLANS, TAG).data_list::<MemberPlan>());
    doc.add(post(paths::MEMBER_BUY, TAG).json::<BuyMemberParam>().data::<PayResult>());
}

fn user_refunds(doc: &mut Doc) {
    use crate::refunds::*;
    const TAG: &str = "refunds";
    doc.add(post(paths::ORDER_REFUND_APPLY, TAG).json::<OrderRefundParam>().data::<RefundApplied>());
    doc.add(get(paths::ORDER_REFUND_LIST, TAG).query::<RefundListQuery>().data_page::<OrderRefund>());
    doc.add(get(paths::ORDER_REFUND_INFO, TAG).query::<RefundSnQuery>().data::<OrderRefundDetail>());
    doc.add(
        get(paths::ORDER_REFUND_REFUNDABLE, TAG).query::<crate::orders::OrderNumberQuery>().data::<RefundableOrder>(),
    );
    doc.add(post(paths::ORDER_REFUND_SUBMIT_EXPRESS, TAG).json::<RefundExpressParam>());
    doc.add(put(paths::ORDER_REFUND_CANCEL, TAG));
    doc.add(post(paths::ORDER_REFUND_APPLY_INTERVENTION, TAG).json::<RefundInterventionParam>());
}

fn analytics(doc: &mut Doc) {
    doc.add(post(paths::FLOW_ANALYSIS_LOG, "analytics").json::<FlowLog>());
    doc.add(post(paths::FLOW_ANALYSIS_LOG_SIGNED_IN, "analytics").json::<FlowLog>());
}

fn development(doc: &mut Doc) {
    const TAG: &str = "development";
    doc.add(get(paths::DEV_MAILBOX, TAG).query::<MailboxQuery>().data_list::<MailboxMessage>());

    // The stand-in OAuth2 provider speaks OAuth2, not the envelope: a page, then a redirect.
    let oauth = ["redirect_uri", "state", "code_challenge", "code_challenge_method", "client_id"];
    let mut page = get(paths::DEV_OAUTH_AUTHORIZE, TAG).operation;
    for name in oauth {
        page = page.parameter(
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Query)
                .required(Required::False)
                .schema(Some(String::schema())),
        );
    }
    let page = page.response(
        "200",
        ResponseBuilder::new()
            .description("The approval page.")
            .content("text/html", ContentBuilder::new().schema(Some(String::schema())).build()),
    );
    doc.paths.add_path_operation(paths::DEV_OAUTH_AUTHORIZE, vec![HttpMethod::Get], page.build());

    let mut decision = ObjectBuilder::new();
    for name in oauth.into_iter().chain(["subject", "name", "email", "decision"]) {
        decision = decision.property(name, String::schema());
    }
    let body = RequestBodyBuilder::new()
        .content("application/x-www-form-urlencoded", ContentBuilder::new().schema(Some(decision)).build())
        .required(Some(Required::True))
        .build();
    let refused = ResponseBuilder::new()
        .description("A request that names no valid `redirect_uri` is refused (`A00001`).")
        .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("Refusal"))).build());
    let approve = post(paths::DEV_OAUTH_AUTHORIZE, TAG)
        .operation
        .request_body(Some(body))
        .response(
            "303",
            ResponseBuilder::new().description("Back to `redirect_uri` with `code` and `state`, or `error`."),
        )
        .response("200", refused);
    doc.paths.add_path_operation(paths::DEV_OAUTH_AUTHORIZE, vec![HttpMethod::Post], approve.build());

    // The development payment gateway's page of a payment: HTML, then a redirect back to the
    // shop; an id it does not hold is an unknown path.
    let unknown = || {
        ResponseBuilder::new()
            .description("No such payment: a refusal with code `A00001`.")
            .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("Refusal"))).build())
    };
    let html = |description: &str| {
        ResponseBuilder::new()
            .description(description)
            .content("text/html", ContentBuilder::new().schema(Some(String::schema())).build())
    };
    let page = get(paths::DEV_GATEWAY_CHECKOUT, TAG)
        .operation
        .response("200", html("The payment's page: amount, merchant reference, status and the buttons."))
        .response("404", unknown());
    doc.paths.add_path_operation(paths::DEV_GATEWAY_CHECKOUT, vec![HttpMethod::Get], page.build());
    let decision = ObjectBuilder::new()
        .property(
            "decision",
            ObjectBuilder::new().schema_type(Type::String).enum_values(Some([
                "approve",
                "approve-silent",
                "decline",
                "abandon",
            ])),
        )
        .required("decision");
    let body = RequestBodyBuilder::new()
        .content("application/x-www-form-urlencoded", ContentBuilder::new().schema(Some(decision)).build())
        .required(Some(Required::True))
        .build();
    let bad = ResponseBuilder::new()
        .description("A form without a known `decision` is refused (`A00001`).")
        .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("Refusal"))).build());
    let decide = post(paths::DEV_GATEWAY_CHECKOUT, TAG)
        .operation
        .request_body(Some(body))
        .response(
            "303",
            ResponseBuilder::new().description("Back to the shop: the return URL, or the cancel URL when abandoned."),
        )
        .response("409", html("The payment was decided before: nothing changed, the page again."))
        .response("200", bad)
        .response("404", unknown());
    doc.paths.add_path_operation(paths::DEV_GATEWAY_CHECKOUT, vec![HttpMethod::Post], decide.build());

    let int64 = |description: &str| {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .description(Some(description))
    };
    let advance = ObjectBuilder::new()
        .property(
            "advanceMs",
            int64("How far to move the clock, in milliseconds (at most 7 days).")
                .minimum(Some(1))
                .maximum(Some(7 * 24 * 3_600_000)),
        )
        .required("advanceMs");
    let mut clock = post(paths::DEV_CLOCK, TAG);
    clock.operation = clock.operation.request_body(Some(
        RequestBodyBuilder::new()
            .content("application/json", ContentBuilder::new().schema(Some(advance)).build())
            .required(Some(Required::True))
            .build(),
    ));
    clock.data = ObjectBuilder::new()
        .property("now", int64("The new time, Unix milliseconds."))
        .property("cancelledOrders", int64("Unpaid orders the expiry pass cancelled.").minimum(Some(0)))
        .property("housekeepingRows", int64("Rows the housekeeping removed.").minimum(Some(0)))
        .required("now")
        .required("cancelledOrders")
        .required("housekeepingRows")
        .into();
    doc.add(clock);
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
mod tests {
    use super::*;
    use serde_json::Value;

    fn json() -> Value {
        serde_json::from_str(&super::json().expect("serializes")).expect("JSON")
    }

    #[test]
    fn the_document_is_openapi_3_1() {
        let doc = json();
        assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.1.")), "{}", doc["openapi"]);
        assert_eq!(doc["servers"][0]["url"], "/api");
        assert_eq!(
            doc["components"]["schemas"]["Code"]["enum"],
            serde_json::json!(["00000", "A00001", "A00002", "A00004", "A00005"])
        );
    }

    #[test]
    fn every_operation_tag_is_declared_with_its_description() {
        let doc = json();
        let declared: Vec<&str> =
            doc["tags"].as_array().expect("tags").iter().filter_map(|t| t["name"].as_str()).collect();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, op) in item.as_object().expect("path item") {
                for tag in op["tags"].as_array().into_iter().flatten().filter_map(Value::as_str) {
                    assert!(declared.contains(&tag), "{method} {path}: tag \"{tag}\" is not in TAGS");
                }
            }
        }
    }

    #[test]
    fn every_path_constant_is_documented_exactly_once() {
        let doc = json();
        let documented = doc["paths"].as_object().expect("paths");
        for path in paths::ALL {
            assert!(documented.contains_key(path.value), "{} ({}) is not documented", path.name, path.value);
            let count = paths::ALL.iter().filter(|p| p.value == path.value).count();
            assert_eq!(count, 1, "{} is the value of {count} constants", path.value);
        }
        assert_eq!(documented.len(), paths::ALL.len(), "the document has paths that are no constant");
    }

    #[test]
    fn operations_carry_their_parameters_bodies_and_data() {
        let doc = json();
        let op = |path: &str, method: &str| doc["paths"][path][method].clone();

        let search = op(paths::SEARCH_PAGE, "get");
        let names: Vec<&str> =
            search["parameters"].as_array().unwrap().iter().filter_map(|p| p["name"].as_str()).collect();
        for name in ["locale", "current", "size", "sort", "orderBy", "keyword", "isAllProdType", "shopCategoryId"] {
            assert!(names.contains(&name), "{name} missing from {names:?}");
        }
        let answer = &search["responses"]["200"]["content"]["application/json"]["schema"]["oneOf"];
        assert_eq!(answer[1]["$ref"], "#/components/schemas/Refusal");
        let data = &answer[0]["allOf"];
        assert_eq!(data[0]["$ref"], "#/components/schemas/Envelope");
        assert_eq!(
            data[1]["properties"]["data"]["properties"]["records"]["items"]["$ref"],
            "#/components/schemas/SearchRecord"
        );

        let notices = op(paths::TOP_NOTICE_LIST, "get");
        let shop = notices["parameters"].as_array().unwrap().iter().find(|p| p["in"] == "path").unwrap().clone();
        assert_eq!(shop["name"], "shopId");
        assert_eq!(shop["required"], true);

        let login = op(paths::LOGIN, "post");
        assert_eq!(
            login["requestBody"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/LoginRequest"
        );
        let code = op(paths::SMS_SEND_LOGIN_CODE, "post");
        assert!(code["requestBody"]["content"]["application/x-www-form-urlencoded"].is_object());
        assert_eq!(op(paths::USER_SEND_BIND_SMS, "put")["tags"][0], "accounts");
        assert!(op(paths::USER_INFO, "get")["security"].is_array(), "/p/ paths need the session");
        assert_eq!(op(paths::PROD_INFO, "get")["security"], serde_json::json!([]), "open to anyone");
        assert_eq!(op(paths::COUPON_INFO, "get")["security"][0], serde_json::json!({}), "guests too");

        let page = search["parameters"].as_array().unwrap().iter().find(|p| p["name"] == "current").unwrap().clone();
        assert_eq!(page["allowEmptyValue"], true, "an empty optional value is taken as not given");

        let check = op(paths::USER_CHECK_USER, "post");
        let input = check["parameters"].as_array().unwrap().iter().find(|p| p["name"] == "input").unwrap().clone();
        assert_eq!((input["in"].as_str(), input["required"].as_bool()), (Some("query"), Some(true)));
        assert!(input.get("allowEmptyValue").is_none(), "a required value must be given");
    }

    #[test]
    fn summaries_are_the_gist_of_the_doc_comment() {
        let doc = json();
        let summary = |path: &str, method: &str| doc["paths"][path][method]["summary"].as_str().unwrap().to_string();
        assert_eq!(summary(paths::PROD_INFO, "get"), "Everything the detail page shows of a product (`ProductDetail`)");
        assert_eq!(summary(paths::LOG_OUT, "post"), "Ends the session and clears the session cookie");
    }

    #[test]
    fn pages_are_spelled_out_with_the_fields_of_page() {
        let page = serde_json::to_value(Page::<()>::default()).unwrap();
        let mut fields: Vec<&String> = page.as_object().unwrap().keys().collect();
        fields.sort();
        let doc = json();
        let schema = &doc["paths"][paths::NOTICE_LIST]["get"]["responses"]["200"]["content"]["application/json"]
            ["schema"]["oneOf"][0]["allOf"][1]["properties"]["data"];
        let mut documented: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
        documented.sort();
        assert_eq!(documented, fields);
    }

    #[test]
    fn every_reference_resolves() {
        let text = document().to_json().unwrap();
        let doc: Value = serde_json::from_str(&text).unwrap();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for reference in text.split("\"$ref\":\"").skip(1).map(|rest| &rest[..rest.find('"').unwrap()]) {
            let name = reference.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{reference}"));
            assert!(schemas.contains_key(name), "{reference} does not resolve");
        }
    }
}
