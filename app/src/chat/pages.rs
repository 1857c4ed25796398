//! The chat pages and the frame's parts: `/chat?shopId=&prodId=`, `/chat-agent`, the
//! panel's host and the chat links.

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::site::not_found::NotFoundPage;
use crate::url::query_param;
use api::bridge::{widget_props, ChatLayout, ChatMode, ChatProps};
use api::chat::ChatProfile;
use leptos::prelude::*;

/// Paths that show the chat as a page: the frame hosts no panel there.
const CHAT_PAGES: [&str; 2] = ["/chat", "/chat-agent"];

/// The widget's props: its mode and layout, what to open, the display currency.
fn chat_props(ctx: &PageCtx, mode: ChatMode, layout: ChatLayout, shop_id: Option<i64>, prod_id: Option<i64>) -> String {
    widget_props(&ChatProps { currency: ctx.currency.for_widgets(), layout, mode, prod_id, shop_id })
}

/// A whole number of the query that is at least `min`.
fn query_id(query: &str, name: &str, min: i64) -> Option<i64> {
    query_param(query, name).and_then(|v| v.trim().parse::<i64>().ok()).filter(|v| *v >= min)
}

/// `/chat?shopId=&prodId=`: the buyer's conversations, the one with `shopId` open (0 = the
/// platform's customer service), the product `prodId` offered as a card. Guests go to /login,
/// which comes back here.
#[component]
pub fn ChatPage() -> impl IntoView {
    let ctx = page_ctx();
    if crate::orders::guest_to_login(&ctx) {
        return ().into_any();
    }
    let shop_id = query_id(&ctx.prefs.query, "shopId", 0);
    let prod_id = query_id(&ctx.prefs.query, "prodId", 1);
    let props = chat_props(&ctx, ChatMode::Buyer, ChatLayout::Page, shop_id, prod_id);
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("chat-page-title") description=String::new() canonical=String::new() />
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                // A service account answers in its console, not as a buyer.
                if let Ok(ChatProfile { agent: true, .. }) = client.get::<ChatProfile>(api::paths::CHAT_PROFILE, &[]).await {
                    crate::context::redirect_to("/chat-agent");
                }
                view! {
                    <div class="container chat-page" data-testid="chat-page">
                        <h1 class="chat-page__title">{ctx.t("chat-page-title")}</h1>
                        <mall-widget class="chat-page__widget" name={api::bridge::widget::CHAT} data-props=props data-load="idle" data-testid="chat-host"></mall-widget>
                    </div>
                }
            })}
        </Suspense>
    }
    .into_any()
}

/// `/chat-agent`: the console of a shop's or the platform's service account, its side's
/// conversations. Anyone else (guests, buyers) gets the 404 page.
#[component]
pub fn ChatAgentPage() -> impl IntoView {
    let ctx = page_ctx();
    if ctx.shell.nick_name.is_none() {
        return view! { <NotFoundPage /> }.into_any();
    }
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                match client.get::<ChatProfile>(api::paths::CHAT_PROFILE, &[]).await {
                    Ok(profile) if profile.agent => {
                        let props = chat_props(&ctx, ChatMode::Agent, ChatLayout::Page, None, None);
                        view! {
                            <PageMeta title=ctx.t("chat-agent-page-title") description=String::new() canonical=String::new() />
                            <div class="container chat-page" data-testid="chat-agent-page">
                                <h1 class="chat-page__title">{ctx.t("chat-agent-page-title")}</h1>
                                <p class="chat-page__who" data-testid="chat-agent-name">{profile.name}</p>
                                <mall-widget class="chat-page__widget" name={api::bridge::widget::CHAT} data-props=props data-load="idle" data-testid="chat-host"></mall-widget>
                            </div>
                        }
                        .into_any()
                    }
                    _ => view! { <NotFoundPage /> }.into_any(),
                }
            })}
        </Suspense>
    }
    .into_any()
}

/// The chat's part of the frame, once per page: for a signed-in buyer outside the chat pages,
/// the floating panel, loaded on the first `mall:open-chat` (which the chat links send,
/// `widgets/src/frame.ts`).
#[component]
pub fn ChatHost() -> impl IntoView {
    let ctx = page_ctx();
    let signed_in = ctx.shell.nick_name.is_some();
    let on_chat_page = CHAT_PAGES.contains(&ctx.prefs.path.as_str());
    let panel = (signed_in && !on_chat_page).then(|| {
        let props = chat_props(&ctx, ChatMode::Buyer, ChatLayout::Panel, None, None);
        view! {
            <mall-widget name={api::bridge::widget::CHAT} data-props=props data-load=crate::events::load_on(crate::events::OPEN_CHAT) data-chat-panel=""
                data-testid="chat-panel-host"></mall-widget>
        }
    });
    view! { {panel} }
}

/// A link that opens the chat with `shop_id` (none: the product's shop, or the conversation
/// list), `prod_id` offered as a card: the panel where the page has it, `/chat?shopId=`
/// otherwise (and without JavaScript); a guest signs in first (`data-login-first`).
#[component]
pub fn ChatLink(
    shop_id: Option<i64>,
    #[prop(default = None)] prod_id: Option<i64>,
    class: &'static str,
    testid: &'static str,
    children: Children,
) -> impl IntoView {
    let href = super::chat_href(shop_id, prod_id);
    let guest = use_context::<crate::context::PageCtx>().is_none_or(|ctx| ctx.shell.nick_name.is_none());
    view! {
        <a class=class href=href data-chat="" data-chat-shop=shop_id data-chat-prod=prod_id data-testid=testid
            data-login-first=guest.then_some("")>
            {children()}
        </a>
    }
}
