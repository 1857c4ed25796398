// Generated from the api crate by `make contract`; do not edit.

// The envelope (spec section 8)

/**
 * The envelope every `/api` answer is wrapped in.
 */
export type ApiResponse<T> = {
  success: boolean,
  code: Code,
  msg: string | null,
  data: T | null,
};

/**
 * Response codes of the provider API.
 */
export type Code = "00000" | "A00001" | "A00002" | "A00004" | "A00005";

// Money

/**
 * An amount in US cents that travels as a dollar number.
 */
export type Price = number;

/**
 * A "折" discount rate in tenths: what is paid, 85 = 8.5 折 = 85 % of the price (15 % off).
 * It travels as a number with one decimal (`8.5`), like the coupons' `couponDiscount`; the
 * display rule of spec section 4 is `DiscountRate::zhe` and `DiscountRate::percent_off`.
 */
export type DiscountRate = number;

// Account and session

/**
 * `POST /login`, `/mailLogin`, `/mobileLogin`: `userName` is an e-mail or the phone digits
 * without plus; `passWord` is the password or, for the code sign-ins, the one-time code.
 */
export type LoginRequest = {
  userName: string,
  passWord: string,
};

/**
 * A successful sign-in. The same token is also set as the HttpOnly `token` cookie.
 */
export type TokenData = {
  accessToken: string,
};

/**
 * `POST /user/signup` (and `POST /user/resetPassword`): exactly one of `mail` / `mobile`, the
 * code sent to it, a password.
 */
export type SignupRequest = {
  mail?: string,
  mobile?: string,
  validCode: string,
  password: string,
};

/**
 * `POST /user/checkUser?input=`.
 */
export type CheckUserQuery = {
  input: string,
};

/**
 * Answer of `/user/checkUser`: `Exit` 0 means the account does not exist, 1 that it does.
 */
export type CheckUserData = {
  Exit: number,
};

/**
 * `POST /sms/sendLoginCode` (form data) and `POST /user/sendResetCode` (JSON): one of
 * `mail` / `mobile` (digits without plus).
 */
export type SendCodeRequest = {
  mail?: string,
  mobile?: string,
};

/**
 * `PUT /user/sendBindSms`.
 */
export type SendBindCodeRequest = {
  mail: string,
};

/**
 * `POST /bindMailAndThirdLogin`.
 */
export type BindMailRequest = {
  mail: string,
  validCode: string,
  loginKey: string,
};

/**
 * `GET /p/user/userInfo`.
 */
export type UserInfo = {
  nickName: string,
  pic: string | null,
  userId: number,
  userMail: string | null,
};

/**
 * `GET /p/user/centerInfo`: the buyer's own shop, `null` when they have none.
 */
export type CenterInfo = {
  shopStatus: number | null,
  shopId: number | null,
};

/**
 * `GET /getThirdLoginUrl?socialType&callbackUrl`; the answer's data is the provider URL.
 */
export type ThirdLoginUrlQuery = {
  socialType: number,
  callbackUrl: string,
};

/**
 * `POST /thirdLogin`: `authCallback` is the query string the provider returned (code, state).
 */
export type ThirdLoginRequest = {
  socialType: number,
  callbackUrl: string,
  authCallback: string,
};

/**
 * Answer of `/thirdLogin`: a token when the provider account is bound, else a loginKey for
 * the bind-email dialog.
 */
export type ThirdLoginData = {
  accessToken?: string | null,
  thirdLoginVO?: ThirdLoginVo | null,
};

/**
 * The third-party account waiting to be bound (`/bindMailAndThirdLogin`, or
 * `/user/registerOrBindUser` when `bind`).
 */
export type ThirdLoginVo = {
  loginKey: string,
  /**
   * The sign-in was started by the user centre's bind page (`/p/user/bindSocialUrl`): the
   * account is bound to the signed-in buyer with `/user/registerOrBindUser`, nobody is
   * signed in. Left out when false.
   */
  bind?: boolean,
  /**
   * The e-mail address the provider returned, which the bind-email dialog starts from
   * (the buyer may change it). Left out when the provider gave none.
   */
  email?: string | null,
};

/**
 * `POST /user/registerOrBindUser` (signed in): binds the provider account of `loginKey` to
 * the signed-in buyer (the user centre's bind page).
 */
export type RegisterOrBindRequest = {
  loginKey: string,
};

/**
 * `GET /dev/mailbox?to=` (development only).
 */
export type MailboxQuery = {
  to: string,
};

/**
 * One message of the development mailbox, newest first.
 */
export type MailboxMessage = {
  id: number,
  /**
   * `mail` or `sms`.
   */
  channel: string,
  to: string,
  subject: string,
  body: string,
  /**
   * The one-time code in the message, if it carries one.
   */
  code: string | null,
  createdAt: number,
  sentAt: number | null,
};

// Configuration

/**
 * One currency of `GET /currency/list`. `exchangeRate` is a decimal string so that no
 * binary floating point touches money.
 */
export type Currency = {
  currencyName: string,
  currencyCode: string,
  symbol: string,
  exchangeRate: string,
  /**
   * 1 = enabled.
   */
  status: number,
  /**
   * 1 = the default currency.
   */
  defaultCurrency: number,
};

/**
 * `GET /webConfig/getPcWebConfig`. Every field has a built-in fallback on the client.
 */
export type PcWebConfig = {
  pcLogoImg: string | null,
  pcLoginBgImg: string | null,
  pcCopyright: string | null,
  pcQrcodeImg: string | null,
  pcCompanyName: string | null,
  pcCompanyInfo: string | null,
  pcTitleContent: string | null,
  pcTitleImg: string | null,
  pcLogoImgText: string | null,
  pcWelcome: string | null,
};

/**
 * One language entry of `langItemList`.
 */
