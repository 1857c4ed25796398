// Generated from the api crate by `make contract`; do not edit.
// The paths of the provider API, relative to `/api` (api/src/paths.rs).

/**
 * `POST`, JSON `LoginRequest`: sign-in by password;
 * answers `TokenData`.
 */
export const LOGIN = '/login';

/**
 * `POST`, JSON `LoginRequest` (`passWord` is the one-time
 * code): sign-in by a code sent by e-mail.
 */
export const MAIL_LOGIN = '/mailLogin';

/**
 * `POST`, JSON `LoginRequest` (`userName` is the phone
 * digits without plus, `passWord` the one-time code): sign-in by a code sent by SMS.
 */
export const MOBILE_LOGIN = '/mobileLogin';

/** `POST`, JSON `SignupRequest`: creates an account. */
export const USER_SIGNUP = '/user/signup';

/**
 * `POST ?input=` (an e-mail or phone digits): whether an account exists
 * (`CheckUserData`, `Exit` 0 means it does not).
 */
export const USER_CHECK_USER = '/user/checkUser';

/** `POST`, form data `mail` or `mobile`: sends a sign-in code. */
export const SMS_SEND_LOGIN_CODE = '/sms/sendLoginCode';

/**
 * `PUT`, JSON `SendBindCodeRequest`: sends the
 * code that binds an e-mail to a third-party sign-in.
 */
export const USER_SEND_BIND_SMS = '/user/sendBindSms';

/**
 * `POST`, JSON `BindMailRequest`: binds the e-mail to
 * the third-party account of `loginKey` and signs in.
 */
export const BIND_MAIL_AND_THIRD_LOGIN = '/bindMailAndThirdLogin';

/** `POST`: ends the session and clears the session cookie. */
export const LOG_OUT = '/logOut';

/** `GET` (signed in): the buyer's profile (`UserInfo`). */
export const USER_INFO = '/p/user/userInfo';

/** `GET` (signed in): the buyer's own shop (`CenterInfo`). */
export const USER_CENTER_INFO = '/p/user/centerInfo';

/**
 * `GET ?socialType&callbackUrl`: the provider's authorization URL for a third-party
 * sign-in.
 */
export const GET_THIRD_LOGIN_URL = '/getThirdLoginUrl';

/**
 * `POST`, JSON `ThirdLoginRequest`: finishes a
 * third-party sign-in (`ThirdLoginData`).
 */
export const THIRD_LOGIN = '/thirdLogin';

/**
 * `POST` (signed in), JSON `RegisterOrBindRequest`:
 * binds a third-party account to the signed-in buyer.
 */
export const USER_REGISTER_OR_BIND_USER = '/user/registerOrBindUser';

/**
 * `POST`, JSON `SendCodeRequest`: sends a
 * password-reset code.
 */
export const USER_SEND_RESET_CODE = '/user/sendResetCode';

/**
 * `POST`, JSON `SignupRequest` (the reset code): sets a new
 * password with a reset code.
 */
export const USER_RESET_PASSWORD = '/user/resetPassword';

/** `GET`: the currencies (`Currency`). */
export const CURRENCY_LIST = '/currency/list';

/** `GET`: logo, titles and texts of the site (`PcWebConfig`). */
export const PC_WEB_CONFIG = '/webConfig/getPcWebConfig';

/** `GET`: the languages and the visitor's default (`LangDefault`). */
export const LANG_DEFAULT = '/lang/default';

/** `GET`: the payment switches with their expiry (`PaySwitchInfo`). */
export const SYS_PAY_SWITCH = '/sys/config/info/getSysPaySwitch';

/** `GET`: the header's notice titles of a shop (0 = platform), for guests. */
export const TOP_NOTICE_LIST = '/notice/topNoticeList/{shopId}';

/**
 * `GET` (signed in): the header's notice titles of a shop (0 = platform), for a signed-in
 * buyer.
 */
export const TOP_NOTICE_LIST_SIGNED_IN = '/p/notice/topNoticeList/{shopId}';

