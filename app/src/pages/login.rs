//! `/login`: where guests land from protected links. It opens the login popup on arrival and
//! offers a button to reopen it; after signing in the buyer returns to `redirect`.

use super::PageMeta;
use crate::components::header::query_param;
use crate::islands::{AuthLink, OpenLoginOnLoad};
use crate::shell::page_ctx;
use leptos::prelude::*;

#[component]
pub fn LoginPage() -> impl IntoView {
    let ctx = page_ctx();
    // Only same-site paths are followed after sign-in.
    let redirect = query_param(&ctx.prefs.query, "redirect")
        .filter(|r| r.starts_with('/') && !r.starts_with("//"))
        .unwrap_or_else(|| "/".into());
    let open_label = ctx.t("header-login");
    view! {
        <PageMeta title=ctx.t("login-title") description=ctx.t("login-text") canonical="/login".to_string() />
        <section class="login-page" data-testid="login-page">
            <h1>{ctx.t("login-title")}</h1>
            <p>{ctx.t("login-text")}</p>
            <AuthLink href="/login".to_string() class="button button--primary".to_string()
                testid="login-page-open".to_string() protected=true signed_in=false>
                {open_label}
            </AuthLink>
            <OpenLoginOnLoad redirect=redirect />
        </section>
    }
}
