//! `/user-center/uc-address`: the buyer's delivery addresses (spec section 3 "address
//! (recipient, phone, postal code, detailed address)", section 5 "Address detail 5-50",
//! section 9 "Maximum number of addresses"), rendered by the server with plain forms and links
//! that need no island (record 0189):
//!
//! - the list, the default marked and first; each address with Set as default
//!   (`api::forms::ADDRESS_DEFAULT`), Edit (a link, `?edit=<addrId>`) and Delete
//!   (`api::forms::ADDRESS_DELETE`): the frame's script asks with the browser's dialog
//!   (`data-confirm`); sent without script, the server comes back with `?delete=<addrId>` and the
//!   address asks in place;
//! - the address form (`?add=1`, or `?edit=<addrId>`) posted to `api::forms::ADDRESS_SAVE`. A
//!   refusal comes back with the typed values in the query and the message under its field
//!   (`api::forms::FLASH_AT`), which is focused (`autofocus`);
//! - opened from the order confirmation (`?add=1&back=/submit-order?…`), the form returns there:
//!   its Cancel goes back, and a saved address is chosen there (`addrId`);
//! - at [`MAX_ADDRESSES`] the add button is disabled and the limit explained (the server
//!   enforces it too).

use crate::api_client::ApiClient;
use crate::components::empty_state::EmptyKind;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use api::addresses::{UserAddr, DETAIL_MAX_CHARS, MAX_ADDRESSES, POST_CODE_MAX_CHARS, RECEIVER_MAX_CHARS};
use api::forms::{
    FlashKind, ADDRESS_DEFAULT, ADDRESS_DELETE, ADDRESS_PAGE, ADDRESS_SAVE, FIELD_BACK, FIELD_COMMON_ADDR,
    FIELD_CONFIRMED, FLASH_AT,
};
use api::url::query_param;
use leptos::prelude::*;

/// Most characters of a typed phone (spaces and dashes included), as the order pages' form.
const MOBILE_MAX_TYPED: usize = 20;

/// What the page's query asks for.
#[derive(Debug, Clone, PartialEq)]
enum Open {
    Nothing,
    Adding,
    Editing(i64),
    AskingDelete(i64),
}

/// The page's query: the form to open (`add=1`, `edit=<addrId>`) or the deletion to confirm
/// (`delete=<addrId>`).
fn open_of(query: &str) -> Open {
    let id = |name| query_param(query, name).and_then(|v| v.parse::<i64>().ok()).filter(|id| *id > 0);
    if let Some(id) = id("edit") {
        Open::Editing(id)
    } else if let Some(id) = id("delete") {
        Open::AskingDelete(id)
    } else if query_param(query, "add").as_deref() == Some("1") {
        Open::Adding
    } else {
        Open::Nothing
    }
}

/// The values the form shows: typed ones carried back by a refusal (the query), else the
/// address's.
#[derive(Debug, Clone, Default, PartialEq)]
struct Values {
    receiver: String,
    mobile: String,
    post_code: String,
    addr: String,
    make_default: bool,
}

impl Values {
    fn of(address: Option<&UserAddr>, query: &str) -> Self {
        if query_param(query, "receiver").is_some() {
            let typed = |name| query_param(query, name).unwrap_or_default();
            return Values {
                receiver: typed("receiver"),
                mobile: typed("mobile"),
                post_code: typed("postCode"),
                addr: typed("addr"),
                make_default: query_param(query, FIELD_COMMON_ADDR).as_deref() == Some("1"),
            };
        }
        address.map_or_else(Values::default, |a| Values {
            receiver: a.receiver.clone(),
            mobile: a.mobile.clone(),
            post_code: a.post_code.clone(),
            addr: a.addr.clone(),
            make_default: false,
        })
    }
}

/// The refusal the form's answer left for one of its fields: the field's name and the message
/// in the page's language.
fn field_refusal(ctx: &PageCtx) -> Option<(String, String)> {
    let flash = ctx.prefs.flash.as_ref()?;
    let field = flash.args.iter().find(|(name, _)| name == FLASH_AT).map(|(_, value)| value.clone())?;
    if flash.kind != FlashKind::Error || !flash.key.starts_with("error-address-") {
        return None;
    }
    let args: Vec<(&str, &str)> = flash.args.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
    Some((field, ctx.t_args(&flash.key, &args)))
}