/** `GET`: one notice for its page (`NoticeDetail`). */
export const NOTICE_INFO = '/notice/info/{id}';

/** `GET ?shopId&current&size`: a shop's notices, a page at a time. */
export const NOTICE_LIST = '/notice/list';

/**
 * `GET ?parentId=` (0 = top level): categories with their children
 * (`CategoryInfo`).
 */
export const CATEGORY_INFO = '/category/categoryInfo';

/**
 * `GET ?prodId=`: everything the detail page shows of a product
 * (`ProductDetail`).
 */
export const PROD_INFO = '/prod/prodInfo';

/** `GET ?prodId=`: whether the product's detail page can be opened (on shelf, shop online). */
export const PROD_IS_STATUS = '/prod/isStatus';

/** `GET ?imgType=1`: the carousel banners of a shop (0 = platform). */
export const INDEX_IMGS = '/indexImgs/{shopId}';

/** `GET`: the best-selling online shops. */
export const HOT_SHOPS = '/shop/hotShops';

/** `GET ?shopId=`: the shop header (`ShopHeadInfo`). */
export const SHOP_HEAD_INFO = '/shop/headInfo';

/** `GET ?shopIds=1,2,3`: shop cards of a decorated block, in the given order. */
export const LIST_RENOVATION_SHOP = '/shop/listRenovationShop';

/** `GET ?shopId=`: the shop's own two-level category list. */
export const SHOP_CATEGORY = '/shop/shopCategory';

/**
 * `POST` (signed in), `?shopId=` or JSON `CollectShopRequest`:
 * follows the shop or unfollows it; answers whether the buyer now follows it.
 */
export const SHOP_COLLECTION_ADD_OR_CANCEL = '/p/shop/collection/addOrCancel';

/**
 * `GET ?renovationType=1[&renovationId][&shopId]`: a decorated page
 * (`RenovationPage`), or `null` when a shop has no
 * decorated home.
 */
export const SHOP_RENOVATION_HOMEPAGE = '/shopRenovation/homepage';

/** `GET ?current&size`: running and upcoming shop discounts. */
export const DISCOUNT_LIST = '/marking/discount/getDiscountList';

/** `GET ?discountId=`: one discount for its page. */
export const DISCOUNT_INFO = '/marking/discount/info';

/** `GET ?current&size`: coupons that can be claimed. */
export const COUPON_PAGE = '/coupon/getCouponPage';

/** `GET ?couponId=`: one coupon for its page. */
export const COUPON_INFO = '/coupon/info';

/**
 * `POST` (signed in), `?couponId=` or JSON `ReceiveCouponRequest`:
 * claims a coupon.
 */
export const MY_COUPON_RECEIVE = '/p/myCoupon/receive';

/** `GET ?status&current&size` (signed in): the buyer's claimed coupons. */
export const MY_COUPON_PAGE = '/p/myCoupon/page';

/** `GET ?type=` (`hot_search_type`): hot search words. */
export const HOT_SEARCH = '/search/hotSearch';

/**
 * `GET ?keyword&limit`: suggestions as the buyer types
 * (`Suggestion`).
 */
export const SEARCH_SUGGESTIONS = '/search/suggestions';

/**
 * `GET` with `SearchPageQuery`: products (or, with sort
 * `SHOP_SEARCH`, shops) in `records[0]`.
 */
export const SEARCH_PAGE = '/search/page';

/**
 * `GET ?prodIds=1,2,3&current&size&getDelete`: the products of a decorated block, in the
 * given order.
 */
export const SEARCH_RENOVATION_PAGE = '/search/renovationPage';

/**
 * `GET` (signed in): the cart's lines grouped by shop
 * (`ShopCart`).
 */
export const SHOP_CART_INFO = '/p/shopCart/info';

/**
 * `POST` (signed in), JSON `ChangeItemRequest`: changes
 * a cart line by a signed count (0 or below removes it).
 */
export const SHOP_CART_CHANGE_ITEM = '/p/shopCart/changeItem';

