//! The [`AddressBook`] island of `/user-center/uc-address` (`crate::addresses::page`): the
//! buyer's addresses, the default marked and first; add and edit with the form the order
//! confirmation uses ([`AddressForm`]), set the default, delete after a confirmation in place.
//! At [`MAX_ADDRESSES`] the add button is disabled and the limit explained (the server enforces
//! it too).

use crate::components::address_form::{AddressForm, AddressFormLabels};
use api::addresses::{AddrParam, UserAddr, MAX_ADDRESSES};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The translated texts of the address book. `{count}`, `{max}` and `{name}` are filled in by
/// the island.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AddressBookLabels {
    pub form: AddressFormLabels,
    pub add: String,
    pub add_title: String,
    pub edit_title: String,
    pub count: String,
    pub limit: String,
    pub default_tag: String,
    pub set_default: String,
    pub edit: String,
    pub edit_of: String,
    pub delete: String,
    pub delete_of: String,
    pub delete_confirm: String,
    pub delete_yes: String,
    pub delete_no: String,
    pub added: String,
    pub updated: String,
    pub deleted: String,
    pub default_set: String,
    pub failed: String,
    pub empty: String,
    pub empty_text: String,
    pub empty_image: String,
}

/// What the form is doing: adding, or changing an address.
#[derive(Debug, Clone, PartialEq)]
enum Editing {
    Closed,
    Adding,
    Changing(AddrParam),
}

/// The address book: the list as the server had it when the page rendered, then kept here.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct AddressBook {
    pub labels: AddressBookLabels,
    pub initial: Vec<UserAddr>,
}

