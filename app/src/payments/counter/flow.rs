//! The counter's behaviour in the browser: loading the orders and the pay switch, paying,
//! following a gateway's answer, polling an attempt until it settles, the return from a
//! gateway, setting the payment password, and the deadline's clock.

use super::*;
use crate::payments::rules::{Outcome, Standing};

impl Counter {
    pub(super) fn options() -> crate::api_client::browser::CallOptions {
        crate::api_client::browser::CallOptions { silent_auth: false, handle_error: true }
    }

    /// The server's time now.
    pub(super) fn server_now(&self) -> i64 {
        crate::cart::web::now_ms() + self.offset.get_value()
    }

    /// A new generation: every older polling loop stops at its next turn.
    pub(super) fn next_generation(&self) -> u64 {
        let next = self.generation.get_value() + 1;
        self.generation.set_value(next);
        next
    }

    pub(super) fn is_current(&self, generation: u64) -> bool {
        self.generation.get_value() == generation
    }

    /// Starts the page: back from a gateway, or sent to take its step (`step`), or the named
    /// orders, or nothing to pay.
    pub(super) fn start(self, cancelled: bool, step: bool) {
        let pay_no = self.pay_no.get_value();
        if !pay_no.is_empty() {
            self.stage.set(Stage::Checking);
            leptos::task::spawn_local(self.check_return(pay_no, cancelled, step));
        } else if !self.numbers.with_value(String::is_empty) {
            leptos::task::spawn_local(async move {
                self.load_info(true).await;
            });
        } else {
            self.stage.set(Stage::Missing);
        }
    }

    /// Loads the orders to pay. `first`: the page shows what they call for (the methods, the
    /// success, the closed state); otherwise only the facts are refreshed, unless the orders no
    /// longer wait for payment.
    pub(super) async fn load_info(self, first: bool) -> bool {
        use crate::api_client::browser;
        if first {
            self.stage.set(Stage::Loading);
        }
        let query = [("orderNumbers", self.numbers.get_value())];
        match browser::get::<OrderPayInfo>(api::paths::ORDER_PAY_INFO, &query, Self::options()).await {
            Ok(info) => {
                self.offset.set_value(info.now - crate::cart::web::now_ms());
                self.now.set(info.now);
                let standing = rules::standing(&info);
                let expired = rules::deadline_passed(info.end_time, info.now);
                let numbers: Vec<String> = info.orders.iter().map(|o| o.order_number.clone()).collect();
                self.info.set(Some(info));
                match standing {
                    Standing::Unpaid if expired => self.stage.set(Stage::Expired),
                    Standing::Unpaid => {
                        if first {
                            self.stage.set(Stage::Choose);
                        }
                        self.load_switches(false).await;
                    }
                    Standing::AllPaid => self.paid(&numbers.join(",")),
                    Standing::Closed => self.stage.set(Stage::Closed),
                }
                true
            }
            Err(failure) => {
                if first {
                    let fallback = self.label(Text::LoadFailed);
                    let text = crate::cart::web::failure_text(&failure, &fallback).unwrap_or(fallback);
                    self.stage.set(Stage::LoadFailed(text));
                }
                false
            }
        }
    }

    /// The pay switch: the cached one while it is fresh (unless `force`), else the server's
    /// (cached again); a stale copy serves when the server cannot be reached.
    pub(super) async fn load_switches(self, force: bool) {
        use crate::api_client::browser;
        let cached = rules::read_switch_cache(crate::payments::web::local_get(rules::PAY_SWITCH_KEY).as_deref());
        if !force && rules::switch_cache_fresh(cached.as_ref(), self.server_now()) {
            if let Some(cached) = cached {
                self.apply_switches(cached.pay_switches);
            }
            return;
        }
        if !matches!(self.switches.get_untracked(), Switches::Ready(_)) {
            self.switches.set(Switches::Loading);
        }
        match browser::get::<api::config::PaySwitchInfo>(api::paths::SYS_PAY_SWITCH, &[], Self::options()).await {
            Ok(fresh) => {
                if let Ok(json) = serde_json::to_string(&fresh) {
                    crate::payments::web::local_set(rules::PAY_SWITCH_KEY, &json);
                }
                self.apply_switches(fresh.pay_switches);
            }
            Err(_) => match cached {
                Some(stale) => self.apply_switches(stale.pay_switches),
                None => self.switches.set(Switches::Failed),
            },
        }
    }

    /// Shows the methods of `list`, keeps the choice if it still stands, and tells the buyer
    /// when no method is enabled.
    pub(super) fn apply_switches(self, list: Vec<PaySwitch>) {
        self.switches.set(Switches::Ready(list));
        let shown = self.shown_methods();
        self.chosen.set(rules::default_method(&shown, self.chosen.get_untracked()));
        if shown.is_empty() && self.stage.get_untracked() == Stage::Choose {
            self.open_dialog(Dialog::NoWay);
        }
    }

