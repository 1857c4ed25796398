//! The payments' pure rules: which orders a pay call names, the payment password's form, the
//! top-up range, a pay attempt's number and deadline, what a gateway charges, and how an
//! attempt's charge is shared out when one of its orders is refunded.

use crate::payments::gateways::{Currency, Money};
use crate::refusal::Refusal;
use api::money::Price;
use api::payments::{PAY_ATTEMPT_TTL_MS, PAY_PASSWORD_DIGITS, RECHARGE_MAX, RECHARGE_MIN};

/// Most orders one pay call may name (one submission makes one order per shop of at most 50
/// items).
pub const MAX_ORDERS_PER_PAY: usize = 50;
/// Wrong payment passwords allowed per buyer per window, like sign-in's per account.
pub const PAY_PASSWORD_FAILURES: i64 = 5;
/// The window of [`PAY_PASSWORD_FAILURES`].
pub const PAY_PASSWORD_WINDOW_MS: i64 = 15 * 60 * 1000;
/// Open gateway attempts (pending, not yet expired) one buyer may have at once, top-ups and
/// order payments together (so also per order); the same one asked for again is answered with
/// the open attempt (decision record 0151).
pub const OPEN_ATTEMPTS_PER_BUYER: usize = 5;
/// The least time between two status queries of one attempt at its gateway.
pub const STATUS_QUERY_INTERVAL_MS: i64 = 3_000;

/// The distinct order numbers of a comma-separated list (digits only, at most
/// [`MAX_ORDERS_PER_PAY`]), in the order given.
pub fn order_numbers(raw: &str) -> Result<Vec<String>, Refusal> {
    let mut numbers: Vec<String> = Vec::new();
    for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if part.len() > 32 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Refusal::invalid("orderNumbers"));
        }
        if !numbers.iter().any(|n| n == part) {
            numbers.push(part.to_string());
        }
    }
    if numbers.is_empty() {
        return Err(Refusal::missing("orderNumbers"));
    }
    if numbers.len() > MAX_ORDERS_PER_PAY {
        return Err(Refusal::with(
            "error-too-many-values",
            vec![("field", "orderNumbers".into()), ("max", MAX_ORDERS_PER_PAY.to_string())],
        ));
    }
    Ok(numbers)
}

/// A payment password is exactly six digits (spec section 5).
pub fn check_pay_password(password: &str) -> Result<(), Refusal> {
    if password.len() == PAY_PASSWORD_DIGITS && password.bytes().all(|b| b.is_ascii_digit()) {
        Ok(())
    } else {
        Err(Refusal::with("error-pay-password-format", vec![("digits", PAY_PASSWORD_DIGITS.to_string())]))
    }
}

/// A top-up is 0.01 to 100000 (spec section 5).
pub fn check_recharge(amount: Price) -> Result<(), Refusal> {
    if (RECHARGE_MIN..=RECHARGE_MAX).contains(&amount) {
        Ok(())
    } else {
        Err(Refusal::with(
            "error-recharge-range",
            vec![("min", "0.01".into()), ("max", (RECHARGE_MAX.0 / 100).to_string())],
        ))
    }
}

/// The charge currency a buyer asked for: "USD" (also when empty) or "KHR".
pub fn currency(code: &str) -> Result<Currency, Refusal> {
    if code.trim().is_empty() {
        return Ok(Currency::Usd);
    }
    Currency::from_code(code).ok_or_else(|| Refusal::invalid("currency"))
}

/// A new attempt's number: `P`, the time in milliseconds and six random digits (20
/// characters, within every gateway's reference limit).
pub fn new_pay_no(now: i64) -> String {
    format!("P{:013}{:06}", now.rem_euclid(10_000_000_000_000), rand::random_range(0..1_000_000u32))
}

/// A refund's reference at its gateway: its number when it fits the 20 characters every
/// gateway takes (`check_reference`), else `R` and the first 19 hex digits of the number's
/// SHA-256. The numbers of an order's share (`R…-{order}`) and of an after-sale application
/// (`R…-R…`) are longer; the digest is the same on every try, so the gateway's idempotency key
/// stays the same too.
pub fn gateway_refund_reference(refund_no: &str) -> String {
    if refund_no.len() <= 20 {
        return refund_no.to_string();
    }
    use sha2::{Digest, Sha256};
    let digest = hex::encode(Sha256::digest(refund_no.as_bytes()));
    format!("R{}", &digest[..19])
}