/** `DELETE` (signed in), a JSON array of `basketId`s: removes those lines. */
export const SHOP_CART_DELETE_ITEM = '/p/shopCart/deleteItem';

/** `GET` (signed in): the number of items in the cart. */
export const SHOP_CART_PROD_COUNT = '/p/shopCart/prodCount';

/**
 * `GET` (signed in): the buyer's addresses, the default first
 * (`UserAddr`).
 */
export const ADDRESS_LIST = '/p/address/list';

/**
 * `POST` (signed in), JSON `AddrParam`: adds an address
 * (the first one becomes the default); answers the new `UserAddr`.
 */
export const ADDRESS_ADD = '/p/address/addAddr';

/** `PUT` (signed in), JSON `AddrParam`: changes an address. */
export const ADDRESS_UPDATE = '/p/address/updateAddr';

/** `DELETE` (signed in): removes an address. */
export const ADDRESS_DELETE = '/p/address/deleteAddr/{addrId}';

/** `PUT` (signed in): makes an address the default. */
export const ADDRESS_DEFAULT = '/p/address/defaultAddr/{addrId}';

/** `GET` (signed in): one address (`UserAddr`). */
export const ADDRESS_INFO = '/p/address/addrInfo/{addrId}';

/**
 * `POST` (signed in), JSON `OrderParam`: computes an order
 * before submission (`OrderConfirmation`).
 */
export const ORDER_CONFIRM = '/p/order/confirm';

/**
 * `POST` (signed in), JSON `SubmitOrderParam`: places
 * one order per shop (`OrderNumbers`).
 */
export const ORDER_SUBMIT = '/p/order/submit';

/**
 * `GET ?orderNumber=` (signed in): one of the buyer's orders
 * (`OrderDetail`).
 */
export const MY_ORDER_DETAIL = '/p/myOrder/orderDetail';

/**
 * `GET ?status&current&size` (signed in): the buyer's orders, newest first
 * (`MyOrder`).
 */
export const MY_ORDER_LIST = '/p/myOrder/myOrder';

/** `GET` (signed in): the buyer's orders per state (`OrderCount`). */
export const MY_ORDER_COUNT = '/p/myOrder/orderCount';

/** `PUT` (signed in): cancels an unpaid order, returning its stock, coupons and points. */
export const MY_ORDER_CANCEL = '/p/myOrder/cancel/{orderNumber}';

/** `PUT` (signed in): confirms receipt of a shipped order. */
export const MY_ORDER_RECEIPT = '/p/myOrder/receipt/{orderNumber}';

/**
 * `GET ?groupActivityId&size`: the open groups of a group buy others can join, closing
 * soonest first (`GroupTeam`).
 */
export const GROUP_TEAM_JOIN_LIST = '/groupTeam/joinList';

/**
 * `GET ?orderNumbers=` (signed in): what the checkout counter shows of the orders to pay
 * and the buyer's means (`OrderPayInfo`).
 */
export const ORDER_PAY_INFO = '/p/order/getOrderPayInfoByOrderNumber';

/**
 * `POST` (signed in), JSON `PayParam`: pays one or several
 * orders with one method (`PayResult`).
 */
export const ORDER_PAY = '/p/order/pay';

/**
 * `GET ?payNo=` (signed in): where a pay attempt stands
 * (`PayStatus`); asks the gateway while it is pending.
 */
export const ORDER_PAY_STATUS = '/p/order/payStatus';

/**
 * `POST` (signed in), JSON `RechargeParam`: tops the
 * balance up through a gateway (`PayResult`).
 */
export const BALANCE_RECHARGE = '/p/balance/recharge';

/**
 * `PUT` (signed in), JSON `PayPasswordParam`: sets
 * or changes the payment password.
 */
export const USER_PAY_PASSWORD = '/p/user/payPassword';

/** `POST` (a gateway, not a buyer): a payment gateway's signed notification, raw body. */
export const PAY_NOTICE = '/notice/pay/{payType}';

/**
 * `GET` (signed in): the buyer's member level, growth and the way to the next level
 * (`UserLevel`).
 */
