//! Which payment gateways this server offers, built once at start-up
//! ([`Gateways::from_env`]) and kept in [`AppState::gateways`](crate::state::AppState).
//!
//! Each online pay type is served by one adapter of [`gateways`](super::gateways) when its
//! vendor's keys are in the environment:
//!
//! | variables | pay types |
//! |---|---|
//! | `MALL_STRIPE_SECRET_KEY`, `MALL_STRIPE_WEBHOOK_SECRET` | `STRIPE` |
//! | `MALL_PAYPAL_CLIENT_ID`, `MALL_PAYPAL_CLIENT_SECRET`, `MALL_PAYPAL_WEBHOOK_ID`; `MALL_PAYPAL_SANDBOX=1` for PayPal's sandbox | `PAYPAL`, `PAYCARDPAL` |
//! | `MALL_ABA_MERCHANT_ID`, `MALL_ABA_API_KEY`; `MALL_ABA_RSA_PUBLIC_KEY` (PEM or bare base64, `\n` allowed for line breaks) for refunds; `MALL_ABA_SANDBOX=1` for PayWay's sandbox | `ABA`, `ABA_DEEPLINK` |
//! | `MALL_UPAY_API_BASE` (`https://…`), `MALL_UPAY_MERCHANT_ID`, `MALL_UPAY_SECRET` | `UPAY`, `UPAY_DEEPLINK` |
//!
//! Every variable of a vendor must be set (the RSA key of ABA aside); a vendor configured in
//! part is left out and the missing names are logged. `MALL_PUBLIC_URL` is the site's public
//! origin (`https://mall.example`, no path), put before the site's paths in the return, cancel
//! and notification URLs handed to gateways; unset, those URLs are site-relative, which only
//! the local development gateway accepts.
//!
//! A vendor without keys is absent (not offered, pay refused), unless development mode is on
//! (`MALL_DEV=1`): then the start-up hands in the adapters of the local development gateway
//! ([`DevAdapters`]), configured with its fixed development secrets and its site-relative
//! address (`/api/dev/gateway/…`, reached in-process by [`super::transport`]). Only that
//! configuration trusts the development gateway's PayPal certificate URL.
//!
//! Besides the adapters, a [`Gateways`] keeps what [`super::transport`] caches between calls:
//! PayPal's access tokens and webhook certificates.

use super::gateways::aba::{Aba, AbaConfig, Mode as AbaMode};
use super::gateways::paypal::{Funding, Paypal, PaypalConfig};
use super::gateways::stripe::{Stripe, StripeConfig};
use super::gateways::upay::{Mode as UpayMode, Upay, UpayConfig};
use super::gateways::{Gateway, GatewayKind, Secret};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, PoisonError};

/// Certificates kept at most (PayPal rotates them rarely; the URLs come from the allow-list).
const MAX_CERTIFICATES: usize = 16;
/// How long a fetched certificate is used before it is fetched again.
const CERTIFICATE_TTL_MS: i64 = 24 * 3_600_000;

/// Where an adapter's configuration came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The vendor's keys in the environment.
    Environment,
    /// The local development gateway (`MALL_DEV=1`, no keys).
    Development,
}

/// The adapter of a gateway kind against the local development gateway, handed in by the
/// start-up in development mode (`demo::dev_gateway::adapter`): the payments never reach for
/// development tools themselves.
pub type DevAdapters = fn(GatewayKind) -> Box<dyn Gateway>;

struct Entry {
    pay_type: i32,
    source: Source,
    gateway: Box<dyn Gateway>,
}

/// An access token and when to stop using it (the database clock's milliseconds).
struct CachedToken {
    token: String,
    renew_at_ms: i64,
}

/// A fetched certificate and when it was fetched.
struct CachedCertificate {
    pem: std::sync::Arc<Vec<u8>>,
    fetched_at_ms: i64,
}

/// The configured gateways, one adapter per online pay type that is offered.
pub struct Gateways {
    entries: Vec<Entry>,
    return_base: String,
    tokens: Mutex<HashMap<String, CachedToken>>,
    certificates: Mutex<HashMap<String, CachedCertificate>>,
}

impl fmt::Debug for Gateways {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entries: Vec<(i32, Source)> = self.entries.iter().map(|e| (e.pay_type, e.source)).collect();
        f.debug_struct("Gateways").field("entries", &entries).field("return_base", &self.return_base).finish()
    }
}

