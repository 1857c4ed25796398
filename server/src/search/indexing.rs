//! Keeping the index current: the documents built from database rows (only what buyers may
//! find), the full build at start and every [`REBUILD_INTERVAL`], changes applied at once on
//! this node ([`SearchIndex::reindex_product`], [`SearchIndex::reindex_shop`]) and from the
//! `search_change` feed every node polls ([`SearchIndex::sync_changes`]).

use super::queries::{CacheKey, Hits};
use super::repo::{self, change_kind, ActivityRow, ProductDoc, ShopDoc};
use super::schema::{u, Engine, Engines, KIND_PRODUCT, KIND_SHOP, SHOP_KEY_BASE};
use super::{SearchError, SearchResult};
use crate::cache::TtlCache;
use crate::db::Db;
use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use tantivy::collector::TopDocs;
use tantivy::query::TermQuery;
use tantivy::schema::IndexRecordOption;
use tantivy::{TantivyDocument, Term};

/// How often every node polls the change feed: a change made through one node is found on
/// every other within this plus the reindex (the cluster promises 2 s; docs/decisions/0161).
pub const POLL_INTERVAL: Duration = Duration::from_millis(500);
/// How often a node rebuilds its whole index (catches anything the feed could not tell).
pub const REBUILD_INTERVAL: Duration = Duration::from_secs(3600);
/// Change rows older than this are pruned.
pub const CHANGE_RETENTION_MS: i64 = 3_600_000;
/// More pending changes than this trigger a full rebuild instead of piecewise updates.
pub const MAX_CHANGE_BATCH: i64 = 5_000;
/// Products read per database page while building.
const BUILD_PAGE: i64 = 5_000;
/// How long a suggestion answer is reused (the index's own lag is about [`POLL_INTERVAL`]).
pub const SUGGEST_CACHE_TTL: Duration = Duration::from_secs(10);
/// Most cached suggestion answers.
pub const SUGGEST_CACHE_ENTRIES: usize = 5_000;

/// The popularity factor of the relevance ranking: grows with the logarithm of sales and with
/// the shop's rating (tenths of a star, 0-50): `(1 + 0.15·log10(1 + sold)) × (0.6 + 0.4·rating/50)`.
pub fn popularity(sold: u64, rating_tenths: u64) -> f64 {
    let sales = 1.0 + 0.15 * (1.0 + sold as f64).log10();
    let rating = 0.6 + 0.4 * (rating_tenths.min(50) as f64 / 50.0);
    sales * rating
}

/// Only what buyers may find is indexed: products on shelf in online shops, online shops.
/// Anything else is deleted from the index when it changes, so queries need no such filter.
fn product_visible(p: &ProductDoc) -> bool {
    p.status == 1 && p.shop_status == 1
}

/// Only online shops are indexed.
fn shop_visible(s: &ShopDoc) -> bool {
    s.shop_status == 1
}

/// The documents of the index, built from database rows.
impl Engine {
    /// A product's document: its texts, its category and ancestors, the ranking and filter
    /// values, and the window of its flash sale or group buy.
    fn product_document(
        &self,
        p: &ProductDoc,
        parents: &HashMap<i64, i64>,
        activity: Option<ActivityRow>,
    ) -> TantivyDocument {
        let f = &self.f;
        let mut doc = TantivyDocument::default();
        doc.add_u64(f.key, u(p.prod_id));
        doc.add_u64(f.kind, KIND_PRODUCT);
        doc.add_u64(f.id, u(p.prod_id));
        for name in &p.name {
            doc.add_text(f.latin, name);
            doc.add_text(f.latin_prefix, name);
        }
        doc.add_text(f.cjk, &p.name[1]);
        doc.add_text(f.khmer, &p.name[2]);
        doc.add_text(f.brief_latin, &p.brief[0]);
        doc.add_text(f.brief_cjk, &p.brief[1]);
        doc.add_text(f.brief_khmer, &p.brief[2]);
        doc.add_text(f.name_en, &p.name[0]);
        doc.add_text(f.name_zh, &p.name[1]);
        doc.add_text(f.name_km, &p.name[2]);
        doc.add_text(f.pic, &p.pic);
        doc.add_u64(f.shop_id, u(p.shop_id));
        // The leaf and its ancestors: category ids are unique across levels.
        let mut category = p.category_id;
        for _ in 0..3 {
            if category <= 0 {
                break;
            }
            doc.add_u64(f.category, u(category));
            category = parents.get(&category).copied().unwrap_or(0);
        }
        doc.add_u64(f.price, u(p.price));
        doc.add_u64(f.sold, u(p.sold_num));
        doc.add_u64(f.rating, u(p.shop_rating));
        doc.add_f64(f.pop, popularity(u(p.sold_num), u(p.shop_rating)));
        doc.add_u64(f.fans, 0);
        doc.add_u64(f.status, u(p.status));
        doc.add_u64(f.prod_type, u(p.prod_type));
        doc.add_u64(f.shop_online, u64::from(p.shop_status == 1));
        doc.add_u64(f.shop_type, 0);
        doc.add_i64(f.created, p.created_at);
        let (start, end) = activity.map(|a| (a.start_time, a.end_time)).unwrap_or((0, 0));
        doc.add_i64(f.act_start, start);
        doc.add_i64(f.act_end, end);
        doc
    }

