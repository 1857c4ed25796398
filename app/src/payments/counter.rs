//! The checkout counter island of `/payment`: it loads the orders to pay
//! (`/p/order/getOrderPayInfoByOrderNumber`) and the pay switch (cached in `localStorage` for
//! its 5 hours), counts down to the payment deadline by the server's clock, offers the enabled
//! methods, and pays: the balance with the payment password (set first when there is none),
//! points at once, a gateway by going there, posting its form or showing its QR code while
//! asking `/p/order/payStatus` every 2 s. Back from a gateway (`?payNo=`), it asks where the
//! attempt stands and shows the result.

use crate::money::DisplayCurrency;
use crate::payments::rules::{self, Availability, MethodKind};
use api::config::PaySwitch;
use api::orders::order_status;
use api::payments::{OrderPayInfo, PayResult};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Declares [`Text`], the counter's texts, each with its Fluent message and the name of its
/// placeholder if it has one.
macro_rules! texts {
    ($($name:ident = $key:literal $(($slot:literal))?;)*) => {
        /// One text of the counter.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Text {
            $($name,)*
        }

        impl Text {
            /// Every text in order, with its Fluent key and placeholder (`{name}` in the text,
            /// filled in by the island).
            pub const ALL: &'static [(Text, &'static str, Option<&'static str>)] =
                &[$((Text::$name, $key, texts!(@slot $($slot)?)),)*];
        }
    };
    (@slot) => { None };
    (@slot $slot:literal) => { Some($slot) };
}

texts! {
    Loading = "payment-loading";
    LoadFailed = "payment-load-failed";
    Retry = "payment-retry";
    Missing = "payment-missing";
    ContinueShopping = "payment-continue-shopping";
    OrdersTitle = "payment-orders";
    OrderLink = "payment-order-link" ("number");
    OrderQuantity = "payment-order-quantity" ("count");
    AmountDue = "payment-amount-due";
    PointsDue = "payment-points-due" ("points");
    PayWithin = "payment-pay-within";
    MethodsTitle = "payment-methods";
    MethodsLoading = "payment-methods-loading";
    MethodsFailed = "payment-methods-failed";
    BalanceHave = "payment-balance-have" ("amount");
    BalanceShort = "payment-balance-short" ("amount");
    PointsHave = "payment-points-have" ("points");
    PointsShort = "payment-points-short" ("points");
    PayNow = "payment-pay-now";
    Paying = "payment-paying";
    NoWayTitle = "payment-no-way-title";
    NoWay = "payment-no-way";
    Ok = "payment-ok";
    PasswordTitle = "payment-password-title";
    PasswordLabel = "payment-password-label";
    PasswordAmount = "payment-password-amount" ("amount");
    PasswordInvalid = "payment-password-invalid";
    ConfirmPay = "payment-confirm-pay";
    Cancel = "payment-cancel";
    SetPasswordTitle = "payment-set-password-title";
    SetPasswordText = "payment-set-password-text";
    NewPassword = "payment-new-password";
    ConfirmPassword = "payment-confirm-password";
    SignInPassword = "payment-sign-in-password";
    SignInPasswordHint = "payment-sign-in-password-hint";
    SetPasswordSave = "payment-set-password-save";
    Saving = "payment-saving";
    PasswordMismatch = "payment-password-mismatch";
    PasswordSet = "payment-password-set";
    CallFailed = "payment-call-failed";
    Redirecting = "payment-redirecting" ("method");
    QrTitle = "payment-qr-title" ("method");
    QrAlt = "payment-qr-alt" ("method");
    OpenApp = "payment-open-app" ("method");
    AppOpened = "payment-app-opened" ("method");
    QrExpires = "payment-qr-expires";
    QrWaiting = "payment-qr-waiting";
    Charge = "payment-charge" ("amount");
    ChargedInUsd = "payment-charged-in-usd" ("amount");
    QrExpired = "payment-qr-expired";
    QrExpiredText = "payment-qr-expired-text";
    Refresh = "payment-refresh";
    OtherMethod = "payment-other-method";
    Checking = "payment-checking";
    CheckSlow = "payment-check-slow";
    CheckAgain = "payment-check-again";
    Paid = "payment-paid";
    PaidText = "payment-paid-text";
    GoingToOrder = "payment-going-to-order";
    ToppedUp = "payment-topped-up";
    TopUpAgain = "payment-top-up-again";
    // wallet: back to the balance after a top-up
    BackToBalance = "wallet-back-to-balance";
    Failed = "payment-failed";
    FailedText = "payment-failed-text";
    Cancelled = "payment-cancelled";
    CancelledText = "payment-cancelled-text";
    Refunded = "payment-refunded";
    RefundedText = "payment-refunded-text";
    OrderExpired = "payment-order-expired";
    OrderExpiredText = "payment-order-expired-text";
    Closed = "payment-closed";
    ClosedText = "payment-closed-text";
}

/// The translated texts of the counter: [`Text::ALL`]'s in order, then the name of each
/// [`pay_type`](api::config::pay_type) and the words of each order status. They travel as
/// arrays: reading an object of eighty named fields takes far more wasm (see the search box).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PaymentLabels(pub Vec<String>, pub Vec<(i32, String)>, pub Vec<(i32, String)>);

impl PaymentLabels {
    /// A text (empty if the list is short).
    pub fn text(&self, text: Text) -> &str {
        self.0.get(text as usize).map_or("", String::as_str)
    }
}

