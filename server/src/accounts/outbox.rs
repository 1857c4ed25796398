//! Delivery of the outbox: mail over SMTP (lettre, tokio + rustls) when `MALL_SMTP_URL` is
//! set, SMS through an [`SmsSender`] (no real provider here: the logging one). Without SMTP,
//! mail is written to the server log for the operator (and, with `MALL_DEV=1`, is readable in
//! the development mailbox, `GET /api/dev/mailbox`); it is never served to anyone else.
//!
//! Any number of server processes may run the worker: a message is claimed with a lease
//! before it is sent, so exactly one node sends it (retried after a failure, at most 5 times).

use crate::accounts::repo;
use crate::config::Config;
use crate::db::Db;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// Delivery attempts per message.
pub const MAX_ATTEMPTS: i64 = 5;
/// How long a claim protects a message being sent.
const LEASE_MILLIS: i64 = 60_000;

pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>>;

/// A text-message gateway.
pub trait SmsSender: Send + Sync {
    fn send<'a>(&'a self, to: &'a str, body: &'a str) -> SendFuture<'a>;
}

/// The SMS gateway of this installation: none is contracted, so messages go to the server log,
/// where only the operator reads them.
pub struct LogSms;

impl SmsSender for LogSms {
    fn send<'a>(&'a self, to: &'a str, body: &'a str) -> SendFuture<'a> {
        Box::pin(async move {
            tracing::warn!(to, body, "sms: no gateway configured, deliver by hand");
            Ok(())
        })
    }
}

/// Outgoing mail over SMTP.
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: lettre::message::Mailbox,
}

impl SmtpMailer {
    /// From lettre's URL form, e.g. `smtps://user:pass@host:465` or `smtp://host:25?tls=required`.
    pub fn new(url: &str, from: &str) -> Result<Self, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map_err(|e| e.to_string())?.build();
        let from = from.parse().map_err(|e| format!("MALL_MAIL_FROM: {e}"))?;
        Ok(Self { transport, from })
    }

    pub async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), String> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(to.parse().map_err(|e| format!("recipient: {e}"))?)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body.to_string())
            .map_err(|e| e.to_string())?;
        self.transport.send(message).await.map(|_| ()).map_err(|e| e.to_string())
    }
}

/// The delivery adapters of this process.
pub struct Delivery {
    pub mailer: Option<SmtpMailer>,
    pub sms: Arc<dyn SmsSender>,
}

impl Delivery {
    pub fn from_config(config: &Config) -> Self {
        let mailer = config.smtp_url.as_deref().and_then(|url| match SmtpMailer::new(url, &config.mail_from) {
            Ok(m) => Some(m),
            Err(e) => {
                tracing::error!(error = %e, "MALL_SMTP_URL is not usable; mail stays in the outbox");
                None
            }
        });
        Self { mailer, sms: Arc::new(LogSms) }
    }

    /// Sends what is pending once; returns how many messages were handled.
    pub async fn run_once(&self, db: &Db) -> Result<usize, sqlx::Error> {
        let mut handled = 0;
        for message in repo::pending(db, 20, MAX_ATTEMPTS).await? {
            let is_sms = message.channel == "sms";
            if !repo::claim(db, message.message_id, LEASE_MILLIS).await? {
                continue;
            }
            let result = match &self.mailer {
                _ if is_sms => self.sms.send(&message.recipient, &message.body).await,
                Some(mailer) => mailer.send(&message.recipient, &message.subject, &message.body).await,
                None => {
                    tracing::warn!(
                        to = %message.recipient,
                        subject = %message.subject,
                        body = %message.body,
                        "mail: no SMTP configured (MALL_SMTP_URL), deliver by hand"
                    );
                    Ok(())
                }
            };
            if let Err(e) = &result {
                tracing::warn!(id = message.message_id, error = %e, "outbox delivery failed");
            }
            repo::delivered(db, message.message_id, result.err().as_deref()).await?;
            handled += 1;
        }
        Ok(handled)
    }
}

/// Runs the outbox worker for the life of the process.
pub fn spawn_worker(db: Db, config: &Config) {
    let delivery = Delivery::from_config(config);
    tokio::spawn(async move {
        loop {
            match delivery.run_once(&db).await {
                Ok(n) if n > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "outbox worker"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}
