//! The [`SignInBox`] island of `/user-center/uc-integral` (`crate::wallet::integral`): the
//! points held and the daily sign-in with its 7-day strip, today's reward or the streak.

use crate::components::texts::Texts;
use crate::money::grouped;
use leptos::prelude::*;

/// The points held and the daily sign-in: the 7-day strip, today's reward or the streak, and
/// the button (once a day; the server refuses a second one in the buyer's language).
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct SignInBox {
    pub texts: Texts,
    pub info: api::wallet::ScoreInfo,
}

/// Renders [`SignInBox`], as one variant of its group's island (`crate::lazy_islands`).
pub fn sign_in_box(props: SignInBox) -> impl IntoView {
    let SignInBox { texts, info } = props;
    let texts = StoredValue::new(texts);
    let t = move |key: &str| texts.with_value(|t| t.get(key));
    let fill = move |key: &str, name: &str, value: String| texts.with_value(|t| t.fill(key, name, &value));
    let score = RwSignal::new(info.score);
    let signed = RwSignal::new(info.signed_today);
    let streak = RwSignal::new(info.streak);
    let reward = RwSignal::new(info.today_reward);
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let days = move || api::wallet::sign_in_strip(streak.get(), signed.get());

    let submit = move |_: leptos::ev::MouseEvent| {
        if busy.get_untracked() || signed.get_untracked() {
            return;
        }
        busy.set(true);
        error.set(None);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser as client, ApiFailure};
            let options = client::CallOptions { handle_error: true, silent_auth: false };
            let answer = client::post::<api::wallet::SignInResult, _>(api::paths::SCORE_SIGN_IN, &(), options).await;
            busy.set(false);
            match answer {
                Ok(result) => {
                    streak.set(result.streak);
                    reward.set(result.points);
                    score.set(result.score);
                    signed.set(true);
                    // The records below are the page's, rendered by the server: load it again
                    // so they list today's sign-in with everything else.
                    if let Some(window) = web_sys::window() {
                        let _ = window.location().reload();
                    }
                }
                Err(ApiFailure::Rejected { msg, .. }) => error.set(Some(msg)),
                Err(_) => {}
            }
        });
    };

    view! {
        <section class="wallet-summary sign-in-box" data-testid="wallet-sign-in">
            <div class="wallet-summary__figure">
                <span class="wallet-summary__label">{t("wallet-points")}</span>
                <strong class="wallet-summary__value" data-testid="wallet-points">{move || grouped(score.get())}</strong>
            </div>
            <div class="sign-in-box">
                <h2 class="wallet-top-up__title">{t("wallet-sign-in-title")}</h2>
                <ol class="sign-in-strip" data-testid="sign-in-strip">
                    {move || days().into_iter().map(|d| view! {
                        <li class="sign-in-strip__day" class:is-done=d.signed class:is-today=d.today
                            data-testid="sign-in-day" data-signed=d.signed.to_string() data-today=d.today.to_string()
                            aria-current=d.today.then_some("date")>
                            <span>{fill("wallet-sign-in-day", "day", d.day.to_string())}</span>
                            <strong>{fill("wallet-points-plus", "points", d.points.to_string())}</strong>
                        </li>
                    }).collect_view()}
                </ol>
                <p class="sign-in-box__status" data-testid="wallet-sign-in-status" role="status">
                    {move || if signed.get() {
                        format!("{} {}", fill("wallet-sign-in-done", "points", reward.get().to_string()), texts.with_value(|t| t.fill_count("wallet-sign-in-streak", "days", streak.get())))
                    } else {
                        fill("wallet-sign-in-today", "points", reward.get().to_string())
                    }}
                </p>
                <p class="uc-form-row__error" role="alert" data-testid="wallet-sign-in-error" hidden=move || error.get().is_none()>
                    {move || error.get().unwrap_or_default()}
                </p>
                <button type="button" class="button button--primary" data-testid="wallet-sign-in-submit"
                    disabled=move || busy.get() || signed.get() on:click=submit>
                    {move || if busy.get() { t("wallet-sign-in-busy") } else if signed.get() { t("wallet-sign-in-signed") } else { t("wallet-sign-in-submit") }}
                </button>
            </div>
        </section>
    }
}
