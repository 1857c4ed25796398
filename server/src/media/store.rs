//! The media folder: each picture is a file named by the SHA-256 of its bytes and its true
//! extension, written once (to a temporary name, then renamed into place, so a reader never
//! sees half a file and two uploads of the same picture end with the same file).

use crate::media::rules::Format;
use sha2::{Digest, Sha256};
use std::path::Path;

/// The stored name of `bytes` in `format`: `<64 hex>.<ext>`.
pub fn name_of(bytes: &[u8], format: Format) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("{hex}.{}", format.extension())
}

/// Whether `name` is a stored name (`<64 lower-case hex>.<a known extension>`), so nothing
/// else (no path, no temporary file) is ever looked up in the folder.
pub fn is_stored_name(name: &str) -> Option<Format> {
    let (hash, ext) = name.split_once('.')?;
    let hex = hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !hex {
        return None;
    }
    Format::from_extension(ext)
}

/// The path of a stored picture, `/media/<name>`.
pub fn media_path(name: &str) -> String {
    format!("/media/{name}")
}

/// The stored name of a `/media/<name>` path, if it is one.
pub fn name_of_path(path: &str) -> Option<&str> {
    let name = path.strip_prefix("/media/")?;
    is_stored_name(name).map(|_| name)
}

/// Writes `bytes` as `dir/name` unless it is there already.
pub async fn save(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    let target = dir.join(name);
    if tokio::fs::try_exists(&target).await.unwrap_or(false) {
        return Ok(());
    }
    tokio::fs::create_dir_all(dir).await?;
    let temporary = dir.join(format!(".{name}.{:016x}.tmp", rand::random::<u64>()));
    if let Err(e) = tokio::fs::write(&temporary, bytes).await {
        let _ = tokio::fs::remove_file(&temporary).await;
        return Err(e);
    }
    let renamed = tokio::fs::rename(&temporary, &target).await;
    if renamed.is_err() {
        let _ = tokio::fs::remove_file(&temporary).await;
    }
    renamed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_hash_and_the_true_extension() {
        let name = name_of(b"abc", Format::Png);
        assert_eq!(name, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.png");
        assert_eq!(is_stored_name(&name), Some(Format::Png));
        assert_eq!(name_of_path(&media_path(&name)), Some(name.as_str()));
        for bad in [
            "../etc/passwd",
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.svg",
            "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD.png",
            ".ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.png.1.tmp",
            "prod/1.svg",
        ] {
            assert_eq!(is_stored_name(bad), None, "{bad}");
        }
        assert_eq!(name_of_path("/media/prod/1.svg"), None);
        assert_eq!(name_of_path("https://example.com/a.png"), None);
    }
}
