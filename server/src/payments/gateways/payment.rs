//! What a payment and a refund are made of: the attempt, how it starts, what the browser does,
//! where it stands, verified events and notifications, status queries and refunds.

use super::{Money, OutboundRequest};
use http::HeaderMap;

/// The buyer details some gateways show or record (ABA PayWay); all optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Buyer {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// One attempt to pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRequest {
    /// The mall's unique reference of this attempt: 1 to 20 ASCII letters, digits or `-`
    /// (ABA PayWay's `tran_id` limit, kept for every gateway). It is the idempotency key of the
    /// creation, so a new attempt takes a new reference.
    pub reference: String,
    pub amount: Money,
    /// What is bought, as the gateway's page shows it (cut to each gateway's limit).
    pub description: String,
    /// Where the browser comes back after paying.
    pub return_url: String,
    /// Where the browser comes back when the buyer gives up.
    pub cancel_url: String,
    /// Where the gateway notifies the server, for gateways that take it per payment (ABA
    /// PayWay's pushback, UPAY); Stripe and PayPal use the endpoint set in their dashboards.
    pub notify_url: String,
    pub buyer: Buyer,
}

/// How a payment starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The server sends this request; [`Gateway::read_start`] reads the answer.
    Call(OutboundRequest),
    /// Nothing for the server to send: the browser does this itself.
    Browser(BrowserAction),
}

/// What the browser must do to pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BrowserAction {
    /// Go to the gateway's page.
    Redirect { url: String },
    /// Post these fields to `action` (a hidden form submitted at once), in this order.
    PostForm { action: String, fields: Vec<(String, String)> },
    /// Show a QR code of `qr` to scan with a banking app; `deeplink` opens the app on the same
    /// device, `checkout_url` is the gateway's own page of the QR code.
    ShowQr { qr: String, deeplink: Option<String>, checkout_url: Option<String> },
    /// Open the gateway's app (a deep link), with a QR code for a buyer on another device.
    OpenApp { deeplink: String, qr: Option<String> },
}

/// A payment the gateway accepted to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Started {
    /// The gateway's id of the payment (Stripe's Checkout Session, PayPal's order), to keep
    /// for the status query; `None` where the mall's reference is the gateway's key (ABA, UPAY).
    pub gateway_ref: Option<String>,
    pub action: BrowserAction,
}

/// Where a payment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentStatus {
    /// The money is taken.
    Paid,
    /// Not decided yet (awaiting the buyer, an approval to capture, or a slow method).
    Pending,
    /// Declined, cancelled or expired: no money was taken.
    Failed,
    /// Taken, then given back (in full or in part).
    Refunded,
}

/// A verified fact about a payment, from a notification or a status query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentEvent {
    /// The [`pay_type`](api::config::pay_type) code of the gateway that reported it.
    pub pay_type: i32,
    /// The gateway's id of the notification (Stripe's `evt_…`, PayPal's `WH-…`), to drop
    /// duplicates; `None` for status queries and gateways without one.
    pub event_id: Option<String>,
    /// The mall's reference of the attempt ([`PaymentRequest::reference`]).
    pub reference: String,
    /// The gateway's id of the money movement (Stripe's PaymentIntent, PayPal's capture or
    /// order, ABA's approval code, UPAY's payment), kept for refunds.
    pub transaction_id: Option<String>,
    /// The amount the gateway reports; `None` when the notification carries none (ABA's
    /// pushback): then only a status query can settle the payment.
    pub amount: Option<Money>,
    pub status: PaymentStatus,
}

impl PaymentEvent {
    /// Whether this event proves `expected` was paid: the status is [`PaymentStatus::Paid`]
    /// and the gateway reports exactly that amount in that currency.
    pub fn settles(&self, expected: Money) -> bool {
        self.status == PaymentStatus::Paid && self.amount == Some(expected)
    }
}

/// The outcome of verifying a notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verified {
    /// About a payment.
    Event(PaymentEvent),
    /// Authentic, but not about a payment's outcome (acknowledge it so the gateway stops).
    Ignored { event_type: String },
}

/// A notification as received: the raw body (exactly the bytes, before any parsing), the
/// headers, and what [`Gateway::certificate_request`] asked to fetch (PayPal's PEM
/// certificate, fetched from the URL that request names).
#[derive(Debug, Clone, Copy)]
pub struct Notification<'a> {
    pub body: &'a [u8],
    pub headers: &'a HeaderMap,
    pub certificate: Option<&'a [u8]>,
}

/// What to ask a gateway about a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusQuery {
    pub reference: String,
    /// [`Started::gateway_ref`], required by Stripe and PayPal.
    pub gateway_ref: Option<String>,
}

/// Money to give back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundRequest {
    /// The payment's reference ([`PaymentRequest::reference`]).
    pub reference: String,
    /// [`PaymentEvent::transaction_id`] of the payment (required by Stripe, PayPal and UPAY).
    pub transaction_id: Option<String>,
    pub amount: Money,
    /// The mall's unique reference of this refund: its idempotency key.
    pub refund_reference: String,
}

/// Where a refund stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefundStatus {
    Succeeded,
    Pending,
    Failed,
}

/// A gateway's answer to a refund.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundOutcome {
    pub refund_id: Option<String>,
    pub status: RefundStatus,
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::config::pay_type;

    #[test]
    fn settling_needs_paid_and_the_exact_amount() {
        let event = PaymentEvent {
            pay_type: pay_type::STRIPE,
            event_id: None,
            reference: "P1".into(),
            transaction_id: None,
            amount: Some(Money::usd(1250)),
            status: PaymentStatus::Paid,
        };
        assert!(event.settles(Money::usd(1250)));
        assert!(!event.settles(Money::usd(1251)));
        assert!(!event.settles(Money::khr(1250)));
        assert!(!PaymentEvent { status: PaymentStatus::Pending, ..event.clone() }.settles(Money::usd(1250)));
        assert!(!PaymentEvent { amount: None, ..event }.settles(Money::usd(1250)));
    }
}
