//! Pictures and multipart bodies for the upload tests: a real PNG of any size (written here,
//! deflate's stored blocks), a real JPEG (made by a browser's canvas, `pictures/photo.jpg`), and the
//! multipart/form-data body a browser sends.

use crate::common::{self, Answer, TestApp};

/// A real 64 × 48 JPEG.
pub const JPEG: &[u8] = include_bytes!("pictures/photo.jpg");

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = if data.is_empty() { vec![&[][..]] } else { data.chunks(65_535).collect() };
    for (i, block) in blocks.iter().enumerate() {
        out.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in data {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

/// A real RGB PNG of `width` × `height`, its pixels a pattern seeded by `seed` (different
/// seeds give different files), stored uncompressed: about 3 bytes a pixel.
pub fn png(width: u32, height: u32, seed: u32) -> Vec<u8> {
    let mut raw = Vec::with_capacity(((width * 3 + 1) * height) as usize);
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    for _ in 0..height {
        // Each row: the filter type (none), then its pixels.
        let mut row = Vec::with_capacity((width * 3 + 1) as usize);
        row.push(0u8);
        for _ in 0..width * 3 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            row.push(x as u8);
        }
        raw.extend_from_slice(&row);
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"IDAT", &zlib_stored(&raw));
    chunk(&mut out, b"IEND", &[]);
    out
}

pub const BOUNDARY: &str = "----mallTestBoundary7MA4YWxkTrZu0gW";

/// A multipart body with a `file` part (`filename`, declared `content_type`) and more text
/// parts.
pub fn multipart(file: Option<(&str, &str, &[u8])>, fields: &[(&str, &str)]) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    if let Some((filename, content_type, bytes)) = file {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\nContent-Type: {content_type}\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// `POST /p/file/upload` of `bytes` as `filename` (declared `content_type`), `kind` in the
/// query (none when empty), with a session `token` (none when empty).
pub async fn upload(
    app: &TestApp,
    token: &str,
    kind: &str,
    filename: &str,
    content_type: &str,
    bytes: &[u8],
) -> Answer {
    let uri = if kind.is_empty() {
        api::paths::FILE_UPLOAD.to_string()
    } else {
        format!("{}?kind={kind}", api::paths::FILE_UPLOAD)
    };
    let mut headers = vec![];
    if !token.is_empty() {
        headers.push(("authorization", token));
    }
    let content = format!("multipart/form-data; boundary={BOUNDARY}");
    let body = multipart(Some((filename, content_type, bytes)), &[]);
    app.send(common::request("POST", &uri, &content, body, &headers)).await
}

/// Uploads `bytes` as an avatar and returns its path.
pub async fn avatar(app: &TestApp, token: &str, bytes: &[u8]) -> String {
    let answer = upload(app, token, "avatar", "me.png", "image/png", bytes).await;
    answer.ok("avatar upload").as_str().expect("a path").to_string()
}
