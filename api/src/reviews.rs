//! Product reviews by buyers (spec section 2 `/write-comments`, `/user-center/uc-comments`;
//! section 5 "review text ≤ 150 characters, ≤ 9 images"; paths after mall4j's
//! `ProdCommController`: `/prodComm/...` to read, `/p/prodComm...` for the buyer).

use api_macros::wire;

/// Most characters of a review's text (spec section 5), counted after trimming.
pub const TEXT_MAX_CHARS: usize = 150;
/// Most pictures of one review (spec section 5).
pub const MAX_PICS: usize = 9;
/// Lowest and highest score.
pub const SCORE_MIN: i32 = 1;
pub const SCORE_MAX: i32 = 5;
/// Largest page of reviews served; larger requests are served this many.
pub const PAGE_SIZE_MAX: i64 = 50;

crate::constants! {
    /// The evaluation of a score (mall4j's `evaluate`): 4–5 good, 3 medium, 1–2 poor; as a
    /// filter of the product's list, [`EVERY`](evaluate::EVERY) and [`WITH_PICS`](evaluate::WITH_PICS) too.
    pub mod evaluate: i32 {
        /// Every review (the filter only).
        EVERY = -1;
        /// Score 4 or 5.
        GOOD = 0;
        /// Score 3.
        MEDIUM = 1;
        /// Score 1 or 2.
        POOR = 2;
        /// Reviews with pictures (the filter only).
        WITH_PICS = 3;
    }
}

/// The evaluation of a score.
pub fn evaluate_of(score: i32) -> i32 {
    match score {
        4.. => evaluate::GOOD,
        3 => evaluate::MEDIUM,
        _ => evaluate::POOR,
    }
}

/// `POST /p/prodComm`: a review of one item of one of the buyer's received orders.
#[wire(default)]
pub struct ProdCommParam {
    /// The order item reviewed (`orderItemId` of the order); names the product too.
    pub order_item_id: i64,
    /// 1 to 5.
    pub score: i32,
    /// Plain text, up to [`TEXT_MAX_CHARS`] characters after trimming; may be empty.
    pub content: String,
    /// Up to [`MAX_PICS`] paths that `POST /p/file/upload` answered to this buyer.
    pub pics: Vec<String>,
    /// 1: shown with a masked nickname; 0: with the buyer's nickname.
    pub is_anonymous: i32,
}

/// One review as lists show it.
#[wire(default)]
pub struct ProdComm {
    pub prod_comm_id: i64,
    pub prod_id: i64,
    /// The product's name as the order recorded it (the buyer's list), or in the request's
    /// language (the product's list).
    pub prod_name: String,
    /// The product's picture as the order recorded it.
    pub prod_pic: String,
    pub sku_name: String,
    /// The order of the reviewed item (the buyer's own list only; empty elsewhere).
    pub order_number: String,
    pub score: i32,
    /// See [`evaluate`].
    pub evaluate: i32,
    /// The text as the buyer wrote it (plain text: always escaped when shown).
    pub content: String,
    pub pics: Vec<String>,
    pub is_anonymous: i32,
    /// The buyer's nickname, masked (`S***`) when anonymous.
    pub nick_name: String,
    /// Unix milliseconds.
    pub rec_time: i64,
}

/// `GET /prodComm/prodCommData?prodId=`: the product's review counts and scores.
#[wire(default)]
pub struct ProdCommData {
    /// Number of reviews.
    pub number: i64,
    /// Average score, rounded to one decimal; 0 without reviews.
    pub average_score: f64,
    /// Share of good reviews in percent, rounded to one decimal; 0 without reviews.
    pub positive_rating: f64,
    pub praise_number: i64,
    pub secondary_number: i64,
    pub negative_number: i64,
    /// Reviews with pictures.
    pub pic_number: i64,
}

/// `GET /prodComm/prodCommPageByProd?prodId=&evaluate=&current=&size=`.
#[wire(query, default)]
pub struct ProdCommPageQuery {
    pub prod_id: i64,
    /// An [`evaluate`] filter; none or -1 for every review.
    pub evaluate: Option<i32>,
    pub current: Option<i64>,
    /// At most [`PAGE_SIZE_MAX`] served.
    pub size: Option<i64>,
}

/// `GET /prodComm/prodCommData?prodId=`.
#[wire(query, default)]
pub struct ProdCommDataQuery {
    pub prod_id: i64,
}

/// An item of `GET /p/prodComm/orderItems?orderNumber=`: what `/write-comments` lists.
#[wire(default)]
pub struct CommOrderItem {
    pub order_item_id: i64,
    pub prod_id: i64,
    pub prod_name: String,
    pub sku_name: String,
    pub pic: String,
    /// Whether the buyer reviewed it already.
    pub commented: bool,
}

/// `GET /p/prodComm/orderItems?orderNumber=`: the order's items and whether it may be
/// reviewed (received or completed).
#[wire(default)]
pub struct CommOrder {
    pub order_number: String,
    /// The order's [`order_status`](crate::orders::order_status).
    pub status: i32,
    /// Whether the order is received, so its items may be reviewed.
    pub reviewable: bool,
    pub items: Vec<CommOrderItem>,
}
