//! `/user-center/uc-freeshop`: applying to open a shop (spec section 1 "Apply to open a shop",
//! section 4 the shop states, section 5 the store rules). The server renders the state of the
//! buyer's latest application (`GET /p/shop/apply/info`):
//!
//! - none: the application form ([`ShopApplyForm`]);
//! - under review: `collection.storeReviewTips1` and what was sent;
//! - rejected: `collection.storeReviewTips2`, the reviewer's reason, and "Apply again" opening
//!   the form with the previous answers;
//! - approved: the store account and password of the sellers' centre ([`StoreAccountForm`]),
//!   then the account shown with a link to the sellers' centre and to the shop;
//! - offline: `userCenter.theStoreOffline`.
//!
//! Each island reloads the page after its write, so the server shows the new state.

use crate::api_client::ApiClient;
use crate::components::page_meta::PageMeta;
use crate::context::{page_ctx, PageCtx};
use crate::lazy_islands::{SettingsIsland, SettingsPart};
use crate::notices::pages::format_time;
use crate::shops::apply_form::{AccountLabels, ApplyLabels, ShopApplyForm, StoreAccountForm};
use api::catalog::CategoryInfo;
use api::shop_apply::{
    apply_status, my_shop_status, ShopApplyInfo, INTRO_MIN_CHARS, QUALIFICATIONS_MAX, QUALIFICATIONS_MIN,
    SHOP_ADDRESS_MIN_CHARS, STORE_ACCOUNT_MIN_CHARS, STORE_PASSWORD_MIN_CHARS, TEL_MAX_DIGITS, TEL_MIN_DIGITS,
};
use api::shop_apply::{
    ShopApplyParam, INTRO_MAX_CHARS, SHOP_ADDRESS_MAX_CHARS, SHOP_NAME_MAX_CHARS, STORE_ACCOUNT_MAX_CHARS,
    STORE_PASSWORD_MAX_CHARS,
};
use leptos::prelude::*;

fn apply_labels(ctx: &PageCtx) -> ApplyLabels {
    let n = |v: usize| v.to_string();
    ApplyLabels {
        shop_name: ctx.t("uc-freeshop-shop-name"),
        shop_name_hint: ctx.t_args("uc-freeshop-shop-name-hint", &[("max", &n(SHOP_NAME_MAX_CHARS))]),
        intro: ctx.t("uc-freeshop-intro"),
        intro_count: format!("{{count}}/{INTRO_MAX_CHARS}"),
        shop_address: ctx.t("uc-freeshop-shop-address"),
        tel: ctx.t("uc-freeshop-tel"),
        category: ctx.t("uc-freeshop-category"),
        category_choose: ctx.t("uc-freeshop-category-choose"),
        qualifications: ctx.t("uc-freeshop-qualifications"),
        qualifications_hint: ctx.t_args(
            "uc-freeshop-qualifications-hint",
            &[("min", &n(QUALIFICATIONS_MIN)), ("max", &n(QUALIFICATIONS_MAX))],
        ),
        submit: ctx.t("uc-freeshop-submit"),
        submitting: ctx.t("uc-freeshop-submitting"),
        apply_again: ctx.t("uc-freeshop-apply-again"),
        cancel: ctx.t("order-address-cancel"),
        failed: ctx.t("uc-freeshop-failed"),
        error_shop_name: ctx.t_args("error-shop-apply-name", &[("max", &n(SHOP_NAME_MAX_CHARS))]),
        error_intro: ctx
            .t_args("error-shop-apply-intro", &[("min", &n(INTRO_MIN_CHARS)), ("max", &n(INTRO_MAX_CHARS))]),
        error_shop_address: ctx.t_args(
            "error-shop-apply-address",
            &[("min", &n(SHOP_ADDRESS_MIN_CHARS)), ("max", &n(SHOP_ADDRESS_MAX_CHARS))],
        ),
        error_tel: ctx.t_args("error-shop-apply-tel", &[("min", &n(TEL_MIN_DIGITS)), ("max", &n(TEL_MAX_DIGITS))]),
        error_category: ctx.t("error-shop-apply-category"),
        error_qualifications: ctx
            .t_args("error-shop-apply-pictures", &[("min", &n(QUALIFICATIONS_MIN)), ("max", &n(QUALIFICATIONS_MAX))]),
    }
}