/// Renders [`AddressBook`], as one variant of its group's island (`crate::lazy_islands`).
pub fn address_book(props: AddressBook) -> impl IntoView {
    let AddressBook { labels, initial } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&AddressBookLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let list = RwSignal::new(initial);
    let editing = RwSignal::new(Editing::Closed);
    // The address whose deletion waits for a confirmation.
    let confirming = RwSignal::new(None::<i64>);
    // Set until the island is interactive, and while a change is on its way.
    let busy = RwSignal::new(false);
    let at_limit = move || list.with(|l| l.len() >= MAX_ADDRESSES);

    // Reads the list again (the default may have moved) and says how it went.
    let refresh = move |done: String| {
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            if let Ok(fresh) = browser::get::<Vec<UserAddr>>(api::paths::ADDRESS_LIST, &[], options).await {
                list.set(fresh);
            }
            busy.set(false);
            if !done.is_empty() {
                browser::toast(api::bridge::ToastType::Success, &done, 1500);
            }
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = done;
    };

    let on_saved = move |saved: UserAddr| {
        let added = editing.get_untracked() == Editing::Adding;
        editing.set(Editing::Closed);
        busy.set(true);
        refresh(if added { label(|l| &l.added) } else { label(|l| &l.updated) });
        let _ = saved;
        focus("address-add");
    };

    // Runs a change of one address (delete or set default), then reads the list again.
    let change = move |path: String, delete: bool, done: String| {
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        confirming.set(None);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            let answer = if delete {
                browser::delete::<(), _>(&path, &(), options).await
            } else {
                browser::put::<(), _>(&path, &(), options).await
            };
            match answer {
                Ok(()) => refresh(done),
                Err(failure) => {
                    crate::cart::web::toast_failure(&failure, &label(|l| &l.failed));
                    refresh(String::new());
                }
            }
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = (path, delete, done);
    };

    let form_view = move || {
        let (title, initial) = match editing.get() {
            Editing::Closed => return ().into_any(),
            Editing::Adding => (label(|l| &l.add_title), AddrParam::default()),
            Editing::Changing(param) => (label(|l| &l.edit_title), param),
        };
        let heading = title.clone();
        view! {
            <section class="uc-address__editor" aria-label=heading data-testid="uc-address-editor">
                <h2 class="uc-address__editor-title">{title}</h2>
                <AddressForm labels=labels.with_value(|l| l.form.clone()) initial=initial
                    on_saved=Callback::new(on_saved)
                    on_cancel=Callback::new(move |()| { editing.set(Editing::Closed); focus("address-add"); }) />
            </section>
        }
        .into_any()
    };

    let card = move |a: UserAddr| {
        let id = a.addr_id;
        let is_default = a.common_addr == 1;
        let param = AddrParam {
            addr_id: a.addr_id,
            receiver: a.receiver.clone(),
            mobile: a.mobile.clone(),
            post_code: a.post_code.clone(),
            addr: a.addr.clone(),
        };
        let edit_of = label(|l| &l.edit_of).replace("{name}", &a.receiver);
        let delete_of = label(|l| &l.delete_of).replace("{name}", &a.receiver);
        let asking = move || confirming.get() == Some(id);
        view! {
            <li class="uc-address__card" class:is-default=is_default data-testid="uc-address-card" data-addr-id=id.to_string()>
                <div class="uc-address__who">
                    <strong class="uc-address__receiver">{a.receiver.clone()}</strong>
                    <span class="uc-address__mobile">{a.mobile.clone()}</span>
                    {is_default.then(|| view! { <span class="tag tag--self" data-testid="uc-address-default">{label(|l| &l.default_tag)}</span> })}
                </div>
                <p class="uc-address__where">
                    {a.addr.clone()}
                    {(!a.post_code.is_empty()).then(|| view! { <span class="uc-address__post-code">{a.post_code.clone()}</span> })}
                </p>
                <Show when=asking fallback=move || {
                    let param = param.clone();
                    view! {
                        <div class="uc-address__actions">
                            {(!is_default).then(|| view! {
                                <button type="button" class="button button--small button--outline" data-testid="uc-address-set-default"
                                    disabled=busy
                                    on:click=move |_| change(api::paths::address_default(id), false, label(|l| &l.default_set))>
                                    {label(|l| &l.set_default)}
                                </button>
                            })}
                            <button type="button" class="button button--small" data-testid="uc-address-edit"
                                aria-label=edit_of.clone() disabled=busy
                                on:click=move |_| { confirming.set(None); editing.set(Editing::Changing(param.clone())); focus_first_field(); }>
                                {label(|l| &l.edit)}
                            </button>
                            <button type="button" class="button button--small" data-testid="uc-address-delete"
                                aria-label=delete_of.clone() disabled=busy
                                on:click=move |_| { confirming.set(Some(id)); focus("uc-address-delete-no"); }>
                                {label(|l| &l.delete)}
                            </button>
                        </div>
                    }
                }>
                    <div class="uc-address__confirm" role="alertdialog" aria-label=label(|l| &l.delete_confirm)
                        data-testid="uc-address-confirm"
                        on:keydown=move |ev| { if ev.key() == "Escape" { confirming.set(None); } }>
                        <span>{label(|l| &l.delete_confirm)}</span>
                        <button type="button" class="button button--small button--primary" data-testid="uc-address-delete-yes"
                            disabled=busy
                            on:click=move |_| change(api::paths::address_delete(id), true, label(|l| &l.deleted))>
                            {label(|l| &l.delete_yes)}
                        </button>
                        <button type="button" class="button button--small" id="uc-address-delete-no" data-testid="uc-address-delete-no"
                            on:click=move |_| confirming.set(None)>
                            {label(|l| &l.delete_no)}
                        </button>
                    </div>
                </Show>
            </li>
        }
    };

    view! {
        <div class="uc-address" data-testid="uc-address" aria-busy=move || busy.get().to_string()>
            <div class="uc-address__bar">
                <p class="uc-address__count" data-testid="uc-address-count" aria-live="polite">
                    {move || label(|l| &l.count).replace("{count}", &list.with(Vec::len).to_string())}
                </p>
                <button type="button" class="button button--primary" id="address-add" data-testid="uc-address-add"
                    disabled=move || busy.get() || at_limit() || editing.get() == Editing::Adding
                    aria-describedby=move || at_limit().then_some("uc-address-limit")
                    on:click=move |_| { confirming.set(None); editing.set(Editing::Adding); focus_first_field(); }>
                    {label(|l| &l.add)}
                </button>
            </div>
            {move || at_limit().then(|| view! {
                <p class="uc-address__limit" id="uc-address-limit" role="status" data-testid="uc-address-limit">{label(|l| &l.limit)}</p>
            })}
            {form_view}
            {move || {
                let addresses = list.get();
                if addresses.is_empty() && editing.get() != Editing::Adding {
                    view! {
                        <section class="empty-state uc-address__empty" data-testid="uc-address-empty" data-kind="address">
                            <img class="empty-state__image" src=label(|l| &l.empty_image) alt="" width="200" height="160" />
                            <p class="empty-state__title">{label(|l| &l.empty)}</p>
                            <p class="empty-state__text">{label(|l| &l.empty_text)}</p>
                        </section>
                    }
                    .into_any()
                } else if addresses.is_empty() {
                    ().into_any()
                } else {
                    view! { <ul class="uc-address__list" data-testid="uc-address-list">{addresses.into_iter().map(card).collect_view()}</ul> }.into_any()
                }
            }}
        </div>
    }
}

/// Moves the focus to the element with `id`, once the view shows it (the browser only).
#[allow(unused_variables)]
fn focus(id: &'static str) {
    #[cfg(feature = "hydrate")]
    request_focus(move |d| d.get_element_by_id(id));
}

/// Moves the focus to the address form's first field, once it shows.
fn focus_first_field() {
    #[cfg(feature = "hydrate")]
    request_focus(|d| d.query_selector(".uc-address .address-form input").ok().flatten());
}

#[cfg(feature = "hydrate")]
fn request_focus(find: impl Fn(&web_sys::Document) -> Option<web_sys::Element> + 'static) {
    use wasm_bindgen::JsCast;
    // After the view has updated (its effects run before the next task).
    set_timeout(
        move || {
            let element = web_sys::window().and_then(|w| w.document()).and_then(|d| find(&d));
            if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = element.focus();
            }
        },
        std::time::Duration::ZERO,
    );
}
