//! The checked-in TypeScript of the widgets (`widgets/src/generated/`) is what this crate
//! generates: a change to a type, a path or a code set must come with `make contract`.
#![cfg(feature = "ts")]

use std::path::Path;

#[test]
fn the_generated_typescript_is_up_to_date() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(api::ts::OUT_DIR);
    let mut stale = Vec::new();
    for (name, text) in api::ts::files() {
        if std::fs::read_to_string(dir.join(name)).ok().as_deref() != Some(text.as_str()) {
            stale.push(name);
        }
    }
    assert!(stale.is_empty(), "{stale:?} in {} are stale: run `make contract` and commit them", dir.display());
}
