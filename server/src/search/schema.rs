//! The index's shape: its fields and their tokenizers, and the engines (one in-RAM tantivy
//! index with its writer and reader, one for products and one for shops) that indexing writes
//! and queries read.

use super::tokenize::{self, Script};
use super::{SearchError, SearchResult};
use std::sync::Mutex;
use tantivy::schema::{Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, INDEXED, STORED};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

/// Memory budget of the index writer.
const WRITER_BUDGET: usize = 50_000_000;

/// The `kind` of a product document.
pub(super) const KIND_PRODUCT: u64 = 0;
/// The `kind` of a shop document.
pub(super) const KIND_SHOP: u64 = 1;
/// Shop documents' `key` is this plus the shop id, so one key field serves both kinds.
pub(super) const SHOP_KEY_BASE: u64 = 1 << 40;

/// The schema's fields.
#[derive(Clone, Copy)]
pub(super) struct Fields {
    pub(super) key: Field,
    pub(super) kind: Field,
    pub(super) id: Field,
    pub(super) latin: Field,
    pub(super) latin_prefix: Field,
    pub(super) cjk: Field,
    pub(super) khmer: Field,
    pub(super) brief_latin: Field,
    pub(super) brief_cjk: Field,
    pub(super) brief_khmer: Field,
    pub(super) name_en: Field,
    pub(super) name_zh: Field,
    pub(super) name_km: Field,
    pub(super) pic: Field,
    pub(super) shop_id: Field,
    pub(super) category: Field,
    pub(super) price: Field,
    pub(super) sold: Field,
    pub(super) rating: Field,
    /// [`popularity`](super::popularity), computed when indexing.
    pub(super) pop: Field,
    pub(super) fans: Field,
    pub(super) status: Field,
    pub(super) prod_type: Field,
    pub(super) shop_online: Field,
    pub(super) shop_type: Field,
    pub(super) created: Field,
    pub(super) act_start: Field,
    pub(super) act_end: Field,
}

pub(super) fn schema() -> (Schema, Fields) {
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
        latin: b.add_text_field("latin", text(tokenize::LATIN)),
        latin_prefix: b.add_text_field(
            "latin_prefix",
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(tokenize::LATIN_PREFIX)
                    .set_index_option(IndexRecordOption::Basic)
                    .set_fieldnorms(false),
            ),
        ),
        cjk: b.add_text_field("cjk", text(tokenize::CJK)),
        khmer: b.add_text_field("khmer", text(tokenize::KHMER)),
        brief_latin: b.add_text_field("brief_latin", text(tokenize::LATIN)),
        brief_cjk: b.add_text_field("brief_cjk", text(tokenize::CJK)),
        brief_khmer: b.add_text_field("brief_khmer", text(tokenize::KHMER)),
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

/// An id or count as the unsigned value the index stores (negative values, never valid, as 0).
pub(super) fn u(v: i64) -> u64 {
    v.max(0) as u64
}

/// One in-RAM index with its writer and reader.
pub(super) struct Engine {
    pub(super) reader: IndexReader,
    pub(super) writer: Mutex<IndexWriter>,
    pub(super) f: Fields,
}

impl Engine {
    pub(super) fn new() -> SearchResult<Self> {
        let (schema, f) = schema();
        let index = Index::create_in_ram(schema);
        index.tokenizers().register(tokenize::LATIN, tokenize::analyzer(Script::Latin));
        index.tokenizers().register(tokenize::LATIN_PREFIX, tokenize::analyzer(Script::LatinPrefix));
        index.tokenizers().register(tokenize::CJK, tokenize::analyzer(Script::Cjk));
        index.tokenizers().register(tokenize::KHMER, tokenize::analyzer(Script::Khmer));
        let writer = index.writer_with_num_threads(1, WRITER_BUDGET)?;
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        Ok(Self { reader, writer: Mutex::new(writer), f })
    }

    /// Deletes the documents of `delete_keys` and adds `docs` (seen after [`Self::commit`]).
    pub(super) fn add(&self, docs: Vec<TantivyDocument>, delete_keys: &[u64]) -> SearchResult<()> {
        let writer = self.writer.lock().map_err(|_| SearchError::Task("writer lock poisoned".into()))?;
        for key in delete_keys {
            writer.delete_term(Term::from_field_u64(self.f.key, *key));
        }
        for doc in docs {
            writer.add_document(doc)?;
        }
        Ok(())
    }

    /// Commits what was added and makes it visible to searches.
    pub(super) fn commit(&self) -> SearchResult<()> {
        let mut writer = self.writer.lock().map_err(|_| SearchError::Task("writer lock poisoned".into()))?;
        writer.commit()?;
        drop(writer);
        self.reader.reload()?;
        Ok(())
    }
}

/// The product index and the (much smaller) shop index: a shop search never walks products.
pub(super) struct Engines {
    pub(super) products: Engine,
    pub(super) shops: Engine,
}

impl Engines {
    pub(super) fn new() -> SearchResult<Self> {
        Ok(Self { products: Engine::new()?, shops: Engine::new()? })
    }

    /// The shop index when `shops`, else the product index.
    pub(super) fn get(&self, shops: bool) -> &Engine {
        if shops {
            &self.shops
        } else {
            &self.products
        }
    }
}
