//! Static files: the wasm/JS/CSS of cargo-leptos (`/pkg`, hashed names), the Vite widget
//! build (`/widgets`, hashed names), `/static` images and fonts, and the Fluent files for the
//! widgets (`/locales`). Hashed files are cached for a year; brotli and gzip siblings written
//! at build time are served when the client accepts them.

use crate::config::Config;
use axum::http::{header, HeaderValue};
use axum::Router;
use leptos::config::LeptosOptions;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::Path;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const SHORT: &str = "public, max-age=300";

fn serve(dir: impl AsRef<Path>, cache: &'static str) -> Router {
    Router::new()
        .fallback_service(ServeDir::new(dir).precompressed_br().precompressed_gzip())
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static(cache)))
}

/// Routes of the static assets.
pub fn router(config: &Config, options: &LeptosOptions) -> Router {
    let site_root = Path::new(options.site_root.as_ref());
    Router::new()
        .nest_service("/pkg", serve(site_root.join(options.site_pkg_dir.as_ref()), IMMUTABLE))
        .nest_service("/static", serve(site_root.join("static"), SHORT))
        .nest_service("/widgets/assets", serve(Path::new(&config.widgets_dir).join("assets"), IMMUTABLE))
        .nest_service("/locales", serve(&config.locales_dir, SHORT))
}

#[derive(Debug, Deserialize)]
struct ManifestEntry {
    file: String,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default, rename = "isEntry")]
    is_entry: bool,
}

/// Reads Vite's manifest and returns the hashed URLs of the widget loader and its CSS.
/// A missing manifest (widgets not built) means no widgets, logged once.
pub fn widget_assets(widgets_dir: &str) -> app::context::WidgetAssets {
    let path = Path::new(widgets_dir).join(".vite/manifest.json");
    let manifest: HashMap<String, ManifestEntry> = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(m) => m,
        Err(error) => {
            tracing::warn!(path = %path.display(), %error, "widget manifest not readable; pages render without widgets");
            return Default::default();
        }
    };
    let mut assets = app::context::WidgetAssets::default();
    if let Some(entry) = manifest.get("src/loader.ts").filter(|e| e.is_entry) {
        assets.scripts.push(format!("/widgets/{}", entry.file));
        assets.styles.extend(entry.css.iter().map(|css| format!("/widgets/{css}")));
    }
    assets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_names_the_hashed_loader() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".vite")).unwrap();
        std::fs::write(
            dir.path().join(".vite/manifest.json"),
            r#"{"src/loader.ts":{"file":"assets/loader-abc123.js","isEntry":true,"css":["assets/loader-1.css"]},
                "src/login-popup/index.tsx":{"file":"assets/index-def.js","isDynamicEntry":true}}"#,
        )
        .unwrap();
        let assets = widget_assets(dir.path().to_str().unwrap());
        assert_eq!(assets.scripts, vec!["/widgets/assets/loader-abc123.js"]);
        assert_eq!(assets.styles, vec!["/widgets/assets/loader-1.css"]);
        assert!(widget_assets("/no/such/dir").scripts.is_empty());
    }
}
