//! The counter's dialog: no method enabled, the payment password, or setting the payment
//! password first (each a plain POST form until the island is interactive). One `<dialog>` while any is
//! open, its content swapped (setting the payment password leads straight to entering it):
//! shown modal once, and the focus moved to the content's first field each time it changes.

use super::*;

/// The dialog, while one is open; `open_at_render`: the server renders it open already (not
/// modal: that takes a script).
pub(super) fn dialog(c: Counter, counter_href: StoredValue<String>, open_at_render: bool) -> impl IntoView {
    let dialog_ref = NodeRef::<leptos::html::Dialog>::new();
    let dialog_open = Memo::new(move |_| c.dialog.get() != Dialog::Closed);
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        if c.dialog.get() == Dialog::Closed {
            return;
        }
        if let Some(dialog) = dialog_ref.get() {
            // The dialog the server rendered open becomes modal.
            if dialog.open() && !dialog.matches(":modal").unwrap_or(false) {
                dialog.close();
            }
            if !dialog.open() {
                let _ = dialog.show_modal();
            }
            set_timeout(
                move || crate::payments::web::focus_within(&dialog, "[autofocus]"),
                std::time::Duration::from_millis(0),
            );
        }
    });
    let dialog_keys = move |ev: leptos::ev::KeyboardEvent| {
        #[cfg(feature = "hydrate")]
        {
            if ev.key() == "Escape" {
                // The dialog closes by the page's state, not by the browser (and not mid-call).
                ev.prevent_default();
                if !c.busy.get_untracked() {
                    c.close_dialog();
                }
            } else if let Some(dialog) = dialog_ref.get_untracked() {
                crate::payments::web::trap_tab(&ev, &dialog);
            }
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = ev;
    };
    let dialog_error = move || {
        view! {
            <p id="pay-dialog-error" class="pay-dialog__error" role="alert" data-testid="pay-dialog-error">
                {move || c.dialog_error.get()}
            </p>
        }
    };
    let digits_input = move |id: &'static str, name: Option<&'static str>, value: RwSignal<String>, autofocus: bool| {
        view! {
            <input id=id name=name class="pay-dialog__digits" type="password" inputmode="numeric" pattern="[0-9]*" autocomplete="off" data-digits
                maxlength=api::payments::PAY_PASSWORD_DIGITS.to_string() required autofocus=autofocus
                aria-describedby="pay-dialog-error" data-testid=id
                aria-invalid=move || c.dialog_error.with(Option::is_some).then_some("true")
                value={untrack(|| value.get())} prop:value=move || value.get()
                on:input=move |ev| { value.set(rules::clean_digits(&event_target_value(&ev))); c.dialog_error.set(None); } />
        }
    };
    let amount = move || c.info.with(|i| i.as_ref().map(|i| c.money(i.total_fee)).unwrap_or_default());
    let dialog_content = move || {
        match c.dialog.get() {
            Dialog::Closed => ().into_any(),
            Dialog::NoWay => view! {
                <h2 id="pay-dialog-title" class="pay-dialog__title">{c.label(Text::NoWayTitle)}</h2>
                <p id="pay-dialog-text">{c.label(Text::NoWay)}</p>
                <div class="pay-dialog__actions">
                    <a class="button" href="/">{c.label(Text::ContinueShopping)}</a>
                    <button type="button" class="button button--primary" autofocus data-testid="pay-dialog-ok"
                        on:click=move |_| c.on_close_dialog()>{c.label(Text::Ok)}</button>
                </div>
            }
            .into_any(),
            Dialog::Password => view! {
                <form class="pay-dialog__form" novalidate method="post" action=api::forms::ORDER_PAY
                    data-busy-label=c.plain.then(|| c.label(Text::Paying)) data-invalid-message=c.plain.then(|| c.label(Text::PasswordInvalid))
                    on:submit=move |ev| { ev.prevent_default(); c.on_submit_password(); }>
                    {super::methods::pay_fields(c, format!("{}&payType={}", counter_href.get_value(), api::config::pay_type::BALANCEPAY))}
                    <input type="hidden" name="payType" value=api::config::pay_type::BALANCEPAY />
                    <h2 id="pay-dialog-title" class="pay-dialog__title">{c.label(Text::PasswordTitle)}</h2>
                    <p id="pay-dialog-text" class="pay-dialog__amount">{move || c.label(Text::PasswordAmount).replace("{amount}", &amount())}</p>
                    <label class="pay-dialog__label" for="pay-password">{c.label(Text::PasswordLabel)}</label>
                    {digits_input("pay-password", Some("payPassword"), c.password, true)}
                    {dialog_error}
                    <div class="pay-dialog__actions">
                        // A link back to the counter until the island closes the dialog itself.
                        <a class="button" href=counter_href.get_value() role="button" data-testid="pay-dialog-cancel" data-dialog-close
                            on:click=move |ev| { ev.prevent_default(); c.on_close_dialog(); }>{c.label(Text::Cancel)}</a>
                        <button type="submit" class="button button--primary" data-testid="pay-password-submit" disabled=move || c.busy.get()>
                            {move || if c.busy.get() { c.label(Text::Paying) } else { c.label(Text::ConfirmPay) }}
                        </button>
                    </div>
                </form>
            }
            .into_any(),
            Dialog::SetPassword => view! {
                // A plain form (`api::forms::PAY_PASSWORD_SET`) until the island is interactive;
                // it returns to the counter asking for the password just set.
                <form class="pay-dialog__form" novalidate method="post" action=api::forms::PAY_PASSWORD_SET
                    data-busy-label=c.plain.then(|| c.label(Text::Saving)) data-invalid-message=c.plain.then(|| c.label(Text::PasswordInvalid))
                    data-mismatch-message=c.plain.then(|| c.label(Text::PasswordMismatch))
                    on:submit=move |ev| { ev.prevent_default(); c.on_set_password(); }>
                    <input type="hidden" name=api::forms::FIELD_BACK
                        value=format!("{}&payType={}", counter_href.get_value(), api::config::pay_type::BALANCEPAY) />
                    <h2 id="pay-dialog-title" class="pay-dialog__title">{c.label(Text::SetPasswordTitle)}</h2>
                    <p id="pay-dialog-text">{c.label(Text::SetPasswordText)}</p>
                    <label class="pay-dialog__label" for="pay-password-new">{c.label(Text::NewPassword)}</label>
                    {digits_input("pay-password-new", Some(api::forms::FIELD_PAY_PASSWORD), c.new_password, true)}
                    <label class="pay-dialog__label" for="pay-password-again">{c.label(Text::ConfirmPassword)}</label>
                    {digits_input("pay-password-again", Some("payPasswordAgain"), c.new_again, false)}
                    <label class="pay-dialog__label" for="pay-sign-in-password">{c.label(Text::SignInPassword)}</label>
                    <input id="pay-sign-in-password" name="password" class="pay-dialog__input" type="password" autocomplete="current-password"
                        maxlength="64" aria-describedby="pay-sign-in-password-hint" data-testid="pay-sign-in-password"
                        value={untrack(|| c.sign_in_password.get())} prop:value=move || c.sign_in_password.get()
                        on:input=move |ev| c.sign_in_password.set(event_target_value(&ev)) />
                    <small id="pay-sign-in-password-hint" class="pay-dialog__hint">{c.label(Text::SignInPasswordHint)}</small>
                    {dialog_error}
                    <div class="pay-dialog__actions">
                        <a class="button" href=counter_href.get_value() role="button" data-testid="pay-dialog-cancel" data-dialog-close
                            on:click=move |ev| { ev.prevent_default(); c.on_close_dialog(); }>{c.label(Text::Cancel)}</a>
                        <button type="submit" class="button button--primary" data-testid="pay-password-save" disabled=move || c.busy.get()>
                            {move || if c.busy.get() { c.label(Text::Saving) } else { c.label(Text::SetPasswordSave) }}
                        </button>
                    </div>
                </form>
            }
            .into_any(),
        }
    };
    move || {
        dialog_open.get().then(|| {
            let role = move || if c.dialog.get() == Dialog::NoWay { "alertdialog" } else { "dialog" };
            let test_id = move || match c.dialog.get() {
                Dialog::NoWay => "pay-no-way-dialog",
                Dialog::SetPassword => "pay-set-password-dialog",
                _ => "pay-password-dialog",
            };
            view! {
                <dialog class="pay-dialog" node_ref=dialog_ref open=open_at_render data-pay-dialog=c.plain.then_some("") role=role aria-modal="true" aria-labelledby="pay-dialog-title"
                    aria-describedby="pay-dialog-text" data-testid=test_id on:keydown=dialog_keys>
                    {dialog_content}
                </dialog>
            }
        })
    }
}