fn account_labels(ctx: &PageCtx) -> AccountLabels {
    let (account_min, account_max) = (STORE_ACCOUNT_MIN_CHARS.to_string(), STORE_ACCOUNT_MAX_CHARS.to_string());
    let account_range = [("min", account_min.as_str()), ("max", account_max.as_str())];
    let (password_min, password_max) = (STORE_PASSWORD_MIN_CHARS.to_string(), STORE_PASSWORD_MAX_CHARS.to_string());
    let password_range = [("min", password_min.as_str()), ("max", password_max.as_str())];
    AccountLabels {
        account: ctx.t("uc-freeshop-store-account"),
        account_hint: ctx.t_args("uc-freeshop-store-account-hint", &account_range),
        password: ctx.t("uc-freeshop-store-password"),
        password_hint: ctx.t_args("uc-freeshop-store-password-hint", &password_range),
        confirm: ctx.t("uc-freeshop-store-password-confirm"),
        mismatch: ctx.t("uc-freeshop-store-password-mismatch"),
        submit: ctx.t("uc-freeshop-store-account-submit"),
        submitting: ctx.t("uc-freeshop-submitting"),
        failed: ctx.t("uc-freeshop-failed"),
        error_account: ctx.t_args("error-store-account", &account_range),
        error_password: ctx.t_args("error-store-password", &password_range),
        error_taken: ctx.t("error-store-account-taken"),
    }
}

/// The shown top-level categories, `(id, name)`, for the main category.
async fn top_categories(client: &ApiClient) -> Vec<(i64, String)> {
    client
        .get::<CategoryInfo>(api::paths::CATEGORY_INFO, &[("parentId", "0".to_string())])
        .await
        .map(|info| info.category_info.into_iter().map(|c| (c.category_id, c.category_name)).collect())
        .unwrap_or_default()
}

/// The application as the form's starting values (to apply again after a rejection).
fn as_param(info: &ShopApplyInfo) -> ShopApplyParam {
    ShopApplyParam {
        shop_name: info.shop_name.clone(),
        intro: info.intro.clone(),
        shop_address: info.shop_address.clone(),
        tel: info.tel.clone(),
        category_id: info.category_id,
        qualifications: info.qualifications.clone(),
    }
}

/// What was sent: the store's name, category, address, phone and when.
fn summary(ctx: &PageCtx, info: &ShopApplyInfo) -> impl IntoView {
    let row = |term: String, value: String| view! { <div><dt>{term}</dt><dd>{value}</dd></div> };
    view! {
        <dl class="uc-freeshop__summary" data-testid="uc-freeshop-summary">
            {row(ctx.t("uc-freeshop-shop-name"), info.shop_name.clone())}
            {row(ctx.t("uc-freeshop-category"), info.category_name.clone())}
            {row(ctx.t("uc-freeshop-shop-address"), info.shop_address.clone())}
            {row(ctx.t("uc-freeshop-tel"), info.tel.clone())}
            {row(ctx.t("uc-freeshop-submitted-at"), format_time(info.create_time))}
        </dl>
    }
}

/// A state's panel: its title, its text and what follows.
fn panel(state: &'static str, title: String, text: String, rest: AnyView) -> impl IntoView {
    view! {
        <section class=format!("uc-freeshop__state uc-freeshop__state--{state}") data-testid=format!("uc-freeshop-{state}")>
            <h2 class="uc-freeshop__state-title">{title}</h2>
            <p class="uc-freeshop__state-text">{text}</p>
            {rest}
        </section>
    }
}

