//! The checkout counter island of `/payment`: it loads the orders to pay
//! (`/p/order/getOrderPayInfoByOrderNumber`) and the pay switch (cached in `localStorage` for
//! its 5 hours), counts down to the payment deadline by the server's clock, offers the enabled
//! methods, and pays: the balance with the payment password (set first when there is none),
//! points at once, a gateway by going there, posting its form or showing its QR code while
//! asking `/p/order/payStatus` every 2 s. Back from a gateway (`?payNo=`), it asks where the
//! attempt stands and shows the result. The same view, rendered by the server outside the
//! island, is the page's first state when the orders are waiting for payment or paid (record
//! 0191): its forms post, and `widgets/src/payment.ts` opens and checks its dialogs.

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
    /// `None` when the orders call for anything else (the island then starts at load and says
    /// why: expired, closed, no method enabled).
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
    /// Rendered by the server outside the island (record 0191): the forms post, and the page's
    /// script (`widgets/src/payment.ts`) opens and checks the dialogs.
    plain: bool,
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

mod dialog;
#[cfg(feature = "hydrate")]
mod flow;
mod methods;
mod qr;
mod results;
mod summary;

/// The buttons' actions: they do something only in the browser (before the island runs, the
/// forms post to the server instead).
impl Counter {
    fn on_retry(self) {
        #[cfg(feature = "hydrate")]
        self.start(false, false);
    }

    fn on_retry_switches(self) {
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(self.load_switches(true));
    }

    fn on_pay_chosen(self) {
        #[cfg(feature = "hydrate")]
        self.pay_chosen();
    }

    fn on_pay_again(self, _code: i32) {
        #[cfg(feature = "hydrate")]
        self.pay(_code, String::new());
    }

    fn on_other_method(self) {
        #[cfg(feature = "hydrate")]
        self.next_generation();
        self.stage.set(Stage::Choose);
    }

    fn on_check_again(self) {
        #[cfg(feature = "hydrate")]
        {
            self.stage.set(Stage::Checking);
            leptos::task::spawn_local(self.check_return(self.pay_no.get_value(), false, false));
        }
    }

    fn on_close_dialog(self) {
        #[cfg(feature = "hydrate")]
        self.close_dialog();
    }

    fn on_submit_password(self) {
        #[cfg(feature = "hydrate")]
        self.submit_password();
    }

    fn on_set_password(self) {
        #[cfg(feature = "hydrate")]
        self.set_password();
    }
}

/// The counter island's props: what `/payment`'s address names and what the server rendered.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct PaymentCounter {
    /// `?orderNumbers=`, cleaned: the orders to pay, comma-separated.
    pub order_numbers: String,
    /// `?payNo=`: the attempt the buyer came back from.
    pub pay_no: String,
    /// `?cancel=1`: the buyer left the gateway without paying.
    pub cancelled: bool,
    /// `?gateway=1`: a form started the attempt (a top-up); the counter takes its gateway step
    /// (`api::forms::GATEWAY_QUERY`).
    pub gateway: bool,
    pub currency: DisplayCurrency,
    pub labels: PaymentLabels,
    /// The orders and methods the server rendered, if it could.
    pub start: Option<PaymentStart>,
    /// `?payType=9`: the balance's Pay Now came as a form; the counter asks for the payment
    /// password (or to set one) at once.
    pub ask_password: bool,
    /// A refusal of the payment password's form, translated, shown in the dialog.
    #[serde(default)]
    pub refusal: Option<String>,
    /// Rendered as plain markup rather than as the island (record 0191).
    #[serde(default)]
    pub plain: bool,
}

/// Renders [`PaymentCounter`], as one variant of its group's island (`crate::lazy_islands`).
pub fn payment_counter(props: PaymentCounter) -> impl IntoView {
    let PaymentCounter {
        order_numbers,
        pay_no,
        cancelled,
        gateway,
        currency,
        labels,
        start,
        ask_password,
        refusal,
        plain,
    } = props;
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
        dialog_error: RwSignal::new(refusal.filter(|_| first_dialog != Dialog::Closed)),
        busy: RwSignal::new(false),
        password: RwSignal::new(String::new()),
        new_password: RwSignal::new(String::new()),
        new_again: RwSignal::new(String::new()),
        sign_in_password: RwSignal::new(String::new()),
        paid_numbers: RwSignal::new(paid_numbers),
        top_up: RwSignal::new(false),
        plain,
    };
    // A method the buyer chose before the island hydrated stands (`chosen_before_hydration`).
    let ticked = crate::components::chosen_before_hydration(".payment-method input[name=payType]");
    // The balance stays chosen while the counter asks for its password.
    let asked = ask_password.then_some(api::config::pay_type::BALANCEPAY);
    c.chosen.set(rules::default_method(&c.shown_methods(), ticked.or(asked)));
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
            c.start(cancelled, gateway);
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
    let _ = (cancelled, gateway);

    // What the live region announces when the state changes.
    let announcement = move || match c.stage.get() {
        Stage::Checking => c.label(Text::Checking),
        Stage::Paid => c.label(Text::Paid),
        Stage::Refunded => c.label(Text::Refunded),
        Stage::Expired => c.label(Text::OrderExpired),
        Stage::QrExpired(_) => c.label(Text::QrExpired),
        Stage::Qr(_) => c.label(Text::QrWaiting),
        Stage::Leaving(code) => c.label(Text::Redirecting).replace("{method}", &c.method_name(code)),
        _ => String::new(),
    };

    let counter_href = StoredValue::new(counter_href);
    view! {
        <div class="payment" data-testid="payment" aria-busy=move || c.busy.get().to_string()>
            <p class="visually-hidden" role="status" aria-live="polite" data-testid="payment-announcement">{announcement}</p>
            {results::body(c, counter_href, live, server_now)}
            {dialog::dialog(c, counter_href, open_at_render)}
        </div>
    }
}
