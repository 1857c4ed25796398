//! The accounts' budgets, kept in the database: checking a one-time code, the send budget of
//! codes, the sign-in attempts of an identifier and an address, and the per-address limits of
//! anonymous calls. Each counts the attempt before it looks at it, so a parallel burst passes
//! no limit. Re-exported by [`crate::accounts`].

use super::repo;
use super::rules::*;
use crate::db::Db;
use crate::refusal::DomainError;

/// Checks a sent code: right identifier and purpose, newest, unexpired, unused, fewer than 5
/// tries. The sign-in attempt and the code's try are both counted before the code is looked
/// at, so a burst of guesses cannot check more than the limits allow; a right code is used up
/// and gives the attempt back.
pub async fn verify_code(
    db: &Db,
    id: &Identifier,
    purpose: Purpose,
    code: &str,
    addr: &str,
) -> Result<(), DomainError> {
    let code = code.trim();
    if code.is_empty() {
        return Err(DomainError::refused("error-code-empty"));
    }
    take_sign_in_attempt(db, id, addr).await?;
    let row = repo::latest_code(db, id.value(), purpose.as_str()).await?.filter(|row| row.used_at.is_none());
    let Some(row) = row.filter(|row| row.expires_at > db.now()) else {
        // Nothing was checked: the attempt is given back.
        give_back_sign_in_attempt(db, id, addr).await?;
        return Err(DomainError::refused("error-code-invalid"));
    };
    let Some(tries) = repo::take_code_attempt(db, row.code_id, CODE_MAX_ATTEMPTS).await? else {
        give_back_sign_in_attempt(db, id, addr).await?;
        return Err(DomainError::refused("error-code-too-many-tries"));
    };
    if !(code.len() == 6 && code_matches(&row.code_hash, id.value(), purpose, code)) {
        return Err(DomainError::refused(if tries >= CODE_MAX_ATTEMPTS {
            "error-code-too-many-tries"
        } else {
            "error-code-wrong"
        }));
    }
    if !repo::use_code(db, row.code_id).await? {
        return Err(DomainError::refused("error-code-invalid"));
    }
    sign_in_succeeded(db, id, addr).await
}

/// Takes the hourly sends of an address, then the resend interval and the hourly sends of an
/// identifier (known or not), before anything is created; refuses when any is used up. The
/// address comes first: a send it refuses leaves no counter behind for the identifier (which
/// the caller chooses), so a flood from one address writes a bounded number of rows.
pub async fn take_send_budget(db: &Db, id: &Identifier, purpose: Purpose, addr: &str) -> Result<(), DomainError> {
    let by_addr = format!("code-send-addr:{}", budget_addr(addr));
    if repo::take(db, &by_addr, HOUR_MILLIS, CODES_PER_ADDRESS_HOUR).await?.is_none() {
        return Err(DomainError::refused("error-code-too-many-sends"));
    }
    let resend = format!("code-resend:{}:{}", purpose.as_str(), id.value());
    if repo::take(db, &resend, CODE_RESEND_MILLIS, 1).await?.is_none() {
        let (_, ends) = repo::peek(db, &resend, CODE_RESEND_MILLIS).await?;
        let seconds = (((ends - db.now()).max(0) + 999) / 1000).max(1).to_string();
        return Err(DomainError::refused_with("error-code-resend-wait", vec![("seconds", seconds)]));
    }
    let by_id = repo::take(db, &format!("code-send:{}", id.value()), HOUR_MILLIS, CODES_PER_IDENTIFIER_HOUR).await?;
    if by_id.is_none() {
        return Err(DomainError::refused("error-code-too-many-sends"));
    }
    Ok(())
}