    /// A shop's document (its name in every text field: shop names are not translated).
    fn shop_document(&self, s: &ShopDoc) -> TantivyDocument {
        let f = &self.f;
        let mut doc = TantivyDocument::default();
        doc.add_u64(f.key, SHOP_KEY_BASE + u(s.shop_id));
        doc.add_u64(f.kind, KIND_SHOP);
        doc.add_u64(f.id, u(s.shop_id));
        doc.add_text(f.latin, &s.shop_name);
        doc.add_text(f.latin_prefix, &s.shop_name);
        doc.add_text(f.cjk, &s.shop_name);
        doc.add_text(f.khmer, &s.shop_name);
        for field in [f.name_en, f.name_zh, f.name_km] {
            doc.add_text(field, &s.shop_name);
        }
        doc.add_text(f.pic, &s.shop_logo);
        doc.add_u64(f.shop_id, u(s.shop_id));
        doc.add_u64(f.price, 0);
        doc.add_u64(f.sold, u(s.sold_num));
        doc.add_u64(f.rating, u(s.rating));
        doc.add_f64(f.pop, popularity(u(s.sold_num), u(s.rating)));
        doc.add_u64(f.fans, u(s.fans_count));
        doc.add_u64(f.status, u(s.shop_status));
        doc.add_u64(f.prod_type, 0);
        doc.add_u64(f.shop_online, u64::from(s.shop_status == 1));
        doc.add_u64(f.shop_type, u(s.kind));
        doc.add_i64(f.created, 0);
        doc.add_i64(f.act_start, 0);
        doc.add_i64(f.act_end, 0);
        doc
    }
}

/// What a full build did.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuildReport {
    pub products: usize,
    pub shops: usize,
    pub millis: u128,
}

/// What the clones of one [`SearchIndex`] share.
struct Inner {
    engines: RwLock<Arc<Engines>>,
    /// Recent suggestion-style searches (text and limit only), cleared on every commit; `None`
    /// when turned off (`MALL_SEARCH_SUGGEST_CACHE=0`, to measure the index alone).
    cache: Option<TtlCache<CacheKey, Hits>>,
    ready: AtomicBool,
    /// The last `search_change` id applied.
    cursor: AtomicI64,
    /// Serializes builds and change application.
    sync: tokio::sync::Mutex<()>,
}

/// The search index handle kept in [`AppState`](crate::AppState); cheap to clone.
#[derive(Clone)]
pub struct SearchIndex {
    inner: Arc<Inner>,
}

impl Default for SearchIndex {
    fn default() -> Self {
        Self::new(true)
    }
}

fn spawn_err(e: tokio::task::JoinError) -> SearchError {
    SearchError::Task(e.to_string())
}

impl SearchIndex {
    /// An empty index (answers nothing until [`rebuild`](Self::rebuild) has run), with or
    /// without the suggestion answer cache.
    pub fn new(suggest_cache: bool) -> Self {
        let engines = Engines::new().expect("an empty in-RAM index can always be created");
        Self {
            inner: Arc::new(Inner {
                engines: RwLock::new(Arc::new(engines)),
                cache: suggest_cache.then(|| TtlCache::new(SUGGEST_CACHE_TTL, SUGGEST_CACHE_ENTRIES)),
                ready: AtomicBool::new(false),
                cursor: AtomicI64::new(0),
                sync: tokio::sync::Mutex::new(()),
            }),
        }
    }

    /// Whether the first build has finished.
    pub fn is_ready(&self) -> bool {
        self.inner.ready.load(Ordering::Acquire)
    }

    /// The engines now in use (a rebuild swaps in new ones; readers keep the old until done).
    pub(super) fn engines(&self) -> Arc<Engines> {
        self.inner.engines.read().map(|e| e.clone()).unwrap_or_else(|poisoned| poisoned.into_inner().clone())
    }

