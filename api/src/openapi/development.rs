//! The paths of the development tools (clock, mailbox, local gateway), present only in development.

use super::*;

pub(super) fn development(doc: &mut Doc) {
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