impl Gateways {
    /// The gateways of the environment (see the module's documentation), with the development
    /// gateway's adapters standing in for vendors without keys when they are given.
    pub fn from_env(dev_adapters: Option<DevAdapters>) -> Self {
        let gateways = Self::with_vars(dev_adapters, |name| std::env::var(name).ok());
        for entry in &gateways.entries {
            let name = pay_type_name(entry.pay_type);
            match entry.source {
                Source::Environment => tracing::info!(pay_type = entry.pay_type, "payment gateway {name}: configured"),
                Source::Development => tracing::warn!(
                    pay_type = entry.pay_type,
                    "payment gateway {name}: the local development gateway (no real money)"
                ),
            }
        }
        gateways
    }

    /// The gateways that the variables `var` names describe: a pure function of them, for
    /// [`Gateways::from_env`] and its tests (`from_vars` in development mode, beside the
    /// development gateway). Empty values count as unset.
    pub fn with_vars(dev_adapters: Option<DevAdapters>, var: impl Fn(&str) -> Option<String>) -> Self {
        let var = |name: &str| var(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let flag = |name: &str| var(name).is_some_and(|v| v == "1" || v.eq_ignore_ascii_case("true"));
        let return_base = match var("MALL_PUBLIC_URL") {
            None => String::new(),
            Some(url) => crate::config::public_origin(&url).unwrap_or_else(|| {
                tracing::error!("MALL_PUBLIC_URL must be an origin such as https://mall.example; using relative URLs");
                String::new()
            }),
        };
        let mut entries = Vec::new();
        // A vendor is configured (`Ok(Some)`), unset (`Ok(None)`: the development gateway
        // stands in with `MALL_DEV=1`), or misconfigured (`Err`: left out, even in development).
        let mut add = |kinds: &[GatewayKind], configured: Result<Option<Vec<Box<dyn Gateway>>>, Misconfigured>| {
            match configured {
                Ok(Some(gateways)) => {
                    for gateway in gateways {
                        entries.push(Entry { pay_type: gateway.pay_type(), source: Source::Environment, gateway });
                    }
                }
                Ok(None) => {
                    if let Some(adapter) = dev_adapters {
                        for kind in kinds {
                            let gateway = adapter(*kind);
                            entries.push(Entry { pay_type: kind.pay_type(), source: Source::Development, gateway });
                        }
                    }
                }
                Err(Misconfigured) => {}
            }
        };

        // Stripe.
        let stripe = required(&var, "Stripe", &["MALL_STRIPE_SECRET_KEY", "MALL_STRIPE_WEBHOOK_SECRET"]).map(|keys| {
            keys.map(|v| {
                let config = StripeConfig::new(Secret::new(v[0].clone()), Secret::new(v[1].clone()));
                vec![Box::new(Stripe::new(config)) as Box<dyn Gateway>]
            })
        });
        add(&[GatewayKind::Stripe], stripe);

        // PayPal, by account and by card.
        let names = ["MALL_PAYPAL_CLIENT_ID", "MALL_PAYPAL_CLIENT_SECRET", "MALL_PAYPAL_WEBHOOK_ID"];
        let paypal = required(&var, "PayPal", &names).map(|keys| {
            keys.map(|v| {
                let secret = Secret::new(v[1].clone());
                let config = if flag("MALL_PAYPAL_SANDBOX") {
                    PaypalConfig::sandbox(v[0].clone(), secret, v[2].clone())
                } else {
                    PaypalConfig::live(v[0].clone(), secret, v[2].clone())
                };
                [Funding::Wallet, Funding::Card]
                    .into_iter()
                    .map(|funding| Box::new(Paypal::new(config.clone(), funding)) as Box<dyn Gateway>)
                    .collect()
            })
        });
        add(&[GatewayKind::Paypal(Funding::Wallet), GatewayKind::Paypal(Funding::Card)], paypal);

        // ABA PayWay, by checkout page and by deep link.
        let aba = required(&var, "ABA PayWay", &["MALL_ABA_MERCHANT_ID", "MALL_ABA_API_KEY"]).map(|keys| {
            keys.map(|v| {
                let key = Secret::new(v[1].clone());
                let mut config = if flag("MALL_ABA_SANDBOX") {
                    AbaConfig::sandbox(v[0].clone(), key)
                } else {
                    AbaConfig::live(v[0].clone(), key)
                };
                config.refund_public_key = var("MALL_ABA_RSA_PUBLIC_KEY").map(|k| k.replace("\\n", "\n"));
                if config.refund_public_key.is_none() {
                    tracing::warn!("MALL_ABA_RSA_PUBLIC_KEY is not set: ABA PayWay refunds cannot be sent");
                }
                [AbaMode::Checkout, AbaMode::Deeplink]
                    .into_iter()
                    .map(|mode| Box::new(Aba::new(config.clone(), mode)) as Box<dyn Gateway>)
                    .collect()
            })
        });
        add(&[GatewayKind::Aba(AbaMode::Checkout), GatewayKind::Aba(AbaMode::Deeplink)], aba);

        // UPAY, on the web and by deep link.
        let names = ["MALL_UPAY_API_BASE", "MALL_UPAY_MERCHANT_ID", "MALL_UPAY_SECRET"];
        let upay = required(&var, "UPAY", &names).and_then(|keys| {
            let Some(v) = keys else { return Ok(None) };
            if !is_https_url(&v[0]) {
                tracing::error!("MALL_UPAY_API_BASE must be an https:// address; UPAY is not offered");
                return Err(Misconfigured);
            }
            let config = UpayConfig::new(v[0].clone(), v[1].clone(), Secret::new(v[2].clone()));
            Ok(Some(
                [UpayMode::Web, UpayMode::Deeplink]
                    .into_iter()
                    .map(|mode| Box::new(Upay::new(config.clone(), mode)) as Box<dyn Gateway>)
                    .collect(),
            ))
        });
        add(&[GatewayKind::Upay(UpayMode::Web), GatewayKind::Upay(UpayMode::Deeplink)], upay);

        if return_base.is_empty() && entries.iter().any(|e| e.source == Source::Environment) {
            tracing::error!(
                "MALL_PUBLIC_URL is not set: payment gateways get site-relative return and notification URLs, \
                 which only the development gateway accepts"
            );
        }
        Self::with_entries(entries, return_base)
    }

    /// No gateway at all (only the balance and points can pay).
    pub fn none() -> Self {
        Self::with_entries(Vec::new(), String::new())
    }

    fn with_entries(mut entries: Vec<Entry>, return_base: String) -> Self {
        entries.sort_by_key(|e| e.pay_type);
        Gateways { entries, return_base, tokens: Mutex::new(HashMap::new()), certificates: Mutex::new(HashMap::new()) }
    }

    /// The adapter of an online pay type, when it is offered.
    pub fn gateway(&self, pay_type: i32) -> Option<&dyn Gateway> {
        self.entries.iter().find(|e| e.pay_type == pay_type).map(|e| e.gateway.as_ref())
    }

    /// Whether an online pay type is offered.
    pub fn is_configured(&self, pay_type: i32) -> bool {
        self.gateway(pay_type).is_some()
    }

    /// Where a pay type's configuration came from; `None` when it is not offered.
    pub fn source(&self, pay_type: i32) -> Option<Source> {
        self.entries.iter().find(|e| e.pay_type == pay_type).map(|e| e.source)
    }

    /// The offered online pay types, in ascending order.
    pub fn pay_types(&self) -> Vec<i32> {
        self.entries.iter().map(|e| e.pay_type).collect()
    }

    /// The origin to put before the site's paths in URLs given to gateways
    /// (`https://mall.example`, no trailing slash); empty for site-relative URLs.
    pub fn return_base(&self) -> &str {
        &self.return_base
    }

    /// A cached access token under `key` still good at `now_ms`.
    pub(crate) fn cached_token(&self, key: &str, now_ms: i64) -> Option<String> {
        let tokens = self.tokens.lock().unwrap_or_else(PoisonError::into_inner);
        tokens.get(key).filter(|t| now_ms < t.renew_at_ms).map(|t| t.token.clone())
    }

    /// Keeps an access token issued at `now_ms` for `expires_in_secs`, until shortly before it
    /// expires (five minutes, or half its life when that is shorter).
    pub(crate) fn keep_token(&self, key: &str, token: &str, now_ms: i64, expires_in_secs: i64) {
        let life_ms = expires_in_secs.max(0).saturating_mul(1000);
        let margin_ms = (life_ms / 2).min(300_000);
        let mut tokens = self.tokens.lock().unwrap_or_else(PoisonError::into_inner);
        tokens.insert(
            key.to_string(),
            CachedToken { token: token.to_string(), renew_at_ms: now_ms.saturating_add(life_ms - margin_ms) },
        );
    }

    /// Forgets the token under `key` (the gateway refused it).
    pub(crate) fn forget_token(&self, key: &str) {
        self.tokens.lock().unwrap_or_else(PoisonError::into_inner).remove(key);
    }

    /// The certificate fetched from `url`, when fetched within a day of `now_ms`.
    pub(crate) fn cached_certificate(&self, url: &str, now_ms: i64) -> Option<std::sync::Arc<Vec<u8>>> {
        let certificates = self.certificates.lock().unwrap_or_else(PoisonError::into_inner);
        certificates
            .get(url)
            .filter(|c| (now_ms - c.fetched_at_ms).abs() < CERTIFICATE_TTL_MS)
            .map(|c| std::sync::Arc::clone(&c.pem))
    }

    /// Keeps a certificate fetched from `url` at `now_ms`.
    pub(crate) fn keep_certificate(&self, url: &str, pem: std::sync::Arc<Vec<u8>>, now_ms: i64) {
        let mut certificates = self.certificates.lock().unwrap_or_else(PoisonError::into_inner);
        if certificates.len() >= MAX_CERTIFICATES && !certificates.contains_key(url) {
            certificates.clear();
        }
        certificates.insert(url.to_string(), CachedCertificate { pem, fetched_at_ms: now_ms });
    }
}

/// A vendor's variables that are set in part, or wrong.
struct Misconfigured;

/// The values of `names` when every one is set, `None` when none is; [`Misconfigured`] (and an
/// error naming the missing ones) when only some are.
fn required(
    var: &impl Fn(&str) -> Option<String>,
    vendor: &str,
    names: &[&str],
) -> Result<Option<Vec<String>>, Misconfigured> {
    let values: Vec<Option<String>> = names.iter().map(|n| var(n)).collect();
    if values.iter().all(Option::is_some) {
        return Ok(Some(values.into_iter().flatten().collect()));
    }
    if values.iter().all(Option::is_none) {
        return Ok(None);
    }
    let missing: Vec<&str> = names.iter().zip(&values).filter(|(_, v)| v.is_none()).map(|(n, _)| *n).collect();
    tracing::error!("{vendor} is configured in part ({} missing); it is not offered", missing.join(", "));
    Err(Misconfigured)
}

/// `url` as an origin (`scheme://host[:port]`, no path, query or user), without a trailing
/// slash; `None` otherwise.
fn is_https_url(url: &str) -> bool {
    url.strip_prefix("https://").is_some_and(|rest| !rest.is_empty() && !rest.contains(char::is_whitespace))
}

/// The contract's name of a pay type, for logs.
fn pay_type_name(code: i32) -> &'static str {
    api::config::pay_type::ALL.iter().find(|c| c.value == code).map_or("?", |c| c.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payments::gateways::{CallContext, Currency, PaymentRequest, Start};
    use api::config::pay_type;
    use std::collections::HashMap;

    fn vars(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |name| map.get(name).cloned()
    }

    const ONLINE: [i32; 7] = [
        pay_type::PAYPAL,
        pay_type::PAYCARDPAL,
        pay_type::STRIPE,
        pay_type::UPAY,
        pay_type::UPAY_DEEPLINK,
        pay_type::ABA,
        pay_type::ABA_DEEPLINK,
    ];

    #[test]
    fn without_keys_nothing_is_offered_in_production() {
        let gateways = Gateways::from_vars(false, vars(&[]));
        assert!(gateways.pay_types().is_empty());
        for code in ONLINE {
            assert!(!gateways.is_configured(code));
            assert!(gateways.gateway(code).is_none());
        }
        assert_eq!(gateways.return_base(), "");
        assert!(Gateways::none().pay_types().is_empty());
    }

    #[test]
    fn development_mode_offers_every_online_pay_type_through_the_development_gateway() {
        let gateways = Gateways::for_tests_dev();
        let mut expected = ONLINE.to_vec();
        expected.sort();
        assert_eq!(gateways.pay_types(), expected);
        for code in ONLINE {
            assert_eq!(gateways.source(code), Some(Source::Development));
            assert_eq!(gateways.gateway(code).map(|g| g.pay_type()), Some(code));
        }
        assert!(!gateways.is_configured(pay_type::BALANCEPAY));
        assert!(!gateways.is_configured(pay_type::SCOREPAY));
        // Its calls go to the site-relative development gateway.
        let payment = PaymentRequest {
            reference: "P1".into(),
            amount: crate::payments::gateways::Money::usd(1250),
            description: "x".into(),
            return_url: "/payment".into(),
            cancel_url: "/payment".into(),
            notify_url: "/api/notice/pay/13".into(),
            buyer: Default::default(),
        };
        let Ok(Start::Call(request)) = gateways.gateway(pay_type::STRIPE).unwrap().start(&payment, &CallContext::at(0))
        else {
            panic!("Stripe starts with a call")
        };
        assert_eq!(request.url, "/api/dev/gateway/stripe/v1/checkout/sessions");
    }

    #[test]
    fn keys_configure_the_real_vendor_even_in_development_mode() {
        let gateways = Gateways::from_vars(
            true,
            vars(&[("MALL_STRIPE_SECRET_KEY", "sk_live_x"), ("MALL_STRIPE_WEBHOOK_SECRET", "whsec_x")]),
        );
        assert_eq!(gateways.source(pay_type::STRIPE), Some(Source::Environment));
        assert_eq!(gateways.source(pay_type::PAYPAL), Some(Source::Development));
        let production = Gateways::from_vars(
            false,
            vars(&[("MALL_STRIPE_SECRET_KEY", "sk_live_x"), ("MALL_STRIPE_WEBHOOK_SECRET", "whsec_x")]),
        );
        assert_eq!(production.pay_types(), [pay_type::STRIPE]);
    }

    #[test]
    fn a_vendor_configured_in_part_is_left_out() {
        for dev in [false, true] {
            let gateways = Gateways::from_vars(dev, vars(&[("MALL_STRIPE_SECRET_KEY", "sk_live_x")]));
            assert!(!gateways.is_configured(pay_type::STRIPE), "dev {dev}");
        }
        let gateways = Gateways::from_vars(
            false,
            vars(&[
                ("MALL_PAYPAL_CLIENT_ID", "id"),
                ("MALL_PAYPAL_CLIENT_SECRET", "s"),
                ("MALL_PAYPAL_WEBHOOK_ID", " "),
            ]),
        );
        assert!(!gateways.is_configured(pay_type::PAYPAL));
        let gateways = Gateways::from_vars(
            false,
            vars(&[
                ("MALL_UPAY_API_BASE", "http://upay.example"),
                ("MALL_UPAY_MERCHANT_ID", "M"),
                ("MALL_UPAY_SECRET", "s"),
            ]),
        );
        assert!(!gateways.is_configured(pay_type::UPAY), "UPAY only over https");
        let development = Gateways::from_vars(true, vars(&[("MALL_UPAY_API_BASE", "http://upay.example")]));
        assert!(!development.is_configured(pay_type::UPAY), "a misconfiguration is not hidden by development");
        assert!(development.is_configured(pay_type::STRIPE));
    }

    #[test]
    fn every_vendor_reads_its_variables() {
        let gateways = Gateways::from_vars(
            false,
            vars(&[
                ("MALL_STRIPE_SECRET_KEY", "sk_live_x"),
                ("MALL_STRIPE_WEBHOOK_SECRET", "whsec_x"),
                ("MALL_PAYPAL_CLIENT_ID", "client"),
                ("MALL_PAYPAL_CLIENT_SECRET", "secret"),
                ("MALL_PAYPAL_WEBHOOK_ID", "WH1"),
                ("MALL_PAYPAL_SANDBOX", "1"),
                ("MALL_ABA_MERCHANT_ID", "ec1"),
                ("MALL_ABA_API_KEY", "key"),
                ("MALL_ABA_RSA_PUBLIC_KEY", "-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----"),
                ("MALL_UPAY_API_BASE", "https://upay.example"),
                ("MALL_UPAY_MERCHANT_ID", "M1"),
                ("MALL_UPAY_SECRET", "s"),
                ("MALL_PUBLIC_URL", "https://Mall.Example/"),
            ]),
        );
        for code in ONLINE {
            assert_eq!(gateways.source(code), Some(Source::Environment), "{code}");
        }
        assert_eq!(gateways.return_base(), "https://mall.example");
        let paypal = gateways.gateway(pay_type::PAYPAL).unwrap().token_request().unwrap();
        assert_eq!(paypal.url, "https://api-m.sandbox.paypal.com/v1/oauth2/token");
        assert!(!gateways.gateway(pay_type::PAYPAL).unwrap().supports(Currency::Khr));
        assert!(gateways.gateway(pay_type::ABA_DEEPLINK).unwrap().supports(Currency::Khr));
        // The development gateway's certificates are trusted only by its own configuration.
        let mut headers = http::HeaderMap::new();
        for (name, value) in [
            ("paypal-transmission-id", "T1"),
            ("paypal-transmission-time", "2025-01-02T03:04:05Z"),
            ("paypal-transmission-sig", "x"),
            ("paypal-cert-url", "/api/dev/gateway/paypal/v1/notifications/certs/CERT-dev-gateway-1"),
            ("paypal-auth-algo", "SHA256withRSA"),
        ] {
            headers.insert(name, value.parse().unwrap());
        }
        assert!(gateways.gateway(pay_type::PAYPAL).unwrap().certificate_request(&headers).is_err());
        let dev = Gateways::for_tests_dev();
        let fetch = dev.gateway(pay_type::PAYPAL).unwrap().certificate_request(&headers).unwrap().unwrap();
        assert_eq!(fetch.url, "/api/dev/gateway/paypal/v1/notifications/certs/CERT-dev-gateway-1");
    }

    #[test]
    fn the_public_url_must_be_an_origin() {
        use crate::config::public_origin;
        assert_eq!(public_origin("https://mall.example"), Some("https://mall.example".into()));
        assert_eq!(public_origin("http://127.0.0.1:3000/"), Some("http://127.0.0.1:3000".into()));
        for bad in ["mall.example", "ftp://mall.example", "https://", "https://mall.example/shop", "https://u@x"] {
            assert_eq!(public_origin(bad), None, "{bad}");
        }
        let gateways = Gateways::from_vars(true, vars(&[("MALL_PUBLIC_URL", "https://mall.example/shop")]));
        assert_eq!(gateways.return_base(), "");
    }

    #[test]
    fn tokens_are_kept_until_shortly_before_they_expire() {
        let gateways = Gateways::none();
        gateways.keep_token("k", "A21", 1_000_000, 32_400);
        assert_eq!(gateways.cached_token("k", 1_000_000).as_deref(), Some("A21"));
        let renew_at = 1_000_000 + 32_400_000 - 300_000;
        assert_eq!(gateways.cached_token("k", renew_at - 1).as_deref(), Some("A21"));
        assert_eq!(gateways.cached_token("k", renew_at), None);
        gateways.keep_token("short", "B", 0, 60);
        assert_eq!(gateways.cached_token("short", 29_999).as_deref(), Some("B"));
        assert_eq!(gateways.cached_token("short", 30_000), None);
        gateways.forget_token("k");
        assert_eq!(gateways.cached_token("k", 1_000_000), None);
    }

    #[test]
    fn certificates_are_cached_by_url_for_a_day() {
        let gateways = Gateways::none();
        let pem = std::sync::Arc::new(b"PEM".to_vec());
        gateways.keep_certificate("/c/1", pem, 0);
        assert!(gateways.cached_certificate("/c/1", CERTIFICATE_TTL_MS - 1).is_some());
        assert!(gateways.cached_certificate("/c/1", CERTIFICATE_TTL_MS).is_none());
        assert!(gateways.cached_certificate("/c/2", 0).is_none());
        for n in 0..40 {
            gateways.keep_certificate(&format!("/c/{n}"), std::sync::Arc::new(Vec::new()), 0);
        }
        assert!(gateways.certificates.lock().unwrap().len() <= MAX_CERTIFICATES);
    }

    #[test]
    fn debug_shows_no_secret() {
        let gateways = Gateways::from_vars(
            false,
            vars(&[("MALL_STRIPE_SECRET_KEY", "sk_live_hidden"), ("MALL_STRIPE_WEBHOOK_SECRET", "whsec_hidden")]),
        );
        let shown = format!("{gateways:?}");
        assert!(!shown.contains("hidden"), "{shown}");
        assert!(shown.contains("13"), "{shown}");
    }
}
