//! My Points' daily sign-in on `/user-center/uc-integral` (`crate::wallet::integral`): the
//! points held, the 7-day strip, today's reward or the streak, and the button, a plain form
//! (`api::forms::SCORE_SIGN_IN`) that needs no wasm: the server signs in, once a day, and
//! answers with this page and its message (the points, or its refusal in the buyer's language;
//! record 0186).

use crate::components::texts::Texts;
use crate::context::PageCtx;
use crate::money::grouped;
use leptos::prelude::*;

/// Its texts.
const KEYS: &[&str] =
    &["wallet-points", "wallet-sign-in-title", "wallet-sign-in-submit", "wallet-sign-in-busy", "wallet-sign-in-signed"];
/// Its texts with a placeable, and the placeable's name.
const SLOTS: &[(&str, &str)] = &[
    ("wallet-sign-in-streak", "days"),
    ("wallet-sign-in-today", "points"),
    ("wallet-sign-in-done", "points"),
    ("wallet-sign-in-day", "day"),
    ("wallet-points-plus", "points"),
];

/// The sign-in box for the points and sign-in state `info`.
pub fn sign_in_box(ctx: &PageCtx, info: api::wallet::ScoreInfo) -> impl IntoView {
    let texts = Texts::of(ctx, KEYS, SLOTS);
    let signed = info.signed_today;
    let days = api::wallet::sign_in_strip(info.streak, signed);
    let reward = info.today_reward.to_string();
    let status = if signed {
        format!(
            "{} {}",
            texts.fill("wallet-sign-in-done", "points", &reward),
            texts.fill_count("wallet-sign-in-streak", "days", info.streak)
        )
    } else {
        texts.fill("wallet-sign-in-today", "points", &reward)
    };
    let label = if signed { texts.get("wallet-sign-in-signed") } else { texts.get("wallet-sign-in-submit") };
    view! {
        <section class="wallet-summary sign-in-box" data-testid="wallet-sign-in">
            <div class="wallet-summary__figure">
                <span class="wallet-summary__label">{texts.get("wallet-points")}</span>
                <strong class="wallet-summary__value" data-testid="wallet-points">{grouped(info.score)}</strong>
            </div>
            <div class="sign-in-box">
                <h2 class="wallet-top-up__title">{texts.get("wallet-sign-in-title")}</h2>
                <ol class="sign-in-strip" data-testid="sign-in-strip">
                    {days.into_iter().map(|d| view! {
                        <li class="sign-in-strip__day" class:is-done=d.signed class:is-today=d.today
                            data-testid="sign-in-day" data-signed=d.signed.to_string() data-today=d.today.to_string()
                            aria-current=d.today.then_some("date")>
                            <span>{texts.fill("wallet-sign-in-day", "day", &d.day.to_string())}</span>
                            <strong>{texts.fill("wallet-points-plus", "points", &d.points.to_string())}</strong>
                        </li>
                    }).collect_view()}
                </ol>
                <p class="sign-in-box__status" data-testid="wallet-sign-in-status" role="status">{status}</p>
                <form method="post" action=api::forms::SCORE_SIGN_IN class="sign-in-box__form"
                    data-busy-label=texts.get("wallet-sign-in-busy")>
                    <input type="hidden" name=api::forms::FIELD_BACK value=ctx.prefs.url() />
                    <button type="submit" class="button button--primary" data-testid="wallet-sign-in-submit" disabled=signed>
                        {label}
                    </button>
                </form>
            </div>
        </section>
    }
}