/// What the server rendered the counter from: the orders, waiting for payment before their
/// deadline, and the pay switch, with at least one method to offer; or the orders all paid
/// (the answer to the Pay Now form).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PaymentStart {
    pub info: OrderPayInfo,
    pub switches: Vec<PaySwitch>,
}

impl PaymentStart {
    /// The counter's first state when the server can render the methods to choose from;
    /// `None` when the orders call for anything else (the island then starts at load).
    pub fn choose(info: OrderPayInfo, switches: Vec<PaySwitch>) -> Option<Self> {
        let paid = rules::standing(&info) == rules::Standing::AllPaid;
        (paid || rules::offers_methods(&info, &switches)).then_some(Self { info, switches })
    }

    /// Whether the orders are all paid.
    pub fn paid(&self) -> bool {
        rules::standing(&self.info) == rules::Standing::AllPaid
    }
}

/// Where the counter is (`Choose` when the server rendered a [`PaymentStart`], else `Loading`
/// or `Checking` until the browser moves on).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
enum Stage {
    Loading,
    /// The orders could not be loaded, with what to tell the buyer.
    LoadFailed(String),
    /// No order named.
    Missing,
    /// Back from a gateway: asking where the attempt stands.
    Checking,
    /// Back from a gateway, and still no word after a minute.
    CheckSlow,
    /// The methods, to choose one and pay.
    Choose,
    /// On the way to a gateway (this pay type's).
    Leaving(i32),
    /// A QR code (or an opened app) waiting to be paid.
    Qr(PayResult),
    /// The QR code of this pay type expired unpaid.
    QrExpired(i32),
    Paid,
    Refunded,
    /// A top-up of the balance that was not paid (the gateway sends it back here too).
    TopUpEnded(TopUpEnd),
    /// The payment deadline passed.
    Expired,
    /// The orders were cancelled or cannot be found.
    Closed,
}

/// How a top-up ended unpaid.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
enum TopUpEnd {
    Failed,
    Cancelled,
    Expired,
}

/// What the methods panel says above the methods.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
enum Notice {
    Failed,
    Cancelled,
    Error(String),
}

/// The open dialog.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
enum Dialog {
    Closed,
    /// No method is enabled ('not pay way tips').
    NoWay,
    SetPassword,
    Password,
}

/// The pay switch as far as the page has it.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
enum Switches {
    Loading,
    Failed,
    Ready(Vec<PaySwitch>),
}

/// The id of the pay button, where the focus goes back when a dialog closes.
const PAY_BUTTON_ID: &str = "payment-pay";

/// Everything the counter holds; every part is a signal or a stored value, so it is `Copy`.
#[derive(Clone, Copy)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
struct Counter {
    labels: StoredValue<PaymentLabels>,
    currency: StoredValue<DisplayCurrency>,
    /// The orders being paid, comma-separated.
    numbers: StoredValue<String>,
    /// The attempt the buyer came back from.
    pay_no: StoredValue<String>,
    /// The server's clock minus the browser's.
    offset: StoredValue<i64>,
    /// Bumped to stop the polling of an older attempt.
    generation: StoredValue<u64>,
    /// The server's time, ticking every second.
    now: RwSignal<i64>,
    info: RwSignal<Option<OrderPayInfo>>,
    switches: RwSignal<Switches>,
    chosen: RwSignal<Option<i32>>,
    stage: RwSignal<Stage>,
    notice: RwSignal<Option<Notice>>,
    dialog: RwSignal<Dialog>,
    dialog_error: RwSignal<Option<String>>,
    busy: RwSignal<bool>,
    password: RwSignal<String>,
    new_password: RwSignal<String>,
    new_again: RwSignal<String>,
    sign_in_password: RwSignal<String>,
    /// The orders a success paid.
    paid_numbers: RwSignal<Vec<String>>,
    /// The attempt came back from was a top-up of the balance.
    top_up: RwSignal<bool>,
}

impl Counter {
    fn label(&self, text: Text) -> String {
        self.labels.with_value(|l| l.text(text).to_string())
    }

    fn method_name(&self, code: i32) -> String {
        self.labels.with_value(|l| {
            l.1.iter().find(|(c, _)| *c == code).map(|(_, n)| n.clone()).unwrap_or_else(|| code.to_string())
        })
    }

    fn status_name(&self, status: i32) -> String {
        self.labels.with_value(|l| l.2.iter().find(|(s, _)| *s == status).map(|(_, n)| n.clone()).unwrap_or_default())
    }

    fn money(&self, amount: api::money::Price) -> String {
        self.currency.with_value(|c| c.format(amount))
    }

    /// What the buyer holds (nothing shows as nothing).
    fn held(&self, amount: api::money::Price) -> String {
        self.currency.with_value(|c| rules::held_money(c, amount))
    }

    /// The methods to show for the orders and the pay switch as they are now.
    fn shown_methods(&self) -> Vec<rules::Method> {
        let switches = self.switches.with(|s| match s {
            Switches::Ready(list) => list.clone(),
            _ => Vec::new(),
        });
        self.info.with(|info| info.as_ref().map(|i| rules::methods(&switches, i)).unwrap_or_default())
    }
}

#[cfg(feature = "hydrate")]
use crate::payments::rules::{Outcome, Standing};

#[cfg(feature = "hydrate")]
impl Counter {
    fn options() -> crate::api_client::browser::CallOptions {
        crate::api_client::browser::CallOptions { silent_auth: false, handle_error: true }
    }

