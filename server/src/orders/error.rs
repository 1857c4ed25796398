//! What an order step can refuse, in the domain's own terms. The repository, the pricing and
//! the service return these; the HTTP layer turns them into the API's answers in one place
//! (`handlers`), so the codes and messages clients see are decided there only.

use crate::orders::rules::PointsRefusal;

/// A refusal of an order step, or the database failing under it.
#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    /// A cart line that is not the buyer's (or does not exist).
    #[error("unknown cart line")]
    CartLineUnknown,
    /// An unknown product or SKU, or one not of the shop named.
    #[error("product not found")]
    ProductNotFound,
    #[error("off the shelf")]
    OffShelf,
    #[error("shop offline")]
    ShopOffline,
    /// Too little stock (also a flash sale's own stock, see `flash_sale::SOLD_OUT`).
    #[error("insufficient inventory")]
    InsufficientInventory,
    /// Every flash-sale turn of this node is taken (`flash_sale`).
    #[error("flash sale busy")]
    FlashSaleBusy,
    #[error("flash sale not running")]
    FlashSaleEnded,
    /// The buyer's orders of the flash sale would pass its per-buyer limit.
    #[error("flash sale limit {max}")]
    FlashSaleLimit { max: i64 },
    #[error("group buy not running")]
    GroupBuyEnded,
    #[error("group closed")]
    GroupTeamClosed,
    #[error("group already joined")]
    GroupTeamJoined,
    #[error("group full")]
    GroupTeamFull,
    /// A coupon named that the buyer does not hold, cannot use here, or used meanwhile.
    #[error("coupon unusable")]
    CouponUnusable,
    #[error("points: {0:?}")]
    Points(PointsRefusal),
    /// An address named that is not the buyer's.
    #[error("address not found")]
    AddressNotFound,
    /// A submission without any address of the buyer.
    #[error("no address")]
    NoAddress,
    /// The confirmation was submitted already (or expired while this submission ran).
    #[error("duplicate submission")]
    Duplicate,
    /// A message to a shop that has no order in the submission.
    #[error("remarks for a shop not ordered from")]
    RemarksShopUnknown,
    /// The order is no longer in the state the step needs.
    #[error("order status changed")]
    StatusChanged,
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
}

/// The result of an order step.
pub type OrderResult<T> = Result<T, OrderError>;