/// How long an attempt's link or QR code is offered: [`PAY_ATTEMPT_TTL_MS`], never past the
/// earliest payment deadline of its orders.
pub fn attempt_deadline(now: i64, order_deadline: Option<i64>) -> i64 {
    let own = now + PAY_ATTEMPT_TTL_MS;
    order_deadline.map_or(own, |deadline| own.min(deadline))
}

/// What `amount` costs in `currency` at `khr_rate_e4` (riel per dollar × 10,000).
pub fn charge(amount: Price, currency: Currency, khr_rate_e4: i64) -> Option<Money> {
    match currency {
        Currency::Usd => Some(Money::from_price(amount)),
        Currency::Khr => Money::khr_from_price(amount, khr_rate_e4),
    }
}

/// The part of an attempt's charge that pays `share` of its `amount` (rounded down, so the
/// parts never add up to more than was charged).
pub fn charge_share(charge_minor: i64, amount: i64, share: i64) -> i64 {
    if amount <= 0 {
        return 0;
    }
    ((charge_minor as i128 * share as i128) / amount as i128) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refund_reference_fits_the_gateways() {
        use crate::payments::gateways::check_reference;
        let whole = "R1795987540280811408";
        assert_eq!(gateway_refund_reference(whole), whole, "a number that fits is kept");
        let share = "R1795987540280811408-12";
        let sale = "R1795987540280811408-R1795987540581830319";
        for long in [share, sale] {
            let reference = gateway_refund_reference(long);
            assert!(check_reference(&reference).is_ok(), "{reference}");
            assert_eq!(reference.len(), 20);
            assert_eq!(reference, gateway_refund_reference(long), "the same on every try");
        }
        assert_ne!(gateway_refund_reference(share), gateway_refund_reference(sale));
    }

    #[test]
    fn order_numbers_are_distinct_digits() {
        assert_eq!(order_numbers("12, 34,12,").unwrap(), ["12", "34"]);
        assert!(order_numbers("").is_err());
        assert!(order_numbers("12;34").is_err());
        assert!(order_numbers("1a").is_err());
        let many = (1..=51).map(|n| n.to_string()).collect::<Vec<_>>().join(",");
        assert!(order_numbers(&many).is_err());
    }

    #[test]
    fn payment_passwords_are_six_digits() {
        assert!(check_pay_password("123456").is_ok());
        for bad in ["12345", "1234567", "12345a", "", "１２３４５６", " 12345"] {
            assert!(check_pay_password(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn top_ups_are_within_the_spec_range() {
        assert!(check_recharge(Price(1)).is_ok());
        assert!(check_recharge(Price(10_000_000)).is_ok());
        assert!(check_recharge(Price(0)).is_err());
        assert!(check_recharge(Price(10_000_001)).is_err());
        assert!(check_recharge(Price(-5)).is_err());
    }

    #[test]
    fn pay_numbers_fit_every_gateway() {
        let no = new_pay_no(1_795_000_000_000);
        assert_eq!(no.len(), 20);
        assert!(crate::payments::gateways::check_reference(&no).is_ok());
    }

    #[test]
    fn attempts_end_with_their_orders() {
        assert_eq!(attempt_deadline(0, None), PAY_ATTEMPT_TTL_MS);
        assert_eq!(attempt_deadline(0, Some(60_000)), 60_000);
    }

    #[test]
    fn charges_follow_the_displayed_amounts() {
        assert_eq!(charge(Price(1250), Currency::Usd, 41_000_000), Some(Money::usd(1250)));
        assert_eq!(charge(Price(1250), Currency::Khr, 41_000_000), Some(Money::khr(51_250)));
        assert_eq!(charge_share(51_250, 1250, 250), 10_250);
        assert_eq!(charge_share(100, 3, 1), 33);
        assert_eq!(charge_share(100, 0, 1), 0);
        assert_eq!(currency("").unwrap(), Currency::Usd);
        assert!(currency("EUR").is_err());
    }
}
