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

/// A message with a count, for an island to fill in once it knows the count: its form for
/// every other count, where the language's plural rules give 1 a form of its own (English's
/// `[one]`) that form, and the message's own form for none (`[0]`), if it has one. Each keeps
/// the placeable `{name}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountText {
    pub other: String,
    #[serde(default)]
    pub one: Option<String>,
    #[serde(default)]
    pub zero: Option<String>,
}

impl CountText {
    /// The text for `count`, its `{name}` replaced by the count.
    pub fn fill(&self, name: &str, count: i64) -> String {
        let template = match (&self.zero, &self.one) {
            (Some(zero), _) if count == 0 => zero,
            (_, Some(one)) if count == 1 => one,
            _ => &self.other,
        };
        template.replace(&format!("{{{name}}}"), &count.to_string())
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
    use super::CountText;
    use super::Lang;
    use fluent_bundle::concurrent::FluentBundle;
    use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
    use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement, VariantKey};
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

    /// An argument as Fluent should see it: a whole number written plainly (no sign but `-`,
    /// no leading zero, within the integers a float holds exactly) is a number, so plural
    /// selectors (`[one]`, `*[other]`) choose by it; anything else (codes with leading zeros,
    /// long order numbers, names) stays text and prints as given.
    fn arg_value(value: &str) -> FluentValue<'static> {
        const EXACT: i64 = 1 << 53;
        match value.parse::<i64>() {
            Ok(n) if n.to_string() == value && n.abs() <= EXACT => FluentValue::from(n),
            _ => FluentValue::from(value.to_string()),
        }
    }

    /// The [`CountText`] of `key`, whose count is the argument `name`: what the message says
    /// for any count but 1 and, when its selector on `$name` has a `[one]` variant and the
    /// language gives 1 that category, what it says for 1. A missing key falls back to
    /// English, as [`t_args`] does.
    pub fn count_text(lang: Lang, key: &str, name: &str) -> CountText {
        let placeholder = format!("{{{name}}}");
        let other = t_args(lang, key, &[(name, &placeholder)]);
        let mut args = FluentArgs::new();
        args.set(name.to_string(), placeholder.clone());
        for candidate in [lang, Lang::En] {
            let bundle = bundle(candidate);
            let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else { continue };
            // 1's own form is kept only where the language's rules select `one` for 1.
            let mut probe = FluentArgs::new();
            probe.set(name.to_string(), FluentValue::from(1));
            let for_one = bundle.format_pattern(pattern, Some(&probe), &mut vec![]).into_owned();
            let one = variant(pattern, name, |key| matches!(key, VariantKey::Identifier { name: "one" }))
                .map(|variant| bundle.format_pattern(variant, Some(&args), &mut vec![]).into_owned())
                .filter(|one| one.replace(&placeholder, "1") == for_one);
            let zero = variant(pattern, name, |key| matches!(key, VariantKey::NumberLiteral { value: "0" }))
                .map(|variant| bundle.format_pattern(variant, Some(&args), &mut vec![]).into_owned());
            return CountText { other, one, zero };
        }
        CountText { other, one: None, zero: None }
    }

    /// The variant whose key `is` picks, of the selection on `$name` in `pattern`.
    fn variant<'a>(
        pattern: &'a Pattern<&'a str>,
        name: &str,
        is: impl Fn(&VariantKey<&str>) -> bool,
    ) -> Option<&'a Pattern<&'a str>> {
        pattern.elements.iter().find_map(|element| match element {
            PatternElement::Placeable { expression: Expression::Select { selector, variants } } => {
                let on_name = matches!(selector, InlineExpression::VariableReference { id } if id.name == name);
                on_name.then(|| variants.iter().find(|v| is(&v.key))).flatten().map(|v| &v.value)
            }
            _ => None,
        })
    }

    /// Translates `key` with `args`; a missing key falls back to English, then to the key.
    pub fn t_args(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, arg_value(value));
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
pub use bundles::{count_text, keys, t_args};

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

    /// The messages with a count a page or an island fills in.
    const COUNTED: &[(&str, &str)] = &[
        ("order-item-count", "count"),
        ("order-delivery", "days"),
        ("wallet-sign-in-streak", "days"),
        ("invoice-pdf-more-items", "count"),
        ("coupon-valid-days", "days"),
        ("list-total", "count"),
        ("shop-followers", "count"),
        ("compare-offers-count", "count"),
    ];

    #[test]
    fn counts_choose_their_plural_form() {
        // English says "1 item", "1 day in a row"; the others have one form.
        assert_eq!(t_args(Lang::En, "order-item-count", &[("count", "1")]), "1 item");
        assert_eq!(t_args(Lang::En, "order-item-count", &[("count", "2")]), "2 items");
        assert_eq!(t_args(Lang::En, "wallet-sign-in-streak", &[("days", "1")]), "1 day in a row.");
        assert_eq!(t_args(Lang::En, "wallet-sign-in-streak", &[("days", "3")]), "3 days in a row.");
        assert_eq!(t_args(Lang::En, "invoice-pdf-more-items", &[("count", "1")]), "and 1 more item");
        assert_eq!(t_args(Lang::ZhCn, "order-item-count", &[("count", "1")]), "共 1 件");
        assert_eq!(t_args(Lang::Km, "wallet-sign-in-streak", &[("days", "1")]), "ជាប់គ្នា 1 ថ្ងៃ។");
        // Texts that only look like numbers print as given.
        assert!(t_args(Lang::En, "mail-code-body", &[("code", "012345"), ("minutes", "10")]).contains("012345"));
        let long = "202611290000000000123";
        assert!(t_args(Lang::En, "wallet-record-order", &[("number", long)]).contains(long));
    }

    #[test]
    fn count_texts_fill_as_fluent_selects() {
        for lang in Lang::ALL {
            for (key, name) in COUNTED {
                let text = count_text(lang, key, name);
                for n in 0..=25 {
                    let direct = t_args(lang, key, &[(name, &n.to_string())]);
                    // The other arguments of a message stay as their placeables in both.
                    assert_eq!(text.fill(name, n), direct, "{} {key} {n}", lang.tag());
                }
            }
        }
        assert!(count_text(Lang::En, "order-item-count", "count").one.is_some());
        assert!(count_text(Lang::ZhCn, "order-item-count", "count").one.is_none());
    }

    #[test]
    fn cookie_parsing() {
        assert_eq!(lang_from_cookie_header("a=1; lang=km; b=2"), Some(Lang::Km));
        assert_eq!(lang_from_cookie_header("a=1"), None);
    }
}
