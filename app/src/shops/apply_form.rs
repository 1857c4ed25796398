//! The islands of `/user-center/uc-freeshop` (`crate::shops::apply`): [`ShopApplyForm`], the
//! application to open a shop (spec section 5's store rules checked as the buyer types, the
//! qualification pictures from the `image-upload` widget), and [`StoreAccountForm`], the store
//! account and password of the sellers' centre once the application is approved. Each reloads
//! the page after its write, so the server shows the new state.

use crate::components::{after_hydration, typed_before_hydration, typed_or};
use api::shop_apply::{
    account_problems, apply_problems, AccountProblem, ApplyProblem, ShopApplyParam, StoreAccountParam, INTRO_MAX_CHARS,
    SHOP_ADDRESS_MAX_CHARS, SHOP_NAME_MAX_CHARS, STORE_ACCOUNT_MAX_CHARS, STORE_PASSWORD_MAX_CHARS,
};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The translated texts of the application form. `{count}` is filled in by the island.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ApplyLabels {
    pub shop_name: String,
    pub shop_name_hint: String,
    pub intro: String,
    pub intro_count: String,
    pub shop_address: String,
    pub tel: String,
    pub category: String,
    pub category_choose: String,
    pub qualifications: String,
    pub qualifications_hint: String,
    pub submit: String,
    pub submitting: String,
    pub apply_again: String,
    pub cancel: String,
    pub failed: String,
    /// Each field's message: the server's own, so its refusals land beside the same field.
    pub error_shop_name: String,
    pub error_intro: String,
    pub error_shop_address: String,
    pub error_tel: String,
    pub error_category: String,
    pub error_qualifications: String,
}

impl ApplyLabels {
    fn error(&self, problem: ApplyProblem) -> &str {
        match problem {
            ApplyProblem::ShopName => &self.error_shop_name,
            ApplyProblem::Intro => &self.error_intro,
            ApplyProblem::ShopAddress => &self.error_shop_address,
            ApplyProblem::Tel => &self.error_tel,
            ApplyProblem::Category => &self.error_category,
            ApplyProblem::Qualifications => &self.error_qualifications,
        }
    }

    /// The field a message of the server is about.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    fn problem_of(&self, msg: &str) -> Option<ApplyProblem> {
        use ApplyProblem::*;
        [ShopName, Intro, ShopAddress, Tel, Category, Qualifications].into_iter().find(|p| self.error(*p) == msg)
    }
}

/// The translated texts of the store account form.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AccountLabels {
    pub account: String,
    pub account_hint: String,
    pub password: String,
    pub password_hint: String,
    pub confirm: String,
    pub mismatch: String,
    pub submit: String,
    pub submitting: String,
    pub failed: String,
    pub error_account: String,
    pub error_password: String,
    pub error_taken: String,
}

impl AccountLabels {
    /// The field a message of the server is about ("" for none).
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    fn field_of(&self, msg: &str) -> &'static str {
        if msg == self.error_account || msg == self.error_taken {
            "account"
        } else if msg == self.error_password {
            "password"
        } else {
            ""
        }
    }
}
/// A text input or textarea's value.
fn value_of(ev: &leptos::ev::Event) -> String {
    event_target_value(ev)
}

/// The application form, or "Apply again" that opens it.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ShopApplyForm {
    pub labels: ApplyLabels,
    /// The main categories to choose from, `(id, name)`.
    pub categories: Vec<(i64, String)>,
    /// The starting values (the previous application's, to apply again).
    pub initial: ShopApplyParam,
    /// Shows "Apply again" first, the form once it is pressed.
    pub collapsed: bool,
}

