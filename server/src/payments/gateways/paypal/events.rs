//! PayPal's JSON read into the mall's terms: amounts, webhook events, orders and captures,
//! error answers and the verification answer.

use super::*;

/// A PayPal amount: `{"currency_code": "USD", "value": "12.50"}`; KHR is not a PayPal currency.
pub fn amount_json(money: Money) -> Result<Value, GatewayError> {
    if !CURRENCIES.contains(&money.currency) {
        return Err(GatewayError::UnsupportedCurrency { gateway: NAME, currency: money.currency });
    }
    Ok(json!({"currency_code": money.currency.code(), "value": money.decimal()}))
}

/// Reads a PayPal amount object.
fn money_of(amount: &Value) -> Result<Option<Money>, String> {
    if amount.is_null() {
        return Ok(None);
    }
    let code = amount["currency_code"].as_str().unwrap_or_default();
    Currency::from_code(code)
        .and_then(|currency| Money::from_json(currency, &amount["value"]))
        .map(Some)
        .ok_or_else(|| format!("amount {amount}"))
}

/// Reads a verified webhook body.
pub fn parse_event(body: &[u8]) -> Result<Verified, VerifyError> {
    let event = json_body(body)?;
    let event_type =
        event["event_type"].as_str().ok_or_else(|| VerifyError::Malformed("event without a type".into()))?;
    let resource = &event["resource"];
    let read = match event_type {
        "PAYMENT.CAPTURE.COMPLETED" => capture_event(resource, PaymentStatus::Paid),
        "PAYMENT.CAPTURE.PENDING" => capture_event(resource, PaymentStatus::Pending),
        "PAYMENT.CAPTURE.DENIED" | "PAYMENT.CAPTURE.DECLINED" => capture_event(resource, PaymentStatus::Failed),
        "PAYMENT.CAPTURE.REFUNDED" | "PAYMENT.CAPTURE.REVERSED" => {
            if reference_of(resource).is_none() {
                // A refund made outside the mall, about no attempt of ours.
                return Ok(Verified::Ignored { event_type: event_type.to_string() });
            }
            capture_event(resource, PaymentStatus::Refunded)
        }
        "CHECKOUT.ORDER.APPROVED" | "CHECKOUT.ORDER.COMPLETED" => order_event(resource),
        other => return Ok(Verified::Ignored { event_type: other.to_string() }),
    };
    let mut payment = read.map_err(VerifyError::Malformed)?;
    payment.event_id = text(&event["id"]);
    Ok(Verified::Event(payment))
}

fn reference_of(resource: &Value) -> Option<String> {
    text(&resource["custom_id"]).or_else(|| text(&resource["invoice_id"]))
}

/// A capture (or refund) resource as a payment event.
fn capture_event(capture: &Value, status: PaymentStatus) -> Result<PaymentEvent, String> {
    Ok(PaymentEvent {
        pay_type: pay_type::PAYPAL,
        event_id: None,
        reference: reference_of(capture).ok_or("capture without the mall's reference (custom_id)")?,
        transaction_id: text(&capture["id"]),
        amount: money_of(&capture["amount"])?,
        status,
    })
}

fn capture_status(status: &str) -> PaymentStatus {
    match status {
        "COMPLETED" => PaymentStatus::Paid,
        "DECLINED" | "FAILED" => PaymentStatus::Failed,
        "REFUNDED" | "PARTIALLY_REFUNDED" => PaymentStatus::Refunded,
        _ => PaymentStatus::Pending,
    }
}

/// An order (webhook resource, status or capture answer) as a payment event: its last capture
/// decides; before any capture it is pending, or failed once voided.
pub(super) fn order_event(order: &Value) -> Result<PaymentEvent, String> {
    let unit = &order["purchase_units"][0];
    let reference = text(&unit["custom_id"])
        .or_else(|| text(&unit["reference_id"]))
        .ok_or("order without the mall's reference (custom_id)")?;
    let capture = unit["payments"]["captures"].as_array().and_then(|c| c.last());
    let (status, transaction_id, amount) = match capture {
        Some(capture) => (
            capture_status(capture["status"].as_str().unwrap_or_default()),
            text(&capture["id"]),
            money_of(&capture["amount"])?,
        ),
        None => {
            let status = match order["status"].as_str() {
                Some("VOIDED") => PaymentStatus::Failed,
                _ => PaymentStatus::Pending,
            };
            (status, text(&order["id"]), money_of(&unit["amount"])?)
        }
    };
    Ok(PaymentEvent { pay_type: pay_type::PAYPAL, event_id: None, reference, transaction_id, amount, status })
}

/// A PayPal error answer (`{"name", "message", "details": [{"issue"}]}` or OAuth2's
/// `{"error", "error_description"}`) as [`GatewayError::Refused`].
pub(super) fn refused(answer: &Answer) -> GatewayError {
    let body: Value = serde_json::from_slice(answer.body).unwrap_or_default();
    GatewayError::Refused {
        status: answer.status,
        code: text(&body["details"][0]["issue"])
            .or_else(|| text(&body["name"]))
            .or_else(|| text(&body["error"]))
            .unwrap_or_default(),
        message: text(&body["message"]).or_else(|| text(&body["error_description"])).unwrap_or_default(),
    }
}

/// Checks the answer of `verify-webhook-signature`: `verification_status` must be `SUCCESS`.
pub fn read_verification(answer: &Answer) -> Result<(), VerifyError> {
    let body: Value = serde_json::from_slice(answer.body)
        .map_err(|_| VerifyError::Malformed(format!("verification answer ({})", answer.status)))?;
    match body["verification_status"].as_str() {
        Some("SUCCESS") if (200..300).contains(&answer.status) => Ok(()),
        Some("FAILURE") => Err(VerifyError::BadSignature),
        _ => Err(VerifyError::Malformed(format!("verification answer ({}): {body}", answer.status))),
    }
}
