//! The demo mall: a deterministic, locally generated catalog in three languages, with shops,
//! categories, products and SKUs, banners, notices, hot words, activities (flash sales, group
//! buys, discounts, coupons), decorated pages and the configuration rows.
//!
//! Everything comes from fixed word lists ([`data`]) and a fixed pseudo-random generator
//! ([`rng`]); each product is a pure function of its id ([`catalog::product`]). Only the
//! activity times depend on the seed time, so that activities are running, upcoming or ended
//! around "now". Rows are written with multi-row `INSERT`s (`sql`) inside transactions.
//!
//! One seeder a domain, as the server's folders are: `site_config`, `shops` (shops, their
//! units sold, the home banners), [`catalog`] (categories, products, SKUs), `notices`, `search`
//! (hot words), `deals` (flash sales, group buys, discounts, coupons) and [`renovation`]
//! (decorated pages). `tables` empties the seeded tables first and moves PostgreSQL's sequences
//! afterwards. This file holds the entry points and the order the seeders run in. With
//! [`SeedOptions::buyers`], [`buyers`] adds the demo buyers and their history last.

pub mod buyers;
pub mod catalog;
pub mod chat;
pub mod comparison;
pub mod data;
mod deals;
mod notices;
mod points_mall;
pub mod renovation;
pub mod reviews;
pub mod rng;
mod search;
mod shops;
mod site_config;
mod sql;
mod tables;

use crate::db::Db;

/// Products seeded by default.
pub const DEFAULT_PRODUCTS: usize = 2_000;

/// What to seed.
#[derive(Debug, Clone, Copy)]
pub struct SeedOptions {
    /// Number of products (ids 1..=products).
    pub products: usize,
    /// Whether to add the demo buyers (the demo mall has them; most tests sign up their own).
    pub buyers: bool,
}

impl Default for SeedOptions {
    fn default() -> Self {
        Self { products: DEFAULT_PRODUCTS, buyers: true }
    }
}

/// Row counts written by a seed run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeedReport {
    pub shops: usize,
    pub categories: usize,
    pub products: usize,
    pub skus: usize,
    pub banners: usize,
    pub notices: usize,
    pub hot_searches: usize,
    pub seckills: usize,
    pub group_activities: usize,
    pub discounts: usize,
    pub coupons: usize,
    pub renovations: usize,
    pub buyers: usize,
    /// Listings of the articles several shops offer (price comparison), and price changes.
    pub comparison_offers: usize,
    pub price_changes: usize,
    /// Product reviews by the demo buyers.
    pub reviews: usize,
}

/// Seeds the default demo mall (with the chat's agents) when the database has no shops yet.
/// Returns whether it seeded.
pub async fn seed_if_empty(db: &Db) -> Result<bool, sqlx::Error> {
    let (shops,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM shop").fetch_one(&db.pool).await?;
    if shops > 0 {
        return Ok(false);
    }
    seed(db, SeedOptions::default()).await?;
    chat::seed(db, true, db.now()).await?;
    Ok(true)
}

/// Replaces the demo data (catalog, activities, configuration) with a fresh seed. Users,
/// sessions and logs are kept.
pub async fn seed(db: &Db, opts: SeedOptions) -> Result<SeedReport, sqlx::Error> {
    seed_at(db, opts, db.now()).await
}

/// [`seed`] with an explicit seed time (Unix milliseconds), for reproducible runs.
pub async fn seed_at(db: &Db, opts: SeedOptions, now: i64) -> Result<SeedReport, sqlx::Error> {
    let started = std::time::Instant::now();
    let mut report = SeedReport::default();
    tables::clear(db).await?;

    // What the products refer to.
    let mut tx = db.pool.begin().await?;
    site_config::seed(&mut tx).await?;
    report.shops = shops::seed(&mut tx, now).await?;
    report.categories = catalog::seed_categories(&mut tx).await?;
    tx.commit().await?;

    // The products, in transactions of their own.
    let (products, skus, mut sold_by_shop) = catalog::seed_products(db, opts.products, now).await?;
    report.products = products;
    report.skus = skus;
    let compared = comparison::seed(db, opts.products, now, &mut sold_by_shop).await?;
    (report.comparison_offers, report.price_changes) = (compared.offers, compared.price_changes);

    // What refers to the products.
    let mut tx = db.pool.begin().await?;
    shops::record_sales(&mut tx, &sold_by_shop).await?;
    let picks = renovation::picks(opts.products);
    report.banners = shops::seed_banners(&mut tx, &picks).await?;
    report.notices = notices::seed(&mut tx, now).await?;
    report.hot_searches = search::seed_hot_words(&mut tx).await?;
    (report.seckills, report.group_activities) = deals::seed_product_activities(&mut tx, opts.products, now).await?;
    report.discounts = deals::seed_discounts(&mut tx, now).await?;
    report.coupons = deals::seed_coupons(&mut tx, now).await?;
    report.renovations = renovation::seed(&mut tx, &picks, opts.products, now).await?;
    points_mall::seed(&mut tx, now).await?;
    tx.commit().await?;

    tables::reset_sequences(db).await?;
    if opts.buyers {
        report.buyers = buyers::seed(db, now).await?;
        report.reviews = reviews::seed(db, opts.products, now).await?;
    }
    tracing::info!(?report, elapsed_ms = started.elapsed().as_millis() as u64, "demo mall seeded");
    Ok(report)
}