/// Renders [`ShopApplyForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn shop_apply_form(props: ShopApplyForm) -> impl IntoView {
    let ShopApplyForm { labels, categories, initial, collapsed } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&ApplyLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let open = RwSignal::new(!collapsed);
    // What was typed before the island hydrated stands (`typed_or`); the intro (whose count
    // shows under it) and the category (whose option is marked selected) right after it.
    let mut initial = initial;
    initial.shop_name = typed_or("shop-name", initial.shop_name);
    initial.shop_address = typed_or("shop-address", initial.shop_address);
    initial.tel = typed_or("shop-tel", initial.tel);
    let typed_intro = typed_before_hydration("shop-intro");
    let typed_category = typed_before_hydration("shop-category").and_then(|c| c.parse::<i64>().ok());
    let form = RwSignal::new(initial);
    if typed_intro.is_some() || typed_category.is_some() {
        after_hydration(move || {
            form.update(|f| {
                if let Some(intro) = typed_intro {
                    f.intro = intro;
                }
                if let Some(id) = typed_category {
                    f.category_id = id;
                }
            })
        });
    }
    let problems = RwSignal::new(Vec::<ApplyProblem>::new());
    // A refusal of the server: beside its field, or under the button.
    let refusal = RwSignal::new(None::<(Option<ApplyProblem>, String)>);
    let sending = RwSignal::new(false);
    let busy = RwSignal::new(false);

    let submit = move || {
        let found = form.with_untracked(apply_problems);
        problems.set(found.clone());
        refusal.set(None);
        if let Some(first) = found.first() {
            focus(field_id(*first));
            return;
        }
        if sending.get_untracked() {
            return;
        }
        sending.set(true);
        let body = form.get_untracked();
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser, ApiFailure};
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            let answer =
                browser::post::<api::shop_apply::ShopApplyInfo, _>(api::paths::SHOP_APPLY, &body, options).await;
            match answer {
                // The page shows the application's new state.
                Ok(_) => crate::cart::web::reload(),
                Err(failure) => {
                    sending.set(false);
                    match failure {
                        ApiFailure::Rejected { code: api::Code::BadRequest, msg } => {
                            let problem = labels.with_value(|l| l.problem_of(&msg));
                            if let Some(p) = problem {
                                focus(field_id(p));
                            }
                            refusal.set(Some((problem, msg)));
                        }
                        ApiFailure::Rejected { .. } => {}
                        ApiFailure::Network(_) => refusal.set(Some((None, label(|l| &l.failed)))),
                    }
                }
            }
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = body;
    };

    let error_of = move |problem: ApplyProblem| {
        move || {
            let local =
                problems.with(|p| p.contains(&problem)).then(|| labels.with_value(|l| l.error(problem).to_string()));
            local.or_else(|| refusal.with(|r| r.as_ref().filter(|(p, _)| *p == Some(problem)).map(|(_, m)| m.clone())))
        }
    };
    let invalid = move |problem: ApplyProblem| {
        move || {
            let bad = problems.with(|p| p.contains(&problem))
                || refusal.with(|r| r.as_ref().is_some_and(|(p, _)| *p == Some(problem)));
            bad.then_some("true")
        }
    };
    let error_line = move |problem: ApplyProblem| {
        let id = format!("{}-error", field_id(problem));
        view! {
            <span class="field__error" id=id role="alert" data-testid=format!("uc-freeshop-error-{}", field_id(problem))>
                {error_of(problem)}
            </span>
        }
    };
    let described = |problem: ApplyProblem| format!("{}-error", field_id(problem));
    let intro_count = move || {
        let count = form.with(|f| f.intro.trim().chars().count());
        label(|l| &l.intro_count).replace("{count}", &count.to_string())
    };
    // The pictures come from the image-upload widget, which reports what it holds.
    crate::components::pictures::listen_pictures(PICTURES_FIELD, move |paths| {
        form.update(|f| f.qualifications = paths);
        problems.update(|p| p.retain(|p| *p != ApplyProblem::Qualifications));
    });

    let the_form = move || {
        let categories = categories.clone();
        view! {
            <form class="uc-freeshop__form" data-testid="uc-freeshop-form" novalidate
                on:submit=move |ev| { ev.prevent_default(); submit(); }>
                <div class="field">
                    <label for="shop-name">{label(|l| &l.shop_name)}</label>
                    <input type="text" id="shop-name" name="shopName" maxlength=SHOP_NAME_MAX_CHARS.to_string()
                        autocomplete="organization" aria-invalid=invalid(ApplyProblem::ShopName)
                        aria-describedby=format!("shop-name-hint {}", described(ApplyProblem::ShopName))
                        value={untrack(|| form.with(|f| f.shop_name.clone()))} prop:value=move || form.with(|f| f.shop_name.clone())
                        on:input=move |ev| form.update(|f| f.shop_name = value_of(&ev)) />
                    <small class="field__hint" id="shop-name-hint">{label(|l| &l.shop_name_hint)}</small>
                    {error_line(ApplyProblem::ShopName)}
                </div>
                <div class="field">
                    <label for="shop-category">{label(|l| &l.category)}</label>
                    <select id="shop-category" name="categoryId" aria-invalid=invalid(ApplyProblem::Category)
                        aria-describedby=described(ApplyProblem::Category)
                        prop:value=move || form.with(|f| f.category_id.to_string())
                        on:change=move |ev| form.update(|f| f.category_id = value_of(&ev).parse().unwrap_or(0))>
                        <option value="0">{label(|l| &l.category_choose)}</option>
                        {categories.into_iter().map(|(id, name)| view! {
                            <option value=id.to_string() selected=move || form.with(|f| f.category_id == id)>{name}</option>
                        }).collect_view()}
                    </select>
                    {error_line(ApplyProblem::Category)}
                </div>
                <div class="field field--wide">
                    <label for="shop-intro">{label(|l| &l.intro)}</label>
                    <textarea id="shop-intro" name="intro" rows="4" maxlength=INTRO_MAX_CHARS.to_string()
                        aria-invalid=invalid(ApplyProblem::Intro)
                        aria-describedby=format!("shop-intro-count {}", described(ApplyProblem::Intro))
                        prop:value=move || form.with(|f| f.intro.clone())
                        on:input=move |ev| form.update(|f| f.intro = value_of(&ev))></textarea>
                    <small class="field__hint field__count" id="shop-intro-count" aria-live="polite">{intro_count}</small>
                    {error_line(ApplyProblem::Intro)}
                </div>
                <div class="field field--wide">
                    <label for="shop-address">{label(|l| &l.shop_address)}</label>
                    <input type="text" id="shop-address" name="shopAddress" maxlength=SHOP_ADDRESS_MAX_CHARS.to_string()
                        autocomplete="street-address" aria-invalid=invalid(ApplyProblem::ShopAddress)
                        aria-describedby=described(ApplyProblem::ShopAddress)
                        value={untrack(|| form.with(|f| f.shop_address.clone()))} prop:value=move || form.with(|f| f.shop_address.clone())
                        on:input=move |ev| form.update(|f| f.shop_address = value_of(&ev)) />
                    {error_line(ApplyProblem::ShopAddress)}
                </div>
                <div class="field">
                    <label for="shop-tel">{label(|l| &l.tel)}</label>
                    <input type="tel" id="shop-tel" name="tel" maxlength="20" inputmode="tel" autocomplete="tel"
                        aria-invalid=invalid(ApplyProblem::Tel) aria-describedby=described(ApplyProblem::Tel)
                        value={untrack(|| form.with(|f| f.tel.clone()))} prop:value=move || form.with(|f| f.tel.clone())
                        on:input=move |ev| form.update(|f| f.tel = value_of(&ev)) />
                    {error_line(ApplyProblem::Tel)}
                </div>
                <fieldset class="field field--wide uc-freeshop__pictures" id="shop-qualifications" tabindex="-1"
                    aria-invalid=invalid(ApplyProblem::Qualifications)
                    aria-describedby=format!("shop-qualifications-hint {}", described(ApplyProblem::Qualifications))>
                    <legend>{label(|l| &l.qualifications)}</legend>
                    <small class="field__hint" id="shop-qualifications-hint">{label(|l| &l.qualifications_hint)}</small>
                    <mall-widget name={api::bridge::widget::IMAGE_UPLOAD} data-load="idle" data-testid="uc-freeshop-pictures"
                        data-props=upload_props(&form.with_untracked(|f| f.qualifications.clone()), &label(|l| &l.qualifications))>
                    </mall-widget>
                    {error_line(ApplyProblem::Qualifications)}
                </fieldset>
                <div class="uc-freeshop__actions">
                    <button type="submit" class="button button--primary" data-testid="uc-freeshop-submit"
                        disabled=move || busy.get() || sending.get() aria-busy=move || sending.get().to_string()>
                        {move || if sending.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                    </button>
                    {collapsed.then(|| view! {
                        <button type="button" class="button" on:click=move |_| open.set(false)>{label(|l| &l.cancel)}</button>
                    })}
                </div>
                <p class="uc-freeshop__form-error" role="alert" data-testid="uc-freeshop-form-error">
                    {move || refusal.with(|r| r.as_ref().filter(|(p, _)| p.is_none()).map(|(_, m)| m.clone()))}
                </p>
            </form>
        }
    };

    view! {
        <Show when=move || open.get() fallback=move || view! {
            <button type="button" class="button button--primary" data-testid="uc-freeshop-apply-again"
                disabled=busy on:click=move |_| { open.set(true); focus("shop-name"); }>
                {label(|l| &l.apply_again)}
            </button>
        }>
            {the_form()}
        </Show>
    }
}

