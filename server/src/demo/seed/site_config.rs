//! Configuration rows: currencies, the site's texts and pictures (`web_config`, with per-language
//! overrides), the interface languages and the payment switches.

use super::sql::{row, Table};
use crate::db::DbResult;
use sqlx::AnyConnection;

const CURRENCY: Table = Table {
    name: "currency",
    columns: "currency_id, currency_code, currency_name, symbol, exchange_rate, status, default_currency, seq",
};
const WEB_CONFIG: Table = Table { name: "web_config", columns: "config_key, config_value" };
const LANGUAGE: Table = Table { name: "language", columns: "language, name, lang, hide, is_default, seq" };
const PAY_SWITCH: Table = Table { name: "pay_switch", columns: "pay_type, pay_name, enabled, seq" };

/// `web_config` rows: `key.lang` overrides `key` for that interface language.
const CONFIG: [(&str, &str); 22] = [
    ("pcLogoImg", "/static/logo.svg"),
    ("pcTitleImg", "/static/favicon.svg"),
    ("pcLoginBgImg", "/media/banner/1.svg"),
    ("pcLogoImgText", "Mekong Mall"),
    ("pcTitleContent", "Mekong Mall: shop hundreds of stores in one place"),
    ("pcWelcome", "Welcome to Mekong Mall"),
    ("pcCompanyName", "Mekong Mall Co., Ltd."),
    ("pcCompanyInfo", "No. 88 Preah Norodom Blvd, Phnom Penh, Cambodia · support@mekongmall.example"),
    ("pcCopyright", "© 2026 Mekong Mall Co., Ltd. All rights reserved."),
    ("pcLogoImgText.zh_CN", "湄公商城"),
    ("pcLogoImgText.km", "ផ្សារ\u{200b}មេគង្គ"),
    ("pcTitleContent.zh_CN", "湄公商城：数百家店铺，一站购齐"),
    (
        "pcTitleContent.km",
        "ផ្សារ\u{200b}មេគង្គ៖ ទិញ\u{200b}ពី\u{200b}ហាង\u{200b}រាប់រយ\u{200b}នៅ\u{200b}កន្លែង\u{200b}តែ\u{200b}មួយ",
    ),
    ("pcWelcome.zh_CN", "欢迎来到湄公商城"),
    ("pcWelcome.km", "សូម\u{200b}ស្វាគមន៍\u{200b}មក\u{200b}កាន់\u{200b}ផ្សារ\u{200b}មេគង្គ"),
    ("pcCompanyName.zh_CN", "湄公商城有限公司"),
    ("pcCompanyName.km", "ក្រុមហ៊ុន ផ្សារ\u{200b}មេគង្គ ឯ.ក"),
    ("pcCompanyInfo.zh_CN", "柬埔寨金边诺罗敦大道 88 号 · support@mekongmall.example"),
    ("pcCompanyInfo.km", "ផ្ទះលេខ ៨៨ មហាវិថី\u{200b}ព្រះ\u{200b}នរោត្តម ភ្នំពេញ កម្ពុជា · support@mekongmall.example"),
    ("pcCopyright.zh_CN", "© 2026 湄公商城有限公司 版权所有"),
    ("pcCopyright.km", "© ២០២៦ ក្រុមហ៊ុន ផ្សារ\u{200b}មេគង្គ ឯ.ក។ រក្សា\u{200b}សិទ្ធិ\u{200b}គ្រប់\u{200b}យ៉ាង។"),
    ("countryLang", "en"),
];

/// Payment method codes of spec section 9: (pay type, name, enabled), in display order.
const PAY_SWITCHES: [(i64, &str, i64); 9] = [
    (17, "ABA", 1),
    (18, "ABA_DEEPLINK", 1),
    (9, "BALANCEPAY", 1),
    (13, "STRIPE", 1),
    (10, "PAYPAL", 1),
    (12, "PAYCARDPAL", 0),
    (15, "UPAY", 1),
    (16, "UPAY_DEEPLINK", 0),
    (0, "SCOREPAY", 1),
];

/// Writes the currencies, the web configuration, the languages and the payment switches.
pub async fn seed(conn: &mut AnyConnection) -> DbResult<()> {
    let currencies =
        vec![row![1, "USD", "US Dollar", "$", "1", 1, 1, 1], row![2, "KHR", "Cambodian Riel", "៛", "4100", 1, 0, 2]];
    CURRENCY.insert(conn, currencies).await?;
    WEB_CONFIG.insert(conn, CONFIG.iter().map(|(k, v)| row![*k, *v]).collect()).await?;
    let languages = vec![
        row!["en", "English", "en", 0, 1, 1],
        row!["zh_CN", "简体中文", "zh-CN", 0, 0, 2],
        row!["km", "ខ្មែរ", "km", 0, 0, 3],
    ];
    LANGUAGE.insert(conn, languages).await?;
    let switches =
        PAY_SWITCHES.iter().enumerate().map(|(i, (code, name, on))| row![*code, *name, *on, i as i64 + 1]).collect();
    PAY_SWITCH.insert(conn, switches).await?;
    Ok(())
}
