//! The embedded full-text index (tantivy, in RAM) over products and shops in English, Chinese
//! and Khmer, built from the database at start and kept current from the `search_change` feed.
//!
//! - **Documents.** One per product (names and briefs in the three languages, the three category
//!   levels, price, sales, its shop's rating and online flag, status, type, the window of its
//!   flash sale or group buy, listing time) and one per shop (name, logo, followers, sales,
//!   rating, status, type). Tokenizers: [`tokenize`].
//! - **Queries.** Latin words match exactly, as a prefix (as-you-type) and within a Levenshtein
//!   distance of 1 (4-7 letters) or 2 (8 or more) for typos; Chinese and Khmer runs match as
//!   substrings through their n-grams. Every word or run must match.
//! - **Ranking.** Text relevance times a popularity factor from sales and shop rating
//!   ([`popularity`]); other sorts (price, sales, newest) use relevance as the tie-break.
//! - **Freshness.** [`SearchIndex::reindex_product`] / [`SearchIndex::reindex_shop`] apply a
//!   change at once on this node; database triggers note every change of products, shops and
//!   activities in `search_change`, which every node polls every [`POLL_INTERVAL`]
//!   ([`SearchIndex::sync_changes`]), so all nodes of a PostgreSQL deployment converge within
//!   about one interval. A full rebuild runs every [`REBUILD_INTERVAL`] as a safety net.

use super::tokenize::Script;
use crate::cache::TtlCache;
use crate::db::Db;
use crate::search::repo::{self as repo, change_kind, ActivityRow, ProductDoc, ShopDoc};
use i18n::Lang;
use std::collections::{BTreeSet, HashMap};
use std::ops::Bound;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, FuzzyTermQuery, Occur, Query as TantivyQuery, RangeQuery,
    TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, FAST, INDEXED, STORED};
use tantivy::{DocAddress, Index, IndexReader, IndexWriter, ReloadPolicy, SegmentReader, TantivyDocument, Term};

/// How often every node polls the change feed.
pub const POLL_INTERVAL: Duration = Duration::from_secs(2);
/// How often a node rebuilds its whole index (catches anything the feed could not tell).
pub const REBUILD_INTERVAL: Duration = Duration::from_secs(3600);
/// Change rows older than this are pruned.
pub const CHANGE_RETENTION_MS: i64 = 3_600_000;
/// More pending changes than this trigger a full rebuild instead of piecewise updates.
pub const MAX_CHANGE_BATCH: i64 = 5_000;
/// Products read per database page while building.
const BUILD_PAGE: i64 = 5_000;
/// Memory budget of the index writer.
const WRITER_BUDGET: usize = 50_000_000;
/// How long a suggestion answer is reused (the index's own lag is about [`POLL_INTERVAL`]).
pub const SUGGEST_CACHE_TTL: Duration = Duration::from_secs(10);
/// Most cached suggestion answers.
pub const SUGGEST_CACHE_ENTRIES: usize = 5_000;
/// Deepest result reachable by paging (offset + size).
pub const MAX_WINDOW: usize = 10_000;

const KIND_PRODUCT: u64 = 0;
const KIND_SHOP: u64 = 1;
const SHOP_KEY_BASE: u64 = 1 << 40;

/// Errors of the index (logged by callers; the API answers `A00005`).
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("index: {0}")]
    Index(#[from] tantivy::TantivyError),
    #[error("index task: {0}")]
    Task(String),
}

pub type SearchResult<T> = Result<T, SearchError>;

/// The popularity factor of the relevance ranking: grows with the logarithm of sales and with
/// the shop's rating (tenths of a star, 0-50): `(1 + 0.15·log10(1 + sold)) × (0.6 + 0.4·rating/50)`.
pub fn popularity(sold: u64, rating_tenths: u64) -> f64 {
    let sales = 1.0 + 0.15 * (1.0 + sold as f64).log10();
    let rating = 0.6 + 0.4 * (rating_tenths.min(50) as f64 / 50.0);
    sales * rating
}

