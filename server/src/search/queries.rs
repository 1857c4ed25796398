//! Searching the index: what a search asks for ([`SearchQuery`]), what it answers ([`Hits`]),
//! and how text becomes a query: Latin words exactly, as a prefix and within a typo distance;
//! Chinese and Khmer runs through their n-grams; every word or run must match. Ranking is
//! relevance times [`popularity`](super::popularity); other sorts use relevance as the tie-break.

use super::schema::{u, Engine, Fields};
use super::tokenize::{self, Script};
use super::{SearchIndex, SearchResult};
use i18n::Lang;
use std::ops::Bound;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, FuzzyTermQuery, Occur, Query as TantivyQuery, RangeQuery,
    TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption, Value};
use tantivy::{DocAddress, SegmentReader, TantivyDocument, Term};

/// Deepest result reachable by paging (offset + size).
pub const MAX_WINDOW: usize = 10_000;

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

/// A cached suggestion search: (shops, limit, lower-cased text).
pub(super) type CacheKey = (bool, usize, String);

impl SearchIndex {
    /// A suggestion-style search (text only, first `limit` hits by relevance), answered from a
    /// short-lived cache when the same text was asked for recently. The cache is cleared on
    /// every change of the index, so it never shows older data than the index itself.
    pub fn suggest(&self, text: &str, limit: usize, shops: bool) -> SearchResult<Hits> {
        let key = (shops, limit, text.trim().to_lowercase());
        let Some(cache) = self.suggest_cache() else {
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
    for word in tokenize::terms(text, Script::Latin) {
        let len = word.chars().count();
        let term = Term::from_field_text(f.latin, &word);
        let mut should: Vec<(Occur, Box<dyn TantivyQuery>)> = vec![
            (Occur::Should, exact(f.latin, &word, 3.0)),
            (
                Occur::Should,
                if len <= tokenize::MAX_PREFIX_CHARS {
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
    // Scripts without spaces between words match by n-grams of their runs.
    let ngram_scripts = [
        (Script::Cjk, f.cjk, f.brief_cjk, tokenize::CJK_GRAMS.1),
        (Script::Khmer, f.khmer, f.brief_khmer, tokenize::KHMER_GRAMS.1),
    ];
    for (script, name_field, brief_field, grams) in ngram_scripts {
        for run in tokenize::query_runs(text, script) {
            let name = ngram_query(name_field, &run, grams);
            let query = if with_brief {
                let brief = ngram_query(brief_field, &run, grams);
                Box::new(BooleanQuery::new(vec![(Occur::Should, name), (Occur::Should, boxed_dyn(brief, 0.5))]))
            } else {
                name
            };
            groups.push((Occur::Must, query));
        }
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
