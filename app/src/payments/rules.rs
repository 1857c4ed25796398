//! The checkout counter's rules, without I/O: which orders a link names, where the orders
//! stand, which methods the pay switch offers for them, the amount due, the countdowns, the
//! pay switch cache and the payment password, and which gateway addresses the browser follows.

use crate::money::DisplayCurrency;
use api::config::{pay_type, PaySwitch, PaySwitchInfo};
use api::money::Price;
use api::orders::order_status;
use api::payments::{pay_status, OrderPayInfo, PAY_ATTEMPT_TTL_MS, PAY_PASSWORD_DIGITS};

/// How long the pay switch is kept in `localStorage` (spec section 9: 5 hours).
pub const PAY_SWITCH_CACHE_MS: i64 = 5 * 60 * 60 * 1000;
/// The `localStorage` key of the cached pay switch (a JSON [`PaySwitchInfo`]).
pub const PAY_SWITCH_KEY: &str = "mall.paySwitch";
/// How often a pending pay attempt is asked about.
pub const POLL_MS: u64 = 2000;
/// How long the page keeps asking about an attempt the buyer came back from before it offers
/// to check again by hand.
pub const CHECK_PATIENCE_MS: i64 = 60_000;
/// The pause on the success state before a single paid order's page opens.
pub const PAID_REDIRECT_MS: u64 = 3000;
/// Most orders one counter pays at once (the cart settles at most 50 lines, one order per shop).
pub const MAX_ORDERS: usize = 50;

/// The order numbers of `?orderNumbers=` (or of a pay attempt): comma-separated, trimmed, each
/// letters and digits only, without repeats, at most [`MAX_ORDERS`].
pub fn order_numbers(raw: &str) -> Vec<String> {
    let mut numbers: Vec<String> = Vec::new();
    for number in raw.split(',').map(str::trim) {
        let plain = !number.is_empty() && number.len() <= 40 && number.bytes().all(|b| b.is_ascii_alphanumeric());
        if plain && !numbers.iter().any(|n| n == number) && numbers.len() < MAX_ORDERS {
            numbers.push(number.to_string());
        }
    }
    numbers
}

/// The checkout counter's address for these orders, `None` without any.
pub fn payment_href(raw: &str) -> Option<String> {
    let numbers = order_numbers(raw);
    (!numbers.is_empty()).then(|| format!("/payment?orderNumbers={}", numbers.join(",")))
}

/// The address of one order's page.
pub fn order_href(number: &str) -> String {
    format!("/order-detail?orderNumber={}", crate::url::encode(number))
}

/// Where the named orders stand as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Something is left to pay, before the deadline.
    Unpaid,
    /// Every order is paid (the buyer came back to a settled counter).
    AllPaid,
    /// Nothing can be paid: the orders were cancelled or expired, or none was found.
    Closed,
}

/// Where the orders of `info` stand.
pub fn standing(info: &OrderPayInfo) -> Standing {
    let unpaid = info.orders.iter().any(|o| o.status == order_status::UNPAID);
    if unpaid && info.end_time.is_some() {
        Standing::Unpaid
    } else if !info.orders.is_empty()
        && info.orders.iter().all(|o| o.status != order_status::UNPAID && o.status != order_status::CANCELED)
    {
        Standing::AllPaid
    } else {
        Standing::Closed
    }
}

/// Whether the counter offers methods to choose from as it opens: the orders wait for payment,
/// their deadline has not passed (by the answer's `now`) and a method is enabled for them.
/// Only then does the server render it (`payments::page`).
pub fn offers_methods(info: &OrderPayInfo, switches: &[PaySwitch]) -> bool {
    standing(info) == Standing::Unpaid
        && !deadline_passed(info.end_time, info.now)
        && !methods(switches, info).is_empty()
}

/// Whether the payment deadline has passed at `now_ms` (the server's clock).
pub fn deadline_passed(end_time: Option<i64>, now_ms: i64) -> bool {
    end_time.is_some_and(|end| now_ms >= end)
}

/// What is left of a countdown in the counter's style (`api::countdown`, shared with the widgets).
pub use api::countdown::clock_text as format_countdown;