/// The schema's fields.
#[derive(Clone, Copy)]
struct Fields {
    key: Field,
    kind: Field,
    id: Field,
    latin: Field,
    latin_prefix: Field,
    cjk: Field,
    khmer: Field,
    brief_latin: Field,
    brief_cjk: Field,
    brief_khmer: Field,
    name_en: Field,
    name_zh: Field,
    name_km: Field,
    pic: Field,
    shop_id: Field,
    category: Field,
    price: Field,
    sold: Field,
    rating: Field,
    /// [`popularity`], computed when indexing.
    pop: Field,
    fans: Field,
    status: Field,
    prod_type: Field,
    shop_online: Field,
    shop_type: Field,
    created: Field,
    act_start: Field,
    act_end: Field,
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = |tokenizer: &str| {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default().set_tokenizer(tokenizer).set_index_option(IndexRecordOption::WithFreqs),
        )
    };
    let fields = Fields {
        key: b.add_u64_field("key", INDEXED),
        kind: b.add_u64_field("kind", INDEXED | FAST),
        id: b.add_u64_field("id", FAST),
        latin: b.add_text_field("latin", text(super::tokenize::LATIN)),
        latin_prefix: b.add_text_field(
            "latin_prefix",
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(super::tokenize::LATIN_PREFIX)
                    .set_index_option(IndexRecordOption::Basic)
                    .set_fieldnorms(false),
            ),
        ),
        cjk: b.add_text_field("cjk", text(super::tokenize::CJK)),
        khmer: b.add_text_field("khmer", text(super::tokenize::KHMER)),
        brief_latin: b.add_text_field("brief_latin", text(super::tokenize::LATIN)),
        brief_cjk: b.add_text_field("brief_cjk", text(super::tokenize::CJK)),
        brief_khmer: b.add_text_field("brief_khmer", text(super::tokenize::KHMER)),
        name_en: b.add_text_field("name_en", STORED),
        name_zh: b.add_text_field("name_zh", STORED),
        name_km: b.add_text_field("name_km", STORED),
        pic: b.add_text_field("pic", STORED),
        shop_id: b.add_u64_field("shop_id", INDEXED | FAST),
        category: b.add_u64_field("category", INDEXED),
        price: b.add_u64_field("price", FAST),
        sold: b.add_u64_field("sold", FAST),
        rating: b.add_u64_field("rating", FAST),
        pop: b.add_f64_field("pop", FAST),
        fans: b.add_u64_field("fans", FAST),
        status: b.add_u64_field("status", INDEXED),
        prod_type: b.add_u64_field("prod_type", INDEXED),
        shop_online: b.add_u64_field("shop_online", INDEXED),
        shop_type: b.add_u64_field("shop_type", INDEXED),
        created: b.add_i64_field("created", FAST),
        act_start: b.add_i64_field("act_start", INDEXED | FAST),
        act_end: b.add_i64_field("act_end", INDEXED | FAST),
    };
    (b.build(), fields)
}

/// Only what buyers may find is indexed: products on shelf in online shops, online shops.
/// Anything else is deleted from the index when it changes, so queries need no such filter.
fn product_visible(p: &ProductDoc) -> bool {
    p.status == 1 && p.shop_status == 1
}

fn shop_visible(s: &ShopDoc) -> bool {
    s.shop_status == 1
}

fn u(v: i64) -> u64 {
    v.max(0) as u64
}

/// One in-RAM index with its writer and reader.
struct Engine {
    reader: IndexReader,
    writer: Mutex<IndexWriter>,
    f: Fields,
}

impl Engine {
    fn new() -> SearchResult<Self> {
        let (schema, f) = schema();
        let index = Index::create_in_ram(schema);
        index.tokenizers().register(super::tokenize::LATIN, super::tokenize::analyzer(Script::Latin));
        index.tokenizers().register(super::tokenize::LATIN_PREFIX, super::tokenize::analyzer(Script::LatinPrefix));
        index.tokenizers().register(super::tokenize::CJK, super::tokenize::analyzer(Script::Cjk));
        index.tokenizers().register(super::tokenize::KHMER, super::tokenize::analyzer(Script::Khmer));
        let writer = index.writer_with_num_threads(1, WRITER_BUDGET)?;
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        Ok(Self { reader, writer: Mutex::new(writer), f })
    }

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

    fn add(&self, docs: Vec<TantivyDocument>, delete_keys: &[u64]) -> SearchResult<()> {
        let writer = self.writer.lock().map_err(|_| SearchError::Task("writer lock poisoned".into()))?;
        for key in delete_keys {
            writer.delete_term(Term::from_field_u64(self.f.key, *key));
        }
        for doc in docs {
            writer.add_document(doc)?;
        }
        Ok(())
    }

