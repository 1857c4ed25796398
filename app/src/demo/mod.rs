//! Development-only pages: the development mailbox (`/dev/mailbox`, present only when the
//! server runs with `MALL_DEV=1`).

#[cfg(feature = "ssr")]
pub mod dev_mailbox;