/// The amount due as the counter shows it: the money in the buyer's display currency, the
/// points of points-mall orders (`points` has a `{points}` placeholder), or both.
pub fn amount_due(info: &OrderPayInfo, currency: &DisplayCurrency, points: &str) -> String {
    let points = points.replace("{points}", &info.total_score.to_string());
    match (info.total_fee.0 > 0, info.total_score > 0) {
        (_, false) => currency.format(info.total_fee),
        (false, true) => points,
        (true, true) => format!("{} + {points}", currency.format(info.total_fee)),
    }
}

/// What the buyer holds (the balance), in the display currency: like every amount, except
/// that nothing is nothing (the spec's "zero shows as 0.01 or 1 KHR" is for prices).
pub fn held_money(currency: &DisplayCurrency, amount: Price) -> String {
    currency.format_held(amount)
}

/// What is left of a QR code's time at `now_ms`: never more than its whole lifetime (the
/// browser's clock, corrected by the server's, may be a little behind the gateway's answer).
pub fn qr_remaining(expire_time: i64, now_ms: i64) -> i64 {
    (expire_time - now_ms).min(PAY_ATTEMPT_TTL_MS)
}

/// How a method pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MethodKind {
    /// The buyer's points, settled at once.
    Points,
    /// The buyer's balance with the payment password, settled at once.
    Balance,
    /// A payment gateway: the browser goes there, posts a form, or shows a QR code.
    Gateway,
}

/// The kind of a known [`pay_type`], `None` for a code this page does not know.
pub fn method_kind(code: i32) -> Option<MethodKind> {
    match code {
        pay_type::SCOREPAY => Some(MethodKind::Points),
        pay_type::BALANCEPAY => Some(MethodKind::Balance),
        pay_type::PAYPAL
        | pay_type::PAYCARDPAL
        | pay_type::STRIPE
        | pay_type::UPAY
        | pay_type::UPAY_DEEPLINK
        | pay_type::ABA
        | pay_type::ABA_DEEPLINK => Some(MethodKind::Gateway),
        _ => None,
    }
}

/// Whether a shown method can be chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Availability {
    Ready,
    /// The balance does not cover the money due.
    ShortOfBalance,
    /// The points held do not cover the points due.
    ShortOfPoints,
}

/// A method the counter offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Method {
    pub pay_type: i32,
    pub kind: MethodKind,
    pub availability: Availability,
}

/// The methods to show, in the pay switch's order: the enabled ones this page knows, once
/// each; points only when points are due (`totalScore > 0`), money methods only when money is
/// due (or nothing at all is); balance and points marked when they do not cover what is due.
pub fn methods(switches: &[PaySwitch], info: &OrderPayInfo) -> Vec<Method> {
    let money_due = info.total_fee.0 > 0 || info.total_score <= 0;
    let mut shown: Vec<Method> = Vec::new();
    for switch in switches.iter().filter(|s| s.enabled) {
        let Some(kind) = method_kind(switch.pay_type) else { continue };
        if shown.iter().any(|m| m.pay_type == switch.pay_type) {
            continue;
        }
        let availability = match kind {
            MethodKind::Points if info.total_score <= 0 => continue,
            MethodKind::Points if info.score < info.total_score => Availability::ShortOfPoints,
            MethodKind::Balance | MethodKind::Gateway if !money_due => continue,
            MethodKind::Balance if info.balance < info.total_fee => Availability::ShortOfBalance,
            _ => Availability::Ready,
        };
        shown.push(Method { pay_type: switch.pay_type, kind, availability });
    }
    shown
}

/// The method chosen first: the one chosen before if it is still ready, else the first ready.
pub fn default_method(shown: &[Method], before: Option<i32>) -> Option<i32> {
    let ready = |code: i32| shown.iter().any(|m| m.pay_type == code && m.availability == Availability::Ready);
    before
        .filter(|code| ready(*code))
        .or_else(|| shown.iter().find(|m| m.availability == Availability::Ready).map(|m| m.pay_type))
}

/// Whether a cached pay switch may still be used at `now_ms` (the server's clock): before its
/// `expireTime`, and not further ahead than the cache's 5 hours (a clock that jumped back
/// cannot keep it for ever).
pub fn switch_cache_fresh(cached: Option<&PaySwitchInfo>, now_ms: i64) -> bool {
    cached.is_some_and(|c| now_ms < c.expire_time && c.expire_time - now_ms <= PAY_SWITCH_CACHE_MS)
}