/// One field of the form: its label, the input, and the message tied to it.
struct FieldSpec {
    name: &'static str,
    label: String,
    value: String,
    kind: &'static str,
    autocomplete: &'static str,
    maxlength: usize,
    wide: bool,
}

/// Where the form returns: the page that opened it (`back`, a path of this site), else the
/// address book.
fn return_of(query: &str) -> String {
    query_param(query, FIELD_BACK)
        .as_deref()
        .and_then(api::redirect::safe_redirect)
        .map_or_else(|| ADDRESS_PAGE.to_string(), str::to_string)
}

/// The address form: add (`addr_id` 0) or change an address; `back` is where it returns.
fn address_form(ctx: &PageCtx, addr_id: i64, values: Values, show_default: bool, back: String) -> impl IntoView {
    let refusal = field_refusal(ctx);
    let uid = if addr_id > 0 { format!("address-{addr_id}") } else { "address-new".to_string() };
    let title = ctx.t(if addr_id > 0 { "uc-address-edit-title" } else { "uc-address-add-title" });
    let fields = [
        FieldSpec {
            name: "receiver",
            label: ctx.t("order-address-receiver"),
            value: values.receiver,
            kind: "text",
            autocomplete: "name",
            maxlength: RECEIVER_MAX_CHARS,
            wide: false,
        },
        FieldSpec {
            name: "mobile",
            label: ctx.t("order-address-mobile"),
            value: values.mobile,
            kind: "tel",
            autocomplete: "tel",
            maxlength: MOBILE_MAX_TYPED,
            wide: false,
        },
        FieldSpec {
            name: "postCode",
            label: ctx.t("order-address-post-code"),
            value: values.post_code,
            kind: "text",
            autocomplete: "postal-code",
            maxlength: POST_CODE_MAX_CHARS,
            wide: false,
        },
        FieldSpec {
            name: "addr",
            label: ctx.t("order-address-detail"),
            value: values.addr,
            kind: "text",
            autocomplete: "street-address",
            maxlength: DETAIL_MAX_CHARS,
            wide: true,
        },
    ];
    // The refused field is focused as the page opens; with nothing refused, the first field.
    let focused = refusal.as_ref().map_or("receiver", |(field, _)| {
        fields.iter().find(|f| f.name == field.as_str()).map_or("receiver", |f| f.name)
    });
    let empty_receiver = ctx.t("order-address-receiver-missing");
    let inputs = fields
        .into_iter()
        .map(|f| {
            let id = format!("{uid}-{}", f.name);
            let error_id = format!("{id}-error");
            let message = refusal.as_ref().filter(|(field, _)| field == f.name).map(|(_, m)| m.clone());
            let invalid = message.is_some().then_some("true");
            let is_receiver = f.name == "receiver";
            let class = if f.wide { "field field--wide" } else { "field" };
            let inputmode = (f.kind == "tel").then_some("tel");
            let autofocus = focused == f.name;
            let empty_message = is_receiver.then(|| empty_receiver.clone());
            let error_in = is_receiver.then(|| error_id.clone());
            view! {
                <div class=class>
                    <label for=id.clone()>{f.label}</label>
                    <input type=f.kind id=id name=f.name autocomplete=f.autocomplete maxlength=f.maxlength.to_string()
                        inputmode=inputmode aria-invalid=invalid aria-describedby=error_id.clone() value=f.value
                        autofocus=autofocus data-empty-message=empty_message data-error-in=error_in />
                    <span class="field__error" id=error_id role="alert" data-testid=format!("address-error-{}", f.name)>
                        {message}
                    </span>
                </div>
            }
        })
        .collect_view();
    let default_id = format!("{uid}-default");
    view! {
        <section class="uc-address__editor" id="address-form" aria-labelledby="address-form-title" data-testid="uc-address-editor">
            <h2 class="uc-address__editor-title" id="address-form-title">{title}</h2>
            <form class="address-form" method="post" action=ADDRESS_SAVE novalidate data-testid="address-form"
                data-busy-label=ctx.t("uc-address-saving")>
                <input type="hidden" name=FIELD_BACK value=back.clone() />
                <input type="hidden" name="addrId" value=addr_id.to_string() />
                {inputs}
                {show_default.then(|| view! {
                    <div class="field field--wide field--check">
                        <input type="checkbox" id=default_id.clone() name=FIELD_COMMON_ADDR value="1" checked=values.make_default
                            data-testid="address-make-default" />
                        <label for=default_id>{ctx.t("uc-address-make-default")}</label>
                    </div>
                })}
                <div class="address-form__actions">
                    <button type="submit" class="button button--primary" data-testid="address-save">{ctx.t("order-address-save")}</button>
                    <a class="button" href=back data-testid="address-cancel">{ctx.t("order-address-cancel")}</a>
                </div>
            </form>
        </section>
    }
}