export const USER_LEVEL = '/p/user/level';

/**
 * `GET` (signed in): the buyer's balance and points
 * (`UserAssets`).
 */
export const USER_ASSETS = '/p/user/assets';

/**
 * `GET ?current&size` (signed in): the buyer's favourite products, newest first
 * (`CollectionProduct`).
 */
export const USER_COLLECTION_PAGE = '/p/user/collection/page';

/** `GET ?prodId=` (signed in): whether the product is among the buyer's favourites. */
export const USER_COLLECTION_IS_COLLECTION = '/p/user/collection/isCollection';

/**
 * `POST` (signed in), `?prodId=` or JSON `CollectProductRequest`
 * (or the bare id): collects the product, or uncollects it when collected; answers
 * whether it is now collected.
 */
export const USER_COLLECTION_ADD_OR_CANCEL = '/p/user/collection/addOrCancel';

/** `GET` (signed in): the number of the buyer's favourite products. */
export const USER_COLLECTION_COUNT = '/p/user/collection/count';

/**
 * `DELETE` (signed in): removes the product from the buyer's favourites (nothing to do
 * when it is not one); answers `false`.
 */
export const USER_COLLECTION_CANCEL = '/p/user/collection/cancel/{prodId}';

/**
 * `GET ?current&size` (signed in): the shops the buyer follows, newest first
 * (`CollectionShop`).
 */
export const SHOP_COLLECTION_PAGE = '/p/shop/collection/page';

/**
 * `DELETE` (signed in): unfollows the shop (nothing to do when not followed); answers
 * `false`.
 */
export const SHOP_COLLECTION_CANCEL = '/p/shop/collection/cancel/{shopId}';

/**
 * `POST` (signed in), form-encoded `RecentBrowseParam`:
 * records that the buyer viewed the product (one footprint per product and day, moved to
 * the latest view; the oldest beyond `MAX_FOOTPRINTS`
 * dropped).
 */
export const RECENT_BROWSE = '/p/user/recentBrowse';

/**
 * `GET ?current&size` (signed in): the buyer's footprints, newest first
 * (`Footprint`).
 */
export const RECENT_BROWSE_PAGE = '/p/user/recentBrowse/page';

/** `DELETE` (signed in): removes one of the buyer's footprints; answers the number removed. */
export const RECENT_BROWSE_DELETE = '/p/user/recentBrowse/delete/{id}';

/**
 * `DELETE ?day=YYYY-MM-DD` (signed in): removes the buyer's footprints of that day;
 * answers the number removed.
 */
export const RECENT_BROWSE_DELETE_DAY = '/p/user/recentBrowse/deleteDay';

/** `DELETE` (signed in): removes all the buyer's footprints; answers the number removed. */
export const RECENT_BROWSE_CLEAR = '/p/user/recentBrowse/clear';

/**
 * `POST` (signed in), multipart with one `file` part, `?kind=avatar|image` (or a `kind`
 * part; default `image`): stores a picture checked by its content (PNG, JPEG, GIF or
 * WebP; avatars up to 2 MB, other pictures up to 10 MB, at most 8000 × 8000 pixels);
 * answers its path, `/media/<sha256>.<ext>` (the same picture always has the same path).
 */
export const FILE_UPLOAD = '/p/file/upload';

/**
 * `GET` (signed in): the account page's facts (`AccountInfo`):
 * nickname, avatar, the bound e-mail and phone masked, which passwords are set, which
 * third-party accounts are bound.
 */
export const USER_ACCOUNT_INFO = '/p/user/accountInfo';

/**
 * `PUT` (signed in), JSON `UserInfoParam`: sets the nickname
 * and the avatar.
 */
export const USER_SET_USER_INFO = '/p/user/setUserInfo';

/**
 * `PUT` (signed in), JSON `UpdatePasswordParam`:
 * changes the sign-in password with the current one; every other session of the buyer
 * ends.
 */
export const USER_UPDATE_PWD = '/p/user/updatePwd';