/// The name the image-upload widget reports the qualification pictures under.
const PICTURES_FIELD: &str = "qualifications";

/// The image-upload widget's props: pictures (10 MB each), up to the most an application
/// takes, starting with `pictures`.
fn upload_props(pictures: &[String], label: &str) -> String {
    crate::components::pictures::upload_props(
        PICTURES_FIELD,
        api::shop_apply::QUALIFICATIONS_MAX,
        label,
        pictures.to_vec(),
    )
}

/// The id of a problem's field.
fn field_id(problem: ApplyProblem) -> &'static str {
    match problem {
        ApplyProblem::ShopName => "shop-name",
        ApplyProblem::Intro => "shop-intro",
        ApplyProblem::ShopAddress => "shop-address",
        ApplyProblem::Tel => "shop-tel",
        ApplyProblem::Category => "shop-category",
        ApplyProblem::Qualifications => "shop-qualifications",
    }
}

/// The store account and password of the sellers' centre, set once the shop is approved.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct StoreAccountForm {
    pub labels: AccountLabels,
}

/// Renders [`StoreAccountForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn store_account_form(props: StoreAccountForm) -> impl IntoView {
    let StoreAccountForm { labels } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&AccountLabels) -> &String| labels.with_value(|l| pick(l).clone());
    // What was typed before the island hydrated stands (`typed_or`).
    let account = RwSignal::new(typed_or("store-account", ""));
    let password = RwSignal::new(typed_or("store-password", ""));
    let confirm = RwSignal::new(typed_or("store-password-confirm", ""));
    // (field, message): "account", "password", "confirm", or "" under the button.
    let errors = RwSignal::new(Vec::<(&'static str, String)>::new());
    let sending = RwSignal::new(false);
    let busy = RwSignal::new(false);

    let submit = move || {
        let param =
            StoreAccountParam { store_account: account.get_untracked(), store_password: password.get_untracked() };
        let mut found: Vec<(&'static str, String)> = account_problems(&param)
            .into_iter()
            .map(|p| match p {
                AccountProblem::Account => ("account", label(|l| &l.error_account)),
                AccountProblem::Password => ("password", label(|l| &l.error_password)),
            })
            .collect();
        if confirm.get_untracked() != param.store_password {
            found.push(("confirm", label(|l| &l.mismatch)));
        }
        if let Some((field, _)) = found.first() {
            focus(match *field {
                "account" => "store-account",
                "password" => "store-password",
                _ => "store-password-confirm",
            });
            errors.set(found);
            return;
        }
        errors.set(Vec::new());
        if sending.get_untracked() {
            return;
        }
        sending.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser, ApiFailure};
            let options = browser::CallOptions { silent_auth: false, handle_error: true };
            let path = api::paths::SHOP_APPLY_STORE_ACCOUNT;
            match browser::post::<api::shop_apply::ShopApplyInfo, _>(path, &param, options).await {
                // The page shows the account with the way to the sellers' centre.
                Ok(_) => crate::cart::web::reload(),
                Err(failure) => {
                    sending.set(false);
                    match failure {
                        ApiFailure::Rejected { code: api::Code::BadRequest, msg } => {
                            let field = labels.with_value(|l| l.field_of(&msg));
                            errors.set(vec![(field, msg)]);
                        }
                        ApiFailure::Rejected { .. } => {}
                        ApiFailure::Network(_) => errors.set(vec![("", label(|l| &l.failed))]),
                    }
                }
            }
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = param;
    };

    let error_of =
        move |field: &'static str| move || errors.with(|e| e.iter().find(|(f, _)| *f == field).map(|(_, m)| m.clone()));
    let invalid =
        move |field: &'static str| move || errors.with(|e| e.iter().any(|(f, _)| *f == field)).then_some("true");

    view! {
        <form class="uc-freeshop__account-form" data-testid="uc-freeshop-account-form" novalidate
            on:submit=move |ev| { ev.prevent_default(); submit(); }>
            <div class="field">
                <label for="store-account">{label(|l| &l.account)}</label>
                <input type="text" id="store-account" name="storeAccount" autocomplete="username" spellcheck="false"
                    autocapitalize="off" maxlength=STORE_ACCOUNT_MAX_CHARS.to_string() aria-invalid=invalid("account")
                    aria-describedby="store-account-hint store-account-error"
                    value={untrack(|| account.get())} prop:value=move || account.get() on:input=move |ev| account.set(value_of(&ev)) />
                <small class="field__hint" id="store-account-hint">{label(|l| &l.account_hint)}</small>
                <span class="field__error" id="store-account-error" role="alert" data-testid="uc-freeshop-error-store-account">{error_of("account")}</span>
            </div>
            <div class="field">
                <label for="store-password">{label(|l| &l.password)}</label>
                <input type="password" id="store-password" name="storePassword" autocomplete="new-password"
                    maxlength=STORE_PASSWORD_MAX_CHARS.to_string() aria-invalid=invalid("password")
                    aria-describedby="store-password-hint store-password-error"
                    value={untrack(|| password.get())} prop:value=move || password.get() on:input=move |ev| password.set(value_of(&ev)) />
                <small class="field__hint" id="store-password-hint">{label(|l| &l.password_hint)}</small>
                <span class="field__error" id="store-password-error" role="alert" data-testid="uc-freeshop-error-store-password">{error_of("password")}</span>
            </div>
            <div class="field">
                <label for="store-password-confirm">{label(|l| &l.confirm)}</label>
                <input type="password" id="store-password-confirm" name="confirmPassword" autocomplete="new-password"
                    maxlength=STORE_PASSWORD_MAX_CHARS.to_string() aria-invalid=invalid("confirm")
                    aria-describedby="store-password-confirm-error"
                    value={untrack(|| confirm.get())} prop:value=move || confirm.get() on:input=move |ev| confirm.set(value_of(&ev)) />
                <span class="field__error" id="store-password-confirm-error" role="alert" data-testid="uc-freeshop-error-confirm">{error_of("confirm")}</span>
            </div>
            <div class="uc-freeshop__actions">
                <button type="submit" class="button button--primary" data-testid="uc-freeshop-account-submit"
                    disabled=move || busy.get() || sending.get() aria-busy=move || sending.get().to_string()>
                    {move || if sending.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                </button>
            </div>
            <p class="uc-freeshop__form-error" role="alert" data-testid="uc-freeshop-account-error">{error_of("")}</p>
        </form>
    }
}

/// Moves the focus to the element with `id`, once the view shows it (the browser only).
#[allow(unused_variables)]
fn focus(id: &'static str) {
    #[cfg(feature = "hydrate")]
    set_timeout(
        move || {
            use wasm_bindgen::JsCast;
            let element = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id(id))
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(element) = element {
                let _ = element.focus();
            }
        },
        std::time::Duration::ZERO,
    );
}
