//! `/user-center/uc-address`: the buyer's delivery addresses (spec section 3 "address
//! (recipient, phone, postal code, detailed address)", section 5 "Address detail 5-50",
//! section 9 "Maximum number of addresses"). The list is rendered on the server and handed to
//! the [`AddressBook`] island (`crate::addresses::book`): the default marked and first, add and
//! edit with the form the order confirmation uses, set the default, delete after a confirmation
//! in place. At [`MAX_ADDRESSES`] the add button is disabled and the limit explained (the
//! server enforces it too).

use crate::addresses::book::{AddressBook, AddressBookLabels};
use crate::api_client::ApiClient;
use crate::components::address_form::AddressFormLabels;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::lazy_islands::{SettingsIsland, SettingsPart};
use api::addresses::{UserAddr, MAX_ADDRESSES};
use leptos::prelude::*;

/// The address book's texts in the page's language.
fn labels(ctx: &PageCtx) -> AddressBookLabels {
    let max = MAX_ADDRESSES.to_string();
    AddressBookLabels {
        form: AddressFormLabels::new(ctx),
        add: ctx.t("uc-address-add"),
        add_title: ctx.t("uc-address-add-title"),
        edit_title: ctx.t("uc-address-edit-title"),
        count: ctx.t_args("uc-address-count", &[("count", "{count}"), ("max", &max)]),
        limit: ctx.t_args("error-address-limit", &[("max", &max)]),
        default_tag: ctx.t("order-address-default"),
        set_default: ctx.t("uc-address-set-default"),
        edit: ctx.t("uc-address-edit"),
        edit_of: ctx.t_args("uc-address-edit-of", &[("name", "{name}")]),
        delete: ctx.t("uc-address-delete"),
        delete_of: ctx.t_args("uc-address-delete-of", &[("name", "{name}")]),
        delete_confirm: ctx.t("uc-address-delete-confirm"),
        delete_yes: ctx.t("uc-address-delete-yes"),
        delete_no: ctx.t("uc-address-delete-no"),
        added: ctx.t("order-address-saved"),
        updated: ctx.t("uc-address-updated"),
        deleted: ctx.t("uc-address-deleted"),
        default_set: ctx.t("uc-address-default-set"),
        failed: ctx.t("uc-address-failed"),
        empty: ctx.t("uc-address-empty"),
        empty_text: ctx.t("uc-address-empty-text"),
        empty_image: crate::components::empty_state::EmptyKind::Address.image().to_string(),
    }
}

/// The page: the buyer's addresses as the server has them, then the island.
#[component]
pub fn AddressPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    let labels = labels(&ctx);
    view! {
        <PageMeta title=ctx.t("uc-nav-address") description=String::new() canonical="/user-center/uc-address".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-nav-address")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let list = client.get::<Vec<UserAddr>>(api::paths::ADDRESS_LIST, &[]).await.unwrap_or_default();
                view! { <SettingsIsland part={SettingsPart::AddressBook(AddressBook { labels: labels.clone(), initial: list })} /> }
            })}
        </Suspense>
    }
}
