//! Shared application state handed to every handler.

use crate::config::Config;
use crate::db::Db;
use std::sync::Arc;

/// Cheap to clone: everything inside is shared.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    /// The full-text index of products and shops.
    pub search: crate::search::SearchIndex,
    /// The configured payment gateways (and their cached tokens and certificates).
    pub gateways: Arc<crate::payments::config::Gateways>,
    /// This node's chat sockets and their delivery (in-process, or LISTEN/NOTIFY between nodes).
    pub chat: crate::chat::Hub,
}

impl AppState {
    /// The stand-in sign-in provider of development mode (`demo::dev_tools`); none otherwise.
    /// Wired here so that sign-in itself never reaches into the development tools.
    pub fn dev_sign_in(&self) -> Option<crate::accounts::oauth::StandIn> {
        self.config.dev_mode.then_some(crate::accounts::oauth::StandIn {
            authorize_path: crate::demo::dev_tools::DEV_AUTHORIZE_PATH,
            exchange: crate::demo::dev_tools::exchange,
        })
    }
}
