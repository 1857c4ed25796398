//! What every page knows about its request: the visitor's preferences, the display currency,
//! the page frame's data (header, footer, quick menu) loaded once per request through the API
//! client, and the widget assets. The server provides the [`PageCtx`] as context before
//! rendering; pages read it with [`page_ctx`].

use crate::api_client::{ApiClient, ApiFailure};
use crate::i18n::{t, t_args, Lang};
use crate::money::{DisplayCurrency, Price};
use crate::prefs::Prefs;
use api::account::UserInfo;
use api::browse::{HotSearch, Notice};
use api::config::{Currency, PcWebConfig};
use leptos::prelude::*;
use std::sync::Arc;

/// The hashed widget loader assets named by Vite's manifest.
#[derive(Debug, Clone, Default)]
pub struct WidgetAssets {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
}

/// Data of the page frame, loaded once per request.
#[derive(Debug, Clone, Default)]
pub struct ShellData {
    pub currencies: Vec<Currency>,
    pub web: PcWebConfig,
    pub notices: Vec<Notice>,
    pub hot_products: Vec<HotSearch>,
    pub hot_shops: Vec<HotSearch>,
    pub cart_count: i64,
    /// The signed-in buyer's unread chat messages (the header's and quick menu's badges).
    pub chat_unread: i64,
    /// The signed-in buyer's nickname ("" when none), `None` for guests.
    pub nick_name: Option<String>,
}

/// Everything a page needs to know about the current request.
#[derive(Debug, Clone)]
pub struct PageCtx(pub Arc<PageData>);

#[derive(Debug)]
pub struct PageData {
    pub prefs: Prefs,
    pub currency: DisplayCurrency,
    pub shell: ShellData,
    pub widgets: WidgetAssets,
    /// The site's public origin (`https://mall.example`), for absolute URLs.
    pub origin: String,
    /// Where the header's Sellers' Centre link goes: the configured sellers' centre, else
    /// this site's page about it.
    pub seller_centre_url: String,
}

impl std::ops::Deref for PageCtx {
    type Target = PageData;
    fn deref(&self) -> &PageData {
        &self.0
    }
}

impl PageCtx {
    /// Builds the context, settling the currency against the enabled ones (fallback USD).
    pub fn new(
        prefs: Prefs,
        shell: ShellData,
        widgets: WidgetAssets,
        origin: String,
        seller_centre_url: String,
    ) -> Self {
        let currency = shell
            .currencies
            .iter()
            .filter(|c| c.status == 1)
            .find(|c| c.currency_code.eq_ignore_ascii_case(&prefs.currency))
            .and_then(|c| {
                Some(DisplayCurrency {
                    code: c.currency_code.clone(),
                    symbol: c.symbol.clone(),
                    rate_e4: DisplayCurrency::parse_rate(&c.exchange_rate)?,
                })
            })
            .unwrap_or_else(|| match prefs.currency.as_str() {
                "KHR" if shell.currencies.is_empty() => DisplayCurrency::khr(),
                _ => DisplayCurrency::usd(),
            });
        Self(Arc::new(PageData { prefs, currency, shell, widgets, origin, seller_centre_url }))
    }

    pub fn lang(&self) -> Lang {
        self.prefs.lang
    }

    /// The address of a picture as this page's language must ask for it: a picture drawn in
    /// a language carries it in its URL (`api::url::picture_in_lang`).
    pub fn picture(&self, src: &str) -> String {
        api::url::picture_in_lang(src, self.prefs.lang.code())
    }

    /// Translates a key in the page's language.
    pub fn t(&self, key: &str) -> String {
        t(self.prefs.lang, key)
    }

    /// Translates a key with arguments in the page's language.
    pub fn t_args(&self, key: &str, args: &[(&str, &str)]) -> String {
        t_args(self.prefs.lang, key, args)
    }

    /// Formats money in the chosen currency.
    pub fn money(&self, amount: Price) -> String {
        self.currency.format(amount)
    }

    /// A stored text (a coupon's name, a product's brief) with the amounts in it shown in the
    /// chosen currency ([`DisplayCurrency::amounts_in_text`]).
    pub fn money_text(&self, text: &str) -> String {
        self.currency.amounts_in_text(text)
    }