/**
 * `PUT` (signed in), JSON `SetPasswordParam`: sets a
 * sign-in password on an account that has none, with a code sent to its e-mail or phone.
 */
export const USER_SET_PWD = '/p/user/setPwd';

/**
 * `POST` (signed in), JSON `SecurityCodeParam`: sends a
 * one-time code to the buyer's own bound e-mail or phone.
 */
export const USER_SEND_SECURITY_CODE = '/p/user/sendSecurityCode';

/**
 * `PUT` (signed in), JSON `UpdatePayPasswordParam`:
 * changes the payment password with the current one.
 */
export const USER_UPDATE_PAY_PASSWORD = '/p/user/updatePayPassword';

/**
 * `PUT` (signed in), JSON `ResetPayPasswordParam`:
 * sets a new payment password with a code sent to the bound e-mail or phone.
 */
export const USER_RESET_PAY_PASSWORD = '/p/user/resetPayPassword';

/**
 * `POST` (signed in), JSON `BindCodeParam`: sends a code to
 * an e-mail or phone the buyer wants to bind.
 */
export const USER_SEND_BIND_CODE = '/p/user/sendBindCode';

/**
 * `PUT` (signed in), JSON `BindAccountParam`: binds or
 * changes the e-mail or the phone with the code sent to it.
 */
export const USER_BIND_ACCOUNT = '/p/user/bindAccount';

/**
 * `GET ?socialType&callbackUrl` (signed in): the provider's authorization URL of a
 * third-party account to bind to the buyer (its return calls `/user/registerOrBindUser`).
 */
export const USER_BIND_SOCIAL_URL = '/p/user/bindSocialUrl';

/**
 * `POST` (signed in), JSON `UnbindSocialParam`: unbinds
 * a third-party account (never the last way to sign in).
 */
export const USER_UNBIND_SOCIAL = '/p/user/unbindSocial';

/**
 * `GET` (signed in): the buyer's latest shop application
 * (`ShopApplyInfo`), `null` when there is none.
 */
export const SHOP_APPLY_INFO = '/p/shop/apply/info';

/**
 * `POST` (signed in), JSON `ShopApplyParam`: applies
 * to open a shop (one application at a time; again after a rejection); answers the
 * application.
 */
export const SHOP_APPLY = '/p/shop/apply';

/**
 * `POST` (signed in), JSON `StoreAccountParam`:
 * sets the store account and password of the sellers' centre, once, for an approved
 * application; answers the application.
 */
export const SHOP_APPLY_STORE_ACCOUNT = '/p/shop/apply/storeAccount';

/**
 * `GET` with `ComparisonQuery`: the product
 * (`product`) and a page of the same product's offers by other shops (`records`), sorted
 * by `columns` (`ComparisonPage`).
 */
export const COMPARISON_MATCH_PRODUCTS = '/comparison/matchProducts';

/**
 * `GET` with `ComparisonQuery`: the product and a
 * page of similar products (same category, close attributes and price band, not its own
 * offers) (`ComparisonPage`).
 */
export const COMPARISON_SIMILAR_PRODUCTS = '/comparison/similarProducts';

/**
 * `GET` with `CompareSimilarQuery`: similar
 * products of a product whose names hold the keyword, most similar first
 * (`ComparisonProduct`).
 */
export const PRODUCT_COMPARE_SIMILAR = '/product/compare/similar';

/**
 * `GET` with `PriceHistoryQuery`: a product's
 * price over a period (`PriceHistory`).
 */
export const PRODUCT_PRICE_HISTORY = '/product/price/history';

/**
 * `GET` with `ProdCommDataQuery`: a product's review
 * counts, average score and positive rate (`ProdCommData`).
 */
export const PROD_COMM_DATA = '/prodComm/prodCommData';

/**
 * `GET` with `ProdCommPageQuery`: a page of a
 * product's reviews, newest first (`ProdComm`).
 */
export const PROD_COMM_PAGE_BY_PROD = '/prodComm/prodCommPageByProd';

