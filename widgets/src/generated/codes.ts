// Generated from the api crate by `make contract`; do not edit.

/**
 * Sort codes of `GET /search/page` (`sort`, spec section 7), the ones the server
 * implements; any other answers `A00001`.
 */
export const SEARCH_SORT_CODE = {
  /** Relevance to the keyword, then popularity (the default; the list's "recommended"). */
  RELEVANCE: 0,
  /** Price, ascending with `orderBy=0`, descending with `orderBy=1`. */
  PRICE: 1,
  /** Best-selling first (the hot list). */
  HOT: 2,
  /** Shops instead of products, in `records[0].shops` (the shop search). */
  SHOP_SEARCH: 12,
  /** Newest first (new arrivals). */
  NEW: 21,
} as const;

/** One of {@link SEARCH_SORT_CODE}. */
export type SearchSortCode = (typeof SEARCH_SORT_CODE)[keyof typeof SEARCH_SORT_CODE];

/**
 * Link types of spec section 3: the `type` of a decorated block's link `{type, link}`
 * and of a banner (whose `relation` is the link).
 */
export const LINK_TYPE = {
  /** No link (banners only). */
  NONE: 0,
  /** A product: `link` is its id; opens its detail page in a new tab. */
  PRODUCT: 1,
  /**
   * A category list: `link` is an array of up to three category ids (top, second,
   * third level).
   */
  CATEGORY: 2,
  /** A shop: `link` is its id. */
  SHOP: 3,
  /**
   * A path of this site (`/coupons`); pages that need a signed-in buyer send guests to
   * `/login` first.
   */
  PATH: 4,
  /** A decorated page: `link` is `{renovationId, shopId}`. */
  DECORATED_PAGE: 5,
  /** A custom `http(s)` URL; the block's `checked` flag opens it in a new tab. */
  URL: 6,
} as const;

/** One of {@link LINK_TYPE}. */
export type LinkType = (typeof LINK_TYPE)[keyof typeof LINK_TYPE];

/**
 * Social type codes (spec section 9): `socialType` of `/getThirdLoginUrl` and
 * `/thirdLogin`, and the provider a third-party sign-in returns from.
 */
export const SOCIAL_TYPE = {
  /** Google (returns to `/google/callback`). */
  GOOGLE: 3,
  /** Facebook (returns to `/oauth-callback`). */
  FACEBOOK: 4,
} as const;

/** One of {@link SOCIAL_TYPE}. */
export type SocialType = (typeof SOCIAL_TYPE)[keyof typeof SOCIAL_TYPE];

/** Payment method codes (spec section 9): `payType` of the pay switches and of payments. */
export const PAY_TYPE = {
  /** Points. */
  SCOREPAY: 0,
  /** The buyer's balance. */
  BALANCEPAY: 9,
  /** PayPal. */
  PAYPAL: 10,
  /** Card payment through PayPal. */
  PAYCARDPAL: 12,
  /** Stripe. */
  STRIPE: 13,
  /** UPAY. */
  UPAY: 15,
  /** UPAY through its app (deep link). */
  UPAY_DEEPLINK: 16,
  /** ABA. */
  ABA: 17,
  /** ABA through its app (deep link). */
  ABA_DEEPLINK: 18,
} as const;

/** One of {@link PAY_TYPE}. */
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];

/** Page ids of spec section 4: `pageId` (and `prevPageId`) of a page-visit record. */
export const PAGE_ID = {
  /** The home page. */
  HOME: 1,
  /** A product detail page entered from a home banner. */
  DETAIL_FROM_BANNER: 2,
  /** A product detail page. */
  DETAIL: 3,
  /** The detail page of a flash-sale product. */
  FLASH_SALE_DETAIL: 4,
  /** The detail page of a group-buy product. */
  GROUP_DETAIL: 5,
  /** The product list (`/list`). */
  LIST: 6,
  /** The special-discount page. */
  SPECIAL_DISCOUNT: 7,
  /** The cart. */
  CART: 8,
  /** An order's detail page. */
  ORDER_DETAIL: 9,
  /** The payment page. */
  PAYMENT: 10,
  /** The user centre. */
  USER_CENTER: 12,
  /** The user centre's order list. */
  USER_ORDERS: 13,
} as const;

/** One of {@link PAGE_ID}. */
export type PageId = (typeof PAGE_ID)[keyof typeof PAGE_ID];

