//! Languages and translation. The three languages of the spec are `en` (default), `zh_CN`
//! and `km`; `zh_HK` (and any other Chinese tag) reads as Simplified Chinese.
//!
//! Texts live in Fluent files under `locales/{en,zh-CN,km}/`. With the `fluent` feature they
//! are compiled in (the server and server-side rendering), so translating costs no I/O;
//! islands receive already translated strings and never carry the catalogues.
//!
//! Each message is defined once: `main.ftl` holds the pages' texts, `server.ftl` what only the
//! server says (API errors, mail), `widgets.ftl` the widgets' texts, including the messages the
//! server and the widgets share (validation, the "minor hiccup" of `A00005`); the widgets load
//! only that file.
//!
//! The names of the preference cookies live here too, because the server, the pages and the
//! islands all read them.

use serde::{Deserialize, Serialize};

/// A supported interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    ZhCn,
    Km,
}

impl Lang {
    /// Every language, in switcher order.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhCn, Lang::Km];

    /// Parses a language code as used by `?lang=`, the cookie and the `locale` header.
    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim().to_ascii_lowercase().replace('-', "_");
        match code.as_str() {
            "en" | "en_us" | "en_gb" => Some(Lang::En),
            "zh" | "zh_cn" | "zh_hk" | "zh_tw" | "zh_hans" | "zh_hant" => Some(Lang::ZhCn),
            "km" | "km_kh" => Some(Lang::Km),
            _ => None,
        }
    }

    /// The code of the spec (`en`, `zh_CN`, `km`), used in URLs, cookies and headers.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh_CN",
            Lang::Km => "km",
        }
    }

    /// The BCP 47 tag for `<html lang>`, also the name of the locale folder.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::Km => "km",
        }
    }

    /// The language's own name, shown in the switcher.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhCn => "简体中文",
            Lang::Km => "ខ្មែរ",
        }
    }
}

/// Cookie holding the interface language code.
pub const LANG_COOKIE: &str = "lang";
/// Cookie holding the display currency code.
pub const CURRENCY_COOKIE: &str = "currency";
/// Cookie holding the session token (HttpOnly).
pub const TOKEN_COOKIE: &str = "token";

/// Reads the `lang` cookie out of a `Cookie` header value.
pub fn lang_from_cookie_header(cookie: &str) -> Option<Lang> {
    cookie_value(cookie, LANG_COOKIE).and_then(Lang::from_code)
}

/// The language a request asks for: `?lang=` in its query, else its `lang` cookie.
pub fn requested_lang(query: Option<&str>, cookie: Option<&str>) -> Option<Lang> {
    let from_query = query.unwrap_or_default().split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == "lang").then(|| Lang::from_code(v)).flatten()
    });
    from_query.or_else(|| lang_from_cookie_header(cookie?))
}

/// One cookie's value out of a `Cookie` header value.
pub fn cookie_value<'a>(cookie: &'a str, name: &str) -> Option<&'a str> {
    cookie.split(';').find_map(|pair| {
        let (k, v) = pair.trim().split_once('=')?;
        (k == name).then_some(v)
    })
}

#[cfg(feature = "fluent")]
mod bundles {
    use super::Lang;
    use fluent_bundle::concurrent::FluentBundle;
    use fluent_bundle::{FluentArgs, FluentResource};
    use std::sync::OnceLock;

    macro_rules! ftl {
        ($dir:literal) => {
            [
                include_str!(concat!("../../locales/", $dir, "/main.ftl")),
                include_str!(concat!("../../locales/", $dir, "/server.ftl")),
                include_str!(concat!("../../locales/", $dir, "/widgets.ftl")),
            ]
        };
    }

    fn build(lang: Lang, sources: [&'static str; 3]) -> FluentBundle<FluentResource> {
        let id: unic_langid::LanguageIdentifier = lang.tag().parse().expect("valid tag");
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Plain text output: no Unicode isolation marks around arguments.
        bundle.set_use_isolating(false);
        for source in sources {
            let resource = FluentResource::try_new(source.to_string())
                .unwrap_or_else(|(_, errors)| panic!("invalid Fluent in {}: {errors:?}", lang.tag()));
            bundle.add_resource(resource).expect("no duplicate Fluent keys");
        }
        bundle
    }

    fn all() -> &'static [FluentBundle<FluentResource>; 3] {
        static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 3]> = OnceLock::new();
        BUNDLES.get_or_init(|| {
            [build(Lang::En, ftl!("en")), build(Lang::ZhCn, ftl!("zh-CN")), build(Lang::Km, ftl!("km"))]
        })
    }

    fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
        let index = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
        &all()[index]
    }

    /// Translates `key` with `args`; a missing key falls back to English, then to the key.
    pub fn t_args(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.to_string());
        }
        for candidate in [lang, Lang::En] {
            let bundle = bundle(candidate);
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = vec![];
                let args = (!args.is_empty()).then_some(&fluent_args);
                return bundle.format_pattern(pattern, args, &mut errors).into_owned();
            }
        }
        key.to_string()
    }

    /// Every message key of a language, for the completeness test.
    pub fn keys(lang: Lang) -> Vec<String> {
        let sources: [&str; 3] = match lang {
            Lang::En => ftl!("en"),
            Lang::ZhCn => ftl!("zh-CN"),
            Lang::Km => ftl!("km"),
        };
        sources
            .iter()
            .flat_map(|s| FluentResource::try_new(s.to_string()).ok())
            .flat_map(|r| {
                r.entries()
                    .filter_map(|e| match e {
                        fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    }
}

#[cfg(feature = "fluent")]
pub use bundles::{keys, t_args};

/// Translates a message without arguments.
#[cfg(feature = "fluent")]
pub fn t(lang: Lang, key: &str) -> String {
    t_args(lang, key, &[])
}

#[cfg(all(test, feature = "fluent"))]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_zh_hk_is_chinese() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("zh_HK"), Some(Lang::ZhCn));
        assert_eq!(Lang::from_code("fr"), None);
    }

    #[test]
    fn every_language_has_every_key() {
        let mut en = keys(Lang::En);
        en.sort();
        for lang in [Lang::ZhCn, Lang::Km] {
            let mut other = keys(lang);
            other.sort();
            assert_eq!(en, other, "keys of {} differ from English", lang.tag());
        }
    }

    #[test]
    fn the_query_overrides_the_cookie() {
        assert_eq!(requested_lang(Some("x=1&lang=zh_CN"), Some("lang=km")), Some(Lang::ZhCn));
        assert_eq!(requested_lang(Some("lang=fr"), Some("lang=km")), Some(Lang::Km));
        assert_eq!(requested_lang(None, None), None);
    }

    #[test]
    fn every_key_is_defined_once() {
        for lang in Lang::ALL {
            let mut keys = keys(lang);
            let all = keys.len();
            keys.sort();
            keys.dedup();
            assert_eq!(keys.len(), all, "a key of {} is defined in two files", lang.tag());
        }
    }

    #[test]
    fn cookie_parsing() {
        assert_eq!(lang_from_cookie_header("a=1; lang=km; b=2"), Some(Lang::Km));
        assert_eq!(lang_from_cookie_header("a=1"), None);
    }
}