    fn commit(&self) -> SearchResult<()> {
        let mut writer = self.writer.lock().map_err(|_| SearchError::Task("writer lock poisoned".into()))?;
        writer.commit()?;
        drop(writer);
        self.reader.reload()?;
        Ok(())
    }
}

/// The product index and the (much smaller) shop index: a shop search never walks products.
struct Engines {
    products: Engine,
    shops: Engine,
}

impl Engines {
    fn new() -> SearchResult<Self> {
        Ok(Self { products: Engine::new()?, shops: Engine::new()? })
    }

    fn get(&self, shops: bool) -> &Engine {
        if shops {
            &self.shops
        } else {
            &self.products
        }
    }
}

/// What a product or shop search asks for.
#[derive(Debug, Clone, Default)]
pub struct SearchQuery {
    /// The typed text; `None` or blank lists everything that passes the filters.
    pub text: Option<String>,
    /// Shops instead of products.
    pub shops: bool,
    pub shop_id: Option<i64>,
    /// A category id of any level.
    pub category_ids: Vec<i64>,
    /// 0 normal, 1 flash sale, 2 group buy.
    pub prod_type: Option<i64>,
    /// Only products whose flash sale or group buy runs at this moment (Unix milliseconds).
    pub active_at: Option<i64>,
    /// Shops only: 0 general, 1 preferred.
    pub shop_type: Option<i64>,
    /// Match the briefs too (lower weight).
    pub with_brief: bool,
    pub sort: Sort,
    pub offset: usize,
    pub limit: usize,
}

/// Result orders.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Sort {
    /// Text relevance × popularity (popularity alone without text).
    #[default]
    Relevance,
    PriceAsc,
    PriceDesc,
    /// Most sold first.
    Sold,
    /// Newest first.
    Newest,
}

/// One hit: id and what suggestions show without a database round trip.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hit {
    pub id: i64,
    pub names: [String; 3],
    pub pic: String,
    pub price: i64,
    pub sold: i64,
    pub fans: i64,
}

impl Hit {
    /// The name in `lang`.
    pub fn name(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.names[0],
            Lang::ZhCn => &self.names[1],
            Lang::Km => &self.names[2],
        }
    }
}

/// A page of hits and the number of matches.
#[derive(Debug, Clone, Default)]
pub struct Hits {
    pub hits: Vec<Hit>,
    pub total: usize,
}

/// What a full build did.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuildReport {
    pub products: usize,
    pub shops: usize,
    pub millis: u128,
}