    pub(super) fn open_dialog(self, dialog: Dialog) {
        self.dialog_error.set(None);
        self.dialog.set(dialog);
    }

    /// Closes the dialog and gives the focus back to the pay button.
    pub(super) fn close_dialog(self) {
        if self.dialog.get_untracked() == Dialog::Closed {
            return;
        }
        self.dialog.set(Dialog::Closed);
        self.password.set(String::new());
        self.new_password.set(String::new());
        self.new_again.set(String::new());
        self.sign_in_password.set(String::new());
        set_timeout(|| crate::payments::web::focus_id(PAY_BUTTON_ID), std::time::Duration::from_millis(0));
    }

    /// The pay button: the balance asks for the payment password (set first when there is
    /// none); points and gateways pay at once.
    pub(super) fn pay_chosen(self) {
        if self.busy.get_untracked() {
            return;
        }
        let Some(code) = self.chosen.get_untracked() else { return };
        let has_password = self.info.with_untracked(|i| i.as_ref().is_some_and(|i| i.has_pay_password));
        match rules::method_kind(code) {
            Some(MethodKind::Balance) if !has_password => self.open_dialog(Dialog::SetPassword),
            Some(MethodKind::Balance) => self.open_dialog(Dialog::Password),
            Some(_) => self.pay(code, String::new()),
            None => {}
        }
    }

    /// Pays the orders with `code` (`password` for the balance), once at a time.
    pub(super) fn pay(self, code: i32, password: String) {
        if self.busy.get_untracked() {
            return;
        }
        self.busy.set(true);
        self.notice.set(None);
        self.dialog_error.set(None);
        let generation = self.next_generation();
        let body = api::payments::PayParam {
            order_numbers: self.numbers.get_value(),
            pay_type: code,
            pay_password: password,
            currency: self.currency.with_value(|c| c.code.clone()),
        };
        leptos::task::spawn_local(async move {
            use crate::api_client::{browser, ApiFailure};
            match browser::post::<PayResult, _>(api::paths::ORDER_PAY, &body, Self::options()).await {
                Ok(result) => self.follow(result, generation),
                Err(failure) => {
                    let fallback = self.label(Text::CallFailed);
                    let text = crate::cart::web::failure_text(&failure, &fallback);
                    if self.dialog.get_untracked() == Dialog::Password {
                        self.password.set(String::new());
                        self.dialog_error.set(text);
                        crate::payments::web::focus_id("pay-password");
                    } else {
                        self.notice.set(text.map(Notice::Error));
                    }
                    self.busy.set(false);
                    if matches!(failure, ApiFailure::Rejected { .. }) {
                        // The method may have been switched off, or the orders changed.
                        self.load_switches(true).await;
                        self.load_info(false).await;
                    }
                    return;
                }
            }
            self.busy.set(false);
        });
    }

    /// Does what a pay answer says: settled, refused, or the gateway's next step.
    pub(super) fn follow(self, result: PayResult, generation: u64) {
        use api::payments::pay_action;
        let code = result.pay_type;
        match rules::outcome(result.status) {
            Outcome::Paid => self.paid(&self.numbers.get_value()),
            Outcome::Failed => {
                self.close_dialog();
                self.stage.set(Stage::Choose);
                self.notice.set(Some(Notice::Failed));
            }
            Outcome::Expired => self.stage.set(Stage::QrExpired(code)),
            Outcome::Refunded => self.stage.set(Stage::Refunded),
            Outcome::Waiting => {
                self.close_dialog();
                let Some(action) = result.action.clone() else {
                    // Settled later (a pending balance or points payment): wait for it.
                    self.stage.set(Stage::Checking);
                    leptos::task::spawn_local(self.poll(result.pay_no.clone(), None, generation));
                    return;
                };
                let failed = || self.notice.set(Some(Notice::Error(self.label(Text::CallFailed))));
                match action.kind.as_str() {
                    pay_action::REDIRECT if rules::safe_gateway_url(&action.url) => {
                        self.stage.set(Stage::Leaving(code));
                        crate::payments::web::assign(&action.url);
                    }
                    pay_action::FORM if rules::safe_gateway_url(&action.url) => {
                        self.stage.set(Stage::Leaving(code));
                        if !crate::payments::web::post_form(&action.url, &action.fields) {
                            self.stage.set(Stage::Choose);
                            failed();
                        }
                    }
                    pay_action::QR | pay_action::APP
                        if rules::safe_qr_image(&action.qr_image)
                            || (action.kind == pay_action::APP && rules::safe_deeplink(&action.deeplink)) =>
                    {
                        if action.kind == pay_action::APP && rules::safe_deeplink(&action.deeplink) {
                            crate::payments::web::assign(&action.deeplink);
                        }
                        let pay_no = result.pay_no.clone();
                        let expire = result.expire_time;
                        self.stage.set(Stage::Qr(result));
                        leptos::task::spawn_local(self.poll(pay_no, Some(expire), generation));
                    }
                    _ => failed(),
                }
            }
        }
    }

