//! My Balance's top-up form on `/user-center/uc-balance` (`crate::wallet::balance`): an amount
//! (0.01 to 100000) and an online method of the pay switch, a plain form
//! (`api::forms::BALANCE_RECHARGE`) that needs no wasm. The server checks it and goes on to the
//! gateway, or to the checkout counter that shows the gateway's QR code or posts its form; a
//! refusal comes back to this page with its message, shown beside the form too (record 0186).

use crate::context::PageCtx;
use api::forms::FlashKind;
use leptos::prelude::*;

/// The top-up form: `methods` are the online methods (code, name); `hint` the range.
pub fn top_up_form(ctx: &PageCtx, methods: Vec<(i32, String)>, hint: String) -> impl IntoView {
    // The refusal this page came back with (the page's one form is this one).
    let error = ctx.prefs.flash.as_ref().filter(|f| f.kind == FlashKind::Error).map(|flash| {
        let args: Vec<(&str, &str)> = flash.args.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
        ctx.t_args(&flash.key, &args)
    });
    // The amount a refusal brought back as typed (`api::forms::TYPED_AMOUNT`).
    let typed = error
        .as_ref()
        .and_then(|_| api::url::query_param(&ctx.prefs.query, api::forms::TYPED_AMOUNT))
        .unwrap_or_default();
    let no_method = methods.is_empty();
    view! {
        <form class="uc-form wallet-top-up" method="post" action=api::forms::BALANCE_RECHARGE novalidate
            data-testid="wallet-top-up-form" data-busy-label=ctx.t("wallet-top-up-starting")>
            <input type="hidden" name=api::forms::FIELD_BACK value=ctx.prefs.url() />
            <input type="hidden" name="currency" value=ctx.currency.code.clone() />
            <h2 class="wallet-top-up__title">{ctx.t("wallet-top-up")}</h2>
            <div class="uc-form-row">
                <label class="uc-form-row__label" for="wallet-top-up-amount">{ctx.t("wallet-top-up-amount")}</label>
                <div class="uc-form-row__field">
                    <span class="wallet-top-up__amount">
                        <span aria-hidden="true">"$"</span>
                        <input id="wallet-top-up-amount" name="amount" type="text" inputmode="decimal" autocomplete="off" maxlength="12" value=typed
                            data-testid="wallet-top-up-amount" aria-describedby="wallet-top-up-hint wallet-top-up-error"
                            aria-invalid=if error.is_some() { "true" } else { "false" } />
                    </span>
                    <p class="uc-form-row__hint" id="wallet-top-up-hint">{hint}</p>
                </div>
            </div>
            <fieldset class="uc-form-row uc-choice">
                <legend class="uc-form-row__label">{ctx.t("wallet-top-up-method")}</legend>
                <div class="uc-form-row__field">
                    {no_method.then(|| view! { <p class="uc-notice" role="status">{ctx.t("wallet-top-up-no-method")}</p> })}
                    {methods.into_iter().enumerate().map(|(at, (code, name))| view! {
                        <label class="uc-choice__option">
                            <input type="radio" name="payType" value=code.to_string() data-testid=format!("wallet-top-up-method-{code}")
                                checked=at == 0 />
                            " "{name}
                        </label>
                    }).collect_view()}
                </div>
            </fieldset>
            <div class="uc-form-row">
                <span class="uc-form-row__label"></span>
                <div class="uc-form-row__field">
                    <p class="uc-form-row__error" id="wallet-top-up-error" data-testid="wallet-top-up-error" hidden=error.is_none()>
                        {error.clone().unwrap_or_default()}
                    </p>
                    <button type="submit" class="button button--primary" data-testid="wallet-top-up-submit" disabled=no_method>
                        {ctx.t("wallet-top-up-submit")}
                    </button>
                </div>
            </div>
        </form>
    }
}