/// A cached suggestion search: (shops, limit, lower-cased text).
type CacheKey = (bool, usize, String);

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

    fn engines(&self) -> Arc<Engines> {
        self.inner.engines.read().map(|e| e.clone()).unwrap_or_else(|poisoned| poisoned.into_inner().clone())
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

    /// A suggestion-style search (text only, first `limit` hits by relevance), answered from a
    /// short-lived cache when the same text was asked for recently. The cache is cleared on
    /// every change of the index, so it never shows older data than the index itself.
    pub fn suggest(&self, text: &str, limit: usize, shops: bool) -> SearchResult<Hits> {
        let key = (shops, limit, text.trim().to_lowercase());
        let Some(cache) = &self.inner.cache else {
            return self.search(&SearchQuery { text: Some(key.2), shops, limit, ..Default::default() });
        };
        if let Some(hits) = cache.get(&key) {
            return Ok(hits);
        }
        let hits = self.search(&SearchQuery { text: Some(key.2.clone()), shops, limit, ..Default::default() })?;
        cache.insert(key, hits.clone());
        Ok(hits)
    }

    /// Runs a search. Blank text with no filters lists everything by popularity.
    pub fn search(&self, q: &SearchQuery) -> SearchResult<Hits> {
        let engines = self.engines();
        let engine = engines.get(q.shops);
        let f = engine.f;
        let text = q.text.as_deref().map(str::trim).filter(|t| !t.is_empty());
        let mut clauses: Vec<(Occur, Box<dyn TantivyQuery>)> = Vec::new();
        match text {
            Some(text) => match text_query(&f, text, q.with_brief) {
                Some(query) => clauses.push((Occur::Must, query)),
                None => return Ok(Hits::default()),
            },
            None => clauses.push((Occur::Must, Box::new(AllQuery))),
        }
        let term = |field: Field, value: i64| -> (Occur, Box<dyn TantivyQuery>) {
            (Occur::Must, Box::new(TermQuery::new(Term::from_field_u64(field, u(value)), IndexRecordOption::Basic)))
        };
        if let Some(shop) = q.shop_id {
            clauses.push(term(f.shop_id, shop));
        }
        for category in &q.category_ids {
            clauses.push(term(f.category, *category));
        }
        if q.shops {
            if let Some(kind) = q.shop_type {
                clauses.push(term(f.shop_type, kind));
            }
        } else {
            if let Some(prod_type) = q.prod_type {
                clauses.push(term(f.prod_type, prod_type));
            }
            if let Some(now) = q.active_at {
                clauses.push((
                    Occur::Must,
                    Box::new(RangeQuery::new(
                        Bound::Unbounded,
                        Bound::Included(Term::from_field_i64(f.act_start, now)),
                    )),
                ));
                clauses.push((
                    Occur::Must,
                    Box::new(RangeQuery::new(Bound::Excluded(Term::from_field_i64(f.act_end, now)), Bound::Unbounded)),
                ));
            }
        }
        let query = BooleanQuery::new(clauses);
        let limit = q.limit.clamp(1, MAX_WINDOW);
        let searcher = engine.reader.searcher();
        if q.offset >= MAX_WINDOW {
            let total = searcher.search(&query, &Count)?;
            return Ok(Hits { hits: Vec::new(), total });
        }
        let sort = q.sort;
        let has_text = text.is_some();
        let collector = TopDocs::with_limit(limit.min(MAX_WINDOW - q.offset)).and_offset(q.offset).tweak_score(
            move |segment: &SegmentReader| {
                let column = |name: &str| segment.fast_fields().u64(name).map(|c| c.first_or_default_col(0)).ok();
                let price = column("price");
                let sold = column("sold");
                let pop = segment.fast_fields().f64("pop").map(|c| c.first_or_default_col(0.0)).ok();
                let id = column("id");
                let created = segment.fast_fields().i64("created").map(|c| c.first_or_default_col(0)).ok();
                move |doc: tantivy::DocId, score: tantivy::Score| -> (f64, f64) {
                    let get = |c: &Option<std::sync::Arc<dyn tantivy::columnar::ColumnValues<u64>>>| {
                        c.as_ref().map(|c| c.get_val(doc)).unwrap_or(0)
                    };
                    let pop = pop.as_ref().map(|c| c.get_val(doc)).unwrap_or(1.0);
                    let relevance = if has_text { f64::from(score) * pop } else { pop };
                    let id = get(&id) as f64;
                    match sort {
                        // Ties: the lower id (older listing) first, for stable pages.
                        Sort::Relevance => (relevance, -id),
                        Sort::PriceAsc => (-(get(&price) as f64), relevance),
                        Sort::PriceDesc => (get(&price) as f64, relevance),
                        Sort::Sold => (get(&sold) as f64, relevance),
                        Sort::Newest => (created.as_ref().map(|c| c.get_val(doc)).unwrap_or(0) as f64, relevance),
                    }
                }
            },
        );
        let (top, total) = searcher.search(&query, &(collector, Count))?;
        let hits =
            top.into_iter().map(|(_, address)| read_hit(engine, &searcher, address)).collect::<SearchResult<_>>()?;
        Ok(Hits { hits, total })
    }
}

fn read_hit(engine: &Engine, searcher: &tantivy::Searcher, address: DocAddress) -> SearchResult<Hit> {
    let f = &engine.f;
    let segment = searcher.segment_reader(address.segment_ord);
    let fast = |name: &str| -> u64 {
        segment.fast_fields().u64(name).map(|c| c.first_or_default_col(0).get_val(address.doc_id)).unwrap_or(0)
    };
    let doc: TantivyDocument = searcher.doc(address)?;
    let text = |field: Field| doc.get_first(field).and_then(|v| v.as_str()).unwrap_or_default().to_string();
    Ok(Hit {
        id: fast("id") as i64,
        names: [text(f.name_en), text(f.name_zh), text(f.name_km)],
        pic: text(f.pic),
        price: fast("price") as i64,
        sold: fast("sold") as i64,
        fans: fast("fans") as i64,
    })
}

