//! Opening a shop from the buyer centre (spec sections 1, 4 and 5): `GET /p/shop/apply/info`
//! (the buyer's latest application, `null` when none), `POST /p/shop/apply` (apply; again
//! after a rejection), `POST /p/shop/apply/storeAccount` (the sellers' centre's store account
//! and password, once, after approval). Every call is the signed-in buyer's own: no id of an
//! application is taken from the request, so nobody reads or changes another's.
//!
//! The field rules are `api::shop_apply`'s (the page checks the same); here each broken rule
//! becomes its translated message, and what only the server knows is checked: the category is
//! a shown top-level one, the pictures are the buyer's own uploads, the store account is free.
//! The review itself belongs to the sellers' centre; `server shop-review` stands in for it
//! (`application_repo::{approve, reject, take_offline}`).

use super::application_repo::{self as repo, AccountRefusal, ApplyRefusal};
use crate::accounts::hashing::hash_password;
use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, Locale};
use crate::state::AppState;
use api::account::CenterInfo;
use api::shop_apply::{
    account_problems, apply_problems, clean_apply, AccountProblem, ApplyProblem, ShopApplyInfo, ShopApplyParam,
    StoreAccountParam, INTRO_MAX_CHARS, INTRO_MIN_CHARS, QUALIFICATIONS_MAX, QUALIFICATIONS_MIN,
    SHOP_ADDRESS_MAX_CHARS, SHOP_ADDRESS_MIN_CHARS, SHOP_NAME_MAX_CHARS, STORE_ACCOUNT_MAX_CHARS,
    STORE_ACCOUNT_MIN_CHARS, STORE_PASSWORD_MAX_CHARS, STORE_PASSWORD_MIN_CHARS, TEL_MAX_DIGITS, TEL_MIN_DIGITS,
};
use axum::extract::State;

/// Most characters of a stored picture's path.
const PICTURE_MAX_CHARS: usize = 300;

/// The translated error of a broken application rule (each field has its own message).
pub fn apply_error(problem: ApplyProblem) -> ApiError {
    match problem {
        ApplyProblem::ShopName => {
            ApiError::bad_with("error-shop-apply-name", vec![("max", SHOP_NAME_MAX_CHARS.to_string())])
        }
        ApplyProblem::Intro => ApiError::bad_with(
            "error-shop-apply-intro",
            vec![("min", INTRO_MIN_CHARS.to_string()), ("max", INTRO_MAX_CHARS.to_string())],
        ),
        ApplyProblem::ShopAddress => ApiError::bad_with(
            "error-shop-apply-address",
            vec![("min", SHOP_ADDRESS_MIN_CHARS.to_string()), ("max", SHOP_ADDRESS_MAX_CHARS.to_string())],
        ),
        ApplyProblem::Tel => ApiError::bad_with(
            "error-shop-apply-tel",
            vec![("min", TEL_MIN_DIGITS.to_string()), ("max", TEL_MAX_DIGITS.to_string())],
        ),
        ApplyProblem::Category => ApiError::bad("error-shop-apply-category"),
        ApplyProblem::Qualifications => ApiError::bad_with(
            "error-shop-apply-pictures",
            vec![("min", QUALIFICATIONS_MIN.to_string()), ("max", QUALIFICATIONS_MAX.to_string())],
        ),
    }
}

/// The translated error of a broken store account rule.
pub fn account_error(problem: AccountProblem) -> ApiError {
    match problem {
        AccountProblem::Account => ApiError::bad_with(
            "error-store-account",
            vec![("min", STORE_ACCOUNT_MIN_CHARS.to_string()), ("max", STORE_ACCOUNT_MAX_CHARS.to_string())],
        ),
        AccountProblem::Password => ApiError::bad_with(
            "error-store-password",
            vec![("min", STORE_PASSWORD_MIN_CHARS.to_string()), ("max", STORE_PASSWORD_MAX_CHARS.to_string())],
        ),
    }
}

/// Whether `path` names a picture this site stores: a site-relative `/media/` path of plain
/// characters (no scheme, no other host, no way out of the folder).
pub fn stored_picture(path: &str) -> bool {
    path.len() <= PICTURE_MAX_CHARS
        && path.starts_with("/media/")
        && !path.contains("..")
        && !path.contains("//")
        && path.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'-' | b'_'))
}