    /// The suggestion answer cache, unless turned off.
    pub(super) fn suggest_cache(&self) -> Option<&TtlCache<CacheKey, Hits>> {
        self.inner.cache.as_ref()
    }

    fn clear_cache(&self) {
        if let Some(cache) = &self.inner.cache {
            cache.clear();
        }
    }

    /// Builds a fresh index from the database and swaps it in.
    pub async fn rebuild(&self, db: &Db) -> SearchResult<BuildReport> {
        let _guard = self.inner.sync.lock().await;
        self.rebuild_locked(db).await
    }

    async fn rebuild_locked(&self, db: &Db) -> SearchResult<BuildReport> {
        let started = Instant::now();
        // Changes after this id are applied by the next poll, so nothing slips between.
        let cursor = repo::last_change_id(db).await?;
        let engines = Arc::new(Engines::new()?);
        let parents = Arc::new(repo::category_parents(db).await?);
        let activities = Arc::new(repo::activities(db, None).await?);
        let now = db.now();
        let mut report = BuildReport::default();
        let mut after = 0;
        loop {
            let page = repo::product_docs_after(db, after, BUILD_PAGE).await?;
            let Some(last) = page.last() else { break };
            after = last.prod_id;
            let page: Vec<ProductDoc> = page.into_iter().filter(product_visible).collect();
            report.products += page.len();
            let (engines, parents, activities) = (engines.clone(), parents.clone(), activities.clone());
            tokio::task::spawn_blocking(move || {
                let docs = page
                    .iter()
                    .map(|p| {
                        let activity = activities
                            .get(&p.prod_id)
                            .and_then(|rows| repo::choose_activity(rows.iter(), p.prod_type, now));
                        engines.products.product_document(p, &parents, activity)
                    })
                    .collect();
                engines.products.add(docs, &[])
            })
            .await
            .map_err(spawn_err)??;
        }
        let shops: Vec<ShopDoc> = repo::shop_docs(db, None).await?.into_iter().filter(shop_visible).collect();
        report.shops = shops.len();
        let built = engines.clone();
        tokio::task::spawn_blocking(move || {
            let docs = shops.iter().map(|s| built.shops.shop_document(s)).collect();
            built.shops.add(docs, &[])?;
            built.shops.commit()?;
            built.products.commit()
        })
        .await
        .map_err(spawn_err)??;
        *self.inner.engines.write().unwrap_or_else(|p| p.into_inner()) = engines;
        self.clear_cache();
        self.inner.cursor.store(cursor, Ordering::Release);
        self.inner.ready.store(true, Ordering::Release);
        report.millis = started.elapsed().as_millis();
        tracing::info!(
            "search index built: {} products, {} shops in {} ms",
            report.products,
            report.shops,
            report.millis
        );
        Ok(report)
    }

    /// Re-reads product `id` from the database and updates it in this node's index now.
    pub async fn reindex_product(&self, db: &Db, id: i64) -> SearchResult<()> {
        self.reindex(db, &[id], &[]).await
    }

    /// Re-reads shop `id` and all its products and updates them in this node's index now.
    pub async fn reindex_shop(&self, db: &Db, id: i64) -> SearchResult<()> {
        self.reindex(db, &[], &[id]).await
    }

    /// The rating the index holds for shop `id` (indexed shops are online), if indexed.
    fn indexed_shop(&self, id: i64) -> Option<(u64, bool)> {
        let engines = self.engines();
        let searcher = engines.shops.reader.searcher();
        let query =
            TermQuery::new(Term::from_field_u64(engines.shops.f.key, SHOP_KEY_BASE + u(id)), IndexRecordOption::Basic);
        let (_, address) =
            searcher.search(&query, &TopDocs::with_limit(1).order_by_score()).ok()?.into_iter().next()?;
        let segment = searcher.segment_reader(address.segment_ord);
        let rating = segment.fast_fields().u64("rating").ok()?.first_or_default_col(0).get_val(address.doc_id);
        Some((rating, true))
    }

    async fn reindex(&self, db: &Db, product_ids: &[i64], shop_ids: &[i64]) -> SearchResult<()> {
        self.reindex_with(db, product_ids, shop_ids, true).await
    }

