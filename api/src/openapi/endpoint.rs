//! One path's operation, built from its path constant: method, parameters, body, the envelope
//! with the schema of `data`, and the session it needs.

use super::*;

/// One operation under construction.
pub(super) struct Endpoint {
    pub(super) method: HttpMethod,
    pub(super) path: &'static str,
    pub(super) operation: OperationBuilder,
    pub(super) schemas: Vec<(String, RefOr<Schema>)>,
    /// The schema of the envelope's `data`; `null` unless set.
    pub(super) data: RefOr<Schema>,
}

pub(super) fn endpoint(method: HttpMethod, path: &'static str, tag: &str) -> Endpoint {
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

pub(super) fn get(path: &'static str, tag: &str) -> Endpoint {
    endpoint(HttpMethod::Get, path, tag)
}

pub(super) fn post(path: &'static str, tag: &str) -> Endpoint {
    endpoint(HttpMethod::Post, path, tag)
}

pub(super) fn put(path: &'static str, tag: &str) -> Endpoint {
    endpoint(HttpMethod::Put, path, tag)
}

pub(super) fn delete(path: &'static str, tag: &str) -> Endpoint {
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
pub(super) fn session() -> Vec<SecurityRequirement> {
    vec![
        SecurityRequirement::new(SESSION_COOKIE, Vec::<String>::new()),
        SecurityRequirement::new(SESSION_TOKEN, Vec::<String>::new()),
    ]
}

impl Endpoint {
    /// A named schema and those it refers to, registered; a reference to it.
    pub(super) fn named<T: ToSchema>(&mut self) -> RefOr<Schema> {
        self.schemas.push((T::name().into_owned(), T::schema()));
        T::schemas(&mut self.schemas);
        Ref::from_schema_name(T::name()).into()
    }

    /// The query parameters of `Q`.
    pub(super) fn query<Q: IntoParams>(mut self) -> Self {
        self.operation = self.operation.parameters(Some(Q::into_params(|| Some(ParameterIn::Query))));
        self
    }

    /// The query parameters of `Q`, none of them required (the same values may come in the
    /// body instead).
    pub(super) fn optional_query<Q: IntoParams>(mut self) -> Self {
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

    pub(super) fn body<B: ToSchema>(mut self, content_type: &str, required: bool) -> Self {
        let schema = self.named::<B>();
        let body = RequestBodyBuilder::new()
            .content(content_type, ContentBuilder::new().schema(Some(schema)).build())
            .required(Some(if required { Required::True } else { Required::False }))
            .build();
        self.operation = self.operation.request_body(Some(body));
        self
    }

    /// A JSON body of type `B`.
    pub(super) fn json<B: ToSchema>(self) -> Self {
        self.body::<B>("application/json", true)
    }

    /// A JSON body that is a plain value or a list (`[1, 2]`), not a named type.
    pub(super) fn json_value<B: PartialSchema>(mut self) -> Self {
        let body = RequestBodyBuilder::new()
            .content("application/json", ContentBuilder::new().schema(Some(B::schema())).build())
            .required(Some(Required::True))
            .build();
        self.operation = self.operation.request_body(Some(body));
        self
    }

    /// A form-encoded body of type `B`.
    pub(super) fn form<B: ToSchema>(self) -> Self {
        self.body::<B>("application/x-www-form-urlencoded", true)
    }

    /// Answers need a signed-in buyer (besides every path under `/p/`).
    pub(super) fn signed_in(mut self) -> Self {
        self.operation = self.operation.securities(Some(session()));
        self
    }

    /// Open to guests; a signed-in buyer's answer says what is theirs (claimed, followed).
    pub(super) fn maybe_signed_in(mut self) -> Self {
        let mut anyone = vec![SecurityRequirement::default()];
        anyone.extend(session());
        self.operation = self.operation.securities(Some(anyone));
        self
    }

    /// `data` is a `T`.
    pub(super) fn data<T: ToSchema>(mut self) -> Self {
        self.data = self.named::<T>();
        self
    }

    /// `data` is a `T` or `null`.
    pub(super) fn data_or_null<T: ToSchema>(mut self) -> Self {
        let schema = self.named::<T>();
        self.data = OneOfBuilder::new().item(null()).item(schema).into();
        self
    }

    /// `data` is a list of `T`.
    pub(super) fn data_list<T: ToSchema>(mut self) -> Self {
        self.data = ArrayBuilder::new().items(self.named::<T>()).into();
        self
    }

    /// `data` is a [`Page`] of `T`.
    pub(super) fn data_page<T: ToSchema>(mut self) -> Self {
        let records = self.named::<T>();
        self.data = page_schema(records);
        self
    }

    /// `data` is a plain value (a boolean, a string).
    pub(super) fn data_value<T: PartialSchema>(mut self) -> Self {
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
pub(super) fn refusal_schema() -> RefOr<Schema> {
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
pub(super) fn envelope_schema() -> RefOr<Schema> {
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
