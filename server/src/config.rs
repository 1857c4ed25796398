//! Server configuration, read once from the environment at start-up.

use std::net::SocketAddr;

/// Runtime configuration. Every field has a default that works on a developer machine.
#[derive(Debug, Clone)]
pub struct Config {
    /// `DATABASE_URL`: `sqlite://data/mall.db` (default) or `postgres://...`.
    pub database_url: String,
    /// `LEPTOS_SITE_ADDR`: where to listen (default 127.0.0.1:3000).
    pub site_addr: SocketAddr,
    /// `MALL_PUBLIC_URL`: the site's public origin (`https://mall.example`), for absolute links
    /// (canonical and alternate URLs, sitemaps, gateways' return URLs). Unset or invalid:
    /// `http://` and the listening address.
    pub public_url: String,
    /// `MALL_SELLER_CENTRE_URL`: the sellers' centre (an `https://` or `http://` address), which
    /// the header links to in a new tab. Unset or invalid: this site's page about it.
    pub seller_centre_url: Option<String>,
    /// `MALL_API_BASE`: when set, SSR calls a remote provider API instead of the embedded one.
    pub api_base: Option<String>,
    /// `MALL_WIDGETS_DIR`: the Vite build output (default `widgets/dist`).
    pub widgets_dir: String,
    /// `MALL_LOCALES_DIR`: the Fluent files (default `locales`).
    pub locales_dir: String,
    /// `MALL_DEV=1`: development tools (the development mailbox, the stand-in sign-in
    /// providers). Only ever on when asked for explicitly; never inferred from the address.
    pub dev_mode: bool,
    /// `MALL_BENCH=1`: exposes `/__bench/memory?path=` which serves a page's bytes from memory,
    /// and records server-side latency per path for `/__bench/latency?path=`.
    pub bench_mode: bool,
    /// `MALL_DEMO=1`: `serve` seeds the demo mall into an empty database. On with `MALL_DEV=1`
    /// or `MALL_BENCH=1` too; off otherwise, since the demo has accounts whose passwords are
    /// published in the README and must never reach a public shop.
    pub demo_data: bool,
    /// `MALL_DB_POOL`: the most database connections this node opens (default 8 on SQLite, 16
    /// on PostgreSQL). A cluster's nodes together must stay within PostgreSQL's
    /// `max_connections` (100 by default).
    pub db_pool: Option<u32>,
    /// `MALL_SMTP_URL`: outgoing mail, e.g. `smtps://user:pass@smtp.example.com` (lettre's URL
    /// form). Unset: mail stays in the outbox, readable in the development mailbox.
    pub smtp_url: Option<String>,
    /// `MALL_MAIL_FROM`: the sender of outgoing mail.
    pub mail_from: String,
    /// `MALL_TRUSTED_PROXIES`: how many reverse proxies stand in front of the server (default
    /// 0). Each appends the address it saw to `X-Forwarded-For`, so the client is the entry that
    /// many places from the right; with 0 it is the connection's peer and the header is ignored.
    /// A trusted proxy's `X-Forwarded-Proto: https` also turns on `Strict-Transport-Security`.
    pub trusted_proxies: usize,
    /// `MALL_NODE_NAME`: this node's name in the `X-Served-By` header of every answer (a
    /// cluster's operators and tests see which node answered). Unset: the host name and the
    /// listening port (`web-1:3000`), or the listening address when the host has no name.
    pub node_name: String,
    /// `MALL_SEARCH_SUGGEST_CACHE=0` turns the search suggestion answer cache off (to measure
    /// the index alone); on by default.
    pub search_suggest_cache: bool,
    /// `MALL_SHARED_ANSWERS=0` makes page rendering call the API for every answer instead of
    /// reusing the answers that are the same for everyone (`http::shared_answers`); on by
    /// default. Off, pages render as they did before that cache, which the end-to-end suite
    /// compares against.
    pub shared_answers: bool,
    /// Google sign-in (`MALL_GOOGLE_*`).
    pub google: OAuthProvider,
    /// Facebook sign-in (`MALL_FACEBOOK_*`).
    pub facebook: OAuthProvider,
    /// `MALL_MEDIA_DIR`: where uploaded pictures are stored; unset, see [`Config::media_dir`].
    pub media_dir: Option<String>,
}

/// The endpoints and client credentials of one OAuth2 provider. Sign-in with it is offered
/// when `client_id` is set.
#[derive(Debug, Clone, Default)]
pub struct OAuthProvider {
    /// `MALL_<P>_AUTH_URL`: the authorization endpoint.
    pub auth_url: String,
    /// `MALL_<P>_TOKEN_URL`: the token endpoint.
    pub token_url: String,
    /// `MALL_<P>_USERINFO_URL`: the profile endpoint (bearer token).
    pub userinfo_url: String,
    /// `MALL_<P>_CLIENT_ID`.
    pub client_id: Option<String>,
    /// `MALL_<P>_CLIENT_SECRET`.
    pub client_secret: Option<String>,
    /// `MALL_<P>_SCOPE`.
    pub scope: String,
}

impl OAuthProvider {
    fn from_env(prefix: &str, defaults: [&str; 4]) -> Self {
        let var = |name: &str| std::env::var(format!("MALL_{prefix}_{name}")).ok().filter(|v| !v.trim().is_empty());
        Self {
            auth_url: var("AUTH_URL").unwrap_or_else(|| defaults[0].into()),
            token_url: var("TOKEN_URL").unwrap_or_else(|| defaults[1].into()),
            userinfo_url: var("USERINFO_URL").unwrap_or_else(|| defaults[2].into()),
            client_id: var("CLIENT_ID"),
            client_secret: var("CLIENT_SECRET"),
            scope: var("SCOPE").unwrap_or_else(|| defaults[3].into()),
        }
    }
}