    /// Re-indexes products and shops. A shop's products carry its rating and online flag, so
    /// they are re-indexed with it; unless `always`, only when either changed (a new
    /// follower changes the shop alone).
    async fn reindex_with(&self, db: &Db, product_ids: &[i64], shop_ids: &[i64], always: bool) -> SearchResult<()> {
        let mut products: BTreeSet<i64> = product_ids.iter().copied().collect();
        let shop_rows = repo::shop_docs(db, Some(shop_ids)).await?;
        for shop in shop_ids {
            let current = shop_rows.iter().find(|s| s.shop_id == *shop).map(|s| (u(s.rating), s.shop_status == 1));
            if always || current.is_none() || current != self.indexed_shop(*shop) {
                products.extend(repo::product_ids_of_shop(db, *shop).await?);
            }
        }
        let products: Vec<i64> = products.into_iter().collect();
        let now = db.now();
        let parents = repo::category_parents(db).await?;
        let mut docs_p = Vec::new();
        for chunk in products.chunks(1_000) {
            let activities = repo::activities(db, Some(chunk)).await?;
            for p in repo::product_docs(db, chunk).await?.into_iter().filter(product_visible) {
                let activity =
                    activities.get(&p.prod_id).and_then(|rows| repo::choose_activity(rows.iter(), p.prod_type, now));
                docs_p.push((p, activity));
            }
        }
        let shops: Vec<ShopDoc> = shop_rows.into_iter().filter(shop_visible).collect();
        let engines = self.engines();
        let product_keys: Vec<u64> = products.iter().map(|id| u(*id)).collect();
        let shop_keys: Vec<u64> = shop_ids.iter().map(|id| SHOP_KEY_BASE + u(*id)).collect();
        tokio::task::spawn_blocking(move || {
            if !product_keys.is_empty() {
                let docs = docs_p.iter().map(|(p, a)| engines.products.product_document(p, &parents, *a)).collect();
                engines.products.add(docs, &product_keys)?;
                engines.products.commit()?;
            }
            if !shop_keys.is_empty() {
                let docs = shops.iter().map(|s| engines.shops.shop_document(s)).collect();
                engines.shops.add(docs, &shop_keys)?;
                engines.shops.commit()?;
            }
            Ok::<_, SearchError>(())
        })
        .await
        .map_err(spawn_err)??;
        self.clear_cache();
        Ok(())
    }

    /// Applies the changes noted in `search_change` since the last applied one. Returns how
    /// many change rows were read.
    pub async fn sync_changes(&self, db: &Db) -> SearchResult<usize> {
        let _guard = self.inner.sync.lock().await;
        let after = self.inner.cursor.load(Ordering::Acquire);
        let rows = repo::changes_after(db, after, MAX_CHANGE_BATCH + 1).await?;
        if rows.len() as i64 > MAX_CHANGE_BATCH {
            self.rebuild_locked(db).await?;
            return Ok(rows.len());
        }
        let Some(&(last, _, _)) = rows.last() else { return Ok(0) };
        let mut products = BTreeSet::new();
        let mut shops = BTreeSet::new();
        for (_, kind, id) in &rows {
            match *kind {
                change_kind::PRODUCT => products.insert(*id),
                change_kind::SHOP => shops.insert(*id),
                _ => false,
            };
        }
        let products: Vec<i64> = products.into_iter().collect();
        let shops: Vec<i64> = shops.into_iter().collect();
        self.reindex_with(db, &products, &shops, false).await?;
        self.inner.cursor.store(last, Ordering::Release);
        Ok(rows.len())
    }

    /// Builds the index in the background, then follows the change feed for as long as the
    /// process runs (poll, prune old change rows, periodic full rebuild).
    pub fn spawn_maintenance(&self, db: Db) -> tokio::task::JoinHandle<()> {
        let index = self.clone();
        tokio::spawn(async move {
            while let Err(e) = index.rebuild(&db).await {
                tracing::error!("search index build failed: {e}; retrying");
                tokio::time::sleep(Duration::from_secs(5)).await;
            }
            let mut last_rebuild = Instant::now();
            let mut last_prune = Instant::now();
            loop {
                tokio::time::sleep(POLL_INTERVAL).await;
                if let Err(e) = index.sync_changes(&db).await {
                    tracing::warn!("search index sync failed: {e}");
                }
                if last_prune.elapsed() > Duration::from_secs(600) {
                    last_prune = Instant::now();
                    if let Err(e) = repo::prune_changes(&db, db.now() - CHANGE_RETENTION_MS).await {
                        tracing::warn!("search change prune failed: {e}");
                    }
                }
                if last_rebuild.elapsed() > REBUILD_INTERVAL {
                    last_rebuild = Instant::now();
                    if let Err(e) = index.rebuild(&db).await {
                        tracing::warn!("search index rebuild failed: {e}");
                    }
                }
            }
        })
    }
}
