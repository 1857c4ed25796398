//! Site configuration: currencies, the PC web config, the default language and the pay
//! switches (spec section 7, "Configuration": `/currency/list`, `/webConfig/getPcWebConfig`,
//! `/lang/default`, `/sys/config/info/getSysPaySwitch`).
//!
//! - `handlers.rs`: the calls;
//! - `repo.rs`: the sqlx reads of the configuration rows.

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use api::paths;
use axum::routing::get;
use axum::Router;

/// The configuration endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::CURRENCY_LIST, get(handlers::currency_list))
        .route(paths::PC_WEB_CONFIG, get(handlers::pc_web_config))
        .route(paths::LANG_DEFAULT, get(handlers::lang_default))
        .route(paths::SYS_PAY_SWITCH, get(handlers::pay_switch))
}
