//! Writes the widgets' TypeScript contract ([`api::ts::files`]) into `widgets/src/generated/`,
//! or into the directory given, and removes generated files that are no longer generated.
//!
//! `cargo run -p api --features ts --bin contract [DIR]`, from the repository root
//! (`make contract`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = std::env::args().nth(1).map_or_else(|| PathBuf::from(api::ts::OUT_DIR), PathBuf::from);
    match write(&dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}

fn write(dir: &Path) -> std::io::Result<()> {
    let files = api::ts::files();
    std::fs::create_dir_all(dir)?;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let generated = files.iter().any(|(name, _)| path.file_name().is_some_and(|f| f == *name));
        if path.extension().is_some_and(|e| e == "ts") && !generated {
            std::fs::remove_file(&path)?;
            println!("removed {}", path.display());
        }
    }
    for (name, text) in files {
        let path = dir.join(name);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            std::fs::write(&path, text)?;
            println!("wrote {}", path.display());
        }
    }
    Ok(())
}
