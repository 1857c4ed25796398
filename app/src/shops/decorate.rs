//! `/select-decorate?renovationId&sid`: a decorated page of the platform (sid 0) or a shop.
//! A missing page warns pageNotFound and answers 404.

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::context::page_ctx;
use crate::renovation::{load_decoration, DecoratedPage};
use crate::url::query_param;
use api::catalog::RenovationPage;
use leptos::prelude::*;

#[component]
pub fn SelectDecoratePage() -> impl IntoView {
    let ctx = page_ctx();
    let id =
        |name: &str| query_param(&ctx.prefs.query, name).and_then(|v| v.trim().parse::<i64>().ok()).filter(|n| *n >= 0);
    let (renovation_id, shop_id) = (id("renovationId").filter(|n| *n > 0), id("sid").unwrap_or(0));
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let page = match renovation_id {
                    Some(rid) => client
                        .get::<Option<RenovationPage>>(api::paths::SHOP_RENOVATION_HOMEPAGE, &[
                            ("renovationType", "1".to_string()), ("renovationId", rid.to_string()), ("shopId", shop_id.to_string()),
                        ])
                        .await
                        .ok()
                        .flatten(),
                    None => None,
                };
                let ctx = page_ctx();
                let decoration = match &page {
                    Some(p) => load_decoration(&client, &p.content).await,
                    None => None,
                };
                match (page, decoration) {
                    (Some(page), Some(decoration)) => view! {
                        <PageMeta title=page.name.clone() description=page.name.clone()
                            canonical=format!("/select-decorate?renovationId={}&sid={}", page.renovation_id, page.shop_id) />
                        <DecoratedPage decoration=decoration />
                    }.into_any(),
                    _ => {
                        if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
                            response.set_status(http::StatusCode::NOT_FOUND);
                        }
                        view! {
                            <PageMeta title=ctx.t("page-not-found-warning") description=ctx.t("page-not-found-warning") canonical="/select-decorate".to_string() />
                            <section class="empty-state" data-testid="page-not-found">
                                <img class="empty-state__image" src="/static/empty/not-found.svg" alt="" width="200" height="160" />
                                <p class="empty-state__title" role="alert">{ctx.t("page-not-found-warning")}</p>
                                <a class="button button--primary" href="/">{ctx.t("not-found-home")}</a>
                            </section>
                        }.into_any()
                    }
                }
            })}
        </Suspense>
    }
}