/// Reads a cached pay switch; `None` when missing or unreadable.
pub fn read_switch_cache(stored: Option<&str>) -> Option<PaySwitchInfo> {
    serde_json::from_str(stored?).ok()
}

/// What the buyer typed into a payment password field, kept to its first 6 digits (the "num"
/// input rule of spec section 5 strips everything else).
pub fn clean_digits(typed: &str) -> String {
    typed.chars().filter(char::is_ascii_digit).take(PAY_PASSWORD_DIGITS).collect()
}

/// Whether a payment password is exactly 6 digits (spec section 5).
pub fn pay_password_ok(password: &str) -> bool {
    password.len() == PAY_PASSWORD_DIGITS && password.bytes().all(|b| b.is_ascii_digit())
}

/// What is wrong with a new payment password and its repetition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewPasswordProblem {
    NotSixDigits,
    Mismatch,
}

/// Checks a new payment password typed twice.
pub fn check_new_password(first: &str, again: &str) -> Option<NewPasswordProblem> {
    if !pay_password_ok(first) {
        Some(NewPasswordProblem::NotSixDigits)
    } else if first != again {
        Some(NewPasswordProblem::Mismatch)
    } else {
        None
    }
}

/// What a pay attempt's status means for the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Still waiting: ask again.
    Waiting,
    Paid,
    Failed,
    /// The link or QR code expired unpaid.
    Expired,
    /// Paid too late: the money goes back.
    Refunded,
}

/// The [`Outcome`] of a [`pay_status`]; an unknown status is treated as still waiting.
pub fn outcome(status: i32) -> Outcome {
    match status {
        pay_status::PAID => Outcome::Paid,
        pay_status::FAILED => Outcome::Failed,
        pay_status::EXPIRED => Outcome::Expired,
        pay_status::REFUNDED => Outcome::Refunded,
        _ => Outcome::Waiting,
    }
}

/// Whether the browser may go to (or post a form to) a gateway's `url`: an absolute `https:`
/// or `http:` address, or a path of this site.
pub fn safe_gateway_url(url: &str) -> bool {
    let url = url.trim();
    let lower = url.to_ascii_lowercase();
    let absolute = ["https://", "http://"].iter().any(|p| lower.starts_with(p) && lower.len() > p.len());
    let local = url.starts_with('/') && !url.starts_with("//") && !url.starts_with("/\\");
    (absolute || local) && !url.chars().any(|c| c.is_control() || c.is_whitespace())
}

/// Whether a gateway's app link may be opened: a [`safe_gateway_url`] (a web page standing
/// for the app, as the development gateway's), or a scheme of letters, digits, `+`, `-`, `.`
/// (an app's own), never one that runs or embeds content.
pub fn safe_deeplink(link: &str) -> bool {
    if safe_gateway_url(link) {
        return true;
    }
    let Some((scheme, rest)) = link.trim().split_once(':') else { return false };
    let scheme = scheme.to_ascii_lowercase();
    let well_formed = scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    let forbidden = ["javascript", "data", "vbscript", "file", "blob", "about"].contains(&scheme.as_str());
    well_formed && !forbidden && !rest.is_empty() && !link.chars().any(char::is_control)
}

/// Whether a method charges US dollars whatever the display currency (PayPal does not take
/// KHR), so the counter says so beside it.
pub fn charged_in_usd(code: i32, display_currency: &str) -> bool {
    matches!(code, pay_type::PAYPAL | pay_type::PAYCARDPAL) && !display_currency.eq_ignore_ascii_case("USD")
}

/// What a gateway charges, as the counter shows it: `amount` is the decimal the server sends
/// in `currency` ("135.99" USD, "557559" KHR), shown with the currency's symbol and grouped
/// thousands like every other amount (spec section 9); another currency keeps its code.
pub fn charge_text(amount: &str, currency: &str) -> String {
    let amount = amount.trim();
    let (whole, fraction) = amount.split_once('.').unwrap_or((amount, ""));
    let plain =
        !whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit()) && fraction.bytes().all(|b| b.is_ascii_digit());
    if !plain {
        return format!("{amount} {currency}").trim().to_string();
    }
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let number = if fraction.is_empty() { grouped } else { format!("{grouped}.{fraction}") };
    match currency {
        "USD" => format!("${number}"),
        "KHR" => format!("៛{number}"),
        other => format!("{number} {other}"),
    }
}

