//! What an uploaded file is, judged by its bytes alone (never by its name or declared type):
//! the magic bytes name the format, the header is decoded by `imagesize` for the dimensions,
//! and the file's own structure is walked to its end (PNG chunks with their CRCs up to IEND,
//! JPEG segments through the scans to EOI, GIF blocks to the trailer, WebP's RIFF chunks to
//! the declared size), so a truncated or padded file, or anything that only starts like a
//! picture, is refused. Only PNG, JPEG, GIF and WebP are pictures here: SVG (which can carry
//! scripts) and formats browsers do not all show are not.

use api::users::IMAGE_MAX_SIDE;

/// A picture format this server stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Jpeg,
    Gif,
    Webp,
}

impl Format {
    /// The extension of its stored name.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Jpeg => "jpg",
            Format::Gif => "gif",
            Format::Webp => "webp",
        }
    }

    /// The `Content-Type` it is served with.
    pub fn content_type(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
            Format::Gif => "image/gif",
            Format::Webp => "image/webp",
        }
    }

    /// The format of a stored name's extension.
    pub fn from_extension(ext: &str) -> Option<Format> {
        [Format::Png, Format::Jpeg, Format::Gif, Format::Webp].into_iter().find(|f| f.extension() == ext)
    }
}

/// A checked picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Picture {
    pub format: Format,
    pub width: u64,
    pub height: u64,
}

/// Why a file is not a picture this server takes; each is a Fluent key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not PNG, JPEG, GIF or WebP by its first bytes.
    NotAPicture,
    /// It starts like one, but its header or structure is broken or cut short.
    Damaged,
    /// Wider or taller than [`IMAGE_MAX_SIDE`].
    TooLarge,
}

impl Refusal {
    pub fn key(self) -> &'static str {
        match self {
            Refusal::NotAPicture => "error-upload-not-image",
            Refusal::Damaged => "error-upload-damaged",
            Refusal::TooLarge => "error-upload-dimensions",
        }
    }
}

/// The format named by the first bytes.
pub fn magic(bytes: &[u8]) -> Option<Format> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(Format::Png)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(Format::Jpeg)
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(Format::Gif)
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(Format::Webp)
    } else {
        None
    }
}

/// Checks an upload: its format by the magic bytes, its dimensions by a decode of its header
/// (at most [`IMAGE_MAX_SIDE`] each way, at least 1), and its whole structure.
pub fn check(bytes: &[u8]) -> Result<Picture, Refusal> {
    let format = magic(bytes).ok_or(Refusal::NotAPicture)?;
    let header_type = imagesize::image_type(bytes).map_err(|_| Refusal::Damaged)?;
    let agrees = matches!(
        (format, header_type),
        (Format::Png, imagesize::ImageType::Png)
            | (Format::Jpeg, imagesize::ImageType::Jpeg)
            | (Format::Gif, imagesize::ImageType::Gif)
            | (Format::Webp, imagesize::ImageType::Webp)
    );
    if !agrees {
        return Err(Refusal::Damaged);
    }
    let size = imagesize::blob_size(bytes).map_err(|_| Refusal::Damaged)?;
    let (width, height) = (size.width as u64, size.height as u64);
    if width == 0 || height == 0 {
        return Err(Refusal::Damaged);
    }
    if width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE {
        return Err(Refusal::TooLarge);
    }
    let whole = match format {
        Format::Png => png_complete(bytes),
        Format::Jpeg => jpeg_complete(bytes),
        Format::Gif => gif_complete(bytes),
        Format::Webp => webp_complete(bytes),
    };
    if !whole {
        return Err(Refusal::Damaged);
    }
    Ok(Picture { format, width, height })
}

fn be32(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at + 4)?;
    Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
}

fn le32(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
}

/// PNG: IHDR first, every chunk whole with a right CRC, at least one IDAT, and IEND last with
/// nothing after it.
fn png_complete(bytes: &[u8]) -> bool {
    let mut at = 8;
    let mut first = true;
    let mut image_data = false;
    loop {
        let Some(len) = be32(bytes, at) else { return false };
        if len > 0x7FFF_FFFF {
            return false;
        }
        let Some(kind) = bytes.get(at + 4..at + 8) else { return false };
        let Some(end) = (at + 8).checked_add(len).and_then(|e| e.checked_add(4)) else { return false };
        if end > bytes.len() {
            return false;
        }
        let Some(crc) = be32(bytes, at + 8 + len) else { return false };
        if crc32fast::hash(&bytes[at + 4..at + 8 + len]) as usize != crc {
            return false;
        }
        if first && (kind != b"IHDR" || len != 13) {
            return false;
        }
        first = false;
        image_data |= kind == b"IDAT";
        at = end;
        if kind == b"IEND" {
            return image_data && at == bytes.len();
        }
    }
}

