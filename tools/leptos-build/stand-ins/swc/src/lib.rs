//! The part of swc's interface cargo-leptos calls to minify JavaScript, where minifying fails
//! with an error that says what to do: this project minifies after cargo-leptos (see
//! Cargo.toml).

use std::sync::Arc;
use swc_common::{SourceFile, SourceMap};

pub mod config {
    /// Whether the input is an ES module.
    pub enum IsModule {
        Bool(bool),
    }

    impl Default for IsModule {
        fn default() -> Self {
            IsModule::Bool(false)
        }
    }

    /// On, off, or on with options; nothing here reads which.
    #[derive(Default)]
    pub struct BoolOrDataConfig;

    impl BoolOrDataConfig {
        pub fn from_bool(_value: bool) -> Self {
            BoolOrDataConfig
        }
    }

    /// The options cargo-leptos sets.
    #[derive(Default)]
    pub struct JsMinifyOptions {
        pub compress: BoolOrDataConfig,
        pub mangle: BoolOrDataConfig,
        pub module: IsModule,
    }
}

pub use config::BoolOrDataConfig;

/// What swc reports problems to.
pub struct Handler;

/// How problems are reported.
#[derive(Default)]
pub struct HandlerOpts;

/// An error with swc's diagnostics; here only the error.
pub struct TWithDiagnosticArray(anyhow::Error);

impl TWithDiagnosticArray {
    pub fn to_pretty_error(self) -> anyhow::Error {
        self.0
    }
}

/// Runs `op` with a handler.
pub fn try_with_handler<F, Ret>(_cm: Arc<SourceMap>, _config: HandlerOpts, op: F) -> Result<Ret, TWithDiagnosticArray>
where
    F: FnOnce(&Handler) -> Result<Ret, anyhow::Error>,
{
    op(&Handler).map_err(TWithDiagnosticArray)
}

/// What a minification returns.
pub struct TransformOutput {
    pub code: String,
}

/// Per-call extras (swc's name cache); nothing here.
#[derive(Default)]
pub struct JsMinifyExtras;

/// The compiler cargo-leptos minifies with.
pub struct Compiler;

impl Compiler {
    pub fn new(_cm: Arc<SourceMap>) -> Self {
        Compiler
    }

    /// Fails: this project's build of cargo-leptos carries no JavaScript minifier.
    pub fn minify(
        &self,
        _fm: Arc<SourceFile>,
        _handler: &Handler,
        _opts: &config::JsMinifyOptions,
        _extras: JsMinifyExtras,
    ) -> anyhow::Result<TransformOutput> {
        anyhow::bail!(
            "this build of cargo-leptos does not minify JavaScript: set `js-minify = false` \
             (the project minifies with scripts/wasm-opt/minify.mjs), or install cargo-leptos \
             with `cargo install cargo-leptos`"
        )
    }
}