fn boxed(query: impl TantivyQuery + 'static, boost: f32) -> Box<dyn TantivyQuery> {
    Box::new(BoostQuery::new(Box::new(query), boost))
}

/// A term match worth a constant `score`. Names are short and every word must match, so term
/// frequency and length normalisation (BM25) would mostly reward repeated words ("Smart Smart
/// Watch"); what matters is how each word matched (exactly, as a prefix, with a typo).
fn exact(field: Field, text: &str, score: f32) -> Box<dyn TantivyQuery> {
    let term = Term::from_field_text(field, text);
    Box::new(ConstScoreQuery::new(Box::new(TermQuery::new(term, IndexRecordOption::Basic)), score))
}

/// Levenshtein distance allowed for a Latin word of `len` characters.
pub fn typo_distance(len: usize) -> u8 {
    match len {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// The text part of a query: every Latin word and every Chinese or Khmer run must match.
fn text_query(f: &Fields, text: &str, with_brief: bool) -> Option<Box<dyn TantivyQuery>> {
    let mut groups: Vec<(Occur, Box<dyn TantivyQuery>)> = Vec::new();
    for word in super::tokenize::terms(text, Script::Latin) {
        let len = word.chars().count();
        let term = Term::from_field_text(f.latin, &word);
        let mut should: Vec<(Occur, Box<dyn TantivyQuery>)> = vec![
            (Occur::Should, exact(f.latin, &word, 3.0)),
            (
                Occur::Should,
                if len <= super::tokenize::MAX_PREFIX_CHARS {
                    exact(f.latin_prefix, &word, 1.5)
                } else {
                    boxed(FuzzyTermQuery::new_prefix(term.clone(), 0, true), 1.5)
                },
            ),
        ];
        let distance = typo_distance(len);
        if distance > 0 {
            should.push((Occur::Should, boxed(FuzzyTermQuery::new(term.clone(), distance, true), 1.0)));
            // A word still being typed, with a typo ("pepr" → "pepper").
            should.push((Occur::Should, boxed(FuzzyTermQuery::new_prefix(term, 1, true), 0.8)));
        }
        if with_brief {
            should.push((Occur::Should, exact(f.brief_latin, &word, 0.5)));
        }
        groups.push((Occur::Must, Box::new(BooleanQuery::new(should))));
    }
    for run in super::tokenize::query_runs(text, Script::Cjk) {
        let name = ngram_query(f.cjk, &run, super::tokenize::CJK_GRAMS.1);
        let query = if with_brief {
            let brief = ngram_query(f.brief_cjk, &run, super::tokenize::CJK_GRAMS.1);
            Box::new(BooleanQuery::new(vec![(Occur::Should, name), (Occur::Should, boxed_dyn(brief, 0.5))]))
        } else {
            name
        };
        groups.push((Occur::Must, query));
    }
    for run in super::tokenize::query_runs(text, Script::Khmer) {
        let name = ngram_query(f.khmer, &run, super::tokenize::KHMER_GRAMS.1);
        let query = if with_brief {
            let brief = ngram_query(f.brief_khmer, &run, super::tokenize::KHMER_GRAMS.1);
            Box::new(BooleanQuery::new(vec![(Occur::Should, name), (Occur::Should, boxed_dyn(brief, 0.5))]))
        } else {
            name
        };
        groups.push((Occur::Must, query));
    }
    if groups.is_empty() {
        return None;
    }
    Some(Box::new(BooleanQuery::new(groups)))
}

fn boxed_dyn(query: Box<dyn TantivyQuery>, boost: f32) -> Box<dyn TantivyQuery> {
    Box::new(BoostQuery::new(query, boost))
}

/// A substring query over an n-gram field whose grams go from one character to `max`: a run
/// no longer than `max` is one term; a longer run must contain all its `max`-grams.
fn ngram_query(field: Field, run: &str, max: usize) -> Box<dyn TantivyQuery> {
    let chars: Vec<char> = run.chars().collect();
    if chars.len() <= max {
        return exact(field, run, 3.0);
    }
    let grams: Vec<(Occur, Box<dyn TantivyQuery>)> = chars
        .windows(max)
        .map(|w| {
            let gram: String = w.iter().collect();
            (Occur::Must, exact(field, &gram, 3.0 / (chars.len() - max + 1) as f32))
        })
        .collect();
    Box::new(BooleanQuery::new(grams))
}
