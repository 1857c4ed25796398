//! Server configuration, read once from the environment at start-up.

use std::net::SocketAddr;

/// Runtime configuration. Every field has a default that works on a developer machine.
#[derive(Debug, Clone)]
pub struct Config {
    /// `DATABASE_URL`: `sqlite://data/mall.db` (default) or `postgres://...`.
    pub database_url: String,
    /// `LEPTOS_SITE_ADDR`: where to listen (default 127.0.0.1:3000).
    pub site_addr: SocketAddr,
    /// `MALL_API_BASE`: when set, SSR calls a remote provider API instead of the embedded one.
    pub api_base: Option<String>,
    /// `MALL_WIDGETS_DIR`: the Vite build output (default `widgets/dist`).
    pub widgets_dir: String,
    /// `MALL_LOCALES_DIR`: the Fluent files (default `locales`).
    pub locales_dir: String,
    /// `MALL_DEV=1`: development mode (development mailbox and similar tools).
    pub dev_mode: bool,
    /// `MALL_BENCH=1`: exposes `/__bench/memory?path=` which serves a page's bytes from memory.
    pub bench_mode: bool,
}

impl Config {
    /// Reads the configuration from the environment.
    pub fn from_env() -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let flag = |name: &str| var(name).is_some_and(|v| v == "1" || v.eq_ignore_ascii_case("true"));
        Self {
            database_url: var("DATABASE_URL").unwrap_or_else(|| "sqlite://data/mall.db".into()),
            site_addr: var("LEPTOS_SITE_ADDR")
                .and_then(|a| a.parse().ok())
                .unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], 3000))),
            api_base: var("MALL_API_BASE"),
            widgets_dir: var("MALL_WIDGETS_DIR").unwrap_or_else(|| "widgets/dist".into()),
            locales_dir: var("MALL_LOCALES_DIR").unwrap_or_else(|| "locales".into()),
            dev_mode: flag("MALL_DEV"),
            bench_mode: flag("MALL_BENCH"),
        }
    }
}
