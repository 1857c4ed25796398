//! `/dev/mailbox?to=`: the development mailbox, where a developer reads the one-time codes and
//! mails the outbox would have sent (spec section 5 codes, with no SMTP or SMS configured).
//! It exists only where the API serves `/dev/mailbox` (development mode); elsewhere it is 404.

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::context::page_ctx;
use crate::site::not_found::NotFoundPage;
use crate::url::query_param;
use api::account::MailboxMessage;
use leptos::prelude::*;

#[component]
pub fn DevMailboxPage() -> impl IntoView {
    let ctx = page_ctx();
    let to =
        query_param(&ctx.prefs.query, "to").map(|s| s.trim().chars().take(254).collect::<String>()).unwrap_or_default();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                // Any answer but a list means there is no development mailbox here (not in
                // development mode): the page does not exist then.
                let probe = if to.is_empty() { "mailbox@example.com".to_string() } else { to.clone() };
                let Ok(messages) = client.get::<Vec<MailboxMessage>>(api::paths::DEV_MAILBOX, &[("to", probe)]).await else {
                    return view! { <NotFoundPage /> }.into_any();
                };
                view! {
                    <PageMeta title=ctx.t("dev-mailbox-title") description=ctx.t("dev-mailbox-title") canonical="/dev/mailbox".to_string() />
                    <div class="container dev-mailbox" data-testid="dev-mailbox">
                        <h1 class="list-page__title">{ctx.t("dev-mailbox-title")}</h1>
                        <p class="dev-mailbox__note">{ctx.t("dev-mailbox-note")}</p>
                        <form method="get" action="/dev/mailbox" class="dev-mailbox__form">
                            <input type="text" name="to" value=to.clone() maxlength="254" required
                                placeholder=ctx.t("dev-mailbox-to") aria-label=ctx.t("dev-mailbox-to") />
                            <button type="submit" class="button button--primary">{ctx.t("dev-mailbox-open")}</button>
                        </form>
                        {if to.is_empty() {
                            ().into_any()
                        } else if messages.is_empty() {
                            view! { <p class="no-data">{ctx.t("dev-mailbox-empty")}</p> }.into_any()
                        } else {
                            view! {
                                <ol class="dev-mailbox__list">
                                    {messages.into_iter().map(|m| view! {
                                        <li class="dev-mailbox__message" data-testid="dev-mailbox-message">
                                            <p class="dev-mailbox__meta">
                                                {crate::notices::pages::format_time(m.created_at)} " · " {m.channel.clone()} " · " {m.to.clone()}
                                            </p>
                                            <strong>{m.subject.clone()}</strong>
                                            {m.code.clone().map(|code| view! { <p class="dev-mailbox__code" data-testid="dev-mailbox-code">{code}</p> })}
                                            <pre class="dev-mailbox__body">{m.body.clone()}</pre>
                                        </li>
                                    }).collect_view()}
                                </ol>
                            }.into_any()
                        }}
                    </div>
                }.into_any()
            })}
        </Suspense>
    }
}
