//! Lists each backend's migrations (`migrations/{sqlite,postgres}/*.sql`) for `db::migrations`,
//! which embeds them with `include_str!` and hands them to sqlx's migrator. sqlx's `migrate!`
//! macro would do the same, but its macros compile sqlx, both drivers, SQLite's C and tokio a
//! second time, for the compiler (docs/decisions/0080-migrations-embedded-without-sqlx-macros.md).

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let manifest_dir = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let mut code = String::new();
    for (backend, constant) in [("sqlite", "SQLITE"), ("postgres", "POSTGRES")] {
        let dir = Path::new(&manifest_dir).join("migrations").join(backend);
        // A folder here: cargo reruns the script when anything in it changes.
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
            .map(|entry| entry.expect("a migration folder's entry").path())
            .filter(|path| path.is_file() && path.extension().is_some_and(|ext| ext == "sql"))
            .collect();
        files.sort();
        writeln!(code, "/// The {backend} migrations: each file's name and contents, in name order.").unwrap();
        writeln!(code, "pub const {constant}: &[(&str, &str)] = &[").unwrap();
        for path in files {
            let name = path.file_name().and_then(|n| n.to_str()).expect("a migration's name is UTF-8");
            writeln!(code, "    ({name:?}, include_str!({:?})),", path.display().to_string()).unwrap();
        }
        writeln!(code, "];").unwrap();
    }
    fs::write(Path::new(&out_dir).join("migrations.rs"), code).expect("write the migrations' list");
}