    /// The currencies offered in the switcher: only enabled ones among USD and KHR, with the
    /// spec's defaults when the list failed to load.
    pub fn offered_currencies(&self) -> Vec<(String, String)> {
        let listed: Vec<(String, String)> = self
            .shell
            .currencies
            .iter()
            .filter(|c| c.status == 1 && matches!(c.currency_code.as_str(), "USD" | "KHR"))
            .map(|c| (c.currency_code.clone(), c.symbol.clone()))
            .collect();
        if listed.is_empty() {
            vec![("USD".into(), "$".into()), ("KHR".into(), "៛".into())]
        } else {
            listed
        }
    }

    /// A web-config value, or the built-in fallback.
    pub fn web(&self, pick: impl Fn(&PcWebConfig) -> &Option<String>, fallback: &str) -> String {
        pick(&self.shell.web)
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(String::from)
            .unwrap_or_else(|| fallback.to_string())
    }
}

/// The page context of the current render.
pub fn page_ctx() -> PageCtx {
    expect_context::<PageCtx>()
}

/// Loads the frame data; every part falls back on its own failure (spec section 8).
pub async fn load_shell_data(client: &ApiClient, prefs: &Prefs) -> ShellData {
    let hot = |kind: &'static str| async move {
        client
            .get::<Vec<HotSearch>>(api::paths::HOT_SEARCH, &[("type", kind.to_string())])
            .await
            .unwrap_or_default()
            .into_iter()
            .take(4)
            .collect::<Vec<_>>()
    };
    let notices_path =
        if prefs.has_session { api::paths::top_notice_list_signed_in(0) } else { api::paths::top_notice_list(0) };
    let (currencies, web, notices, hot_products, hot_shops) = futures_join(
        client.get::<Vec<Currency>>(api::paths::CURRENCY_LIST, &[]),
        client.get::<PcWebConfig>(api::paths::PC_WEB_CONFIG, &[]),
        client.get::<Vec<Notice>>(&notices_path, &[]),
        hot("1"),
        hot("2"),
    )
    .await;
    let notices = match notices {
        // An ended session still sees the platform notices.
        Err(ApiFailure::Rejected { .. }) if prefs.has_session => {
            client.get::<Vec<Notice>>(&api::paths::top_notice_list(0), &[]).await.unwrap_or_default()
        }
        other => other.unwrap_or_default(),
    };
    // A signed-in buyer's nickname ("" when none); `None` when the session has ended.
    let nick_name = if prefs.has_session {
        client.get::<UserInfo>(api::paths::USER_INFO, &[]).await.ok().map(|info| info.nick_name)
    } else {
        None
    };
    // The cart badge of a signed-in buyer; a failure shows 0 (spec section 8: ignored).
    let cart_count = if nick_name.is_some() {
        client.get::<i64>(api::paths::SHOP_CART_PROD_COUNT, &[]).await.unwrap_or_default()
    } else {
        0
    };
    // The chat's unread badge; a failure shows none.
    let chat_unread = if nick_name.is_some() {
        client.get::<api::chat::ChatUnread>(api::paths::CHAT_UNREAD, &[]).await.map(|u| u.total).unwrap_or_default()
    } else {
        0
    };
    ShellData {
        currencies: currencies.unwrap_or_default(),
        web: web.unwrap_or_default(),
        notices,
        hot_products,
        hot_shops,
        cart_count,
        chat_unread,
        nick_name,
    }
}

async fn futures_join<A, B, C, D, E>(
    a: impl std::future::Future<Output = A>,
    b: impl std::future::Future<Output = B>,
    c: impl std::future::Future<Output = C>,
    d: impl std::future::Future<Output = D>,
    e: impl std::future::Future<Output = E>,
) -> (A, B, C, D, E) {
    // The in-process API answers without I/O waits worth overlapping; sequential is simplest.
    (a.await, b.await, c.await, d.await, e.await)
}

/// The server's clock in Unix milliseconds (countdowns start from it, not the visitor's clock).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or_default()
}

/// Sends the browser to `path` (a page of this site) with a 302; the page renders nothing else.
#[cfg(feature = "ssr")]
pub fn redirect_to(path: &str) {
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(http::StatusCode::FOUND);
        if let Ok(location) = http::HeaderValue::from_str(path) {
            response.insert_header(http::header::LOCATION, location);
        }
    }
}