    /// The server's time now.
    fn server_now(&self) -> i64 {
        crate::cart::web::now_ms() + self.offset.get_value()
    }

    /// A new generation: every older polling loop stops at its next turn.
    fn next_generation(&self) -> u64 {
        let next = self.generation.get_value() + 1;
        self.generation.set_value(next);
        next
    }

    fn is_current(&self, generation: u64) -> bool {
        self.generation.get_value() == generation
    }

    /// Starts the page: back from a gateway, or the named orders, or nothing to pay.
    fn start(self, cancelled: bool) {
        let pay_no = self.pay_no.get_value();
        if !pay_no.is_empty() {
            self.stage.set(Stage::Checking);
            leptos::task::spawn_local(self.check_return(pay_no, cancelled));
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
    async fn load_info(self, first: bool) -> bool {
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
    async fn load_switches(self, force: bool) {
        use crate::api_client::browser;
        let cached = rules::read_switch_cache(super::web::local_get(rules::PAY_SWITCH_KEY).as_deref());
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
                    super::web::local_set(rules::PAY_SWITCH_KEY, &json);
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
    fn apply_switches(self, list: Vec<PaySwitch>) {
        self.switches.set(Switches::Ready(list));
        let shown = self.shown_methods();
        self.chosen.set(rules::default_method(&shown, self.chosen.get_untracked()));
        if shown.is_empty() && self.stage.get_untracked() == Stage::Choose {
            self.open_dialog(Dialog::NoWay);
        }
    }

    fn open_dialog(self, dialog: Dialog) {
        self.dialog_error.set(None);
        self.dialog.set(dialog);
    }

    /// Closes the dialog and gives the focus back to the pay button.
    fn close_dialog(self) {
        if self.dialog.get_untracked() == Dialog::Closed {
            return;
        }
        self.dialog.set(Dialog::Closed);
        self.password.set(String::new());
        self.new_password.set(String::new());
        self.new_again.set(String::new());
        self.sign_in_password.set(String::new());
        set_timeout(|| super::web::focus_id(PAY_BUTTON_ID), std::time::Duration::from_millis(0));
    }

    /// The pay button: the balance asks for the payment password (set first when there is
    /// none); points and gateways pay at once.
    fn pay_chosen(self) {
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
    fn pay(self, code: i32, password: String) {
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
                        super::web::focus_id("pay-password");
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
    fn follow(self, result: PayResult, generation: u64) {
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
                        super::web::assign(&action.url);
                    }
                    pay_action::FORM if rules::safe_gateway_url(&action.url) => {
                        self.stage.set(Stage::Leaving(code));
                        if !super::web::post_form(&action.url, &action.fields) {
                            self.stage.set(Stage::Choose);
                            failed();
                        }
                    }
                    pay_action::QR | pay_action::APP
                        if rules::safe_qr_image(&action.qr_image)
                            || (action.kind == pay_action::APP && rules::safe_deeplink(&action.deeplink)) =>
                    {
                        if action.kind == pay_action::APP && rules::safe_deeplink(&action.deeplink) {
                            super::web::assign(&action.deeplink);
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
    async fn poll(self, pay_no: String, expire: Option<i64>, generation: u64) {
        use crate::api_client::browser;
        loop {
            super::web::sleep(rules::POLL_MS).await;
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
    /// minute), then shows the result, or the methods again.
    async fn check_return(self, pay_no: String, cancelled: bool) {
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
                    // members: a membership's result shows on the member centre.
                    if status.pay_kind == api::payments::pay_kind::MEMBER && (outcome != Outcome::Waiting || cancelled)
                    {
                        super::web::assign(&format!("/member-center?payNo={}", status.pay_no));
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
                            super::web::replace_address(&href);
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
            super::web::sleep(rules::POLL_MS).await;
            if !self.is_current(generation) {
                return;
            }
        }
    }

    /// The success state; a single order's page opens after a short pause.
    fn paid(self, numbers: &str) {
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
    fn set_password(self) {
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
                    browser::toast("success", &self.label(Text::PasswordSet), 1500);
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
    fn submit_password(self) {
        let password = self.password.get_untracked();
        if !rules::pay_password_ok(&password) {
            self.dialog_error.set(Some(self.label(Text::PasswordInvalid)));
            return;
        }
        self.pay(api::config::pay_type::BALANCEPAY, password);
    }

    /// Counts down by the server's clock; at the deadline the orders can no longer be paid.
    fn tick(self) {
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

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct PaymentCounter {
    /// `?orderNumbers=`, cleaned: the orders to pay, comma-separated.
    pub order_numbers: String,
    /// `?payNo=`: the attempt the buyer came back from.
    pub pay_no: String,
    /// `?cancel=1`: the buyer left the gateway without paying.
    pub cancelled: bool,
    pub currency: DisplayCurrency,
    pub labels: PaymentLabels,
    /// The orders and methods the server rendered, if it could.
    pub start: Option<PaymentStart>,
    /// `?payType=9`: the balance's Pay Now came as a form; the counter asks for the payment
    /// password (or to set one) at once.
    pub ask_password: bool,
}

/// Renders [`PaymentCounter`], as one variant of its group's island (`crate::lazy_islands`).
pub fn payment_counter(props: PaymentCounter) -> impl IntoView {
    let PaymentCounter { order_numbers, pay_no, cancelled, currency, labels, start, ask_password } = props;
    let rendered = start.is_some();
    let paid_at_render = start.as_ref().is_some_and(PaymentStart::paid);
    let (info, switches) = match start {
        Some(start) => (Some(start.info), Switches::Ready(start.switches)),
        None => (None, Switches::Loading),
    };
    let first_stage = match (&info, pay_no.is_empty()) {
        (Some(_), _) if paid_at_render => Stage::Paid,
        (Some(_), _) => Stage::Choose,
        // Back from a gateway, the page says at once that it is checking.
        (None, false) => Stage::Checking,
        (None, true) => Stage::Loading,
    };
    let server_now = info.as_ref().map_or(0, |i| i.now);
    let first_dialog = match &info {
        Some(i) if ask_password && first_stage == Stage::Choose && i.has_pay_password => Dialog::Password,
        Some(_) if ask_password && first_stage == Stage::Choose => Dialog::SetPassword,
        _ => Dialog::Closed,
    };
    // The dialog the server renders is open already (not modal: that takes a script).
    let open_at_render = first_dialog != Dialog::Closed;
    let counter_href = format!("/payment?orderNumbers={}", crate::url::encode(&order_numbers));
    let paid_numbers = if paid_at_render { rules::order_numbers(&order_numbers) } else { Vec::new() };
    let c = Counter {
        labels: StoredValue::new(labels),
        currency: StoredValue::new(currency),
        numbers: StoredValue::new(order_numbers),
        pay_no: StoredValue::new(pay_no.clone()),
        offset: StoredValue::new(0),
        generation: StoredValue::new(0),
        now: RwSignal::new(server_now),
        info: RwSignal::new(info),
        switches: RwSignal::new(switches),
        chosen: RwSignal::new(None),
        stage: RwSignal::new(first_stage),
        notice: RwSignal::new(None),
        dialog: RwSignal::new(first_dialog),
        dialog_error: RwSignal::new(None),
        busy: RwSignal::new(false),
        password: RwSignal::new(String::new()),
        new_password: RwSignal::new(String::new()),
        new_again: RwSignal::new(String::new()),
        sign_in_password: RwSignal::new(String::new()),
        paid_numbers: RwSignal::new(paid_numbers),
        top_up: RwSignal::new(false),
    };
    let label = move |text: Text| c.label(text);
    // A method the buyer chose before the island hydrated stands (`chosen_before_hydration`).
    let ticked = crate::components::chosen_before_hydration(".payment-method input[name=payType]");
    c.chosen.set(rules::default_method(&c.shown_methods(), ticked));
    // Until the island runs, the widgets' loader ticks the deadline the server rendered.
    let live = RwSignal::new(!rendered);

    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        live.set(true);
        if rendered {
            c.offset.set_value(server_now - crate::cart::web::page_start_ms());
            c.tick();
            // What may have changed since the render (paid in another tab, a method switched
            // off): the facts and the pay switch again, quietly.
            leptos::task::spawn_local(async move {
                c.load_info(false).await;
            });
        } else {
            c.start(cancelled);
        }
        if let Ok(handle) = set_interval_with_handle(move || c.tick(), std::time::Duration::from_secs(1)) {
            on_cleanup(move || handle.clear());
        }
        // Back from a gateway by the Back button (a page kept in memory): start afresh.
        let _ = window_event_listener(leptos::ev::pageshow, |ev| {
            if ev.persisted() {
                crate::cart::web::reload();
            }
        });
    });
    #[cfg(not(feature = "hydrate"))]
    let _ = cancelled;

    // Actions that exist only in the browser.
    let retry = move || {
        #[cfg(feature = "hydrate")]
        c.start(false);
    };
    let retry_switches = move || {
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(c.load_switches(true));
    };
    let pay_chosen = move || {
        #[cfg(feature = "hydrate")]
        c.pay_chosen();
    };
    let pay_again = move |_code: i32| {
        #[cfg(feature = "hydrate")]
        c.pay(_code, String::new());
    };
    let other_method = move || {
        #[cfg(feature = "hydrate")]
        c.next_generation();
        c.stage.set(Stage::Choose);
    };
    let check_again = move || {
        #[cfg(feature = "hydrate")]
        {
            c.stage.set(Stage::Checking);
            leptos::task::spawn_local(c.check_return(c.pay_no.get_value(), false));
        }
    };
    let close_dialog = move || {
        #[cfg(feature = "hydrate")]
        c.close_dialog();
    };
    let submit_password = move || {
        #[cfg(feature = "hydrate")]
        c.submit_password();
    };
    let set_password = move || {
        #[cfg(feature = "hydrate")]
        c.set_password();
    };

    // What the live region announces when the state changes.
    let announcement = move || match c.stage.get() {
        Stage::Checking => label(Text::Checking),
        Stage::Paid => label(Text::Paid),
        Stage::Refunded => label(Text::Refunded),
        Stage::Expired => label(Text::OrderExpired),
        Stage::QrExpired(_) => label(Text::QrExpired),
        Stage::Qr(_) => label(Text::QrWaiting),
        Stage::Leaving(code) => label(Text::Redirecting).replace("{method}", &c.method_name(code)),
        _ => String::new(),
    };

    let order_links = move |numbers: Vec<String>| {
        view! {
            <ul class="payment-result__orders">
                {numbers.into_iter().map(|n| view! {
                    <li><a href=rules::order_href(&n) data-testid="payment-order-link">{label(Text::OrderLink).replace("{number}", &n)}</a></li>
                }).collect_view()}
            </ul>
        }
    };
    let info_numbers = move || {
        c.info.with(|i| i.as_ref().map(|i| i.orders.iter().map(|o| o.order_number.clone()).collect::<Vec<_>>()))
    };
    // The orders as far as the page knows them: loaded, or named by the link or the attempt.
    let known_numbers = move || info_numbers().unwrap_or_else(|| rules::order_numbers(&c.numbers.get_value()));
    let result = move |kind: &'static str, title: String, text: String, numbers: Vec<String>| {
        view! {
            <section class=format!("payment-result payment-result--{kind}") data-testid=format!("payment-{kind}")>
                <h2 class="payment-result__title">{title}</h2>
                <p class="payment-result__text">{text}</p>
                {(!numbers.is_empty()).then(|| order_links(numbers))}
                <a class="button" href="/">{label(Text::ContinueShopping)}</a>
            </section>
        }
    };

    let summary = move || {
        let info = c.info.get()?;
        let due = rules::amount_due(&info, &c.currency.get_value(), &label(Text::PointsDue));
        let end = info.end_time;
        let orders = info.orders.clone();
        Some(view! {
            <section class="payment-summary" aria-labelledby="payment-due-label" data-testid="payment-summary">
                <div class="payment-due">
                    <span id="payment-due-label" class="payment-due__label">{label(Text::AmountDue)}</span>
                    <strong class="payment-due__amount" data-testid="payment-amount">{due}</strong>
                </div>
                {end.map(|end| view! {
                    <p class="payment-deadline">
                        <span id="payment-deadline-label">{label(Text::PayWithin)}</span>" "
                        <span class="payment-deadline__time" role="timer" aria-labelledby="payment-deadline-label" data-testid="payment-countdown"
                            data-countdown-end=move || (!live.get()).then_some(end) data-countdown-now=move || (!live.get()).then_some(server_now)
                            data-countdown-style="clock">
                            {move || rules::format_countdown(end - c.now.get())}
                        </span>
                    </p>
                })}
                <h2 class="payment-summary__title">{label(Text::OrdersTitle)}</h2>
                <ul class="payment-orders" data-testid="payment-orders">
                    {orders.into_iter().map(|o| {
                        let unpaid = o.status == order_status::UNPAID;
                        let amount = match (o.actual_total.0 > 0 || o.score <= 0, o.score > 0) {
                            (true, true) => format!("{} + {}", c.money(o.actual_total), label(Text::PointsDue).replace("{points}", &o.score.to_string())),
                            (false, true) => label(Text::PointsDue).replace("{points}", &o.score.to_string()),
                            _ => c.money(o.actual_total),
                        };
                        view! {
                            <li class="payment-order" data-testid="payment-order" data-order-number=o.order_number.clone()>
                                <span class="payment-order__shop">{o.shop_name.clone()}</span>
                                <a class="payment-order__number" href=rules::order_href(&o.order_number)>
                                    {label(Text::OrderLink).replace("{number}", &o.order_number)}
                                </a>
                                <span class="payment-order__item">
                                    {o.prod_name.clone()}" "
                                    <small>{label(Text::OrderQuantity).replace("{count}", &o.total_count.to_string())}</small>
                                </span>
                                <strong class="payment-order__amount">{amount}</strong>
                                {(!unpaid).then(|| view! { <span class="tag payment-order__status">{c.status_name(o.status)}</span> })}
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
        })
    };

    let notice_view = move || {
        c.notice.get().map(|notice| {
            let (kind, title, text) = match notice {
                Notice::Failed => ("failed", label(Text::Failed), label(Text::FailedText)),
                Notice::Cancelled => ("cancelled", label(Text::Cancelled), label(Text::CancelledText)),
                Notice::Error(text) => ("error", String::new(), text),
            };
            view! {
                <div class=format!("payment-notice payment-notice--{kind}") role="alert" data-testid=format!("payment-notice-{kind}")>
                    {(!title.is_empty()).then(|| view! { <strong class="payment-notice__title">{title}</strong> })}
                    <p>{text}</p>
                </div>
            }
        })
    };

    let counter_href = StoredValue::new(counter_href);
    // The fields every Pay Now form sends besides the method: the orders, the currency to
    // charge in, and the page a refusal returns to.
    let pay_fields = move |back: String| {
        view! {
            <input type="hidden" name="orderNumbers" value=c.numbers.get_value() />
            <input type="hidden" name="currency" value=c.currency.with_value(|d| d.code.clone()) />
            <input type="hidden" name=api::forms::FIELD_BACK value=back />
        }
    };

    let methods_view = move || {
        let shown = c.shown_methods();
        let info = c.info.get();
        let balance = info.as_ref().map(|i| i.balance).unwrap_or_default();
        let score = info.as_ref().map(|i| i.score).unwrap_or_default();
        let due = info.as_ref().map(|i| i.total_fee).unwrap_or_default();
        match c.switches.get() {
            Switches::Loading => view! {
                <div class="payment-methods__loading" role="status" data-testid="payment-methods-loading">
                    <div class="skeleton__block payment-skeleton"></div>
                    <span class="visually-hidden">{label(Text::MethodsLoading)}</span>
                </div>
            }
            .into_any(),
            Switches::Failed => view! {
                <div class="payment-methods__failed" role="alert" data-testid="payment-methods-failed">
                    <p>{label(Text::MethodsFailed)}</p>
                    <button type="button" class="button" on:click=move |_| retry_switches()>{label(Text::Retry)}</button>
                </div>
            }
            .into_any(),
            Switches::Ready(_) if shown.is_empty() => view! {
                <p class="payment-methods__none" role="status" data-testid="payment-no-way">{label(Text::NoWay)}</p>
            }
            .into_any(),
            Switches::Ready(_) => view! {
                // A plain form (`api::forms::ORDER_PAY`) until the island is interactive.
                <form class="payment-methods" data-testid="payment-methods" novalidate method="post" action=api::forms::ORDER_PAY
                    on:submit=move |ev| { ev.prevent_default(); pay_chosen(); }>
                    {pay_fields(counter_href.get_value())}
                    <fieldset class="payment-methods__list" disabled=move || c.busy.get()>
                        <legend class="payment-methods__title">{label(Text::MethodsTitle)}</legend>
                        {shown.into_iter().map(|m| {
                            let code = m.pay_type;
                            let id = format!("pay-method-{code}");
                            let label_for = id.clone();
                            let hint_id = format!("pay-method-{code}-hint");
                            let hint = match (m.kind, m.availability) {
                                (MethodKind::Balance, Availability::ShortOfBalance) => Some(label(Text::BalanceShort).replace("{amount}", &c.held(balance))),
                                (MethodKind::Balance, _) => Some(label(Text::BalanceHave).replace("{amount}", &c.held(balance))),
                                (MethodKind::Points, Availability::ShortOfPoints) => Some(label(Text::PointsShort).replace("{points}", &score.to_string())),
                                (MethodKind::Points, _) => Some(label(Text::PointsHave).replace("{points}", &score.to_string())),
                                _ if rules::charged_in_usd(code, &c.currency.with_value(|c| c.code.clone())) => {
                                    Some(label(Text::ChargedInUsd).replace("{amount}", &DisplayCurrency::usd().format(due)))
                                }
                                _ => None,
                            };
                            let ready = m.availability == Availability::Ready;
                            view! {
                                // The card's label is the method's name alone (the radio's
                                // accessible name); it covers the card, so a click anywhere
                                // chooses it. The hint describes the radio.
                                <div class="payment-method" class:is-chosen=move || c.chosen.get() == Some(code) class:is-disabled=!ready
                                    data-testid="payment-method" data-pay-type=code>
                                    <input type="radio" name="payType" id=id value=code.to_string() disabled=!ready
                                        aria-describedby=hint.is_some().then(|| hint_id.clone())
                                        checked={untrack(|| c.chosen.get() == Some(code))} prop:checked=move || c.chosen.get() == Some(code)
                                        on:change=move |_| c.chosen.set(Some(code)) />
                                    <label class="payment-method__name" for=label_for>{c.method_name(code)}</label>
                                    {hint.map(|hint| view! {
                                        <span class="payment-method__hint" class:is-short=!ready id=hint_id>{hint}</span>
                                    })}
                                </div>
                            }
                        }).collect_view()}
                    </fieldset>
                    <button type="submit" id=PAY_BUTTON_ID class="button button--primary payment-pay" data-testid="payment-pay"
                        disabled=move || c.busy.get() || c.chosen.get().is_none()>
                        {move || if c.busy.get() { label(Text::Paying) } else { label(Text::PayNow) }}
                    </button>
                </form>
            }
            .into_any(),
        }
    };

    let qr_view = move |r: PayResult| {
        let Some(action) = r.action.clone() else { return ().into_any() };
        let method = c.method_name(r.pay_type);
        let expire = r.expire_time;
        let charge = label(Text::Charge).replace("{amount}", &rules::charge_text(&r.charge_amount, &r.charge_currency));
        let app = action.kind == api::payments::pay_action::APP;
        let deeplink = rules::safe_deeplink(&action.deeplink).then(|| action.deeplink.clone());
        view! {
            <section class="payment-qr" data-testid="payment-qr" aria-labelledby="payment-qr-title">
                <h2 id="payment-qr-title" class="payment-qr__title">{label(Text::QrTitle).replace("{method}", &method)}</h2>
                {app.then(|| view! { <p class="payment-qr__app">{label(Text::AppOpened).replace("{method}", &method)}</p> })}
                {rules::safe_qr_image(&action.qr_image).then(|| view! {
                    <img class="payment-qr__image" src=action.qr_image.clone() width="220" height="220" data-testid="payment-qr-image"
                        alt=label(Text::QrAlt).replace("{method}", &method) />
                })}
                {(!r.charge_amount.is_empty()).then(|| view! { <p class="payment-qr__charge" data-testid="payment-charge">{charge}</p> })}
                <p class="payment-qr__expires">
                    <span id="payment-qr-expires-label">{label(Text::QrExpires)}</span>" "
                    <span class="payment-deadline__time" role="timer" aria-labelledby="payment-qr-expires-label" data-testid="payment-qr-countdown">
                        {move || rules::format_countdown(rules::qr_remaining(expire, c.now.get()))}
                    </span>
                </p>
                <p class="payment-qr__waiting"><span class="payment-spinner" aria-hidden="true"></span>{label(Text::QrWaiting)}</p>
                <div class="payment-qr__actions">
                    {deeplink.map(|href| view! {
                        <a class="button button--primary" href=href data-testid="payment-open-app">{label(Text::OpenApp).replace("{method}", &method)}</a>
                    })}
                    <button type="button" class="button" data-testid="payment-other-method" on:click=move |_| other_method()>{label(Text::OtherMethod)}</button>
                </div>
            </section>
        }
        .into_any()
    };

    let panel = move || {
        match c.stage.get() {
        Stage::Choose => view! { {notice_view} {methods_view} }.into_any(),
        Stage::Leaving(code) => view! {
            <p class="payment-leaving" data-testid="payment-leaving">
                <span class="payment-spinner" aria-hidden="true"></span>
                {label(Text::Redirecting).replace("{method}", &c.method_name(code))}
            </p>
        }
        .into_any(),
        Stage::Qr(r) => qr_view(r),
        Stage::QrExpired(code) => view! {
            <section class="payment-result payment-result--qr-expired" data-testid="payment-qr-expired">
                <h2 class="payment-result__title">{label(Text::QrExpired)}</h2>
                <p class="payment-result__text">{label(Text::QrExpiredText)}</p>
                <div class="payment-result__actions">
                    <button type="button" class="button button--primary" data-testid="payment-refresh" disabled=move || c.busy.get()
                        on:click=move |_| pay_again(code)>{label(Text::Refresh)}</button>
                    <button type="button" class="button" data-testid="payment-other-method" on:click=move |_| other_method()>{label(Text::OtherMethod)}</button>
                </div>
                {notice_view}
            </section>
        }
        .into_any(),
        _ => ().into_any(),
    }
    };

    let body = move || {
        match c.stage.get() {
        Stage::Loading => view! {
            <div class="payment-loading" role="status" data-testid="payment-loading">
                <div class="skeleton__block payment-skeleton"></div>
                <div class="skeleton__block payment-skeleton"></div>
                <span class="visually-hidden">{label(Text::Loading)}</span>
            </div>
        }
        .into_any(),
        Stage::LoadFailed(text) => view! {
            <section class="payment-result payment-result--error" data-testid="payment-load-failed">
                <p class="payment-result__text" role="alert">{text}</p>
                <div class="payment-result__actions">
                    <button type="button" class="button button--primary" on:click=move |_| retry()>{label(Text::Retry)}</button>
                    <a class="button" href="/">{label(Text::ContinueShopping)}</a>
                </div>
            </section>
        }
        .into_any(),
        Stage::Missing => result("missing", String::new(), label(Text::Missing), Vec::new()).into_any(),
        Stage::Checking => view! {
            <section class="payment-result payment-result--checking" data-testid="payment-checking">
                <p class="payment-result__title"><span class="payment-spinner" aria-hidden="true"></span>{label(Text::Checking)}</p>
            </section>
        }
        .into_any(),
        Stage::CheckSlow => view! {
            <section class="payment-result payment-result--checking" data-testid="payment-check-slow">
                <p class="payment-result__text">{label(Text::CheckSlow)}</p>
                <div class="payment-result__actions">
                    <button type="button" class="button button--primary" data-testid="payment-check-again" on:click=move |_| check_again()>{label(Text::CheckAgain)}</button>
                </div>
                {move || order_links(known_numbers())}
            </section>
        }
        .into_any(),
        Stage::Paid => {
            let numbers = c.paid_numbers.get();
            let single = numbers.len() == 1;
            view! {
                <section class="payment-result payment-result--paid" data-testid="payment-paid">
                    <svg class="payment-result__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false">
                        <circle cx="12" cy="12" r="12" fill="currentColor" opacity="0.12" />
                        <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" />
                    </svg>
                    <h2 class="payment-result__title">{label(Text::Paid)}</h2>
                    <p class="payment-result__text">
                        {if c.top_up.get() { label(Text::ToppedUp) } else { label(Text::PaidText) }}
                    </p>
                    {order_links(numbers)}
                    {single.then(|| view! { <p class="payment-result__next">{label(Text::GoingToOrder)}</p> })}
                    {c.top_up.get().then(|| view! {
                        <a class="button button--primary" href="/user-center/uc-balance" data-testid="payment-back-to-balance">{label(Text::BackToBalance)}</a>
                    })}
                    <a class="button" href="/">{label(Text::ContinueShopping)}</a>
                </section>
            }
            .into_any()
        }
        Stage::TopUpEnded(end) => {
            let title = match end {
                TopUpEnd::Failed => label(Text::Failed),
                TopUpEnd::Cancelled => label(Text::Cancelled),
                TopUpEnd::Expired => label(Text::QrExpired),
            };
            result("top-up-ended", title, label(Text::TopUpAgain), Vec::new()).into_any()
        }
        Stage::Refunded => {
            result("refunded", label(Text::Refunded), label(Text::RefundedText), known_numbers())
                .into_any()
        }
        Stage::Expired => {
            let numbers = c.info.with(|i| {
                i.as_ref()
                    .map(|i| i.orders.iter().map(|o| o.order_number.clone()).collect::<Vec<_>>())
                    .unwrap_or_default()
            });
            result("expired", label(Text::OrderExpired), label(Text::OrderExpiredText), numbers).into_any()
        }
        Stage::Closed => {
            result("closed", label(Text::Closed), label(Text::ClosedText), info_numbers().unwrap_or_default())
                .into_any()
        }
        Stage::Choose | Stage::Leaving(_) | Stage::Qr(_) | Stage::QrExpired(_) => view! {
            <div class="payment-layout">
                {summary}
                <div class="payment-panel">{panel}</div>
            </div>
        }
        .into_any(),
    }
    };

    // One `<dialog>` while any dialog is open, its content swapped (setting the payment
    // password leads straight to entering it): shown modal once, and the focus moved to the
    // content's first field each time the content changes.
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
            set_timeout(move || super::web::focus_within(&dialog, "[autofocus]"), std::time::Duration::from_millis(0));
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
                super::web::trap_tab(&ev, &dialog);
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
            <input id=id name=name class="pay-dialog__digits" type="password" inputmode="numeric" pattern="[0-9]*" autocomplete="off"
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
                <h2 id="pay-dialog-title" class="pay-dialog__title">{label(Text::NoWayTitle)}</h2>
                <p id="pay-dialog-text">{label(Text::NoWay)}</p>
                <div class="pay-dialog__actions">
                    <a class="button" href="/">{label(Text::ContinueShopping)}</a>
                    <button type="button" class="button button--primary" autofocus data-testid="pay-dialog-ok"
                        on:click=move |_| close_dialog()>{label(Text::Ok)}</button>
                </div>
            }
            .into_any(),
            Dialog::Password => view! {
                <form class="pay-dialog__form" novalidate method="post" action=api::forms::ORDER_PAY
                    on:submit=move |ev| { ev.prevent_default(); submit_password(); }>
                    {pay_fields(format!("{}&payType={}", counter_href.get_value(), api::config::pay_type::BALANCEPAY))}
                    <input type="hidden" name="payType" value=api::config::pay_type::BALANCEPAY />
                    <h2 id="pay-dialog-title" class="pay-dialog__title">{label(Text::PasswordTitle)}</h2>
                    <p id="pay-dialog-text" class="pay-dialog__amount">{move || label(Text::PasswordAmount).replace("{amount}", &amount())}</p>
                    <label class="pay-dialog__label" for="pay-password">{label(Text::PasswordLabel)}</label>
                    {digits_input("pay-password", Some("payPassword"), c.password, true)}
                    {dialog_error}
                    <div class="pay-dialog__actions">
                        // A link back to the counter until the island closes the dialog itself.
                        <a class="button" href=counter_href.get_value() role="button" data-testid="pay-dialog-cancel"
                            on:click=move |ev| { ev.prevent_default(); close_dialog(); }>{label(Text::Cancel)}</a>
                        <button type="submit" class="button button--primary" data-testid="pay-password-submit" disabled=move || c.busy.get()>
                            {move || if c.busy.get() { label(Text::Paying) } else { label(Text::ConfirmPay) }}
                        </button>
                    </div>
                </form>
            }
            .into_any(),
            Dialog::SetPassword => view! {
                <form class="pay-dialog__form" novalidate on:submit=move |ev| { ev.prevent_default(); set_password(); }>
                    <h2 id="pay-dialog-title" class="pay-dialog__title">{label(Text::SetPasswordTitle)}</h2>
                    <p id="pay-dialog-text">{label(Text::SetPasswordText)}</p>
                    <label class="pay-dialog__label" for="pay-password-new">{label(Text::NewPassword)}</label>
                    {digits_input("pay-password-new", None, c.new_password, true)}
                    <label class="pay-dialog__label" for="pay-password-again">{label(Text::ConfirmPassword)}</label>
                    {digits_input("pay-password-again", None, c.new_again, false)}
                    <label class="pay-dialog__label" for="pay-sign-in-password">{label(Text::SignInPassword)}</label>
                    <input id="pay-sign-in-password" class="pay-dialog__input" type="password" autocomplete="current-password"
                        maxlength="64" aria-describedby="pay-sign-in-password-hint" data-testid="pay-sign-in-password"
                        value={untrack(|| c.sign_in_password.get())} prop:value=move || c.sign_in_password.get()
                        on:input=move |ev| c.sign_in_password.set(event_target_value(&ev)) />
                    <small id="pay-sign-in-password-hint" class="pay-dialog__hint">{label(Text::SignInPasswordHint)}</small>
                    {dialog_error}
                    <div class="pay-dialog__actions">
                        <button type="button" class="button" data-testid="pay-dialog-cancel" on:click=move |_| close_dialog()>{label(Text::Cancel)}</button>
                        <button type="submit" class="button button--primary" data-testid="pay-password-save" disabled=move || c.busy.get()>
                            {move || if c.busy.get() { label(Text::Saving) } else { label(Text::SetPasswordSave) }}
                        </button>
                    </div>
                </form>
            }
            .into_any(),
        }
    };
    let dialog_view = move || {
        dialog_open.get().then(|| {
            let role = move || if c.dialog.get() == Dialog::NoWay { "alertdialog" } else { "dialog" };
            let test_id = move || match c.dialog.get() {
                Dialog::NoWay => "pay-no-way-dialog",
                Dialog::SetPassword => "pay-set-password-dialog",
                _ => "pay-password-dialog",
            };
            view! {
                <dialog class="pay-dialog" node_ref=dialog_ref open=open_at_render role=role aria-modal="true" aria-labelledby="pay-dialog-title"
                    aria-describedby="pay-dialog-text" data-testid=test_id on:keydown=dialog_keys>
                    {dialog_content}
                </dialog>
            }
        })
    };

    view! {
        <div class="payment" data-testid="payment" aria-busy=move || c.busy.get().to_string()>
            <p class="visually-hidden" role="status" aria-live="polite" data-testid="payment-announcement">{announcement}</p>
            {body}
            {dialog_view}
        </div>
    }
}