/**
 * `POST` (signed in), JSON `ProdCommParam`: reviews an
 * item of one of the buyer's received orders, once; answers the review.
 */
export const PROD_COMM_ADD = '/p/prodComm';

/**
 * `GET` (signed in) with `current`, `size`: a page of the buyer's own reviews, newest
 * first (`ProdComm`).
 */
export const PROD_COMM_PAGE_BY_USER = '/p/prodComm/prodCommPageByUser';

/**
 * `GET` (signed in) with `orderNumber`: one of the buyer's orders with its items and
 * whether each is reviewed (`CommOrder`).
 */
export const PROD_COMM_ORDER_ITEMS = '/p/prodComm/orderItems';

/**
 * `GET` (signed in): the balance and the top-up limits
 * (`BalanceInfo`).
 */
export const USER_BALANCE_INFO = '/p/userBalance/info';

/**
 * `GET` (signed in) with `current`, `size`: a page of the balance's records, newest
 * first (`BalanceRecord`).
 */
export const USER_BALANCE_PAGE = '/p/userBalance/page';

/**
 * `GET` (signed in): the points, today's sign-in and the 7-day strip
 * (`ScoreInfo`).
 */
export const SCORE_INFO = '/p/score/scoreInfo';

/**
 * `POST` (signed in): today's sign-in, once a day
 * (`SignInResult`).
 */
export const SCORE_SIGN_IN = '/p/score/signIn';

/**
 * `GET` (signed in) with `current`, `size`: a page of the points' records, newest first
 * (`ScoreRecord`).
 */
export const SCORE_PAGE = '/p/score/page';

/**
 * `POST` (signed in), JSON `OrderInvoiceParam`:
 * requests the invoice of one of the buyer's paid orders (once; again after a failed one);
 * answers it (`OrderInvoice`).
 */
export const ORDER_INVOICE = '/p/orderInvoice';

/**
 * `GET` (signed in) with `orderNumber`: one of the buyer's orders with its amount, whether
 * an invoice may be requested, and its invoice
 * (`OrderInvoiceInfo`).
 */
export const ORDER_INVOICE_INFO = '/p/orderInvoice/info';

/**
 * `GET` (signed in) with `orderNumber`: the issued invoice as a PDF file
 * (`application/pdf`, an attachment); the envelope with a refusal otherwise.
 */
export const ORDER_INVOICE_PDF = '/p/orderInvoice/pdf';

/**
 * `POST` (signed in), JSON `OrderRefundParam`: applies
 * for a refund (or a return and refund) of an item of one of the buyer's paid orders or of
 * the whole order; answers its `refundSn` (`RefundApplied`).
 */
export const ORDER_REFUND_APPLY = '/p/orderRefund/apply';

/**
 * `GET` (signed in) with `RefundListQuery`: a page of the
 * buyer's applications, newest first (`OrderRefund`).
 */
export const ORDER_REFUND_LIST = '/p/orderRefund/list';

/**
 * `GET` (signed in) with `refundSn`: one of the buyer's applications with its progress
 * (`OrderRefundDetail`).
 */
export const ORDER_REFUND_INFO = '/p/orderRefund/info';

/**
 * `GET` (signed in) with `orderNumber`: what of one of the buyer's orders may still be
 * refunded (`RefundableOrder`).
 */
export const ORDER_REFUND_REFUNDABLE = '/p/orderRefund/refundable';

/**
 * `POST` (signed in), JSON `RefundExpressParam`: the
 * return shipment of an accepted return (carrier, tracking number, mobile).
 */
export const ORDER_REFUND_SUBMIT_EXPRESS = '/p/orderRefund/submitExpress';

/** `PUT` (signed in): the buyer withdraws their application `refundSn`. */
export const ORDER_REFUND_CANCEL = '/p/orderRefund/cancel/{refundSn}';

/**
 * `POST` (signed in), JSON `RefundInterventionParam`:
 * asks the platform to decide an application the merchant refused.
 */
export const ORDER_REFUND_APPLY_INTERVENTION = '/p/orderRefund/applyIntervention';