export type LangItem = {
  /**
   * Language code as used in `?lang=` (`en`, `zh_CN`, `km`).
   */
  language: string,
  /**
   * The language's own name ("English", "简体中文", "ខ្មែរ").
   */
  name: string,
  lang: string,
  /**
   * 1 = hidden from the switcher.
   */
  hide: number,
};

/**
 * `GET /lang/default`.
 */
export type LangDefault = {
  name: string,
  language: string,
  langItemList: Array<LangItem>,
  lang: string,
  /**
   * The default language of the visitor's country, applied once when no saved choice is valid.
   */
  countryLang: string | null,
};

/**
 * One payment method's switch in `GET /sys/config/info/getSysPaySwitch`.
 */
export type PaySwitch = {
  /**
   * A `pay_type` code.
   */
  payType: number,
  payName: string,
  enabled: boolean,
};

/**
 * Pay switch info with its expiry, so clients can cache it (5 hours) and refresh on demand.
 */
export type PaySwitchInfo = {
  paySwitches: Array<PaySwitch>,
  /**
   * Unix milliseconds after which the client should fetch again.
   */
  expireTime: number,
};

// Notices and hot search words

/**
 * A notice title of `GET /notice/topNoticeList/{shopId}`.
 */
export type Notice = {
  id: number,
  title: string,
};

/**
 * `GET /notice/list`: a shop's notices (0 = platform), a page at a time.
 */
export type NoticeListQuery = {
  shopId?: number,
  current?: number,
  size?: number,
};

/**
 * A notice of `GET /notice/info/{id}`, for the notice detail page.
 */
export type NoticeDetail = {
  id: number,
  title: string,
  /**
   * The notice text in the request's language (plain text with line breaks).
   */
  content: string,
  /**
   * Unix milliseconds.
   */
  publishTime: number,
  /**
   * 0 for platform notices.
   */
  shopId: number,
};

/**
 * A hot search word of `GET /search/hotSearch?type=`.
 */
export type HotSearch = {
  title: string,
  content: string,
};

/**
 * `GET /search/hotSearch`.
 */
export type HotSearchQuery = {
  /**
   * A `hot_search_type`.
   */
  type: number,
  /**
   * The shop whose own words are asked for (its header's search); 0 or left out: the
   * mall's words.
   */
  shopId?: number,
};

// Browsing

/**
 * A page of records (`current` starts at 1). Every field has a default when read (per field
 * rather than for the whole struct, so that the records need no `Default`).
 */
export type Page<T> = {
  records: Array<T>,
  total: number,
  current: number,
  size: number,
  /**
   * The number of pages.
   */
  pages: number,
};

/**
 * Paging of a list (the one paging policy: `current` from 1, `size` 10 by default, at most
 * 100 served).
 */
export type PageQuery = {
  current?: number,
  size?: number,
};

/**
 * `GET /category/categoryInfo`.
 */
export type CategoryInfoQuery = {
  /**
   * The parent category, 0 (the default) for the top level.
   */
  parentId?: number,
};

/**
 * `GET /prod/prodInfo`, `GET /prod/isStatus`.
 */
export type ProdQuery = {
  prodId: number,
};

/**
 * `GET /shop/headInfo`, `GET /shop/shopCategory`; also `POST /p/shop/collection/addOrCancel`
 * (or its body, `CollectShopRequest`).
 */
export type ShopQuery = {
  shopId: number,
};

/**
 * `GET /shop/listRenovationShop`.
 */
export type ShopIdsQuery = {
  /**
   * Shop ids, comma-separated (`1,2,3`; repeated `shopIds` work too), at most 50.
   */
  shopIds: string,
};

/**
 * `GET /indexImgs/{shopId}`.
 */
export type BannerQuery = {
  /**
   * 1 (the default): carousel banners.
   */
  imgType?: number,
};

/**
 * `GET /shopRenovation/homepage`.
 */
export type RenovationQuery = {
  /**
   * 1 (the default): a PC page.
   */
  renovationType?: number,
  /**
   * A page; without it, the active decorated home of `shopId`.
   */
  renovationId?: number,
  /**
   * The shop, 0 (the default) for the platform.
   */
  shopId?: number,
};

/**
 * `GET /marking/discount/info`.
 */
export type DiscountQuery = {
  discountId: number,
};

/**
 * `GET /coupon/info`; also `POST /p/myCoupon/receive` (or its body, `ReceiveCouponRequest`).
 */
export type CouponQuery = {
  couponId: number,
};

/**
 * `GET /p/myCoupon/page`.
 */
export type MyCouponQuery = {
  /**
   * 0 not used (the default), 1 used, 2 expired.
   */
  status?: number,
  current?: number,
  size?: number,
};

/**
 * A carousel banner of `GET /indexImgs/{shopId}`. `type` is a `link_type` (product, shop,
 * path, URL or none) and `relation` its target.
 */
export type Banner = {
  id: number,
  imgUrl: string,
  title: string,
  type: number,
  relation: string | null,
};

/**
 * A category with its children (`categories`), names in the request language.
 */
export type Category = {
  categoryId: number,
  categoryName: string,
  parentId: number,
  grade: number,
  pic: string | null,
  icon: string | null,
  /**
   * The children, down to the third level.
   */
  categories: Array<Category>,
};

/**
 * `GET /category/categoryInfo?parentId=`: the children of `parentId`, each with its own
 * children down to the third level.
 */
export type CategoryInfo = {
  categoryInfo: Array<Category>,
};

/**
 * Group-buy facts of a product card.
 */
export type GroupActivitySearchVo = {
  groupActivityId: number,
  groupNumber: number,
  groupPrice: Price,
};

/**
 * A product as lists, search results and decorated blocks show it.
 */