/// The sellers' centre and the shop, once the store account is set.
fn account_set(ctx: &PageCtx, account: &str, shop_id: Option<i64>, open: bool) -> AnyView {
    view! {
        <p class="uc-freeshop__account" data-testid="uc-freeshop-account">
            {ctx.t("uc-freeshop-store-account-label")}" "<strong>{account.to_string()}</strong>
        </p>
        <div class="uc-freeshop__links">
            <a class="button button--primary" href=ctx.seller_centre_url.clone() target="_blank" rel="noopener" data-testid="uc-freeshop-seller-centre">
                {ctx.t("header-seller-centre")}
            </a>
            {shop_id.filter(|_| open).map(|id| view! {
                <a class="button button--outline" href=format!("/shop-index?sid={id}") data-testid="uc-freeshop-shop-link">
                    {ctx.t("uc-freeshop-visit-shop")}
                </a>
            })}
        </div>
    }
    .into_any()
}

#[component]
pub fn FreeShopPage() -> impl IntoView {
    let ctx = page_ctx();
    let client = ApiClient::from_context(ctx.lang());
    view! {
        <PageMeta title=ctx.t("uc-nav-freeshop") description=String::new() canonical="/user-center/uc-freeshop".to_string() />
        <h1 class="user-center__title">{ctx.t("uc-nav-freeshop")}</h1>
        <Suspense fallback=|| ()>
            {Suspend::new(async move {
                let ctx = page_ctx();
                let info = client.get::<Option<ShopApplyInfo>>(api::paths::SHOP_APPLY_INFO, &[]).await;
                let Ok(info) = info else {
                    return view! { <crate::components::empty_state::NoData refresh=true /> }.into_any();
                };
                let Some(info) = info else {
                    let categories = top_categories(&client).await;
                    return view! {
                        <p class="uc-freeshop__intro">{ctx.t("uc-freeshop-lead")}</p>
                        <SettingsIsland part={SettingsPart::ShopApplyForm(ShopApplyForm { labels: apply_labels(&ctx), categories, initial: ShopApplyParam::default(), collapsed: false })} />
                    }
                    .into_any();
                };
                match info.status {
                    apply_status::UNDER_REVIEW => panel(
                        "review",
                        ctx.t("uc-freeshop-review-title"),
                        ctx.t("collection-store-review-tips1"),
                        summary(&ctx, &info).into_any(),
                    )
                    .into_any(),
                    apply_status::REJECTED => {
                        let categories = top_categories(&client).await;
                        let reason = info.remarks.clone().unwrap_or_default();
                        let rest = view! {
                            <p class="uc-freeshop__reason" data-testid="uc-freeshop-reason">
                                <strong>{ctx.t("uc-freeshop-reason")}</strong>" "{reason}
                            </p>
                            {summary(&ctx, &info)}
                            <SettingsIsland part={SettingsPart::ShopApplyForm(ShopApplyForm { labels: apply_labels(&ctx), categories, initial: as_param(&info), collapsed: true })} />
                        };
                        panel("rejected", ctx.t("uc-freeshop-rejected-title"), ctx.t("collection-store-review-tips2"), rest.into_any())
                            .into_any()
                    }
                    _ if info.shop_status != Some(my_shop_status::OPEN) => {
                        let rest = match &info.store_account {
                            Some(account) => account_set(&ctx, account, info.shop_id, false),
                            None => ().into_any(),
                        };
                        panel("offline", ctx.t("uc-freeshop-offline-title"), ctx.t("user-center-the-store-offline"), rest)
                            .into_any()
                    }
                    _ => match &info.store_account {
                        Some(account) => panel(
                            "ready",
                            ctx.t("uc-freeshop-ready-title"),
                            ctx.t("uc-freeshop-ready-text"),
                            account_set(&ctx, account, info.shop_id, true),
                        )
                        .into_any(),
                        None => {
                            let rest = view! {
                                <SettingsIsland part={SettingsPart::StoreAccountForm(StoreAccountForm { labels: account_labels(&ctx) })} />
                                {info.shop_id.map(|id| view! {
                                    <p class="uc-freeshop__links">
                                        <a href=format!("/shop-index?sid={id}") data-testid="uc-freeshop-shop-link">{ctx.t("uc-freeshop-visit-shop")}</a>
                                    </p>
                                })}
                            };
                            panel("approved", ctx.t("uc-freeshop-approved-title"), ctx.t("uc-freeshop-approved-text"), rest.into_any())
                                .into_any()
                        }
                    },
                }
            })}
        </Suspense>
    }
}