/// One address: who and where, then its actions (or the question of its deletion).
fn address_card(ctx: &PageCtx, a: UserAddr, asking: bool) -> impl IntoView {
    let id = a.addr_id.to_string();
    let is_default = a.common_addr == 1;
    let edit_of = ctx.t_args("uc-address-edit-of", &[("name", &a.receiver)]);
    let delete_of = ctx.t_args("uc-address-delete-of", &[("name", &a.receiver)]);
    let question = ctx.t("uc-address-delete-confirm");
    let actions = if asking {
        view! {
            <form class="uc-address__confirm" method="post" action=ADDRESS_DELETE data-testid="uc-address-confirm">
                <input type="hidden" name=FIELD_BACK value=ADDRESS_PAGE />
                <input type="hidden" name="addrId" value=id.clone() />
                <input type="hidden" name=FIELD_CONFIRMED value="1" />
                <span role="alert">{question}</span>
                <button type="submit" class="button button--small button--primary" data-testid="uc-address-delete-yes">
                    {ctx.t("uc-address-delete-yes")}
                </button>
                <a class="button button--small" href=ADDRESS_PAGE autofocus data-testid="uc-address-delete-no">{ctx.t("uc-address-delete-no")}</a>
            </form>
        }
        .into_any()
    } else {
        view! {
            <div class="uc-address__actions">
                {(!is_default).then(|| view! {
                    <form method="post" action=ADDRESS_DEFAULT>
                        <input type="hidden" name=FIELD_BACK value=ADDRESS_PAGE />
                        <input type="hidden" name="addrId" value=id.clone() />
                        <button type="submit" class="button button--small button--outline" data-testid="uc-address-set-default">
                            {ctx.t("uc-address-set-default")}
                        </button>
                    </form>
                })}
                <a class="button button--small" href=format!("{ADDRESS_PAGE}?edit={id}") aria-label=edit_of data-testid="uc-address-edit">
                    {ctx.t("uc-address-edit")}
                </a>
                <form method="post" action=ADDRESS_DELETE data-confirm=question>
                    <input type="hidden" name=FIELD_BACK value=ADDRESS_PAGE data-back-field="" />
                    <input type="hidden" name="addrId" value=id.clone() />
                    <input type="hidden" name=FIELD_CONFIRMED value="" data-confirmed-field="" />
                    <button type="submit" class="button button--small" aria-label=delete_of data-testid="uc-address-delete">
                        {ctx.t("uc-address-delete")}
                    </button>
                </form>
            </div>
        }
        .into_any()
    };
    view! {
        <li class="uc-address__card" class:is-default=is_default data-testid="uc-address-card" data-addr-id=id.clone()>
            <div class="uc-address__who">
                <strong class="uc-address__receiver">{a.receiver.clone()}</strong>
                <span class="uc-address__mobile">{a.mobile.clone()}</span>
                {is_default.then(|| view! { <span class="tag tag--self" data-testid="uc-address-default">{ctx.t("order-address-default")}</span> })}
            </div>
            <p class="uc-address__where">
                {a.addr.clone()}
                {(!a.post_code.is_empty()).then(|| view! { <span class="uc-address__post-code">{a.post_code.clone()}</span> })}
            </p>
            {actions}
        </li>
    }
}