export type ProductCard = {
  prodId: number,
  prodName: string,
  brief: string,
  price: Price,
  oriPrice: Price,
  /**
   * The running activity's price (flash sale or group buy), when one runs.
   */
  activityPrice: Price | null,
  activityInProgress: boolean,
  pic: string,
  /**
   * Comma-separated picture paths.
   */
  imgs: string,
  /**
   * 1 = on shelf.
   */
  status: number,
  /**
   * 0 normal, 1 flash sale, 2 group buy.
   */
  prodType: number,
  /**
   * 1 = the product's activity is running.
   */
  activityStatus: number,
  soldNum: number,
  totalStocks: number,
  shopId: number,
  shopName: string,
  /**
   * Spelled `groupActivitySearchVO` on the wire (spec section 3).
   */
  groupActivitySearchVO: GroupActivitySearchVo | null,
  /**
   * The flash sale of a prodType 1 product.
   */
  seckillId: number | null,
};

/**
 * One stock keeping unit. `properties` reads `Colour:Black;Size:M` in the request language.
 */
export type Sku = {
  skuId: number,
  properties: string,
  price: Price,
  oriPrice: Price,
  stocks: number,
  pic: string | null,
};

/**
 * A flash sale of a product.
 */
export type SeckillInfo = {
  seckillId: number,
  seckillPrice: Price,
  startTime: number,
  endTime: number,
  /**
   * Units left in the flash sale (its own stock, apart from the SKUs').
   */
  seckillStocks: number,
  /**
   * Most units one buyer may buy in it.
   */
  maxNum: number,
};

/**
 * A group buy of a product.
 */
export type GroupActivityInfo = {
  groupActivityId: number,
  groupNumber: number,
  groupPrice: Price,
  startTime: number,
  endTime: number,
};

/**
 * `GET /prod/prodInfo?prodId=`: everything the detail page shows.
 */
export type ProductDetail = {
  /**
   * Sanitized rich text.
   */
  content: string,
  categoryId: number,
  skuList: Array<Sku>,
  seckill: SeckillInfo | null,
  groupActivity: GroupActivityInfo | null,
  shop: ShopCard,
  /**
   * Other shops' offers of the same article exist (price comparison).
   */
  comparisonGroup: number | null,
  prodId: number,
  prodName: string,
  brief: string,
  price: Price,
  oriPrice: Price,
  /**
   * The running activity's price (flash sale or group buy), when one runs.
   */
  activityPrice: Price | null,
  activityInProgress: boolean,
  pic: string,
  /**
   * Comma-separated picture paths.
   */
  imgs: string,
  /**
   * 1 = on shelf.
   */
  status: number,
  /**
   * 0 normal, 1 flash sale, 2 group buy.
   */
  prodType: number,
  /**
   * 1 = the product's activity is running.
   */
  activityStatus: number,
  soldNum: number,
  totalStocks: number,
  shopId: number,
  shopName: string,
  /**
   * Spelled `groupActivitySearchVO` on the wire (spec section 3).
   */
  groupActivitySearchVO: GroupActivitySearchVo | null,
  /**
   * The flash sale of a prodType 1 product.
   */
  seckillId: number | null,
};

/**
 * A shop as lists show it.
 */
export type ShopCard = {
  shopId: number,
  shopName: string,
  shopLogo: string,
  /**
   * 1 = online; anything else shows offline and cannot be entered.
   */
  shopStatus: number,
  /**
   * 0 general shop, 1 preferred shop.
   */
  type: number,
  shopFocusNumber: number,
  fansCount: number,
  soldNum: number,
  /**
   * Stars, one decimal (4.8).
   */
  rating: number,
  intro: string,
};

/**
 * `GET /shop/headInfo?shopId=`: the shop header.
 */
export type ShopHeadInfo = {
  mosChatSupportUrl: string | null,
  contact: string | null,
  /**
   * Whether the signed-in buyer follows the shop (false for guests).
   */
  collected: boolean,
  shopId: number,
  shopName: string,
  shopLogo: string,
  /**
   * 1 = online; anything else shows offline and cannot be entered.
   */
  shopStatus: number,
  /**
   * 0 general shop, 1 preferred shop.
   */
  type: number,
  shopFocusNumber: number,
  fansCount: number,
  soldNum: number,
  /**
   * Stars, one decimal (4.8).
   */
  rating: number,
  intro: string,
};

/**
 * A shop discount ("special discount") card.
 */
export type DiscountCard = {
  discountId: number,
  discountName: string,
  pcPic: string | null,
  startTime: number,
  endTime: number,
  shopId: number,
  shopName: string,
  shopLogo: string,
  /**
   * 1 amount off (`decreaseAmount` once the order reaches `conditionAmount`), 2 a rate
   * (`discountRate`).
   */
  decreaseType: number,
  /**
   * Type 1: the amount taken off (0 for type 2).
   */
  decreaseAmount: Price,
  /**
   * Type 2: the rate paid, 8.5 = 85 % (0 for type 1).
   */
  discountRate: DiscountRate,
  conditionAmount: Price,
};

/**
 * A coupon card (spec section 3 "Coupon").
 */
export type CouponCard = {
  couponId: number,
  couponName: string,
  shopId: number,
  shopName: string,
  shopLogo: string,
  /**
   * 1 cash, 2 percent.
   */
  couponType: number,
  cashCondition: Price,
  reduceAmount: Price,
  /**
   * The rate of a percent coupon (8.5 = 85 % paid).
   */
  couponDiscount: DiscountRate,
  startTime: number,
  endTime: number,
  /**
   * 1 fixed end date, 2 valid for `validDays` days starting `afterReceiveDays` after receiving.
   */
  validTimeType: number,
  validDays: number,
  afterReceiveDays: number,
  /**
   * Units left to claim.
   */
  stocks: number,
  /**
   * Whether the signed-in buyer has claimed it (always false for guests).
   */
  received: boolean,
};

