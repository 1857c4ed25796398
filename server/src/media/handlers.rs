//! `POST /p/file/upload`: one picture from a signed-in buyer. The try is counted against the
//! buyer's hourly budget before the body is read; the body is read part by part and refused
//! as soon as it passes the largest size; the picture is judged by its bytes alone
//! ([`super::rules::check`]), then stored and recorded, and its path answered.

use crate::accounts::repo as limits;
use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::ApiQuery;
use crate::http::params::{invalid, missing};
use crate::media::{repo, rules, store};
use crate::state::AppState;
use api::users::{upload_kind, upload_max_bytes, FileUploadQuery, IMAGE_MAX_BYTES, UPLOADS_PER_HOUR};
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::extract::State;

const HOUR_MS: i64 = 3_600_000;

/// The size limit of a kind, in megabytes, for the message.
fn megabytes(bytes: u64) -> String {
    (bytes / (1024 * 1024)).to_string()
}

fn too_large(limit: u64) -> ApiError {
    ApiError::bad_with("error-upload-too-large", vec![("mb", megabytes(limit))])
}

fn broken(e: MultipartError) -> ApiError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        too_large(IMAGE_MAX_BYTES)
    } else {
        ApiError::bad("error-upload-malformed")
    }
}

/// The kind named by the query or a form field (default [`upload_kind::IMAGE`]).
fn kind_of(raw: Option<&str>) -> Result<&'static str, ApiError> {
    match raw.map(str::trim).filter(|k| !k.is_empty()) {
        None => Ok(upload_kind::IMAGE),
        Some(upload_kind::AVATAR) => Ok(upload_kind::AVATAR),
        Some(upload_kind::IMAGE) => Ok(upload_kind::IMAGE),
        Some(_) => Err(invalid("kind")),
    }
}

pub(super) async fn upload(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<FileUploadQuery>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<String> {
    // Counted first, whatever comes of it.
    let bucket = format!("upload:{}", user.user_id);
    if limits::take(&state.db, &bucket, HOUR_MS, UPLOADS_PER_HOUR as i64).await?.is_none() {
        return Err(ApiError::bad("error-upload-too-many"));
    }
    let mut kind = kind_of(query.kind.as_deref())?;
    let mut multipart = multipart.map_err(|_| ApiError::bad("error-upload-malformed"))?;
    let mut file: Option<Vec<u8>> = None;
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        match field.name() {
            Some("file") if file.is_none() => {
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(broken)? {
                    if (bytes.len() + chunk.len()) as u64 > IMAGE_MAX_BYTES {
                        return Err(too_large(upload_max_bytes(kind).unwrap_or(IMAGE_MAX_BYTES)));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                file = Some(bytes);
            }
            Some("file") => return Err(ApiError::bad("error-upload-one-file")),
            Some("kind") if query.kind.is_none() => {
                let text = field.text().await.map_err(broken)?;
                if text.len() > 16 {
                    return Err(invalid("kind"));
                }
                kind = kind_of(Some(&text))?;
            }
            // Other parts (a file name, a browser's extra fields) are read past.
            _ => while field.chunk().await.map_err(broken)?.is_some() {},
        }
    }
    let bytes = file.ok_or_else(|| missing("file"))?;
    if bytes.is_empty() {
        return Err(ApiError::bad("error-upload-empty"));
    }
    let limit = upload_max_bytes(kind).unwrap_or(IMAGE_MAX_BYTES);
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    let (picture, bytes, name) = tokio::task::spawn_blocking(move || {
        let checked = rules::check(&bytes);
        checked.map(|p| {
            let name = store::name_of(&bytes, p.format);
            (p, bytes, name)
        })
    })
    .await
    .map_err(|e| ApiError::Internal(format!("upload check: {e}")))?
    .map_err(|refusal| {
        if refusal == rules::Refusal::TooLarge {
            ApiError::bad_with("error-upload-dimensions", vec![("max", api::users::IMAGE_MAX_SIDE.to_string())])
        } else {
            ApiError::bad(refusal.key())
        }
    })?;
    store::save(&state.config.media_dir(), &name, &bytes)
        .await
        .map_err(|e| ApiError::Internal(format!("storing a picture: {e}")))?;
    let record = repo::NewFile {
        name: &name,
        content_type: picture.format.content_type(),
        width: picture.width as i64,
        height: picture.height as i64,
        byte_size: bytes.len() as i64,
    };
    repo::record_upload(&state.db, &record, user.user_id, kind).await?;
    ok(store::media_path(&name))
}
