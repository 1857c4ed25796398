//! The home page (`/`, `/index`): the platform's decorated home when one exists, otherwise the
//! default sections of spec section 2.

#[cfg(feature = "ssr")]
pub mod page;