/**
 * A coupon the buyer has claimed (`/p/myCoupon/receive`, `/p/myCoupon/page`).
 */
export type MyCoupon = {
  userCouponId: number,
  coupon: CouponCard,
  receivedTime: number,
  /**
   * When the claimed coupon can first be used and when it lapses (Unix ms), fixed at claim time.
   */
  validFrom: number,
  validUntil: number,
  /**
   * 0 not used, 1 used, 2 expired (spec section 4 "Coupon").
   */
  status: number,
};

/**
 * `GET /shopRenovation/homepage`: a decorated page; `content` is the JSON list of blocks.
 */
export type RenovationPage = {
  renovationId: number,
  shopId: number,
  name: string,
  /**
   * The page's blocks: a JSON array of `Block`, encoded as a string.
   */
  content: string,
};

/**
 * The share card of a product (spec section 3 "Share card"); `price` and `linePrice` are
 * already formatted in the visitor's currency. `isMsgCard` marks a card sent in chat.
 */
export type ShareCardInfo = {
  isMsgCard: boolean,
  title: string,
  desc: string,
  cover: string,
  linkUrl: string,
  price: string,
  linePrice: string | null,
};

/**
 * `POST /p/myCoupon/receive`: the coupon to claim.
 */
export type ReceiveCouponRequest = {
  couponId: number,
};

/**
 * `POST /p/shop/collection/addOrCancel`: the shop to follow or unfollow.
 */
export type CollectShopRequest = {
  shopId: number,
};

// Cart

/**
 * `POST /p/shopCart/changeItem`: changes a line by `count` units (negative takes away; a line
 * at 0 or below is removed). `basketId` 0 adds to the line of `skuId`, or opens one.
 */
export type ChangeItemRequest = {
  basketId: number,
  count: number,
  prodId: number,
  shopId: number,
  shopName: string,
  skuId: number,
};

/**
 * The order entry "Buy Now" hands to the order page (kept in `sessionStorage` as
 * `mall.buyNow`); a flash-sale or group-buy item names its activity. Missing fields read as
 * empty (the server checks the ids; the shop's name is only a label).
 */
export type BuyNowEntry = {
  prodCount: number,
  prodId: number,
  shopId: number,
  shopName: string,
  skuId: number,
  /**
   * The flash sale the item is bought in, if any.
   */
  seckillId: number | null,
  /**
   * The group buy the item is bought in, if any; `groupTeamId` joins an open group.
   */
  groupActivityId: number | null,
  groupTeamId: number | null,
};

/**
 * A shop's lines of `GET /p/shopCart/info`.
 */
export type ShopCart = {
  shopId: number,
  shopName: string,
  shopLogo: string,
  shopCartItems: Array<ShopCartItem>,
};

/**
 * One cart line: a SKU and its count, with today's price and stock.
 */
export type ShopCartItem = {
  basketId: number,
  prodId: number,
  skuId: number,
  shopId: number,
  prodName: string,
  /**
   * The SKU's properties (`Colour: Black, Size: M`), empty for a single SKU.
   */
  skuName: string,
  pic: string,
  price: Price,
  oriPrice: Price,
  prodCount: number,
  /**
   * Units of the SKU in stock now.
   */
  stocks: number,
  /**
   * An `availability` code.
   */
  availability: number,
  /**
   * When the line was added (Unix milliseconds).
   */
  basketDate: number,
};

// Addresses

/**
 * A delivery address of `GET /p/address/list` and `GET /p/address/addrInfo/{addrId}`.
 */
export type UserAddr = {
  addrId: number,
  receiver: string,
  /**
   * Phone digits, as the buyer typed them (spaces and dashes removed).
   */
  mobile: string,
  postCode: string,
  /**
   * The detailed address, 5 to 50 characters.
   */
  addr: string,
  /**
   * 1 for the default address, else 0.
   */
  commonAddr: number,
};

/**
 * `POST /p/address/addAddr` and `PUT /p/address/updateAddr` (`addrId` names the address to
 * change; 0 when adding).
 */
export type AddrParam = {
  addrId: number,
  receiver: string,
  mobile: string,
  postCode: string,
  addr: string,
};

// Orders

/**
 * `POST /p/order/confirm`: what to buy (cart lines, or the buy-now item) and the buyer's
 * choices so far; answers an `OrderConfirmation`.
 */
export type OrderParam = {
  /**
   * The cart lines to settle (at most 50 items); empty with `orderItem`.
   */
  basketIds: Array<number>,
  /**
   * The buy-now item (`/submit-order?orderEntry=1`).
   */
  orderItem: BuyNowEntry | null,
  /**
   * The delivery address; 0 for the default one.
   */
  addrId: number,
  /**
   * 1 when `couponIds` is the buyer's own choice; 0 lets the server pick the best coupons.
   */
  userChangeCoupon: number,
  /**
   * The coupons (`couponId`) the buyer chose, at most one per shop and one of the platform.
   */
  couponIds: Array<number>,
  /**
   * Points to spend, a multiple of 10.
   */
  usePoints: number,
};

/**
 * `POST /p/order/submit`: the confirmation to turn into orders and the buyer's final choices
 * (recomputed by the server); answers `OrderNumbers`.
 */
export type SubmitOrderParam = {
  orderToken: string,
  addrId: number,
  couponIds: Array<number>,
  usePoints: number,
  /**
   * A message to each shop's merchant.
   */
  orderShopParam: Array<OrderShopParam>,
};

/**
 * A message to one shop's merchant.
 */
export type OrderShopParam = {
  shopId: number,
  remarks: string,
};

/**
 * The answer of `/p/order/submit`: the new orders' numbers, comma-separated, one per shop.
 */
export type OrderNumbers = {
  orderNumbers: string,
};

