//! The part of swc_common's interface cargo-leptos names when it minifies JavaScript. Nothing
//! here parses or keeps source code: the project does not minify with cargo-leptos (see the
//! `swc` stand-in).

use std::sync::Arc;

/// Where a source file came from.
pub enum FileName {
    Anon,
}

/// One source file: its text.
pub struct SourceFile {
    pub src: String,
}

/// The files of one compilation.
#[derive(Default)]
pub struct SourceMap;

impl SourceMap {
    pub fn new_source_file(&self, _name: Arc<FileName>, src: String) -> Arc<SourceFile> {
        Arc::new(SourceFile { src })
    }
}

/// swc's per-thread state, which nothing here needs.
#[derive(Default)]
pub struct Globals;

/// The key `GLOBALS.set(&globals, f)` is called on.
pub struct GlobalsKey;

impl GlobalsKey {
    pub fn set<R>(&'static self, _globals: &Globals, f: impl FnOnce() -> R) -> R {
        f()
    }
}

pub static GLOBALS: GlobalsKey = GlobalsKey;