/// Creates a code and queues its message (the budget was taken by [`take_send_budget`]).
pub async fn issue_code(
    db: &Db,
    id: &Identifier,
    purpose: Purpose,
    addr: &str,
    lang: i18n::Lang,
) -> Result<(), DomainError> {
    let now = db.now();
    let (code, stored) = new_code(id.value(), purpose);
    repo::insert_code(db, id.value(), purpose.as_str(), &stored, now + CODE_TTL_MILLIS, addr).await?;
    let minutes = (CODE_TTL_MILLIS / 60_000).to_string();
    let args = [("code", code.as_str()), ("minutes", minutes.as_str())];
    let subject = i18n::t(lang, "mail-code-subject");
    let body_key = match (purpose, id.is_mail()) {
        (Purpose::Reset, true) => "mail-code-reset-body",
        (_, true) => "mail-code-body",
        (Purpose::Reset, false) => "sms-code-reset-body",
        (_, false) => "sms-code-body",
    };
    let body = i18n::t_args(lang, body_key, &args);
    let subject = if id.is_mail() { subject } else { String::new() };
    repo::enqueue(db, id.channel(), id.value(), &subject, &body).await?;
    Ok(())
}

// ---------------------------------------------------------------- sign-in attempts

fn id_bucket(id: &Identifier) -> String {
    format!("login-fail:{}", id.value())
}

fn addr_bucket(addr: &str) -> String {
    format!("login-fail-addr:{}", budget_addr(addr))
}

/// Takes one sign-in attempt (password or code) of the address's and then the identifier's
/// budget before anything is verified, and refuses once either is used up. A successful
/// sign-in gives it back ([`sign_in_succeeded`]), so the budgets count failures. An attempt
/// the address's budget refuses leaves no counter behind for its identifier (which the caller
/// chooses), so a flood of made-up accounts writes a bounded number of rows.
pub async fn take_sign_in_attempt(db: &Db, id: &Identifier, addr: &str) -> Result<(), DomainError> {
    let by_id = id_bucket(id);
    let by_addr = addr_bucket(addr);
    let refused = if repo::take(db, &by_addr, LOGIN_WINDOW_MILLIS, LOGIN_FAILURES_PER_ADDRESS).await?.is_none() {
        Some(by_addr)
    } else if repo::take(db, &by_id, LOGIN_WINDOW_MILLIS, LOGIN_FAILURES_PER_IDENTIFIER).await?.is_none() {
        Some(by_id)
    } else {
        None
    };
    match refused {
        Some(bucket) => {
            let (_, ends) = repo::peek(db, &bucket, LOGIN_WINDOW_MILLIS).await?;
            let minutes = ((ends - db.now()).max(0) + 59_999) / 60_000;
            Err(DomainError::refused_with("error-too-many-failures", vec![("minutes", minutes.max(1).to_string())]))
        }
        None => Ok(()),
    }
}

/// A successful sign-in forgets the failures of its identifier and gives the address its
/// attempt back.
pub async fn sign_in_succeeded(db: &Db, id: &Identifier, addr: &str) -> Result<(), DomainError> {
    repo::clear(db, &id_bucket(id)).await?;
    repo::give_back(db, &addr_bucket(addr)).await?;
    Ok(())
}

/// Gives back an attempt that checked nothing (the code was missing, used, expired or dead).
async fn give_back_sign_in_attempt(db: &Db, id: &Identifier, addr: &str) -> Result<(), DomainError> {
    repo::give_back(db, &id_bucket(id)).await?;
    repo::give_back(db, &addr_bucket(addr)).await?;
    Ok(())
}

/// Counts one hit of `kind` from an address and refuses past `limit` in `window_millis`.
pub async fn limit_address(db: &Db, kind: &str, addr: &str, limit: i64, window_millis: i64) -> Result<(), DomainError> {
    if repo::take(db, &format!("{kind}:{}", budget_addr(addr)), window_millis, limit).await?.is_none() {
        return Err(DomainError::refused("error-too-many-requests"));
    }
    Ok(())
}

/// Counts a call that tells (or could tell) whether an account exists against the address's
/// budget of such calls ([`CHECKS_PER_ADDRESS`] in [`CHECK_WINDOW_MILLIS`]), which the
/// accounts' calls and the binding of an e-mail or a phone share.
pub async fn limit_account_lookups(db: &Db, addr: &str) -> Result<(), DomainError> {
    limit_address(db, "check-user", addr, CHECKS_PER_ADDRESS, CHECK_WINDOW_MILLIS).await
}
