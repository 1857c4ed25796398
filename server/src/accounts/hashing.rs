//! Argon2id password hashing with bounded memory.
//!
//! Each Argon2 computation needs about 19 MiB of working memory. Left to the allocator, a flood
//! of sign-ins grows the process by hundreds of megabytes that are never returned (each blocking
//! thread gets its own arena). So at most [`workers`] computations run at once, each on a
//! working buffer taken from a pool and put back afterwards: the memory is allocated once and
//! reused. Requests wait for a turn at most [`MAX_WAIT`], and no more than [`MAX_WAITING`] wait
//! at all; the others are answered "too busy" at once.

use crate::refusal::DomainError;
use argon2::password_hash::{Output, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{LazyLock, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long a request waits for a free hashing worker before it is answered "too busy".
pub const MAX_WAIT: Duration = Duration::from_secs(2);
/// Requests allowed to wait for a worker at the same time.
pub const MAX_WAITING: usize = 64;

/// Concurrent computations: one per core.
pub fn workers() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)
}

struct Pool {
    turns: Semaphore,
    waiting: AtomicUsize,
    buffers: Mutex<Vec<Vec<Block>>>,
}

impl Pool {
    fn new() -> Self {
        Pool { turns: Semaphore::new(workers()), waiting: AtomicUsize::new(0), buffers: Mutex::new(Vec::new()) }
    }
}

static POOL: LazyLock<Pool> = LazyLock::new(Pool::new);

fn internal(e: impl std::fmt::Display) -> DomainError {
    DomainError::Internal(format!("password hashing: {e}"))
}

/// Leaves the waiting count when dropped (also when the request is cancelled).
struct Waiting<'a>(&'a Pool);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Runs `work` on a blocking thread with a pooled working buffer, once a worker is free.
async fn run<T: Send + 'static>(
    pool: &Pool,
    work: impl FnOnce(&mut Vec<Block>) -> T + Send + 'static,
) -> Result<T, DomainError> {
    // Count ourselves in before looking at the count, so a burst cannot overshoot it.
    let waiting = Waiting(pool);
    if pool.waiting.fetch_add(1, Ordering::AcqRel) >= MAX_WAITING {
        return Err(DomainError::Busy);
    }
    let turn =
        tokio::time::timeout(MAX_WAIT, pool.turns.acquire()).await.map_err(|_| DomainError::Busy)?.map_err(internal)?;
    drop(waiting);
    let mut buffer = pool.buffers.lock().map_err(internal)?.pop().unwrap_or_default();
    let (buffer, out) = tokio::task::spawn_blocking(move || {
        let out = work(&mut buffer);
        (buffer, out)
    })
    .await
    .map_err(internal)?;
    pool.buffers.lock().map_err(internal)?.push(buffer);
    drop(turn);
    Ok(out)
}

/// Computes Argon2 into `out` using (and growing, when needed) the pooled `buffer`.
fn compute(
    argon2: &Argon2<'_>,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
    buffer: &mut Vec<Block>,
) -> Result<(), argon2::Error> {
    let blocks = argon2.params().block_count();
    if buffer.len() < blocks {
        buffer.resize(blocks, Block::default());
    }
    argon2.hash_password_into_with_memory(password, salt, out, &mut buffer[..])
}

/// Argon2id with the crate's default parameters (m = 19 MiB, t = 2, p = 1), in PHC form.
pub async fn hash_password(password: String) -> Result<String, DomainError> {
    hash_in(&POOL, password).await
}

async fn hash_in(pool: &Pool, password: String) -> Result<String, DomainError> {
    run(pool, move |buffer| {
        let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).map_err(internal)?;
        let params = Params::default();
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        let mut salt_bytes = [0u8; 64];
        let salt_raw = salt.decode_b64(&mut salt_bytes).map_err(internal)?;
        let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
        compute(&argon2, password.as_bytes(), salt_raw, &mut out, buffer).map_err(internal)?;
        let hash = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: (&params).try_into().map_err(internal)?,
            salt: Some(salt.as_salt()),
            hash: Some(Output::new(&out).map_err(internal)?),
        };
        Ok(hash.to_string())
    })
    .await?
}

/// Checks a password against a stored PHC hash. With no hash, a dummy one is checked so that
/// unknown accounts take as long as known ones.
pub async fn verify_password(password: String, stored: Option<String>) -> Result<bool, DomainError> {
    verify_in(&POOL, password, stored).await
}

async fn verify_in(pool: &Pool, password: String, stored: Option<String>) -> Result<bool, DomainError> {
    let known = stored.is_some();
    let stored = match stored {
        Some(s) => s,
        None => dummy_hash(pool).await?,
    };
    let matches = run(pool, move |buffer| -> Result<bool, DomainError> {
        let parsed = PasswordHash::new(&stored).map_err(internal)?;
        let algorithm = Algorithm::try_from(parsed.algorithm).map_err(internal)?;
        let version = parsed.version.map(Version::try_from).transpose().map_err(internal)?.unwrap_or_default();
        let params = Params::try_from(&parsed).map_err(internal)?;
        let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
            return Err(internal("stored hash without salt or output"));
        };
        let mut salt_bytes = [0u8; 64];
        let salt_raw = salt.decode_b64(&mut salt_bytes).map_err(internal)?;
        let argon2 = Argon2::new(algorithm, version, params);
        let mut out = vec![0u8; expected.len()];
        compute(&argon2, password.as_bytes(), salt_raw, &mut out, buffer).map_err(internal)?;
        // `Output` compares in constant time.
        Ok(Output::new(&out).map_err(internal)? == expected)
    })
    .await??;
    Ok(known && matches)
}

/// A hash of a random password, made once, for unknown accounts.
async fn dummy_hash(pool: &Pool) -> Result<String, DomainError> {
    static DUMMY: OnceLock<String> = OnceLock::new();
    if let Some(hash) = DUMMY.get() {
        return Ok(hash.clone());
    }
    let hash = hash_in(pool, crate::accounts::random_hex()).await?;
    Ok(DUMMY.get_or_init(|| hash).clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::{PasswordHasher, PasswordVerifier};

    #[tokio::test]
    async fn hashes_verify_both_ways_with_the_crate() {
        let ours = hash_password("s3cret!pw".into()).await.unwrap();
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default().verify_password(b"s3cret!pw", &parsed).is_ok());
        assert!(Argon2::default().verify_password(b"other", &parsed).is_err());

        let salt = SaltString::encode_b64(b"0123456789abcdef").unwrap();
        let theirs = Argon2::default().hash_password(b"s3cret!pw", &salt).unwrap().to_string();
        assert!(verify_password("s3cret!pw".into(), Some(theirs.clone())).await.unwrap());
        assert!(!verify_password("wrong".into(), Some(theirs)).await.unwrap());
        assert!(!verify_password("s3cret!pw".into(), None).await.unwrap());
    }

    #[tokio::test]
    async fn a_flood_waits_or_is_turned_away_and_memory_stays_pooled() {
        // Its own pool, so the flood cannot turn away the other tests' hashing.
        static FLOOD: LazyLock<Pool> = LazyLock::new(Pool::new);
        let tasks: Vec<_> = (0..200).map(|i| tokio::spawn(verify_in(&FLOOD, format!("pw{i}"), None))).collect();
        let mut busy = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(valid) => assert!(!valid),
                Err(DomainError::Busy) => busy += 1,
                Err(e) => panic!("{e}"),
            }
        }
        assert!(busy > 0, "more than {MAX_WAITING} waiting are turned away");
        assert!(FLOOD.buffers.lock().unwrap().len() <= workers(), "one buffer per worker at most");
    }
}
