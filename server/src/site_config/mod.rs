//! Site configuration: currencies, the PC web config, the default language and the pay
//! switches (spec section 7, "Configuration": `/currency/list`, `/webConfig/getPcWebConfig`,
//! `/lang/default`, `/sys/config/info/getSysPaySwitch`).
//!
//! - `handlers.rs`: the calls;
//! - `repo.rs`: the sqlx reads of the configuration rows.

pub mod handlers;
pub mod repo;

use crate::state::AppState;
use axum::routing::get;
use axum::Router;

/// The configuration endpoints.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/currency/list", get(handlers::currency_list))
        .route("/webConfig/getPcWebConfig", get(handlers::pc_web_config))
        .route("/lang/default", get(handlers::lang_default))
        .route("/sys/config/info/getSysPaySwitch", get(handlers::pay_switch))
}