/// Whether every picture is one this buyer uploaded (`POST /p/file/upload`, kind `image`): a
/// picture of someone else's, or a path that is not an upload, is refused.
async fn own_pictures(state: &AppState, user_id: i64, pictures: &[String]) -> Result<bool, ApiError> {
    for path in pictures {
        let Some(name) = path.strip_prefix("/media/").filter(|_| stored_picture(path)) else { return Ok(false) };
        if !crate::media::repo::uploaded_by(&state.db, name, user_id, api::users::upload_kind::IMAGE).await? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The buyer's latest application, answered after each write.
async fn answer(state: &AppState, user_id: i64, lang: i18n::Lang) -> ApiResult<ShopApplyInfo> {
    match repo::latest(&state.db, user_id, lang).await? {
        Some(info) => ok(info),
        None => Err(ApiError::Internal("the application just written is gone".into())),
    }
}

/// `GET /p/user/centerInfo`: the buyer's shop or shop application, in the my-shop link's codes
/// (`api::shop_apply::my_shop_status`). The shops' (accounts sit below them).
pub(super) async fn center_info(user: AuthUser, State(state): State<AppState>) -> ApiResult<CenterInfo> {
    let (shop_status, shop_id) = repo::center_info(&state.db, user.user_id).await?;
    ok(CenterInfo { shop_status, shop_id })
}

/// `GET /p/shop/apply/info`: the buyer's latest application, `null` when they never applied.
pub(super) async fn info(
    user: AuthUser,
    Locale(lang): Locale,
    State(state): State<AppState>,
) -> ApiResult<Option<ShopApplyInfo>> {
    ok(repo::latest(&state.db, user.user_id, lang).await?)
}

/// `POST /p/shop/apply`: applies to open a shop. Refused while an application waits for review
/// or once the buyer runs a shop; after a rejection the buyer applies again.
pub(super) async fn apply(
    user: AuthUser,
    Locale(lang): Locale,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<ShopApplyParam>,
) -> ApiResult<ShopApplyInfo> {
    if let Some(problem) = apply_problems(&param).first() {
        return Err(apply_error(*problem));
    }
    let fields = clean_apply(&param);
    if !own_pictures(&state, user.user_id, &fields.qualifications).await? {
        return Err(apply_error(ApplyProblem::Qualifications));
    }
    if !repo::top_category_exists(&state.db, fields.category_id).await? {
        return Err(apply_error(ApplyProblem::Category));
    }
    match repo::submit(&state.db, user.user_id, &fields).await? {
        Ok(_) => answer(&state, user.user_id, lang).await,
        Err(ApplyRefusal::UnderReview) => Err(ApiError::bad("error-shop-apply-under-review")),
        Err(ApplyRefusal::HasShop) => Err(ApiError::bad("error-shop-apply-has-shop")),
    }
}

/// `POST /p/shop/apply/storeAccount`: the store account and password of the sellers' centre,
/// set once for the buyer's approved application (the password hashed with Argon2id).
pub(super) async fn store_account(
    user: AuthUser,
    Locale(lang): Locale,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<StoreAccountParam>,
) -> ApiResult<ShopApplyInfo> {
    if let Some(problem) = account_problems(&param).first() {
        return Err(account_error(*problem));
    }
    // Cheap refusals first, so a taken account or a wrong state costs no hashing.
    let latest = repo::latest(&state.db, user.user_id, lang).await?;
    match latest {
        Some(info) if info.status == api::shop_apply::apply_status::APPROVED => {
            if info.store_account.is_some() {
                return Err(ApiError::bad("error-store-account-set"));
            }
        }
        _ => return Err(ApiError::bad("error-store-account-not-approved")),
    }
    if repo::store_account_taken(&state.db, &param.store_account).await? {
        return Err(ApiError::bad("error-store-account-taken"));
    }
    let hash = hash_password(param.store_password.clone()).await?;
    match repo::set_store_account(&state.db, user.user_id, &param.store_account, &hash).await? {
        Ok(()) => answer(&state, user.user_id, lang).await,
        Err(AccountRefusal::NotApproved) => Err(ApiError::bad("error-store-account-not-approved")),
        Err(AccountRefusal::AlreadySet) => Err(ApiError::bad("error-store-account-set")),
        Err(AccountRefusal::Taken) => Err(ApiError::bad("error-store-account-taken")),
    }
}

#[cfg(test)]
mod tests {
    use super::stored_picture;

    #[test]
    fn pictures_are_this_sites_media_paths() {
        for ok in ["/media/uploads/3f/ab12.png", "/media/a_b-c.jpg"] {
            assert!(stored_picture(ok), "{ok}");
        }
        for bad in [
            "",
            "https://evil.example/a.png",
            "//evil.example/a.png",
            "/media/../data/mall.db",
            "/static/logo.svg",
            "/media/a b.png",
            "/media/a.png?x=1",
            "javascript:alert(1)",
            &format!("/media/{}", "a".repeat(300)),
        ] {
            assert!(!stored_picture(bad), "{bad}");
        }
    }
}
