//! Stripe's JSON read into the mall's terms: amounts (KHR in hundredths), webhook events,
//! Checkout Sessions and PaymentIntents, and error answers.

use super::*;

/// An amount as Stripe counts it: USD cents, KHR hundredths of a riel.
pub fn to_stripe_amount(money: Money) -> Option<i64> {
    match money.currency {
        Currency::Usd => Some(money.minor),
        Currency::Khr => money.minor.checked_mul(100),
    }
}

/// An amount Stripe reports, in the currency it names (`"usd"`, `"khr"`); `None` for another
/// currency or a KHR amount with hundredths.
pub fn from_stripe_amount(currency: &str, amount: i64) -> Option<Money> {
    match Currency::from_code(currency)? {
        Currency::Usd => Some(Money::usd(amount)),
        Currency::Khr => (amount % 100 == 0).then(|| Money::khr(amount / 100)),
    }
}

/// Reads a verified event body.
pub fn parse_event(payload: &[u8]) -> Result<Verified, VerifyError> {
    let event = json_body(payload)?;
    let event_type = event["type"].as_str().ok_or_else(|| VerifyError::Malformed("event without a type".into()))?;
    let object = &event["data"]["object"];
    let read = match event_type {
        "checkout.session.completed" => session_event(object, None),
        "checkout.session.async_payment_succeeded" => session_event(object, Some(PaymentStatus::Paid)),
        "checkout.session.async_payment_failed" | "checkout.session.expired" => {
            session_event(object, Some(PaymentStatus::Failed))
        }
        "payment_intent.succeeded" => intent_event(object, PaymentStatus::Paid),
        "payment_intent.payment_failed" => intent_event(object, PaymentStatus::Failed),
        "payment_intent.processing" => intent_event(object, PaymentStatus::Pending),
        other => return Ok(Verified::Ignored { event_type: other.to_string() }),
    };
    let mut payment = read.map_err(VerifyError::Malformed)?;
    payment.event_id = text(&event["id"]);
    Ok(Verified::Event(payment))
}

/// A Checkout Session as a payment event; `status` overrides what the session says.
pub(super) fn session_event(session: &Value, status: Option<PaymentStatus>) -> Result<PaymentEvent, String> {
    let reference = text(&session["client_reference_id"])
        .or_else(|| text(&session["metadata"][REFERENCE_KEY]))
        .ok_or("session without the mall's reference")?;
    let status = status.unwrap_or(match (session["status"].as_str(), session["payment_status"].as_str()) {
        (Some("expired"), _) => PaymentStatus::Failed,
        (_, Some("paid" | "no_payment_required")) => PaymentStatus::Paid,
        _ => PaymentStatus::Pending,
    });
    Ok(PaymentEvent {
        pay_type: pay_type::STRIPE,
        event_id: None,
        reference,
        transaction_id: text(&session["payment_intent"]).or_else(|| text(&session["id"])),
        amount: amount_of(session, "amount_total")?,
        status,
    })
}

/// A PaymentIntent as a payment event.
fn intent_event(intent: &Value, status: PaymentStatus) -> Result<PaymentEvent, String> {
    let reference = text(&intent["metadata"][REFERENCE_KEY]).ok_or("PaymentIntent without the mall's reference")?;
    let field = if status == PaymentStatus::Paid { "amount_received" } else { "amount" };
    Ok(PaymentEvent {
        pay_type: pay_type::STRIPE,
        event_id: None,
        reference,
        transaction_id: text(&intent["id"]),
        amount: amount_of(intent, field)?,
        status,
    })
}

/// `object[field]` in `object.currency`; `None` when absent, an error for a foreign currency.
fn amount_of(object: &Value, field: &str) -> Result<Option<Money>, String> {
    let Some(amount) = object[field].as_i64() else { return Ok(None) };
    let currency = object["currency"].as_str().unwrap_or_default();
    from_stripe_amount(currency, amount).map(Some).ok_or_else(|| format!("amount {amount} {currency}"))
}

/// A Stripe error answer (`{"error": {"code", "type", "message"}}`) as [`GatewayError::Refused`].
pub(super) fn refused(answer: &Answer) -> GatewayError {
    let body: Value = serde_json::from_slice(answer.body).unwrap_or_default();
    let error = &body["error"];
    GatewayError::Refused {
        status: answer.status,
        code: text(&error["code"]).or_else(|| text(&error["type"])).unwrap_or_default(),
        message: text(&error["message"]).unwrap_or_default(),
    }
}