/// JPEG: segments walked from SOI, a frame (SOF) before the first scan, the scans' entropy-coded
/// data skipped to their next marker, and an EOI after the scans (a camera's trailer after EOI
/// is allowed: it is never read).
fn jpeg_complete(bytes: &[u8]) -> bool {
    let mut at = 2;
    let mut frame = false;
    let mut scanned = false;
    loop {
        // A marker: 0xFF, any fill 0xFF bytes, then its code.
        if bytes.get(at) != Some(&0xFF) {
            return false;
        }
        while bytes.get(at) == Some(&0xFF) {
            at += 1;
        }
        let Some(&code) = bytes.get(at) else { return false };
        at += 1;
        match code {
            0xD9 => return frame && scanned,
            0x01 | 0xD0..=0xD7 => continue,
            0xD8 | 0x00 => return false,
            _ => {}
        }
        let Some(b) = bytes.get(at..at + 2) else { return false };
        let len = usize::from(u16::from_be_bytes([b[0], b[1]]));
        if len < 2 || at + len > bytes.len() {
            return false;
        }
        if matches!(code, 0xC0..=0xCF) && !matches!(code, 0xC4 | 0xC8 | 0xCC) {
            frame = true;
        }
        at += len;
        if code == 0xDA {
            if !frame {
                return false;
            }
            scanned = true;
            // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart
            // marker inside it; any other marker ends it.
            loop {
                let Some(offset) = bytes.get(at..).and_then(|rest| rest.iter().position(|&b| b == 0xFF)) else {
                    return false;
                };
                at += offset;
                match bytes.get(at + 1) {
                    None => return false,
                    Some(0x00 | 0xD0..=0xD7) => at += 2,
                    // A fill byte before a marker.
                    Some(0xFF) => at += 1,
                    Some(_) => break,
                }
            }
        }
    }
}

/// GIF: the header, the screen descriptor and its colour table, then extensions and images
/// (each with its sub-blocks) up to the trailer, with at least one image.
fn gif_complete(bytes: &[u8]) -> bool {
    let Some(&flags) = bytes.get(10) else { return false };
    let mut at = 13;
    if flags & 0x80 != 0 {
        at += 3 << ((flags & 0x07) + 1);
    }
    let mut images = 0;
    let sub_blocks = |mut at: usize| -> Option<usize> {
        loop {
            let size = usize::from(*bytes.get(at)?);
            at += 1;
            if size == 0 {
                return Some(at);
            }
            at += size;
        }
    };
    loop {
        match bytes.get(at) {
            Some(0x3B) => return images > 0,
            Some(0x21) => {
                let Some(next) = sub_blocks(at + 2) else { return false };
                at = next;
            }
            Some(0x2C) => {
                let Some(&local) = bytes.get(at + 9) else { return false };
                at += 10;
                if local & 0x80 != 0 {
                    at += 3 << ((local & 0x07) + 1);
                }
                // The LZW minimum code size, then the data's sub-blocks.
                let Some(next) = sub_blocks(at + 1) else { return false };
                at = next;
                images += 1;
            }
            _ => return false,
        }
    }
}

/// WebP: the RIFF size is the file's, and its chunks (`VP8 `, `VP8L` or `VP8X` first) fill it
/// exactly.
fn webp_complete(bytes: &[u8]) -> bool {
    let Some(riff) = le32(bytes, 4) else { return false };
    if riff.checked_add(8) != Some(bytes.len()) {
        return false;
    }
    let mut at = 12;
    let mut first = true;
    while at < bytes.len() {
        let Some(kind) = bytes.get(at..at + 4) else { return false };
        let Some(len) = le32(bytes, at + 4) else { return false };
        if first && !matches!(kind, b"VP8 " | b"VP8L" | b"VP8X") {
            return false;
        }
        first = false;
        let Some(end) = (at + 8).checked_add(len + (len & 1)) else { return false };
        if end > bytes.len() {
            return false;
        }
        at = end;
    }
    !first && at == bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1×1 PNG (red pixel).
    pub const PNG_1X1: &[u8] = &[
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00,
        0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0xC9,
        0xFE, 0x92, 0xEF, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ];

    /// The smallest GIF: 1×1, one colour.
    const GIF_1X1: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";

    #[test]
    fn a_whole_png_is_a_picture() {
        assert_eq!(check(PNG_1X1), Ok(Picture { format: Format::Png, width: 1, height: 1 }));
    }

    #[test]
    fn a_png_cut_short_or_padded_or_altered_is_damaged() {
        assert_eq!(check(&PNG_1X1[..PNG_1X1.len() - 12]), Err(Refusal::Damaged));
        let mut padded = PNG_1X1.to_vec();
        padded.extend_from_slice(b"<script>");
        assert_eq!(check(&padded), Err(Refusal::Damaged));
        let mut altered = PNG_1X1.to_vec();
        altered[45] ^= 1;
        assert_eq!(check(&altered), Err(Refusal::Damaged));
    }

    #[test]
    fn text_html_and_svg_are_not_pictures() {
        assert_eq!(check(b"just some text, named photo.png"), Err(Refusal::NotAPicture));
        assert_eq!(check(b"<!DOCTYPE html><html><script>alert(1)</script></html>"), Err(Refusal::NotAPicture));
        assert_eq!(
            check(br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#),
            Err(Refusal::NotAPicture)
        );
        assert_eq!(check(b""), Err(Refusal::NotAPicture));
    }

    #[test]
    fn a_gif_is_walked_to_its_trailer() {
        assert_eq!(check(GIF_1X1), Ok(Picture { format: Format::Gif, width: 1, height: 1 }));
        assert_eq!(check(&GIF_1X1[..GIF_1X1.len() - 1]), Err(Refusal::Damaged));
    }

    #[test]
    fn too_wide_is_refused_by_the_header() {
        // IHDR of 9000 × 1 with its CRC: the header says too wide before anything else counts.
        let mut wide = PNG_1X1.to_vec();
        wide[16..20].copy_from_slice(&9000u32.to_be_bytes());
        let crc = crc32fast::hash(&wide[12..29]);
        wide[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(check(&wide), Err(Refusal::TooLarge));
    }

    #[test]
    fn stored_names_map_back_to_their_format() {
        for f in [Format::Png, Format::Jpeg, Format::Gif, Format::Webp] {
            assert_eq!(Format::from_extension(f.extension()), Some(f));
        }
        assert_eq!(Format::from_extension("svg"), None);
    }
}
