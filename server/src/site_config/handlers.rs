//! Configuration calls of spec section 7: currencies, PC web config, default language and
//! payment switches.

use crate::http::error::{ok, ApiResult};
use crate::state::AppState;
use api::config::{Currency, LangDefault, PaySwitchInfo, PcWebConfig};
use axum::extract::State;

use crate::http::extract::Locale;

/// How long clients may cache the pay switches (spec section 9: 5 hours).
pub const PAY_SWITCH_TTL_MILLIS: i64 = 5 * 60 * 60 * 1000;

/// `GET /currency/list`: the enabled currencies.
pub(super) async fn currency_list(State(state): State<AppState>) -> ApiResult<Vec<Currency>> {
    ok(super::repo::enabled_currencies(&state.db).await?)
}

/// `GET /webConfig/getPcWebConfig`: the PC web config in the request's language; absent keys
/// stay null (clients fall back). A row `key.lang` (e.g. `pcWelcome.km`) overrides `key`.
pub(super) async fn pc_web_config(State(state): State<AppState>, Locale(lang): Locale) -> ApiResult<PcWebConfig> {
    let mut config = PcWebConfig::default();
    let rows = super::repo::web_config(&state.db).await?;
    let suffix = format!(".{}", lang.code());
    let plain = rows.iter().filter(|(key, _)| !key.contains('.'));
    let localized = rows.iter().filter_map(|(key, value)| Some((key.strip_suffix(suffix.as_str())?, value)));
    for (key, value) in plain.map(|(k, v)| (k.as_str(), v)).chain(localized) {
        let slot = match key {
            "pcLogoImg" => &mut config.pc_logo_img,
            "pcLoginBgImg" => &mut config.pc_login_bg_img,
            "pcCopyright" => &mut config.pc_copyright,
            "pcQrcodeImg" => &mut config.pc_qrcode_img,
            "pcCompanyName" => &mut config.pc_company_name,
            "pcCompanyInfo" => &mut config.pc_company_info,
            "pcTitleContent" => &mut config.pc_title_content,
            "pcTitleImg" => &mut config.pc_title_img,
            "pcLogoImgText" => &mut config.pc_logo_img_text,
            "pcWelcome" => &mut config.pc_welcome,
            _ => continue,
        };
        *slot = Some(value.clone());
    }
    ok(config)
}

/// `GET /lang/default`: the request's language, the switcher list and the country default.
pub(super) async fn lang_default(State(state): State<AppState>, Locale(lang): Locale) -> ApiResult<LangDefault> {
    let lang_item_list = super::repo::languages(&state.db).await?;
    let country_lang = super::repo::web_config_value(&state.db, "countryLang").await?.unwrap_or_else(|| "en".into());
    ok(LangDefault {
        name: lang.native_name().to_string(),
        language: lang.code().to_string(),
        lang_item_list,
        lang: lang.tag().to_string(),
        country_lang: Some(country_lang),
    })
}

/// `GET /sys/config/info/getSysPaySwitch`: payment switches with a 5-hour expiry. A gateway
/// switched on but not configured on this server is reported off, so no buyer is offered a
/// method that cannot take the money.
pub(super) async fn pay_switch(State(state): State<AppState>) -> ApiResult<PaySwitchInfo> {
    let mut switches = super::repo::pay_switches(&state.db).await?;
    for switch in &mut switches {
        let own = matches!(switch.pay_type, api::config::pay_type::BALANCEPAY | api::config::pay_type::SCOREPAY);
        switch.enabled &= own || state.gateways.is_configured(switch.pay_type);
    }
    ok(PaySwitchInfo { pay_switches: switches, expire_time: state.db.now() + PAY_SWITCH_TTL_MILLIS })
}
