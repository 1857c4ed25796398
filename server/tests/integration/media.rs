//! Uploads and stored pictures on every backend: a real PNG and JPEG are accepted, stored once
//! under the hash of their content and served byte for byte with their content type, a year's
//! immutable caching, `nosniff` and a sandboxing policy; whatever is not a whole picture (text
//! named `.png`, a PNG cut short, HTML, SVG) or is too large (bytes for its kind, pixels) is
//! refused with `A00001` and stores nothing; guests get `A00004`; each buyer's uploads are
//! counted before anything is read, so a parallel burst takes no more than the hourly budget.

use crate::common;
use crate::pictures;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::TestApp;
use pictures::{png, upload, JPEG};
use std::path::{Path, PathBuf};
use tower::ServiceExt;

/// Runs `test` on every backend, each with its own media folder (a temporary one).
async fn with_media_apps(mut test: impl AsyncFnMut(&TestApp, &'static str, &Path)) {
    for app in common::empty_apps().await {
        let dir = tempfile::tempdir().expect("temp dir");
        let media: PathBuf = dir.path().join("media");
        let app = app.reconfigure(|c| c.media_dir = Some(media.display().to_string()));
        let what = app.label();
        test(&app, what, &media).await;
        app.finish().await;
    }
}

/// Files in the media folder (none when it does not exist yet).
fn stored_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// `GET path` from the site: status, headers, body bytes.
async fn fetch(app: &TestApp, path: &str) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let site = server::media::site_router(app.state.clone());
    let response = site.oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 16 << 20).await.unwrap().to_vec();
    (status, headers, bytes)
}

fn is_media_path(path: &str, ext: &str) -> bool {
    let Some(name) = path.strip_prefix("/media/") else { return false };
    let Some((hash, e)) = name.split_once('.') else { return false };
    hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()) && e == ext
}

#[tokio::test]
async fn a_real_png_and_jpeg_are_stored_and_served_as_they_are() {
    with_media_apps(async |app, what, dir| {
        let (_, token) = app.signed_in_user("uploader").await;
        let picture = png(40, 30, 1);
        let png_path =
            upload(app, &token, "", "holiday.PNG", "image/png", &picture).await.ok(what).as_str().unwrap().to_string();
        assert!(is_media_path(&png_path, "png"), "{what}: {png_path}");
        // The declared type and name are not what decides: a JPEG sent as "file.png".
        let jpg_path = upload(app, &token, "avatar", "file.png", "application/octet-stream", JPEG)
            .await
            .ok(what)
            .as_str()
            .unwrap()
            .to_string();
        assert!(is_media_path(&jpg_path, "jpg"), "{what}: {jpg_path}");

        for (path, bytes, content_type) in [(&png_path, &picture[..], "image/png"), (&jpg_path, JPEG, "image/jpeg")] {
            let (status, headers, body) = fetch(app, path).await;
            assert_eq!(status, StatusCode::OK, "{what}: {path}");
            assert_eq!(body, bytes, "{what}: the body is the upload, byte for byte");
            assert_eq!(headers["content-type"], content_type, "{what}");
            assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable", "{what}");
            assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
            assert!(headers["content-security-policy"].to_str().unwrap().contains("sandbox"), "{what}");
        }
        let stored = app.count("SELECT COUNT(*) FROM media_file").await;
        assert_eq!(stored, 2, "{what}");
        let (width, height): (i64, i64) =
            sqlx::query_as("SELECT width, height FROM media_file WHERE content_type = 'image/jpeg'")
                .fetch_one(&app.state.db.pool)
                .await
                .unwrap();
        assert_eq!((width, height), (64, 48), "{what}: the dimensions from the header");
        assert_eq!(stored_files(dir).len(), 2, "{what}");

        // The whole site serves them too, behind its own headers.
        let site = common::site(app);
        let (status, headers, _) = common::page(&site, &png_path, &[]).await;
        assert_eq!(status, 200, "{what}");
        assert_eq!(headers["content-type"], "image/png", "{what}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
    })
    .await;
}

#[tokio::test]
async fn the_same_picture_twice_has_the_same_path_and_is_stored_once() {
    with_media_apps(async |app, what, dir| {
        let (_, ann) = app.signed_in_user("ann").await;
        let (_, bo) = app.signed_in_user("bo").await;
        let picture = png(10, 10, 7);
        let first = upload(app, &ann, "image", "a.png", "image/png", &picture).await.ok(what).clone();
        let again = upload(app, &ann, "image", "b.png", "image/png", &picture).await.ok(what).clone();
        let other = upload(app, &bo, "avatar", "c.png", "image/png", &picture).await.ok(what).clone();
        assert_eq!(first, again, "{what}");
        assert_eq!(first, other, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM media_file").await, 1, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM media_upload").await, 2, "{what}: ann as image, bo as avatar");
        assert_eq!(stored_files(dir).len(), 1, "{what}");
        let different = upload(app, &ann, "image", "a.png", "image/png", &png(10, 10, 8)).await.ok(what).clone();
        assert_ne!(first, different, "{what}");
    })
    .await;
}