impl Config {
    /// Reads the configuration from the environment.
    pub fn from_env() -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let flag = |name: &str| var(name).is_some_and(|v| v == "1" || v.eq_ignore_ascii_case("true"));
        let site_addr = var("LEPTOS_SITE_ADDR")
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], 3000)));
        Self {
            database_url: var("DATABASE_URL").unwrap_or_else(|| "sqlite://data/mall.db".into()),
            site_addr,
            public_url: var("MALL_PUBLIC_URL")
                .and_then(|url| public_origin(&url))
                .unwrap_or_else(|| format!("http://{site_addr}")),
            seller_centre_url: var("MALL_SELLER_CENTRE_URL")
                .map(|url| url.trim().to_string())
                .filter(|url| url.starts_with("https://") || url.starts_with("http://"))
                .filter(|url| !url.contains(char::is_whitespace)),
            api_base: var("MALL_API_BASE"),
            widgets_dir: var("MALL_WIDGETS_DIR").unwrap_or_else(|| "widgets/dist".into()),
            locales_dir: var("MALL_LOCALES_DIR").unwrap_or_else(|| "locales".into()),
            dev_mode: flag("MALL_DEV"),
            bench_mode: flag("MALL_BENCH"),
            demo_data: flag("MALL_DEMO") || flag("MALL_DEV") || flag("MALL_BENCH"),
            db_pool: var("MALL_DB_POOL").and_then(|n| n.trim().parse().ok()),
            smtp_url: var("MALL_SMTP_URL"),
            mail_from: var("MALL_MAIL_FROM").unwrap_or_else(|| "Mekong Mall <no-reply@mekongmall.localhost>".into()),
            trusted_proxies: var("MALL_TRUSTED_PROXIES").and_then(|n| n.trim().parse().ok()).unwrap_or(0),
            node_name: node_name(var("MALL_NODE_NAME").as_deref(), host_name().as_deref(), site_addr),
            search_suggest_cache: var("MALL_SEARCH_SUGGEST_CACHE").is_none_or(|v| v.trim() != "0"),
            shared_answers: var("MALL_SHARED_ANSWERS").is_none_or(|v| v.trim() != "0"),
            google: OAuthProvider::from_env(
                "GOOGLE",
                [
                    "https://accounts.google.com/o/oauth2/v2/auth",
                    "https://oauth2.googleapis.com/token",
                    "https://openidconnect.googleapis.com/v1/userinfo",
                    "openid email profile",
                ],
            ),
            facebook: OAuthProvider::from_env(
                "FACEBOOK",
                [
                    "https://www.facebook.com/v19.0/dialog/oauth",
                    "https://graph.facebook.com/v19.0/oauth/access_token",
                    "https://graph.facebook.com/me?fields=id,name,email,picture",
                    "email public_profile",
                ],
            ),
            media_dir: var("MALL_MEDIA_DIR"),
        }
    }

    /// The folder of uploaded pictures: `MALL_MEDIA_DIR`, else `media/` beside the SQLite file
    /// (`data/media` for the default database), else `data/media`.
    pub fn media_dir(&self) -> std::path::PathBuf {
        if let Some(dir) = &self.media_dir {
            return dir.into();
        }
        let url = &self.database_url;
        if url.starts_with("sqlite:") {
            let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
            let path = std::path::Path::new(path.split('?').next().unwrap_or_default());
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty() && path.as_os_str() != ":memory:")
            {
                return parent.join("media");
            }
        }
        "data/media".into()
    }

    /// The provider of a social type (GOOGLE 3, FACEBOOK 4).
    pub fn oauth_provider(&self, social_type: i64) -> Option<&OAuthProvider> {
        match social_type {
            api::account::SOCIAL_GOOGLE => Some(&self.google),
            api::account::SOCIAL_FACEBOOK => Some(&self.facebook),
            _ => None,
        }
    }
}

/// `url` as a plain origin (`scheme://host[:port]`, lower case, no path), if it is one.
pub fn public_origin(url: &str) -> Option<String> {
    let url = url.trim().trim_end_matches('/');
    let (scheme, rest) = url.split_once("://")?;
    if !matches!(scheme, "http" | "https") || rest.is_empty() {
        return None;
    }
    let plain = rest.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'));
    plain.then(|| format!("{scheme}://{}", rest.to_ascii_lowercase()))
}

/// The node's name in `X-Served-By`: `explicit` (`MALL_NODE_NAME`) when it is a valid header
/// value of at most 64 visible ASCII characters, else `host:port`, else the listening address.
/// Several nodes may share a host, so the host name alone would not tell them apart.
pub fn node_name(explicit: Option<&str>, host: Option<&str>, addr: SocketAddr) -> String {
    let valid = |name: &str| !name.is_empty() && name.len() <= 64 && name.bytes().all(|b| b.is_ascii_graphic());
    if let Some(name) = explicit.map(str::trim).filter(|name| valid(name)) {
        return name.to_string();
    }
    match host.map(str::trim).filter(|host| valid(host)) {
        Some(host) => format!("{host}:{}", addr.port()),
        None => addr.to_string(),
    }
}

/// The machine's host name, where the system tells it (`HOSTNAME`, Linux's kernel setting).
fn host_name() -> Option<String> {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/proc/sys/kernel/hostname").ok())
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
}