/// Whether a QR code image is one this page shows: an image `data:` URL.
pub fn safe_qr_image(src: &str) -> bool {
    src.starts_with("data:image/") && !src.chars().any(|c| c.is_control() || c.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::payments::PayOrder;

    fn info(total_fee: i64, total_score: i64, balance: i64, score: i64) -> OrderPayInfo {
        OrderPayInfo {
            orders: vec![order("1", order_status::UNPAID)],
            total_fee: Price(total_fee),
            total_score,
            end_time: Some(10_000),
            balance: Price(balance),
            score,
            has_pay_password: true,
            now: 0,
        }
    }

    fn order(number: &str, status: i32) -> PayOrder {
        PayOrder {
            order_number: number.into(),
            shop_name: "Shop".into(),
            status,
            actual_total: Price(100),
            score: 0,
            prod_name: "Thing".into(),
            total_count: 1,
        }
    }

    fn switch(code: i32, enabled: bool) -> PaySwitch {
        PaySwitch { pay_type: code, pay_name: String::new(), enabled }
    }

    fn codes(shown: &[Method]) -> Vec<i32> {
        shown.iter().map(|m| m.pay_type).collect()
    }

    #[test]
    fn the_server_renders_the_methods_only_for_orders_that_can_be_paid() {
        let ready = info(100, 0, 0, 0);
        let on = [switch(pay_type::PAYPAL, true)];
        assert!(offers_methods(&ready, &on));
        assert!(!offers_methods(&ready, &[switch(pay_type::PAYPAL, false)]), "no method: its dialog");
        assert!(!offers_methods(&OrderPayInfo { now: 10_000, ..ready.clone() }, &on), "past the deadline");
        let paid = OrderPayInfo { orders: vec![order("1", order_status::PAID)], ..ready.clone() };
        assert!(!offers_methods(&paid, &on), "paid");
        let none = OrderPayInfo { orders: Vec::new(), ..ready };
        assert!(!offers_methods(&none, &on), "no order");
    }

    #[test]
    fn order_numbers_are_cleaned() {
        assert_eq!(order_numbers(" 2026001, 2026002,,2026001 "), ["2026001", "2026002"]);
        assert_eq!(order_numbers("1;drop,<b>,3"), ["3"]);
        assert!(order_numbers("").is_empty());
        let many = (0..60).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        assert_eq!(order_numbers(&many).len(), MAX_ORDERS);
        assert_eq!(payment_href("7, 8").as_deref(), Some("/payment?orderNumbers=7,8"));
        assert_eq!(payment_href(" , "), None);
        assert_eq!(order_href("7"), "/order-detail?orderNumber=7");
    }

    #[test]
    fn countdowns_show_minutes_and_seconds_then_hours() {
        assert_eq!(format_countdown(29 * 60_000 + 59_000), "29:59");
        assert_eq!(format_countdown(1), "00:01");
        assert_eq!(format_countdown(1000), "00:01");
        assert_eq!(format_countdown(1001), "00:02");
        assert_eq!(format_countdown(0), "00:00");
        assert_eq!(format_countdown(-5000), "00:00");
        assert_eq!(format_countdown(3_600_000), "1:00:00");
        assert_eq!(format_countdown(5 * 3_600_000 + 61_000), "5:01:01");
    }

    #[test]
    fn a_qr_code_never_shows_more_than_its_lifetime() {
        assert_eq!(qr_remaining(PAY_ATTEMPT_TTL_MS + 900, 0), PAY_ATTEMPT_TTL_MS);
        assert_eq!(format_countdown(qr_remaining(PAY_ATTEMPT_TTL_MS + 900, 0)), "15:00");
        assert_eq!(qr_remaining(5000, 2000), 3000);
    }

    #[test]
    fn an_empty_balance_shows_as_nothing() {
        assert_eq!(held_money(&DisplayCurrency::usd(), Price(0)), "$0.00");
        assert_eq!(held_money(&DisplayCurrency::khr(), Price(0)), "៛0");
        assert_eq!(held_money(&DisplayCurrency::usd(), Price(1250)), "$12.50");
        assert_eq!(held_money(&DisplayCurrency::khr(), Price(1)), "៛41");
    }

    #[test]
    fn the_deadline_passes_at_end_time() {
        assert!(!deadline_passed(Some(1000), 999));
        assert!(deadline_passed(Some(1000), 1000));
        assert!(!deadline_passed(None, 5000));
    }

    #[test]
    fn methods_follow_the_switch_order_and_the_orders() {
        let switches = [
            switch(pay_type::ABA, true),
            switch(pay_type::BALANCEPAY, true),
            switch(pay_type::STRIPE, false),
            switch(pay_type::PAYPAL, true),
            switch(pay_type::SCOREPAY, true),
            switch(99, true),
            switch(pay_type::ABA, true),
        ];
        // Money only: no points, no disabled or unknown method, nothing twice.
        let shown = methods(&switches, &info(1000, 0, 5000, 0));
        assert_eq!(codes(&shown), [pay_type::ABA, pay_type::BALANCEPAY, pay_type::PAYPAL]);
        assert!(shown.iter().all(|m| m.availability == Availability::Ready));
        // Points only: the points method alone.
        let shown = methods(&switches, &info(0, 500, 5000, 800));
        assert_eq!(codes(&shown), [pay_type::SCOREPAY]);
        // Both due: both kinds, points short.
        let shown = methods(&switches, &info(1000, 500, 5000, 100));
        assert_eq!(codes(&shown), [pay_type::ABA, pay_type::BALANCEPAY, pay_type::PAYPAL, pay_type::SCOREPAY]);
        assert_eq!(shown[3].availability, Availability::ShortOfPoints);
        // Nothing enabled: nothing shown (the 'not pay way tips' case).
        assert!(methods(&[switch(pay_type::ABA, false)], &info(1000, 0, 0, 0)).is_empty());
        assert!(methods(&[switch(pay_type::SCOREPAY, true)], &info(1000, 0, 0, 0)).is_empty());
    }

    #[test]
    fn balance_is_shown_but_not_ready_when_it_does_not_cover_the_amount() {
        let switches = [switch(pay_type::BALANCEPAY, true), switch(pay_type::STRIPE, true)];
        let short = methods(&switches, &info(1000, 0, 999, 0));
        assert_eq!(short[0].availability, Availability::ShortOfBalance);
        assert_eq!(default_method(&short, None), Some(pay_type::STRIPE));
        assert_eq!(default_method(&short, Some(pay_type::BALANCEPAY)), Some(pay_type::STRIPE));
        let exact = methods(&switches, &info(1000, 0, 1000, 0));
        assert_eq!(exact[0].availability, Availability::Ready);
        assert_eq!(default_method(&exact, None), Some(pay_type::BALANCEPAY));
        assert_eq!(default_method(&exact, Some(pay_type::STRIPE)), Some(pay_type::STRIPE));
        assert_eq!(default_method(&[], Some(pay_type::STRIPE)), None);
    }

    #[test]
    fn the_amount_due_is_money_points_or_both() {
        let usd = DisplayCurrency::usd();
        let khr = DisplayCurrency::khr();
        assert_eq!(amount_due(&info(1250, 0, 0, 0), &usd, "{points} points"), "$12.50");
        assert_eq!(amount_due(&info(1250, 0, 0, 0), &khr, "{points} points"), "៛51,250");
        assert_eq!(amount_due(&info(0, 300, 0, 0), &usd, "{points} points"), "300 points");
        assert_eq!(amount_due(&info(1250, 300, 0, 0), &usd, "{points} pts"), "$12.50 + 300 pts");
    }

    #[test]
    fn the_standing_of_the_orders() {
        let mut i = info(1000, 0, 0, 0);
        assert_eq!(standing(&i), Standing::Unpaid);
        i.orders = vec![order("1", order_status::PAID), order("2", order_status::GROUPING)];
        i.end_time = None;
        assert_eq!(standing(&i), Standing::AllPaid);
        i.orders.push(order("3", order_status::CANCELED));
        assert_eq!(standing(&i), Standing::Closed);
        i.orders = vec![];
        assert_eq!(standing(&i), Standing::Closed);
        // An unpaid order without a deadline cannot be paid any more.
        i.orders = vec![order("1", order_status::UNPAID)];
        assert_eq!(standing(&i), Standing::Closed);
    }

    #[test]
    fn the_switch_cache_is_fresh_until_its_expire_time() {
        let cached = PaySwitchInfo { pay_switches: vec![], expire_time: 1_000_000 };
        assert!(switch_cache_fresh(Some(&cached), 999_999));
        assert!(!switch_cache_fresh(Some(&cached), 1_000_000));
        assert!(!switch_cache_fresh(None, 0));
        // Further ahead than 5 hours: the clock went back, fetch again.
        assert!(!switch_cache_fresh(Some(&cached), 1_000_000 - PAY_SWITCH_CACHE_MS - 1));
        assert!(switch_cache_fresh(Some(&cached), 1_000_000 - PAY_SWITCH_CACHE_MS));
        let stored = serde_json::to_string(&cached).unwrap();
        assert_eq!(read_switch_cache(Some(&stored)), Some(cached));
        assert_eq!(read_switch_cache(Some("{oops")), None);
        assert_eq!(read_switch_cache(None), None);
    }

    #[test]
    fn payment_passwords_are_six_digits() {
        assert_eq!(clean_digits("12a3 45-678"), "123456");
        assert_eq!(clean_digits("１２3"), "3");
        assert!(pay_password_ok("012345"));
        assert!(!pay_password_ok("12345"));
        assert!(!pay_password_ok("1234567"));
        assert!(!pay_password_ok("12345a"));
        assert_eq!(check_new_password("123456", "123456"), None);
        assert_eq!(check_new_password("12345", "12345"), Some(NewPasswordProblem::NotSixDigits));
        assert_eq!(check_new_password("123456", "654321"), Some(NewPasswordProblem::Mismatch));
    }

    #[test]
    fn paypal_charges_dollars_whatever_is_shown() {
        assert!(charged_in_usd(pay_type::PAYPAL, "KHR"));
        assert!(charged_in_usd(pay_type::PAYCARDPAL, "KHR"));
        assert!(!charged_in_usd(pay_type::PAYPAL, "USD"));
        assert!(!charged_in_usd(pay_type::ABA, "KHR"));
    }

    #[test]
    fn charges_show_like_every_amount() {
        assert_eq!(charge_text("135.99", "USD"), "$135.99");
        assert_eq!(charge_text("1234567.5", "USD"), "$1,234,567.5");
        assert_eq!(charge_text("557559", "KHR"), "៛557,559");
        assert_eq!(charge_text("100", "EUR"), "100 EUR");
        assert_eq!(charge_text("n/a", "USD"), "n/a USD");
    }

    #[test]
    fn statuses_map_to_outcomes() {
        assert_eq!(outcome(pay_status::PENDING), Outcome::Waiting);
        assert_eq!(outcome(pay_status::PAID), Outcome::Paid);
        assert_eq!(outcome(pay_status::FAILED), Outcome::Failed);
        assert_eq!(outcome(pay_status::EXPIRED), Outcome::Expired);
        assert_eq!(outcome(pay_status::REFUNDED), Outcome::Refunded);
        assert_eq!(outcome(42), Outcome::Waiting);
    }

    #[test]
    fn the_browser_follows_only_safe_gateway_addresses() {
        assert!(safe_gateway_url("https://checkout.stripe.com/c/pay/cs_1"));
        assert!(safe_gateway_url("/api/dev/gateway/checkout/7"));
        assert!(!safe_gateway_url("javascript:alert(1)"));
        assert!(!safe_gateway_url("//evil.example/x"));
        assert!(!safe_gateway_url("/\\evil.example"));
        assert!(!safe_gateway_url("https://"));
        assert!(!safe_gateway_url("https://a.example/x y"));
        assert!(safe_deeplink("abamobilebank://ababank.com?type=payway&qrcode=x"));
        assert!(safe_deeplink("https://link.payway.com.kh/abc"));
        assert!(!safe_deeplink("javascript:alert(1)"));
        assert!(!safe_deeplink("JavaScript:alert(1)"));
        assert!(!safe_deeplink("data:text/html,x"));
        assert!(!safe_deeplink("no-scheme"));
        assert!(safe_deeplink("/api/dev/gateway/checkout/7"));
        assert!(!safe_deeplink("//evil.example/x"));
        assert!(!safe_deeplink("1abc:x"));
        assert!(safe_qr_image("data:image/svg+xml;base64,PHN2Zz4="));
        assert!(!safe_qr_image("https://evil.example/qr.png"));
        assert!(!safe_qr_image("data:text/html;base64,PHNjcmlwdD4="));
    }
}