/**
 * `GET` (signed in): the member centre's facts about the buyer: level, growth, the paid
 * membership and what applies at checkout (`MemberInfo`).
 */
export const MEMBER_INFO = '/p/member/info';

/**
 * `GET` (signed in): every level's benefits and the paid membership's, with the buyer's
 * own (`MemberEquityInfo`).
 */
export const MEMBER_EQUITY = '/p/member/equity';

/** `GET`: the paid membership plans on sale (`MemberPlan`). */
export const MEMBER_PLANS = '/p/member/plans';

/**
 * `POST` (signed in), JSON `BuyMemberParam`: buys a
 * plan; the balance settles at once, a gateway answers what the browser does next
 * (`PayResult`).
 */
export const MEMBER_BUY = '/p/member/buy';

/**
 * `GET` with `current`, `size`: a page of the points mall's items on offer, in the
 * request's language (`ScoreProd`).
 */
export const SCORE_PROD_LIST = '/score/prodList';

/**
 * `GET` with `scoreProdId`: one item of the points mall
 * (`ScoreProd`).
 */
export const SCORE_PROD_INFO = '/score/prodInfo';

/**
 * `POST` (signed in), JSON `ScoreOrderParam`:
 * redeems an item: the order is placed and paid with points at once
 * (`ScoreOrderResult`).
 */
export const SCORE_ORDER_SUBMIT = '/p/scoreOrder/submit';

/**
 * `GET` (signed in): who the caller is in the chat, a buyer or an agent and the shop it
 * answers for (`ChatProfile`).
 */
export const CHAT_PROFILE = '/p/chat/profile';

/**
 * `POST` (signed in), JSON `OpenConversation`: opens or
 * returns the buyer's conversation with a shop or the platform (`shopId` 0)
 * (`ChatConversation`).
 */
export const CHAT_CONVERSATION = '/p/chat/conversation';

/**
 * `GET` (signed in): the caller's conversations, newest activity first (an agent's: its
 * shop's) (`ChatConversation`).
 */
export const CHAT_CONVERSATIONS = '/p/chat/conversations';

/**
 * `GET` (signed in) with `ChatMessagesQuery`: the
 * messages of a conversation just before `beforeSeq`, ascending
 * (`ChatMessagePage`).
 */
export const CHAT_MESSAGES = '/p/chat/messages';

/**
 * `GET` (signed in): the caller's unread messages in all conversations
 * (`ChatUnread`).
 */
export const CHAT_UNREAD = '/p/chat/unread';

/**
 * `POST` (signed in), JSON `ReadUpTo`: the caller's side has read
 * a conversation up to `seq`.
 */
export const CHAT_READ = '/p/chat/read';

/**
 * `GET` (signed in; a WebSocket upgrade, `Origin` this site): the chat socket, JSON frames
 * `ChatClientFrame` in and
 * `ChatServerFrame` out (see `crate::chat`).
 */
export const CHAT_WS = '/p/chat/ws';

/** `POST`, JSON `FlowLog`: a page visit of a guest. */
export const FLOW_ANALYSIS_LOG = '/flowAnalysisLog';

/**
 * `POST` (signed in), JSON `FlowLog`: a page visit of a
 * signed-in buyer.
 */
export const FLOW_ANALYSIS_LOG_SIGNED_IN = '/p/flowAnalysisLog';

/**
 * `GET ?to=`: the newest messages of the development mailbox
 * (`MailboxMessage`).
 */
export const DEV_MAILBOX = '/dev/mailbox';

/** `GET` (an HTML page) and `POST` (form): the stand-in OAuth2 provider of development. */
export const DEV_OAUTH_AUTHORIZE = '/dev/oauth/authorize';

/**
 * `GET` (an HTML page) and `POST` (form `decision`: `approve`, `approve-silent`,
 * `decline` or `abandon`): the development payment gateway's page of one payment, where
 * the stand-in Stripe, PayPal, ABA PayWay and UPAY send the buyer; answers the page, or a
 * redirect back to the shop.
 */