/**
 * The answer of `/p/order/confirm`: every amount, per shop and in total.
 */
export type OrderConfirmation = {
  /**
   * Names this computation for `/p/order/submit`, for 30 minutes and once.
   */
  orderToken: string,
  /**
   * When the token expires (Unix milliseconds).
   */
  expiresAt: number,
  /**
   * The chosen address; none when the buyer has none yet.
   */
  userAddr: UserAddr | null,
  shopCartOrders: Array<ShopCartOrder>,
  /**
   * The platform's coupons the buyer holds, with whether each applies.
   */
  coupons: Array<CouponOrder>,
  /**
   * The goods at their prices.
   */
  total: Price,
  totalCount: number,
  transfee: Price,
  /**
   * Every shop's and the platform's coupon reductions.
   */
  couponReduce: Price,
  /**
   * The member discount (none until member levels exist).
   */
  memberReduce: Price,
  /**
   * What the spent points take off.
   */
  pointsReduce: Price,
  /**
   * Everything taken off: coupons, member discount, points.
   */
  orderReduce: Price,
  /**
   * What the buyer pays.
   */
  actualTotal: Price,
  points: PointsUse,
  orderType: number,
};

/**
 * The points side of a confirmation.
 */
export type PointsUse = {
  /**
   * The buyer's points.
   */
  userPoints: number,
  /**
   * The most this order can take (a multiple of 10).
   */
  maxUsablePoints: number,
  /**
   * The points spent on this confirmation.
   */
  usePoints: number,
};

/**
 * One shop's part of a confirmation: it becomes one order.
 */
export type ShopCartOrder = {
  shopId: number,
  shopName: string,
  items: Array<OrderItem>,
  total: Price,
  totalCount: number,
  transfee: Price,
  couponReduce: Price,
  /**
   * Goods minus its coupon plus freight (before the platform's coupon and points).
   */
  actualTotal: Price,
  /**
   * The shop's coupons the buyer holds, with whether each applies.
   */
  coupons: Array<CouponOrder>,
  deliveryEstimateDays: number,
};

/**
 * A line of a confirmation or an order.
 */
export type OrderItem = {
  prodId: number,
  skuId: number,
  prodName: string,
  skuName: string,
  pic: string,
  /**
   * The unit price paid.
   */
  price: Price,
  prodCount: number,
  /**
   * `price × prodCount`.
   */
  productTotalAmount: Price,
  /**
   * The cart line it came from (0 for buy now and in orders).
   */
  basketId: number,
};

/**
 * A coupon the buyer holds, as a confirmation offers it.
 */
export type CouponOrder = {
  couponId: number,
  couponName: string,
  /**
   * 0 for the platform's.
   */
  shopId: number,
  /**
   * 1 cash, 2 percent.
   */
  couponType: number,
  cashCondition: Price,
  reduceAmount: Price,
  couponDiscount: DiscountRate,
  /**
   * The end of its validity (Unix milliseconds).
   */
  validUntil: number,
  /**
   * Whether it applies to this order (threshold reached, valid now).
   */
  canUse: boolean,
  /**
   * Whether it is applied.
   */
  choose: boolean,
  /**
   * What it takes off this order when applied.
   */
  reduce: Price,
};

/**
 * `GET /p/myOrder/orderDetail?orderNumber=`.
 */
export type OrderNumberQuery = {
  orderNumber: string,
};

/**
 * `GET /p/myOrder/myOrder?status=&prodName=&current=&size=`.
 */
export type MyOrderQuery = {
  /**
   * An `order_status`; 0 or none for every order.
   */
  status?: number,
  /**
   * Only orders with an item whose name contains this (case-insensitive), as the order
   * recorded it or as the product is named in the request's language; blank for all. At
   * most `PROD_NAME_SEARCH_MAX_CHARS` characters.
   */
  prodName?: string,
  current?: number,
  size?: number,
};

/**
 * An order of the buyer's list.
 */
export type MyOrder = {
  orderNumber: string,
  shopId: number,
  shopName: string,
  status: number,
  orderType: number,
  actualTotal: Price,
  /**
   * Points paid for a points-mall order (`orderType` 3); 0 for others.
   */
  orderScore: number,
  totalCount: number,
  createTime: number,
  orderItemDtos: Array<OrderItem>,
};

/**
 * `GET /p/myOrder/orderDetail`: one order of the signed-in buyer.
 */
export type OrderDetail = {
  orderNumber: string,
  shopId: number,
  shopName: string,
  status: number,
  orderType: number,
  createTime: number,
  /**
   * The payment deadline of an unpaid order (Unix milliseconds).
   */
  expireTime: number | null,
  payTime: number | null,
  dvyTime: number | null,
  finallyTime: number | null,
  cancelTime: number | null,
  total: Price,
  totalCount: number,
  transfee: Price,
  couponReduce: Price,
  memberReduce: Price,
  pointsReduce: Price,
  usePoints: number,
  reduceAmount: Price,
  actualTotal: Price,
  /**
   * Points paid for a points-mall order (`orderType` 3); 0 for others.
   */
  orderScore: number,
  remarks: string,
  /**
   * The address as it was when the order was placed.
   */
  userAddr: UserAddr,
  orderItemDtos: Array<OrderItem>,
  /**
   * The group of a group-buy order, once it has one.
   */
  groupTeam: GroupTeam | null,
};

/**
 * `GET /p/myOrder/orderCount`: the buyer's orders per state.
 */
export type OrderCount = {
  allCount: number,
  unPay: number,
  payed: number,
  consignment: number,
  confirm: number,
  success: number,
  close: number,
  grouping: number,
};

/**
 * A group of a group buy, as the detail page lists open ones and an order shows its own.
 */