#[tokio::test]
async fn what_is_not_a_whole_picture_is_refused_and_nothing_is_stored() {
    with_media_apps(async |app, what, dir| {
        let (_, token) = app.signed_in_user("mallory").await;
        let picture = png(20, 20, 3);
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>"#;
        let html = b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>";
        let mut png_then_html = picture.clone();
        png_then_html.extend_from_slice(html);
        let mut gif_header_only = b"GIF89a\x0a\x00\x0a\x00\x00\x00\x00".to_vec();
        gif_header_only.extend_from_slice(b"<script>");
        let cases: Vec<(&str, &str, &str, Vec<u8>)> = vec![
            ("text named .png", "notes.png", "image/png", b"This is not a picture at all, only text.".to_vec()),
            ("truncated PNG", "cut.png", "image/png", picture[..picture.len() / 2].to_vec()),
            ("PNG without its end", "cut.png", "image/png", picture[..picture.len() - 12].to_vec()),
            ("PNG followed by HTML", "mixed.png", "image/png", png_then_html),
            ("truncated JPEG", "cut.jpg", "image/jpeg", JPEG[..JPEG.len() - 200].to_vec()),
            ("HTML", "page.html", "text/html", html.to_vec()),
            ("HTML named .jpg", "page.jpg", "image/jpeg", html.to_vec()),
            ("SVG", "logo.svg", "image/svg+xml", svg.to_vec()),
            ("SVG named .png", "logo.png", "image/png", svg.to_vec()),
            ("a GIF header and a script", "x.gif", "image/gif", gif_header_only),
            ("empty", "empty.png", "image/png", Vec::new()),
        ];
        for (case, name, content_type, bytes) in cases {
            let en = upload(app, &token, "image", name, content_type, &bytes).await.bad(&format!("{what}: {case}"));
            let zh = {
                let body = pictures::multipart(Some((name, content_type, &bytes)), &[]);
                let content = format!("multipart/form-data; boundary={}", pictures::BOUNDARY);
                let request = common::request(
                    "POST",
                    api::paths::FILE_UPLOAD,
                    &content,
                    body,
                    &[("authorization", token.as_str()), ("locale", "zh_CN")],
                );
                app.send(request).await.bad(&format!("{what}: {case}"))
            };
            assert_ne!(en, zh, "{what}: {case}: the message is translated");
        }
        assert_eq!(app.count("SELECT COUNT(*) FROM media_file").await, 0, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM media_upload").await, 0, "{what}");
        assert!(stored_files(dir).is_empty(), "{what}: {:?}", stored_files(dir));
    })
    .await;
}

#[tokio::test]
async fn too_many_bytes_for_the_kind_or_too_many_pixels_are_refused() {
    with_media_apps(async |app, what, dir| {
        let (_, token) = app.signed_in_user("big").await;
        // 900 × 800 RGB stored uncompressed: about 2.1 MB, over an avatar's 2 MB.
        let over_two = png(900, 800, 1);
        assert!(over_two.len() > 2 * 1024 * 1024 && over_two.len() < 3 * 1024 * 1024);
        let msg = upload(app, &token, "avatar", "me.png", "image/png", &over_two).await.bad(what);
        assert!(msg.contains('2'), "{what}: {msg}");
        // As an ordinary picture it is fine (10 MB).
        upload(app, &token, "image", "big.png", "image/png", &over_two).await.ok(what);
        // Over 10 MB is refused whatever the kind.
        let over_ten = png(2000, 1800, 2);
        assert!(over_ten.len() > 10 * 1024 * 1024);
        let msg = upload(app, &token, "image", "huge.png", "image/png", &over_ten).await.bad(what);
        assert!(msg.contains("10"), "{what}: {msg}");
        // Too wide or too tall by the header, whatever the bytes.
        upload(app, &token, "image", "wide.png", "image/png", &png(8001, 1, 3)).await.bad(what);
        upload(app, &token, "image", "tall.png", "image/png", &png(1, 8001, 3)).await.bad(what);
        upload(app, &token, "image", "edge.png", "image/png", &png(8000, 2, 3)).await.ok(what);
        // An unknown kind is bad input.
        upload(app, &token, "video", "a.png", "image/png", &png(2, 2, 1)).await.bad(what);
        assert_eq!(app.count("SELECT COUNT(*) FROM media_file").await, 2, "{what}");
        assert_eq!(stored_files(dir).len(), 2, "{what}");
    })
    .await;
}

#[tokio::test]
async fn malformed_requests_are_bad_input() {
    with_media_apps(async |app, what, _| {
        let (_, token) = app.signed_in_user("form").await;
        let auth = [("authorization", token.as_str())];
        let content = format!("multipart/form-data; boundary={}", pictures::BOUNDARY);
        // No file part.
        let body = pictures::multipart(None, &[("kind", "avatar")]);
        app.send(common::request("POST", api::paths::FILE_UPLOAD, &content, body, &auth)).await.bad(what);
        // JSON instead of multipart.
        app.send(common::request("POST", api::paths::FILE_UPLOAD, "application/json", "{}", &auth)).await.bad(what);
        // A broken multipart body.
        app.send(common::request("POST", api::paths::FILE_UPLOAD, &content, "--nothing--", &auth)).await.bad(what);
        // The kind as a form field works like the query.
        let body = pictures::multipart(Some(("me.jpg", "image/jpeg", JPEG)), &[("kind", "avatar")]);
        let path =
            app.send(common::request("POST", api::paths::FILE_UPLOAD, &content, body, &auth)).await.ok(what).clone();
        let name = path.as_str().unwrap().trim_start_matches("/media/");
        let kind: (String,) = sqlx::query_as("SELECT kind FROM media_upload WHERE name = $1")
            .bind(name)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
        assert_eq!(kind.0, "avatar", "{what}");
    })
    .await;
}

#[tokio::test]
async fn guests_are_told_to_sign_in() {
    with_media_apps(async |app, what, dir| {
        upload(app, "", "image", "a.png", "image/png", &png(4, 4, 1)).await.failed("A00004", what);
        upload(app, "not-a-session", "image", "a.png", "image/png", &png(4, 4, 1)).await.failed("A00004", what);
        assert!(stored_files(dir).is_empty(), "{what}");
    })
    .await;
}

#[tokio::test]
async fn unknown_names_and_paths_outside_the_folder_are_not_found() {
    with_media_apps(async |app, what, _| {
        let (_, token) = app.signed_in_user("reader").await;
        let path = upload(app, &token, "image", "a.png", "image/png", &png(4, 4, 9))
            .await
            .ok(what)
            .as_str()
            .unwrap()
            .to_string();
        let missing = format!("/media/{}.png", "0".repeat(64));
        let as_gif = path.replace(".png", ".gif");
        let upper = path.to_uppercase().replace("/MEDIA/", "/media/");
        for bad in [missing.as_str(), as_gif.as_str(), upper.as_str(), "/media/..%2Fmall.db", "/media/.hidden.png"] {
            let (status, headers, _) = fetch(app, bad).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{what}: {bad}");
            assert_eq!(headers["cache-control"], "no-store", "{what}: {bad}");
        }
    })
    .await;
}

#[tokio::test]
async fn each_try_counts_so_a_parallel_burst_takes_no_more_than_the_hourly_budget() {
    with_media_apps(async |app, what, _| {
        let (burst_user, token) = app.signed_in_user("burst").await;
        let budget = api::users::UPLOADS_PER_HOUR as usize;
        let picture = png(3, 3, 5);
        let content = format!("multipart/form-data; boundary={}", pictures::BOUNDARY);
        let tries = (0..budget + 10).map(|_| {
            let router = app.router();
            let body = pictures::multipart(Some(("a.png", "image/png", &picture)), &[]);
            let request =
                common::request("POST", api::paths::FILE_UPLOAD, &content, body, &[("authorization", token.as_str())]);
            async move {
                let response = router.oneshot(request).await.unwrap();
                let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
                serde_json::from_slice::<serde_json::Value>(&bytes).unwrap()["code"].as_str().unwrap().to_string()
            }
        });
        let codes = futures::future::join_all(tries).await;
        let accepted = codes.iter().filter(|c| *c == "00000").count();
        assert_eq!(accepted, budget, "{what}: {codes:?}");
        assert!(codes.iter().all(|c| c == "00000" || c == "A00001"), "{what}: {codes:?}");
        // An hour later there is a new budget (and a new session: the old one idled out).
        app.state.db.clock.advance(3_600_001);
        let token = server::accounts::sessions::create_session(&app.state.db, burst_user).await.unwrap();
        upload(app, &token, "image", "a.png", "image/png", &picture).await.ok(what);
    })
    .await;
}
