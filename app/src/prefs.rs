//! The visitor's preferences for one request: language and currency, from `?lang=` /
//! `?currency=` (a switch), else their cookies, else the defaults (spec sections 1 and 4).

use crate::i18n::{cookie_value, Lang};
pub use crate::i18n::{CURRENCY_COOKIE, LANG_COOKIE, TOKEN_COOKIE};

/// What the request asked for; `*_switched` marks a choice to save in a cookie.
#[derive(Debug, Clone, PartialEq)]
pub struct Prefs {
    pub lang: Lang,
    pub lang_switched: bool,
    /// Neither the query nor a cookie named the language: the page is the site's default
    /// address (hreflang `x-default`), which is then its own canonical.
    pub lang_default: bool,
    /// The requested currency code (validated later against the enabled currencies).
    pub currency: String,
    pub currency_switched: bool,
    /// Whether the request carries a session cookie (a signed-in buyer, if still valid).
    pub has_session: bool,
    /// The request path, e.g. `/index`.
    pub path: String,
    /// The raw query string without `?`.
    pub query: String,
    /// The one-shot message a form's answer left for this page (`api::forms::Flash`).
    pub flash: Option<api::forms::Flash>,
}

impl Prefs {
    /// Reads the preferences out of the request's URI and `Cookie` header. `country_lang`
    /// is the default applied when neither the query nor a valid cookie names a language.
    pub fn from_request(path: &str, query: Option<&str>, cookie: Option<&str>, country_lang: Lang) -> Self {
        let query = query.unwrap_or_default().to_string();
        let param = |name: &str| -> Option<String> {
            query.split('&').find_map(|pair| {
                let (k, v) = pair.split_once('=')?;
                (k == name).then(|| v.to_string())
            })
        };
        let cookie = cookie.unwrap_or_default();
        let query_lang = param("lang").and_then(|v| Lang::from_code(&v));
        let cookie_lang = cookie_value(cookie, LANG_COOKIE).and_then(Lang::from_code);
        let query_currency = param("currency").map(|c| c.to_ascii_uppercase()).filter(|c| is_currency_code(c));
        let cookie_currency =
            cookie_value(cookie, CURRENCY_COOKIE).map(|c| c.to_ascii_uppercase()).filter(|c| is_currency_code(c));
        Self {
            lang: query_lang.or(cookie_lang).unwrap_or(country_lang),
            lang_default: query_lang.is_none() && cookie_lang.is_none(),
            // A missing or invalid cookie gets the applied language saved once.
            lang_switched: query_lang.is_some_and(|l| Some(l) != cookie_lang)
                || (query_lang.is_none() && cookie_lang.is_none()),
            currency_switched: query_currency.as_ref().is_some_and(|c| Some(c) != cookie_currency.as_ref()),
            currency: query_currency.or(cookie_currency).unwrap_or_else(|| "USD".into()),
            has_session: cookie_value(cookie, TOKEN_COOKIE).is_some_and(|t| !t.is_empty()),
            path: path.to_string(),
            query,
            flash: cookie_value(cookie, api::forms::FLASH_COOKIE).and_then(api::forms::Flash::decode),
        }
    }

    /// The current URL, path and query (where a form on the page returns).
    pub fn url(&self) -> String {
        if self.query.is_empty() {
            self.path.clone()
        } else {
            format!("{}?{}", self.path, self.query)
        }
    }

    /// The current URL with `name=value` set (used by the language and currency switchers,
    /// which reload the page with the query parameter, spec section 4).
    pub fn url_with(&self, name: &str, value: &str) -> String {
        let mut pairs: Vec<String> = self
            .query
            .split('&')
            .filter(|p| !p.is_empty() && p.split('=').next() != Some(name))
            .map(String::from)
            .collect();
        pairs.push(format!("{name}={}", crate::url::encode(value)));
        format!("{}?{}", self.path, pairs.join("&"))
    }
}

fn is_currency_code(code: &str) -> bool {
    code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_beats_cookie_beats_default() {
        let p = Prefs::from_request("/", Some("lang=km"), Some("lang=zh_CN"), Lang::En);
        assert_eq!(p.lang, Lang::Km);
        assert!(p.lang_switched);
        let p = Prefs::from_request("/", None, Some("lang=zh_CN; currency=KHR"), Lang::En);
        assert_eq!(p.lang, Lang::ZhCn);
        assert!(!p.lang_switched);
        assert_eq!(p.currency, "KHR");
        let p = Prefs::from_request("/", None, None, Lang::Km);
        assert_eq!(p.lang, Lang::Km);
        assert!(p.lang_switched, "the country default is saved once");
        assert_eq!(p.currency, "USD");
    }

    #[test]
    fn bad_values_are_ignored() {
        let p = Prefs::from_request("/", Some("lang=xx&currency=<script>"), Some("lang=fr"), Lang::En);
        assert_eq!(p.lang, Lang::En);
        assert_eq!(p.currency, "USD");
    }

    #[test]
    fn switch_urls_replace_the_parameter() {
        let p = Prefs::from_request("/list", Some("pn=tea&lang=en"), None, Lang::En);
        assert_eq!(p.url_with("lang", "km"), "/list?pn=tea&lang=km");
        assert_eq!(p.url_with("currency", "KHR"), "/list?pn=tea&lang=en&currency=KHR");
    }
}