    /// Asks about `pay_no` every 2 s until it settles, a newer attempt starts, or its QR code
    /// (`expire`) runs out.
    pub(super) async fn poll(self, pay_no: String, expire: Option<i64>, generation: u64) {
        use crate::api_client::browser;
        loop {
            crate::payments::web::sleep(rules::POLL_MS).await;
            if !self.is_current(generation) {
                return;
            }
            let query = [("payNo", pay_no.clone())];
            let status =
                browser::get::<api::payments::PayStatus>(api::paths::ORDER_PAY_STATUS, &query, Self::options()).await;
            if !self.is_current(generation) {
                return;
            }
            let (outcome, code) = match &status {
                Ok(s) => (rules::outcome(s.status), s.pay_type),
                Err(_) => (Outcome::Waiting, 0),
            };
            match outcome {
                Outcome::Waiting => {
                    if expire.is_some_and(|e| self.server_now() >= e) {
                        let code = match self.stage.get_untracked() {
                            Stage::Qr(r) => r.pay_type,
                            _ => code,
                        };
                        self.stage.set(Stage::QrExpired(code));
                        return;
                    }
                }
                Outcome::Paid => {
                    let numbers = status.map(|s| s.order_numbers).unwrap_or_default();
                    self.paid(if numbers.is_empty() { self.numbers.get_value() } else { numbers }.as_str());
                    return;
                }
                Outcome::Failed => {
                    self.stage.set(Stage::Choose);
                    self.notice.set(Some(Notice::Failed));
                    return;
                }
                Outcome::Expired => {
                    self.stage.set(Stage::QrExpired(code));
                    return;
                }
                Outcome::Refunded => {
                    self.stage.set(Stage::Refunded);
                    return;
                }
            }
        }
    }

    /// Back from a gateway: asks where `pay_no` stands (every 2 s while it is pending, for a
    /// minute), then shows the result, or the methods again. With `step` (a form started the
    /// attempt: `?gateway=1`), a pending attempt's gateway step is taken as the pay call's answer
    /// would be: its QR code shown, its form posted.
    pub(super) async fn check_return(self, pay_no: String, cancelled: bool, step: bool) {
        use crate::api_client::{browser, ApiFailure};
        let generation = self.next_generation();
        let started = crate::cart::web::now_ms();
        loop {
            let query = [("payNo", pay_no.clone())];
            let answer =
                browser::get::<api::payments::PayStatus>(api::paths::ORDER_PAY_STATUS, &query, Self::options()).await;
            if !self.is_current(generation) {
                return;
            }
            match answer {
                Ok(status) => {
                    if !status.order_numbers.is_empty() {
                        self.numbers.set_value(status.order_numbers.clone());
                    }
                    // Offered again first, if it still can be.
                    self.chosen.set(Some(status.pay_type));
                    let outcome = rules::outcome(status.status);
                    if let Some(action) = status.action.clone().filter(|_| step && outcome == Outcome::Waiting) {
                        // Taken once: a reload or the Back button checks the payment instead.
                        crate::payments::web::replace_address(&format!("/payment?payNo={}", status.pay_no));
                        self.top_up.set(status.pay_kind == api::payments::pay_kind::RECHARGE);
                        let result = PayResult {
                            pay_no: status.pay_no.clone(),
                            pay_type: status.pay_type,
                            status: status.status,
                            amount: status.amount,
                            charge_currency: String::new(),
                            charge_amount: String::new(),
                            action: Some(action),
                            expire_time: status.expire_time,
                        };
                        self.follow(result, generation);
                        return;
                    }
                    // members: a membership's result shows on the member centre.
                    if status.pay_kind == api::payments::pay_kind::MEMBER && (outcome != Outcome::Waiting || cancelled)
                    {
                        crate::payments::web::assign(&format!("/member-center?payNo={}", status.pay_no));
                        return;
                    }
                    if status.pay_kind == api::payments::pay_kind::RECHARGE {
                        // A top-up: its result, nothing to pay again here.
                        let ended = match outcome {
                            Outcome::Paid => Some(Stage::Paid),
                            Outcome::Waiting if !cancelled => None,
                            Outcome::Failed => Some(Stage::TopUpEnded(TopUpEnd::Failed)),
                            Outcome::Expired => Some(Stage::TopUpEnded(TopUpEnd::Expired)),
                            _ => Some(Stage::TopUpEnded(TopUpEnd::Cancelled)),
                        };
                        if let Some(stage) = ended {
                            self.top_up.set(true);
                            self.stage.set(stage);
                            return;
                        }
                    } else if matches!(outcome, Outcome::Failed | Outcome::Expired)
                        || (outcome == Outcome::Waiting && cancelled)
                    {
                        // Pay again: the address bar names the orders, not the spent attempt.
                        if let Some(href) = rules::payment_href(&self.numbers.get_value()) {
                            crate::payments::web::replace_address(&href);
                        }
                        if self.load_info(true).await && self.stage.get_untracked() == Stage::Choose {
                            match outcome {
                                Outcome::Expired => self.stage.set(Stage::QrExpired(status.pay_type)),
                                Outcome::Failed => self.notice.set(Some(Notice::Failed)),
                                _ => self.notice.set(Some(Notice::Cancelled)),
                            }
                        }
                        return;
                    }
                    match outcome {
                        Outcome::Paid => {
                            self.paid(&status.order_numbers);
                            return;
                        }
                        Outcome::Refunded => {
                            self.stage.set(Stage::Refunded);
                            return;
                        }
                        _ => {}
                    }
                }
                Err(ApiFailure::Rejected { .. }) => {
                    // Not this buyer's attempt, or none: show the named orders if any.
                    if self.numbers.with_value(String::is_empty) {
                        self.stage.set(Stage::Missing);
                    } else {
                        self.load_info(true).await;
                    }
                    return;
                }
                Err(ApiFailure::Network(_)) => {}
            }
            if crate::cart::web::now_ms() - started > rules::CHECK_PATIENCE_MS {
                self.stage.set(Stage::CheckSlow);
                return;
            }
            crate::payments::web::sleep(rules::POLL_MS).await;
            if !self.is_current(generation) {
                return;
            }
        }
    }

