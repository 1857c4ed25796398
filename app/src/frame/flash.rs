//! The one-shot message a form's answer left for this page (`api::forms::Flash`): shown as a
//! toast once, in the page language, then faded out by CSS. It needs no script, so the
//! HTML-first actions answer the same with scripts off.

use crate::context::page_ctx;
use api::forms::FlashKind;
use leptos::prelude::*;

#[component]
pub fn FlashNotice() -> impl IntoView {
    let ctx = page_ctx();
    // A refusal marked for a form's field (`api::forms::FLASH_AT`) is shown under that field by
    // its page instead.
    let at_field = |flash: &api::forms::Flash| flash.args.iter().any(|(name, _)| name == api::forms::FLASH_AT);
    let shown = ctx.prefs.flash.clone().filter(|flash| !at_field(flash)).and_then(|flash| {
        let args: Vec<(&str, &str)> = flash.args.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
        let text = ctx.t_args(&flash.key, &args);
        // A key the catalogue does not have (a forged cookie) shows nothing.
        (text != flash.key).then_some((flash.kind, text))
    });
    shown.map(|(kind, text)| {
        let (class, testid) = match kind {
            FlashKind::Success => ("flash-toast flash-toast--success", "flash-success"),
            FlashKind::Error => ("flash-toast flash-toast--error", "flash-error"),
        };
        view! {
            <div class="flash-toasts" role="status" aria-live="polite">
                <p class=class data-testid=testid>{text}</p>
            </div>
        }
    })
}