export type GroupTeam = {
  groupTeamId: number,
  groupActivityId: number,
  /**
   * The opener's nickname, masked (`Li***`).
   */
  leaderNickName: string,
  /**
   * Places in the group, and how many are paid.
   */
  groupNumber: number,
  joinedCount: number,
  status: number,
  /**
   * When the group closes (Unix milliseconds).
   */
  endTime: number,
};

/**
 * `GET /groupTeam/joinList?groupActivityId=&size=`.
 */
export type GroupTeamQuery = {
  groupActivityId: number,
  size?: number,
};

// Payments

/**
 * `GET /p/order/getOrderPayInfoByOrderNumber?orderNumbers=`: what the checkout counter shows.
 */
export type OrderNumbersQuery = {
  /**
   * The order numbers, comma-separated (as `/p/order/submit` returned them).
   */
  orderNumbers: string,
};

/**
 * The checkout counter's facts about the orders to pay and the buyer's means.
 */
export type OrderPayInfo = {
  /**
   * The orders, in the order they were named.
   */
  orders: Array<PayOrder>,
  /**
   * What is due for every order still unpaid.
   */
  totalFee: Price,
  /**
   * Points due (points-mall orders, paid with SCOREPAY).
   */
  totalScore: number,
  /**
   * The earliest payment deadline of the unpaid orders (Unix milliseconds); none when
   * nothing is left to pay.
   */
  endTime: number | null,
  /**
   * The buyer's balance.
   */
  balance: Price,
  /**
   * The buyer's points.
   */
  score: number,
  /**
   * Whether the buyer has set a payment password (needed for BALANCEPAY).
   */
  hasPayPassword: boolean,
  /**
   * The server's clock (Unix milliseconds), for the countdown.
   */
  now: number,
};

/**
 * One order at the checkout counter.
 */
export type PayOrder = {
  orderNumber: string,
  shopName: string,
  /**
   * An `order_status`.
   */
  status: number,
  actualTotal: Price,
  score: number,
  /**
   * The first item's name, to tell orders apart.
   */
  prodName: string,
  totalCount: number,
};

/**
 * `POST /p/order/pay`: pays the named orders with one method.
 */
export type PayParam = {
  /**
   * The order numbers, comma-separated; each must be the buyer's and unpaid.
   */
  orderNumbers: string,
  /**
   * A `pay_type` code.
   */
  payType: number,
  /**
   * BALANCEPAY: the 6-digit payment password.
   */
  payPassword: string,
  /**
   * The currency to charge in ("USD", "KHR"); a gateway that does not take it charges USD.
   */
  currency: string,
};

/**
 * `POST /p/balance/recharge`: tops the balance up through a gateway.
 */
export type RechargeParam = {
  /**
   * 0.01 to 100000 (`RECHARGE_MIN` to `RECHARGE_MAX`).
   */
  amount: Price,
  /**
   * An online `pay_type` code (not balance, not points).
   */
  payType: number,
  currency: string,
};

/**
 * The answer of a pay call: settled at once (balance, points) or what the browser does next.
 */
export type PayResult = {
  /**
   * The pay attempt's number: poll `GET /p/order/payStatus?payNo=` with it.
   */
  payNo: string,
  payType: number,
  /**
   * A `pay_status`.
   */
  status: number,
  /**
   * The amount in the mall's money.
   */
  amount: Price,
  /**
   * What is charged, in the charged currency: "USD" or "KHR".
   */
  chargeCurrency: string,
  /**
   * The charged amount as a decimal in that currency ("12.50", "51250").
   */
  chargeAmount: string,
  /**
   * For a gateway: what the browser does to pay.
   */
  action: PayAction | null,
  /**
   * When the link or QR code stops working (Unix milliseconds).
   */
  expireTime: number,
};

/**
 * What the browser does to pay through a gateway.
 */
export type PayAction = {
  /**
   * A `pay_action`.
   */
  kind: string,
  url: string,
  fields: Array<PayFormField>,
  /**
   * A QR code as an image (`data:image/svg+xml;base64,...`).
   */
  qrImage: string,
  deeplink: string,
};

/**
 * A field of a form posted to a gateway.
 */
export type PayFormField = {
  name: string,
  value: string,
};

/**
 * `GET /p/order/payStatus?payNo=`.
 */
export type PayNoQuery = {
  payNo: string,
};

/**
 * Where a pay attempt stands. While it is pending, asking asks the gateway too (at most every
 * few seconds), so a late or lost notification never leaves a paid order unpaid.
 */
export type PayStatus = {
  payNo: string,
  payType: number,
  /**
   * A `pay_kind`.
   */
  payKind: number,
  /**
   * A `pay_status`.
   */
  status: number,
  amount: Price,
  /**
   * The orders it pays, comma-separated (empty for a top-up).
   */
  orderNumbers: string,
  expireTime: number,
  /**
   * While it is pending: what the browser does to pay through its gateway, as the pay call
   * answered it (the checkout counter takes this step when a form sends the buyer there
   * with `?gateway=1`: a top-up's QR code or the form it posts to the gateway).
   */
  action: PayAction | null,
};

/**
 * `PUT /p/user/payPassword`: sets or changes the payment password.
 */
export type PayPasswordParam = {
  /**
   * Exactly 6 digits.
   */
  payPassword: string,
  /**
   * The account's sign-in password, when the account has one.
   */
  password: string,
};

// Search

/**
 * `GET /search/page`: every parameter is optional. Paging follows the one paging policy
 * (`current` from 1, `size` 10 by default, at most 100 served).
 */
