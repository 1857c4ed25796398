//! Notices: `/notice-detail?id&shopId` (shopId 0 = platform) and
//! `/notice-list?shopId&shopName`. Notice text is plain text, escaped on output.

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::context::page_ctx;
use crate::site::not_found::NotFoundPage;
use crate::url::query_param;
use api::browse::{Notice, NoticeDetail};
use api::catalog::Page;
use leptos::prelude::*;

/// `YYYY-MM-DD hh:mm:ss` (spec section 9) of a Unix-millisecond time, in UTC+7 (Cambodia).
pub fn format_time(ms: i64) -> String {
    api::calendar::mall_time_of_ms(ms).date_time_text()
}

#[component]
pub fn NoticeDetailPage() -> impl IntoView {
    let ctx = page_ctx();
    let id = query_param(&ctx.prefs.query, "id").and_then(|v| v.trim().parse::<i64>().ok()).filter(|id| *id > 0);
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let notice = match id {
                    Some(id) => client.get::<NoticeDetail>(&api::paths::notice_info(id), &[]).await.ok(),
                    None => None,
                };
                match notice {
                    Some(notice) => view! { <NoticeView notice=notice /> }.into_any(),
                    None => view! { <NotFoundPage /> }.into_any(),
                }
            })}
        </Suspense>
    }
}

#[component]
fn NoticeView(notice: NoticeDetail) -> impl IntoView {
    let ctx = page_ctx();
    let title = ctx.money_text(&notice.title);
    let content = ctx.money_text(&notice.content);
    let first_line = content.lines().next().unwrap_or_default().chars().take(150).collect::<String>();
    view! {
        <PageMeta title=title.clone() description=first_line canonical=format!("/notice-detail?id={}&shopId={}", notice.id, notice.shop_id) />
        <article class="container notice-page" data-testid="notice-detail">
            <h1>{title}</h1>
            <p class="notice-page__time">{format_time(notice.publish_time)}</p>
            <div class="rich-text">
                {content.split('\n').filter(|l| !l.trim().is_empty()).map(|line| view! { <p>{line.to_string()}</p> }).collect_view()}
            </div>
            <a class="button" href=format!("/notice-list?shopId={}", notice.shop_id)>{ctx.t("notice-all")}</a>
        </article>
    }
}

#[component]
pub fn NoticeListPage() -> impl IntoView {
    let ctx = page_ctx();
    let shop_id = query_param(&ctx.prefs.query, "shopId")
        .and_then(|v| v.trim().parse::<i64>().ok())
        .filter(|id| *id >= 0)
        .unwrap_or(0);
    let shop_name = query_param(&ctx.prefs.query, "shopName").filter(|n| !n.trim().is_empty() && shop_id > 0);
    let title = match &shop_name {
        Some(name) => ctx.t_args("notice-list-shop", &[("shop", name)]),
        None => ctx.t("notice-list-title"),
    };
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=title.clone() description=title.clone() canonical=format!("/notice-list?shopId={shop_id}") />
        <section class="container notice-page" data-testid="notice-list">
            <h1>{title}</h1>
            <Suspense fallback=|| ()>
                {Suspend::new(async move {
                    let query = [("shopId", shop_id.to_string()), ("current", "1".into()), ("size", "50".into())];
                    let notices = match client.get::<Page<Notice>>(api::paths::NOTICE_LIST, &query).await {
                        Ok(page) => page.records,
                        Err(_) => client.get::<Vec<Notice>>(&api::paths::top_notice_list(shop_id), &[]).await.unwrap_or_default(),
                    };
                    let ctx = page_ctx();
                    if notices.is_empty() {
                        view! { <p class="home-section__empty">{ctx.t("notice-none")}</p> }.into_any()
                    } else {
                        view! {
                            <ul class="notice-list">
                                {notices.into_iter().map(|n| view! {
                                    <li><a href=format!("/notice-detail?id={}&shopId={shop_id}", n.id)>{ctx.money_text(&n.title)}</a></li>
                                }).collect_view()}
                            </ul>
                        }.into_any()
                    }
                })}
            </Suspense>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::format_time;

    #[test]
    fn times_read_as_spec_dates_in_cambodia() {
        assert_eq!(format_time(0), "1970-01-01 07:00:00");
        assert_eq!(format_time(1_795_000_000_000), "2026-11-18 18:06:40");
    }
}
