//! The schema's migrations, compiled into the server (`build.rs` lists the files of
//! `server/migrations/{sqlite,postgres}/`), read as sqlx reads a migrations folder: a file
//! `<version>_<description>.sql` is one migration, `.up.sql` and `.down.sql` the two halves of
//! a reversible one, and a first line `-- no-transaction` runs it outside a transaction. Each
//! migration's checksum is sqlx's (SHA-384 of its SQL), so databases migrated by earlier
//! builds, which embedded the files with `sqlx::migrate!`, see the same migrations.

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

mod files {
    include!(concat!(env!("OUT_DIR"), "/migrations.rs"));
}

/// One backend's embedded migration files.
#[derive(Debug, Clone, Copy)]
struct Embedded(&'static [(&'static str, &'static str)]);

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send>> {
        Box::pin(async move { parse(self.0) })
    }
}

fn parse(files: &'static [(&'static str, &'static str)]) -> Result<Vec<Migration>, BoxDynError> {
    let mut migrations = files
        .iter()
        .map(|&(name, sql)| {
            let (version, rest) =
                name.split_once('_').ok_or_else(|| format!("migration {name}: no `_` after its version"))?;
            let version: i64 = version.parse().map_err(|_| format!("migration {name}: its version is not a number"))?;
            let migration_type = MigrationType::from_filename(rest);
            let description = rest.trim_end_matches(migration_type.suffix()).replace('_', " ");
            let no_tx = sql.starts_with("-- no-transaction");
            Ok(Migration::new(version, Cow::Owned(description), migration_type, Cow::Borrowed(sql), no_tx))
        })
        .collect::<Result<Vec<_>, BoxDynError>>()?;
    migrations.sort_by_key(|m| m.version);
    Ok(migrations)
}

/// The SQLite schema's migrator.
pub async fn sqlite() -> Result<Migrator, sqlx::migrate::MigrateError> {
    Migrator::new(Embedded(files::SQLITE)).await
}

/// The PostgreSQL schema's migrator.
pub async fn postgres() -> Result<Migrator, sqlx::migrate::MigrateError> {
    Migrator::new(Embedded(files::POSTGRES)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_each_folder_is_a_migration_with_sqlx_s_name_and_checksum() {
        for (folder, files) in [("sqlite", files::SQLITE), ("postgres", files::POSTGRES)] {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(folder);
            // sqlx's own reading of the folder, which `sqlx::migrate!` and `sqlx migrate` use.
            let from_folder = sqlx::migrate::resolve_blocking(&dir).expect("read the folder");
            let embedded = parse(files).expect("parse the embedded files");
            assert_eq!(embedded.len(), from_folder.len(), "{folder}");
            assert!(embedded.len() >= 22, "{folder}: {} migrations", embedded.len());
            for (ours, (theirs, _)) in embedded.iter().zip(&from_folder) {
                assert_eq!(ours.version, theirs.version);
                assert_eq!(ours.description, theirs.description);
                assert_eq!(ours.checksum, theirs.checksum, "{folder} {}", ours.version);
                assert_eq!(ours.no_tx, theirs.no_tx);
                assert_eq!(ours.migration_type, theirs.migration_type);
            }
        }
    }

    #[test]
    fn a_misnamed_file_is_an_error_not_a_panic() {
        assert!(parse(&[("init.sql", "SELECT 1")]).is_err());
        assert!(parse(&[("one_init.sql", "SELECT 1")]).is_err());
    }
}