export const DEV_GATEWAY_CHECKOUT = '/dev/gateway/checkout/{paymentId}';

/**
 * `POST`, JSON `{"advanceMs"}` (1 to 604800000): moves the server's clock forward and runs
 * the expiry passes of orders, pay attempts and housekeeping once; answers the new time
 * (`now`), the orders cancelled (`cancelledOrders`) and the rows the housekeeping removed
 * (`housekeepingRows`).
 */
export const DEV_CLOCK = '/dev/clock';

/** {@link TOP_NOTICE_LIST} with its parameters filled in. */
export const topNoticeList = (shopId: number): string =>
  TOP_NOTICE_LIST.replace('{shopId}', encodeURIComponent(String(shopId)));

/** {@link TOP_NOTICE_LIST_SIGNED_IN} with its parameters filled in. */
export const topNoticeListSignedIn = (shopId: number): string =>
  TOP_NOTICE_LIST_SIGNED_IN.replace('{shopId}', encodeURIComponent(String(shopId)));

/** {@link NOTICE_INFO} with its parameters filled in. */
export const noticeInfo = (id: number): string =>
  NOTICE_INFO.replace('{id}', encodeURIComponent(String(id)));

/** {@link INDEX_IMGS} with its parameters filled in. */
export const indexImgs = (shopId: number): string =>
  INDEX_IMGS.replace('{shopId}', encodeURIComponent(String(shopId)));

/** {@link ADDRESS_DELETE} with its parameters filled in. */
export const addressDelete = (addrId: number): string =>
  ADDRESS_DELETE.replace('{addrId}', encodeURIComponent(String(addrId)));

/** {@link ADDRESS_DEFAULT} with its parameters filled in. */
export const addressDefault = (addrId: number): string =>
  ADDRESS_DEFAULT.replace('{addrId}', encodeURIComponent(String(addrId)));

/** {@link ADDRESS_INFO} with its parameters filled in. */
export const addressInfo = (addrId: number): string =>
  ADDRESS_INFO.replace('{addrId}', encodeURIComponent(String(addrId)));

/** {@link MY_ORDER_CANCEL} with its parameters filled in. */
export const myOrderCancel = (orderNumber: number): string =>
  MY_ORDER_CANCEL.replace('{orderNumber}', encodeURIComponent(String(orderNumber)));

/** {@link MY_ORDER_RECEIPT} with its parameters filled in. */
export const myOrderReceipt = (orderNumber: number): string =>
  MY_ORDER_RECEIPT.replace('{orderNumber}', encodeURIComponent(String(orderNumber)));

/** {@link PAY_NOTICE} with its parameters filled in. */
export const payNotice = (payType: number): string =>
  PAY_NOTICE.replace('{payType}', encodeURIComponent(String(payType)));

/** {@link USER_COLLECTION_CANCEL} with its parameters filled in. */
export const userCollectionCancel = (prodId: number): string =>
  USER_COLLECTION_CANCEL.replace('{prodId}', encodeURIComponent(String(prodId)));

/** {@link SHOP_COLLECTION_CANCEL} with its parameters filled in. */
export const shopCollectionCancel = (shopId: number): string =>
  SHOP_COLLECTION_CANCEL.replace('{shopId}', encodeURIComponent(String(shopId)));

/** {@link RECENT_BROWSE_DELETE} with its parameters filled in. */
export const recentBrowseDelete = (id: number): string =>
  RECENT_BROWSE_DELETE.replace('{id}', encodeURIComponent(String(id)));

/** {@link ORDER_REFUND_CANCEL} with its parameters filled in. */
export const orderRefundCancel = (refundSn: number): string =>
  ORDER_REFUND_CANCEL.replace('{refundSn}', encodeURIComponent(String(refundSn)));

/** {@link DEV_GATEWAY_CHECKOUT} with its parameters filled in. */
export const devGatewayCheckout = (paymentId: string): string =>
  DEV_GATEWAY_CHECKOUT.replace('{paymentId}', encodeURIComponent(String(paymentId)));