/**
 * Biz types of spec section 4: `bizType` of a page-visit record, the kind of product the
 * page shows.
 */
export const BIZ_TYPE = {
  /** An ordinary product (and every page that is not a product's). */
  NORMAL: 0,
  /** A group-buy product. */
  GROUP: 1,
  /** A flash-sale product. */
  FLASH: 2,
} as const;

/** One of {@link BIZ_TYPE}. */
export type BizType = (typeof BIZ_TYPE)[keyof typeof BIZ_TYPE];

/** Hot search word types: `type` of `GET /search/hotSearch`. */
export const HOT_SEARCH_TYPE = {
  /** Words that search products. */
  PRODUCT: 1,
  /** Words that search shops. */
  SHOP: 2,
} as const;

/** One of {@link HOT_SEARCH_TYPE}. */
export type HotSearchType = (typeof HOT_SEARCH_TYPE)[keyof typeof HOT_SEARCH_TYPE];

/** Whether a cart line can be bought now (`ShopCartItem.availability`). */
export const CART_AVAILABILITY = {
  /** On shelf, in stock, its shop online: selectable. */
  AVAILABLE: 0,
  /** The product was taken off the shelf. */
  OFF_SHELF: 1,
  /** Its SKU has no stock left. */
  OUT_OF_STOCK: 2,
  /** Its shop is offline. */
  SHOP_OFFLINE: 3,
} as const;

/** One of {@link CART_AVAILABILITY}. */
export type CartAvailability = (typeof CART_AVAILABILITY)[keyof typeof CART_AVAILABILITY];

/** The states of an order (spec section 4 "Orders"), numbered as mall4j numbers them. */
export const ORDER_STATUS = {
  /** Pending payment. */
  UNPAID: 1,
  /** Paid, pending delivery. */
  PAID: 2,
  /** Shipped, pending receipt. */
  SHIPPED: 3,
  /** Received, pending evaluation. */
  RECEIVED: 4,
  /** Evaluated: completed. */
  COMPLETED: 5,
  /** Canceled (by the buyer, or unpaid in time, or a group that did not fill). */
  CANCELED: 6,
  /** Paid into a group buy that has not filled yet. */
  GROUPING: 7,
} as const;

/** One of {@link ORDER_STATUS}. */
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** What kind of purchase an order is (`orderType`). */
export const ORDER_TYPE = {
  NORMAL: 0,
  GROUP_BUY: 1,
  FLASH_SALE: 2,
  /** Redeemed in the points mall, paid with points. */
  POINTS_MALL: 3,
} as const;

/** One of {@link ORDER_TYPE}. */
export type OrderType = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];

/** The states of a group-buy group (`GroupTeam.status`). */
export const GROUP_TEAM_STATUS = {
  /** Opened; waiting for its opener's payment, not listed yet. */
  WAITING: 0,
  /** Open for others to join until it fills or its time runs out. */
  OPEN: 1,
  /** Every place paid: its orders go on to delivery. */
  FILLED: 2,
  /** Its time ran out before it filled: its orders are cancelled. */
  FAILED: 3,
} as const;

/** One of {@link GROUP_TEAM_STATUS}. */
export type GroupTeamStatus = (typeof GROUP_TEAM_STATUS)[keyof typeof GROUP_TEAM_STATUS];

/** Where a pay attempt stands (`PayStatus.status`). */
export const PAY_STATUS = {
  /** Waiting for the buyer or the gateway. */
  PENDING: 0,
  /** Paid: the orders (or the top-up) are settled. */
  PAID: 1,
  /** Declined by the gateway or given up: nothing was taken; pay again. */
  FAILED: 2,
  /** The link or QR code expired before it was paid; start again. */
  EXPIRED: 3,
  /**
   * Paid after its orders were cancelled or expired: the money is being (or was) given
   * back through the gateway.
   */
  REFUNDED: 4,
} as const;

/** One of {@link PAY_STATUS}. */
export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];

/** What a pay attempt pays for (`PayStatus.payKind`). */
export const PAY_KIND = {
  /** One or several orders. */
  ORDERS: 1,
  /** A top-up of the buyer's balance. */
  RECHARGE: 2,
  /** A paid membership (members: `POST /p/member/buy`). */
  MEMBER: 3,
} as const;

/** One of {@link PAY_KIND}. */
export type PayKind = (typeof PAY_KIND)[keyof typeof PAY_KIND];