export type SearchPageQuery = {
  current?: number,
  size?: number,
  /**
   * A `sort_code`.
   */
  sort?: number,
  /**
   * With sort `sort_code::PRICE`: 0 ascending, 1 descending.
   */
  orderBy?: number,
  /**
   * 0 normal, 1 flash sale, 2 group buy.
   */
  prodType?: number,
  /**
   * 1: only products whose activity is running now.
   */
  isActive?: number,
  /**
   * Accepted; results are not personalised.
   */
  userId?: string,
  /**
   * Only this shop's products.
   */
  shopId?: number,
  /**
   * Only products this coupon applies to.
   */
  couponId?: number,
  keyword?: string,
  /**
   * A category of the shop's own list (`/shop/shopCategory`).
   */
  shopCategoryId?: number,
  /**
   * `true`: every product type, whatever `prodType` says.
   */
  isAllProdType?: boolean,
  /**
   * Shop search: 0 general shops, 1 preferred shops.
   */
  shopType?: number,
  /**
   * Top-level category (`cpid` of `/list`).
   */
  primaryCategoryId?: number,
  /**
   * Second-level category (`cid` of `/list`).
   */
  secondaryCategoryId?: number,
  /**
   * Third-level category (`thCid` of `/list`).
   */
  categoryId?: number,
};

/**
 * One record of `GET /search/page`: clients read `records[0].products` (and `shops` for a
 * shop search).
 */
export type SearchRecord = {
  products: Array<ProductCard>,
  shops: Array<ShopCard>,
};

/**
 * `GET /search/suggestions`.
 */
export type SuggestionQuery = {
  /**
   * The typed text; a blank keyword answers an empty list.
   */
  keyword?: string,
  /**
   * Most suggestions, 1 to 15 (the default).
   */
  limit?: number,
};

/**
 * One row of `GET /search/suggestions`.
 */
export type Suggestion = {
  /**
   * `PRODUCT` or `SHOP`.
   */
  type: string,
  id: number,
  name: string,
  pic: string,
  price: Price | null,
  fansCount: number | null,
  soldNum: number | null,
};

/**
 * `GET /search/renovationPage`.
 */
export type RenovationPageQuery = {
  /**
   * Product ids, comma-separated (`1,2,3`; repeated `prodIds` work too), at most 200.
   */
  prodIds: string,
  current?: number,
  size?: number,
  /**
   * `true` keeps off-shelf products (the block shows them as such).
   */
  getDelete?: boolean,
};

// Comparison

/**
 * The shop of an offer (spec section 3 "Comparison product": `shop {id, name, logoUrl,
 * rating, followerCount}`).
 */
export type ComparisonShop = {
  id: number,
  name: string,
  logoUrl: string,
  /**
   * Stars, one decimal (4.8).
   */
  rating: number,
  followerCount: number,
};

/**
 * One SKU of an offer: what Add to Cart and Buy Now buy (the first one in stock).
 */
export type ComparisonSku = {
  skuId: number,
  /**
   * `Colour:Black;Size:M` in the request's language.
   */
  properties: string,
  price: Price,
  stocks: number,
};

/**
 * An offer, or the compared product itself (spec section 3 "Comparison product"). `id` and
 * `prodId` are both the product id; `imageUrl` and `image` both its picture; `shopId`,
 * `shopName`, `shopLogo` and `followers` repeat `shop`. `isUserAdded`, `isRemoved` and
 * `canRemove` are the sidebar's state: the server answers `false`, `false` and `true` (the
 * compared product itself: `canRemove` false).
 */
export type ComparisonProduct = {
  id: number,
  prodId: number,
  /**
   * The name in the request's language.
   */
  name: string,
  /**
   * The brief in the request's language (the name when it has none).
   */
  description: string,
  /**
   * The price of the cheapest SKU.
   */
  price: Price,
  imageUrl: string,
  image: string,
  /**
   * Units in stock over every SKU.
   */
  stockQty: number,
  soldQty: number,
  /**
   * Units per pack.
   */
  qty: number,
  deliveryEstimateDays: number,
  skuList: Array<ComparisonSku>,
  shop: ComparisonShop,
  shopId: number,
  shopName: string,
  shopLogo: string,
  followers: number,
  isUserAdded: boolean,
  isRemoved: boolean,
  canRemove: boolean,
  /**
   * The third-level category.
   */
  categoryId: number,
};

/**
 * `GET /comparison/matchProducts` and `GET /comparison/similarProducts`: the compared
 * product and one page of offers (or similar products), sorted by `columns`.
 */
export type ComparisonPage = {
  /**
   * The compared product (`null` never: an unknown product is `A00001`).
   */
  product: ComparisonProduct | null,
  records: Array<ComparisonProduct>,
  total: number,
  current: number,
  size: number,
  pages: number,
};

/**
 * `GET /comparison/matchProducts` and `GET /comparison/similarProducts`.
 */
export type ComparisonQuery = {
  /**
   * The compared product.
   */
  productId?: number,
  /**
   * From 1 (default 1).
   */
  current?: number,
  /**
   * From 1 (default 10, at most 100 served).
   */
  size?: number,
  /**
   * `asc` or `desc` for each of `columns`, comma-separated (default `asc`).
   */
  orders?: string,
  /**
   * Sort columns, comma-separated, in priority order: `price`, `shop_rating`, `sold`,
   * `stock` (default `price,shop_rating`; similar products without it: most similar first).
   */
  columns?: string,
};

/**
 * `GET /product/compare/similar`: similar products of `productId`, narrowed by a text.
 */
export type CompareSimilarQuery = {
  productId?: number,
  /**
   * Words the similar products' names must hold (any language); blank: the most similar.
   */
  keyword?: string,
  /**
   * Most products answered, 1 to 50 (default 10).
   */
  size?: number,
};

/**
 * `GET /product/price/history`.
 */
export type PriceHistoryQuery = {
  productId?: number,
  /**
   * `week`, `month` (the default), `quarter` or `year`.
   */
  period?: string,
};

/**
 * The price from `time` on.
 */
export type PricePoint = {
  time: number,
  price: Price,
};

