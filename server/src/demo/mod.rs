//! Everything that exists for the demo and for development only, kept out of the production
//! handlers' paths: the deterministic demo mall (`seed`), its generated pictures (`media`), and
//! the development mailbox and stand-in sign-in providers (`dev_tools`), and the local
//! development payment gateway with the development clock (`dev_gateway`), both mounted only
//! with `MALL_DEV=1`.

pub mod dev_gateway;
pub mod dev_tools;
pub mod media;
pub mod seed;
