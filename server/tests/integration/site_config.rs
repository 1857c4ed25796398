//! Site configuration against a real database: currencies, the PC web config, the default
//! language, the pay switches.

use crate::common;

use common::{keys, now, set};
use serde_json::{json, Value};
use std::collections::BTreeSet;

#[tokio::test]
async fn currency_list_returns_enabled_currencies_default_first() {
    common::with_seeded_apps(async |app, what| {
        let list = app.get_list("/currency/list", what).await;
        assert_eq!(list.len(), 2, "{what}");
        for c in &list {
            assert_eq!(
                keys(c),
                set(&["currencyName", "currencyCode", "symbol", "exchangeRate", "status", "defaultCurrency"]),
                "{what}"
            );
        }
        assert_eq!(list[0]["currencyCode"], "USD");
        assert_eq!(list[0]["exchangeRate"], "1");
        assert_eq!(list[0]["symbol"], "$");
        assert_eq!(list[0]["defaultCurrency"], 1);
        assert_eq!(list[1]["currencyCode"], "KHR");
        assert_eq!(list[1]["exchangeRate"], "4100");
        assert_eq!(list[1]["symbol"], "៛");
        assert_eq!(list[1]["status"], 1);

        sqlx::query("UPDATE currency SET status = 0 WHERE currency_code = 'KHR'")
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        let list = app.get_list("/currency/list", what).await;
        assert_eq!(list.len(), 1, "{what}: disabled currencies are not offered");
        assert_eq!(list[0]["currencyCode"], "USD");
    })
    .await;
}

#[tokio::test]
async fn pc_web_config_has_every_field() {
    common::with_seeded_apps(async |app, what| {
        let data = &app.get_ok("/webConfig/getPcWebConfig", what).await;
        assert_eq!(
            keys(data),
            set(&[
                "pcLogoImg",
                "pcLoginBgImg",
                "pcCopyright",
                "pcQrcodeImg",
                "pcCompanyName",
                "pcCompanyInfo",
                "pcTitleContent",
                "pcTitleImg",
                "pcLogoImgText",
                "pcWelcome"
            ]),
            "{what}"
        );
        assert_eq!(data["pcLogoImgText"], "Mekong Mall");
        assert!(data["pcCopyright"].as_str().unwrap().contains("Mekong Mall"));
        assert!(data["pcQrcodeImg"].is_null(), "absent keys are null so clients use their fallback");
    })
    .await;
}

#[tokio::test]
async fn pc_web_config_texts_follow_the_request_language() {
    common::with_seeded_apps(async |app, what| {
        let km = app.get_with("/webConfig/getPcWebConfig", &[("locale", "km")]).await;
        assert_eq!(km.ok(what)["pcWelcome"], "សូម\u{200b}ស្វាគមន៍\u{200b}មក\u{200b}កាន់\u{200b}ផ្សារ\u{200b}មេគង្គ", "{what}");
        let zh = app.get_with("/webConfig/getPcWebConfig", &[("locale", "zh_HK")]).await;
        assert_eq!(zh.ok(what)["pcWelcome"], "欢迎来到湄公商城", "{what}");
        // Values without a translation are shared by every language.
        assert_eq!(zh.ok(what)["pcLogoImg"], "/static/logo.svg", "{what}");
    })
    .await;
}

#[tokio::test]
async fn pc_web_config_on_an_empty_database_is_all_null() {
    common::with_empty_apps(async |app, what| {
        let data = &app.get_ok("/webConfig/getPcWebConfig", what).await;
        assert!(data.as_object().unwrap().values().all(Value::is_null), "{data}");
        assert_eq!(app.get("/currency/list").await.ok(what), &json!([]));
    })
    .await;
}

#[tokio::test]
async fn lang_default_follows_the_request_language() {
    common::with_seeded_apps(async |app, what| {
        let data = &app.get_ok("/lang/default", what).await;
        assert_eq!(keys(data), set(&["name", "language", "langItemList", "lang", "countryLang"]), "{what}");
        assert_eq!(data["language"], "en");
        assert_eq!(data["name"], "English");
        assert_eq!(data["countryLang"], "en");
        let items = data["langItemList"].as_array().unwrap();
        assert_eq!(items.len(), 3);
        for item in items {
            assert_eq!(keys(item), set(&["language", "name", "lang", "hide"]), "{what}");
        }
        let codes: Vec<_> = items.iter().map(|i| i["language"].as_str().unwrap()).collect();
        assert_eq!(codes, ["en", "zh_CN", "km"]);

        let zh = app.get_with("/lang/default", &[("locale", "zh_CN")]).await;
        assert_eq!(zh.ok(what)["language"], "zh_CN");
        assert_eq!(zh.ok(what)["name"], "简体中文");
        let hk = app.get_with("/lang/default", &[("locale", "zh_HK")]).await;
        assert_eq!(hk.ok(what)["language"], "zh_CN", "zh_HK reads as Chinese");
        let km = app.get_with("/lang/default", &[("cookie", "lang=km")]).await;
        assert_eq!(km.ok(what)["language"], "km");
        let unknown = app.get_with("/lang/default", &[("locale", "fr")]).await;
        assert_eq!(unknown.ok(what)["language"], "en");
    })
    .await;
}

#[tokio::test]
async fn pay_switch_lists_the_spec_codes_with_a_five_hour_expiry() {
    common::with_seeded_apps(async |app, what| {
        let before = now();
        let data = &app.get_ok("/sys/config/info/getSysPaySwitch", what).await;
        assert_eq!(keys(data), set(&["paySwitches", "expireTime"]), "{what}");
        let expire = data["expireTime"].as_i64().unwrap();
        let five_hours = 5 * 3600 * 1000;
        assert!(expire >= before + five_hours && expire <= now() + five_hours, "{what}: {expire}");
        let switches = data["paySwitches"].as_array().unwrap();
        for s in switches {
            assert_eq!(keys(s), set(&["payType", "payName", "enabled"]), "{what}");
        }
        let codes: BTreeSet<i64> = switches.iter().map(|s| s["payType"].as_i64().unwrap()).collect();
        assert_eq!(codes, [0, 9, 10, 12, 13, 15, 16, 17, 18].into_iter().collect());
        let aba = switches.iter().find(|s| s["payType"] == 17).unwrap();
        assert_eq!(aba["payName"], "ABA");
        assert_eq!(aba["enabled"], true);
    })
    .await;
}