/**
 * `GET /product/price/history`: the product's price over the period ending now, as a step
 * line: the price at `from`, each change after it, and the price now at `to`.
 */
export type PriceHistory = {
  productId: number,
  period: string,
  from: number,
  to: number,
  points: Array<PricePoint>,
  currentPrice: Price,
  lowestPrice: Price,
  highestPrice: Price,
  /**
   * Price changes within the period.
   */
  changes: number,
};

// Analytics

/**
 * One tracked page visit.
 */
export type FlowLog = {
  pageId: number,
  bizData?: string,
  bizType: number,
  step: number,
  systemType?: number,
  uuid: string,
  uuidSession: string,
  visitType: number,
  prevPageId?: number,
  nums?: number,
};

// Chat

/**
 * `GET /p/chat/profile`: who the caller is in the chat.
 */
export type ChatProfile = {
  /**
   * Whether the caller answers for a shop or the platform (false for buyers).
   */
  agent: boolean,
  /**
   * For an agent, the shop it answers for (0 = the platform); absent for buyers.
   */
  shopId: number | null,
  /**
   * The caller's display name.
   */
  name: string,
};

/**
 * `POST /p/chat/conversation`: opens (or returns) the buyer's conversation with a shop
 * (`shopId > 0`) or the platform's customer service (`shopId = 0`).
 */
export type OpenConversation = {
  shopId: number,
};

/**
 * A conversation, from the caller's point of view (the peer is the other side).
 */
export type ChatConversation = {
  conversationId: number,
  /**
   * The counterpart: a shop, or 0 for the platform.
   */
  shopId: number,
  /**
   * For a buyer, the shop's name (or the platform's customer service); for an agent, the
   * buyer's nickname.
   */
  peerName: string,
  /**
   * The peer's picture (the shop's logo, the buyer's avatar), if any.
   */
  peerAvatar: string | null,
  /**
   * The newest message, if any.
   */
  lastMessage: ChatMessage | null,
  /**
   * Messages from the peer the caller's side has not read.
   */
  unread: number,
  /**
   * How far the peer's side has read (a `seq`; 0 = nothing), for read receipts.
   */
  peerReadSeq: number,
  /**
   * The time of the newest activity (RFC 3339, UTC).
   */
  updateTime: string,
};

/**
 * What a message carries.
 */
export type ChatKind = "text" | "image" | "card";

/**
 * The share card of a product sent in chat (spec section 3 "Share card"); prices are in US
 * cents on the server, dollar numbers on the wire.
 */
export type ShareCard = {
  /**
   * Always true in chat: the card is a message.
   */
  isMsgCard: boolean,
  title: string,
  desc: string,
  /**
   * The product's picture URL.
   */
  cover: string,
  /**
   * The product's page on this site (a path, `/detail?prodId=...`).
   */
  linkUrl: string,
  price: Price,
  linePrice: Price | null,
};

/**
 * A stored chat message.
 */
export type ChatMessage = {
  id: number,
  conversationId: number,
  /**
   * The per-conversation sequence number, 1, 2, 3, ... with no gaps.
   */
  seq: number,
  /**
   * Whether the counterpart's side (an agent) wrote it; false for the buyer.
   */
  fromAgent: boolean,
  kind: ChatKind,
  /**
   * The text, the picture URL, or the card's title.
   */
  content: string,
  card: ShareCard | null,
  /**
   * The sender's id of the message (a UUID), unique per sender and conversation.
   */
  clientMsgId: string,
  /**
   * When it was stored (RFC 3339, UTC).
   */
  createTime: string,
};

/**
 * `GET /p/chat/messages`: the `size` messages just before `beforeSeq` (the newest when
 * absent), ascending.
 */
export type ChatMessagesQuery = {
  conversationId: number,
  beforeSeq?: number,
  /**
   * 1 to `CHAT_PAGE_SIZE_MAX`; `CHAT_PAGE_SIZE` when absent.
   */
  size?: number,
};

/**
 * A page of `GET /p/chat/messages`, ascending by `seq`.
 */
export type ChatMessagePage = {
  records: Array<ChatMessage>,
  /**
   * Whether older messages remain (ask again with `beforeSeq` = the first record's seq).
   */
  hasMore: boolean,
};

/**
 * `GET /p/chat/unread`: the caller's unread messages over all their conversations.
 */
export type ChatUnread = {
  total: number,
};

/**
 * `POST /p/chat/read`: the caller's side has read the conversation up to `seq`.
 */
export type ReadUpTo = {
  conversationId: number,
  seq: number,
};

/**
 * A cursor of `hello`: the highest `seq` the client holds of a conversation (0 = none).
 */
export type ChatCursor = {
  conversationId: number,
  seq: number,
};

/**
 * A frame the client sends on the socket (tagged by `type`).
 */
export type ChatClientFrame = {
  "type": "hello",
  cursors: Array<ChatCursor>,
} | {
  "type": "send",
  clientMsgId: string,
  conversationId: number,
  kind: ChatKind,
  content: string,
  card?: ShareCard,
} | {
  "type": "read",
  conversationId: number,
  seq: number,
} | {
  "type": "typing",
  conversationId: number,
};

/**
 * A frame the server sends on the socket (tagged by `type`).
 */
export type ChatServerFrame = {
  "type": "ready"
} | {
  "type": "ack",
  clientMsgId: string,
  message: ChatMessage,
} | {
  "type": "message",
  message: ChatMessage,
} | {
  "type": "read",
  conversationId: number,
  fromAgent: boolean,
  seq: number,
} | {
  "type": "typing",
  conversationId: number,
  fromAgent: boolean,
} | {
  "type": "conversation",
  conversation: ChatConversation,
} | {
  "type": "error",
  clientMsgId: string | null,
  code: Code,
  msg: string,
};

/** `GET /search/page`. */
export type SearchPage = Page<SearchRecord>;