/// The address book as the server has it, with the form or question the query opens.
fn address_book(ctx: &PageCtx, list: Vec<UserAddr>) -> impl IntoView {
    let query = ctx.prefs.query.clone();
    let open = open_of(&query);
    let at_limit = list.len() >= MAX_ADDRESSES;
    let max = MAX_ADDRESSES.to_string();
    let count = ctx.t_args("uc-address-count", &[("count", &list.len().to_string()), ("max", &max)]);
    let editor = match &open {
        Open::Adding if !at_limit => {
            Some(address_form(ctx, 0, Values::of(None, &query), true, return_of(&query)).into_any())
        }
        Open::Editing(id) => list.iter().find(|a| a.addr_id == *id).map(|a| {
            address_form(ctx, a.addr_id, Values::of(Some(a), &query), a.common_addr != 1, ADDRESS_PAGE.to_string())
                .into_any()
        }),
        _ => None,
    };
    let adding = editor.is_some() && open == Open::Adding;
    let add = if at_limit || adding {
        view! {
            <button type="button" class="button button--primary" id="address-add" data-testid="uc-address-add" disabled
                aria-describedby=at_limit.then_some("uc-address-limit")>
                {ctx.t("uc-address-add")}
            </button>
        }
        .into_any()
    } else {
        view! {
            <a class="button button--primary" id="address-add" href=format!("{ADDRESS_PAGE}?add=1") data-testid="uc-address-add">
                {ctx.t("uc-address-add")}
            </a>
        }
        .into_any()
    };
    let asking = match open {
        Open::AskingDelete(id) => Some(id),
        _ => None,
    };
    let body = if list.is_empty() && !adding {
        view! {
            <section class="empty-state uc-address__empty" data-testid="uc-address-empty" data-kind="address">
                <img class="empty-state__image" src=EmptyKind::Address.image() alt="" width="200" height="160" />
                <p class="empty-state__title">{ctx.t("uc-address-empty")}</p>
                <p class="empty-state__text">{ctx.t("uc-address-empty-text")}</p>
            </section>
        }
        .into_any()
    } else if list.is_empty() {
        ().into_any()
    } else {
        let cards = list.into_iter().map(|a| {
            let asked = asking == Some(a.addr_id);
            address_card(ctx, a, asked)
        });
        view! { <ul class="uc-address__list" data-testid="uc-address-list">{cards.collect_view()}</ul> }.into_any()
    };
    view! {
        <div class="uc-address" data-testid="uc-address">
            <div class="uc-address__bar">
                <p class="uc-address__count" data-testid="uc-address-count">{count}</p>
                {add}
            </div>
            {at_limit.then(|| view! {
                <p class="uc-address__limit" id="uc-address-limit" role="status" data-testid="uc-address-limit">
                    {ctx.t_args("error-address-limit", &[("max", &max)])}
                </p>
            })}
            {editor}
            {body}
        </div>
    }
}

/// The page: the buyer's addresses as the server has them.
#[component]
pub fn AddressPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("uc-nav-address") description=String::new() canonical=ADDRESS_PAGE.to_string() />
        <h1 class="user-center__title">{ctx.t("uc-nav-address")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let list = client.get::<Vec<UserAddr>>(api::paths::ADDRESS_LIST, &[]).await.unwrap_or_default();
                address_book(&page_ctx(), list)
            })}
        </Suspense>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_opens_a_form_or_asks() {
        assert_eq!(open_of(""), Open::Nothing);
        assert_eq!(open_of("add=1"), Open::Adding);
        assert_eq!(open_of("lang=km&edit=7"), Open::Editing(7));
        assert_eq!(open_of("delete=3"), Open::AskingDelete(3));
        assert_eq!(open_of("edit=-2"), Open::Nothing);
        assert_eq!(open_of("edit=x&add=1"), Open::Adding);
    }

    #[test]
    fn the_form_returns_only_to_a_page_of_this_site() {
        assert_eq!(return_of("add=1&back=%2Fsubmit-order%3FbasketId%3D3"), "/submit-order?basketId=3");
        for away in
            ["add=1", "add=1&back=https%3A%2F%2Fevil.example", "add=1&back=%2F%2Fevil.example", "back=%2F%5Cevil"]
        {
            assert_eq!(return_of(away), ADDRESS_PAGE, "{away}");
        }
    }

    #[test]
    fn typed_values_come_back_before_the_stored_ones() {
        let stored = UserAddr {
            addr_id: 4,
            receiver: "Sok".into(),
            mobile: "012345678".into(),
            post_code: String::new(),
            addr: "Street 240".into(),
            common_addr: 0,
        };
        assert_eq!(Values::of(Some(&stored), "edit=4").receiver, "Sok");
        let typed = Values::of(Some(&stored), "edit=4&receiver=S%E1%9E%80&mobile=1&postCode=&addr=ab&commonAddr=1");
        assert_eq!(typed.receiver, "S\u{1780}");
        assert_eq!(typed.addr, "ab");
        assert!(typed.make_default);
    }
}