    /// The success state; a single order's page opens after a short pause.
    pub(super) fn paid(self, numbers: &str) {
        self.next_generation();
        self.close_dialog();
        let numbers = rules::order_numbers(numbers);
        self.stage.set(Stage::Paid);
        if let [only] = numbers.as_slice() {
            let href = rules::order_href(only);
            set_timeout(move || crate::cart::web::go(&href), std::time::Duration::from_millis(rules::PAID_REDIRECT_MS));
        }
        self.paid_numbers.set(numbers);
    }

    /// Sets the payment password, then asks for it to pay.
    pub(super) fn set_password(self) {
        if self.busy.get_untracked() {
            return;
        }
        let (first, again) = (self.new_password.get_untracked(), self.new_again.get_untracked());
        if let Some(problem) = rules::check_new_password(&first, &again) {
            self.dialog_error.set(Some(match problem {
                rules::NewPasswordProblem::NotSixDigits => self.label(Text::PasswordInvalid),
                rules::NewPasswordProblem::Mismatch => self.label(Text::PasswordMismatch),
            }));
            return;
        }
        let body =
            api::payments::PayPasswordParam { pay_password: first, password: self.sign_in_password.get_untracked() };
        self.busy.set(true);
        self.dialog_error.set(None);
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            match browser::put::<serde::de::IgnoredAny, _>(api::paths::USER_PAY_PASSWORD, &body, Self::options()).await
            {
                Ok(_) => {
                    browser::toast(api::bridge::ToastType::Success, &self.label(Text::PasswordSet), 1500);
                    self.info.update(|i| {
                        if let Some(i) = i {
                            i.has_pay_password = true;
                        }
                    });
                    self.new_password.set(String::new());
                    self.new_again.set(String::new());
                    self.sign_in_password.set(String::new());
                    self.open_dialog(Dialog::Password);
                }
                Err(failure) => {
                    let fallback = self.label(Text::CallFailed);
                    self.dialog_error.set(crate::cart::web::failure_text(&failure, &fallback));
                }
            }
            self.busy.set(false);
        });
    }

    /// The payment password dialog's submission.
    pub(super) fn submit_password(self) {
        let password = self.password.get_untracked();
        if !rules::pay_password_ok(&password) {
            self.dialog_error.set(Some(self.label(Text::PasswordInvalid)));
            return;
        }
        self.pay(api::config::pay_type::BALANCEPAY, password);
    }

    /// Counts down by the server's clock; at the deadline the orders can no longer be paid.
    pub(super) fn tick(self) {
        let now = self.server_now();
        self.now.set(now);
        let end = self.info.with_untracked(|i| i.as_ref().and_then(|i| i.end_time));
        let payable = matches!(self.stage.get_untracked(), Stage::Choose | Stage::Qr(_) | Stage::QrExpired(_));
        if payable && rules::deadline_passed(end, now) && !self.busy.get_untracked() {
            self.next_generation();
            self.close_dialog();
            self.stage.set(Stage::Expired);
        }
    }
}
