//! The shared cache of the pages' in-process API path: the pages' API client
//! (`app::api_client`) keeps there only answers the API marked the same for everyone
//! ([`crate::http::shared_answers::mark`]), decoded, keyed by path, query, language and the type
//! read, so the page still speaks the one contract, a page reusing an answer skips the router,
//! the handler and the JSON, and nothing that belongs to one buyer is ever kept.

use crate::cache::TtlCache;
use crate::http::shared_answers::MAX_AGE;
use app::api_client::{SharedAnswers, SharedKey};
use std::any::Any;
use std::sync::Arc;

/// The shared answers of the in-process path as the pages read them (see the module's
/// documentation): the decoded values, kept for [`MAX_AGE`]; only answers [`mark`](crate::http::shared_answers::mark) made public
/// are handed in.
pub struct SharedValues {
    values: TtlCache<SharedKey, Arc<dyn Any + Send + Sync>>,
}

impl Default for SharedValues {
    fn default() -> Self {
        Self { values: TtlCache::new(MAX_AGE, 2048) }
    }
}

impl SharedAnswers for SharedValues {
    fn get(&self, key: &SharedKey) -> Option<Arc<dyn Any + Send + Sync>> {
        self.values.get(key)
    }

    fn insert(&self, key: SharedKey, value: Arc<dyn Any + Send + Sync>) {
        self.values.insert(key, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{header, HeaderValue};
    use axum::response::Response;

    /// A router answering `/shared` as the API marks a shared answer and `/own` as it answers
    /// a buyer's, each counting its calls and answering its count.
    fn counting_api() -> (axum::Router, Arc<[std::sync::atomic::AtomicI64; 2]>) {
        use axum::routing::get;
        use std::sync::atomic::Ordering;
        let calls = Arc::new([std::sync::atomic::AtomicI64::new(0), std::sync::atomic::AtomicI64::new(0)]);
        let answer = |calls: Arc<[std::sync::atomic::AtomicI64; 2]>, which: usize, public: bool| {
            move || async move {
                let n = calls[which].fetch_add(1, Ordering::SeqCst) + 1;
                let body = format!(r#"{{"code":"00000","msg":null,"data":{n},"success":true}}"#);
                let mut response = Response::new(axum::body::Body::from(body));
                if public {
                    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=5"));
                }
                response
            }
        };
        let router = axum::Router::new()
            .route("/shared", get(answer(calls.clone(), 0, true)))
            .route("/own", get(answer(calls.clone(), 1, false)));
        (router, calls)
    }

    #[tokio::test]
    async fn pages_reuse_shared_answers_as_values_and_ask_again_for_everything_else() {
        use app::api_client::{ApiClient, ApiHost};
        use i18n::Lang;
        let (router, calls) = counting_api();
        let shared: Arc<dyn SharedAnswers> = Arc::new(SharedValues::default());
        let client = |lang| {
            ApiClient::new(
                ApiHost::InProcess { router: router.clone(), shared: Some(shared.clone()) },
                lang,
                None,
                None,
            )
        };
        let en = client(Lang::En);
        assert_eq!(en.get::<i64>("/shared", &[]).await, Ok(1));
        assert_eq!(en.get::<i64>("/shared", &[]).await, Ok(1), "reused");
        assert_eq!(client(Lang::Km).get::<i64>("/shared", &[]).await, Ok(2), "per language");
        assert_eq!(en.get::<i64>("/shared", &[("page", "2".into())]).await, Ok(3), "per query");
        assert_eq!(en.get::<i64>("/own", &[]).await, Ok(1));
        assert_eq!(en.get::<i64>("/own", &[]).await, Ok(2), "never kept");
        let counts: Vec<i64> = calls.iter().map(|c| c.load(std::sync::atomic::Ordering::SeqCst)).collect();
        assert_eq!(counts, [3, 2]);
    }
}
