// Over 600 lines: one `constants!` table of every path (its `ALL` feeds the generators); reads best whole.
//! Every path of the provider API (spec section 7), relative to the `/api` prefix under which
//! the server mounts it. Clients name a call only through these constants, the server routes
//! them, and the OpenAPI document ([`crate::openapi`]) and the widgets' TypeScript
//! (`widgets/src/generated/paths.ts`) are generated from them.
//!
//! A path with a parameter is a route pattern in axum's `{name}` syntax (the name is the one
//! the OpenAPI document uses); its function of the same name in snake case builds the
//! concrete path. Paths under `/p/` need a signed-in buyer (`A00004` otherwise).

crate::constants! { &'static str;
    // ------------------------------------------------------------ account and session

    /// `POST`, JSON [`LoginRequest`](crate::account::LoginRequest): sign-in by password;
    /// answers [`TokenData`](crate::account::TokenData).
    LOGIN = "/login";
    /// `POST`, JSON [`LoginRequest`](crate::account::LoginRequest) (`passWord` is the one-time
    /// code): sign-in by a code sent by e-mail.
    MAIL_LOGIN = "/mailLogin";
    /// `POST`, JSON [`LoginRequest`](crate::account::LoginRequest) (`userName` is the phone
    /// digits without plus, `passWord` the one-time code): sign-in by a code sent by SMS.
    MOBILE_LOGIN = "/mobileLogin";
    /// `POST`, JSON [`SignupRequest`](crate::account::SignupRequest): creates an account.
    USER_SIGNUP = "/user/signup";
    /// `POST ?input=` (an e-mail or phone digits): whether an account exists
    /// ([`CheckUserData`](crate::account::CheckUserData), `Exit` 0 means it does not).
    USER_CHECK_USER = "/user/checkUser";
    /// `POST`, form data `mail` or `mobile`: sends a sign-in code.
    SMS_SEND_LOGIN_CODE = "/sms/sendLoginCode";
    /// `PUT`, JSON [`SendBindCodeRequest`](crate::account::SendBindCodeRequest): sends the
    /// code that binds an e-mail to a third-party sign-in.
    USER_SEND_BIND_SMS = "/user/sendBindSms";
    /// `POST`, JSON [`BindMailRequest`](crate::account::BindMailRequest): binds the e-mail to
    /// the third-party account of `loginKey` and signs in.
    BIND_MAIL_AND_THIRD_LOGIN = "/bindMailAndThirdLogin";
    /// `POST`: ends the session and clears the session cookie.
    LOG_OUT = "/logOut";
    /// `GET` (signed in): the buyer's profile ([`UserInfo`](crate::account::UserInfo)).
    USER_INFO = "/p/user/userInfo";
    /// `GET` (signed in): the buyer's own shop ([`CenterInfo`](crate::account::CenterInfo)).
    USER_CENTER_INFO = "/p/user/centerInfo";
    /// `GET ?socialType&callbackUrl`: the provider's authorization URL for a third-party
    /// sign-in.
    GET_THIRD_LOGIN_URL = "/getThirdLoginUrl";
    /// `POST`, JSON [`ThirdLoginRequest`](crate::account::ThirdLoginRequest): finishes a
    /// third-party sign-in ([`ThirdLoginData`](crate::account::ThirdLoginData)).
    THIRD_LOGIN = "/thirdLogin";
    /// `POST` (signed in), JSON [`RegisterOrBindRequest`](crate::account::RegisterOrBindRequest):
    /// binds a third-party account to the signed-in buyer.
    USER_REGISTER_OR_BIND_USER = "/user/registerOrBindUser";
    /// `POST`, JSON [`SendCodeRequest`](crate::account::SendCodeRequest): sends a
    /// password-reset code.
    USER_SEND_RESET_CODE = "/user/sendResetCode";
    /// `POST`, JSON [`SignupRequest`](crate::account::SignupRequest) (the reset code): sets a new
    /// password with a reset code.
    USER_RESET_PASSWORD = "/user/resetPassword";

    // ------------------------------------------------------------ configuration

    /// `GET`: the currencies ([`Currency`](crate::config::Currency)).
    CURRENCY_LIST = "/currency/list";
    /// `GET`: logo, titles and texts of the site ([`PcWebConfig`](crate::config::PcWebConfig)).
    PC_WEB_CONFIG = "/webConfig/getPcWebConfig";
    /// `GET`: the languages and the visitor's default ([`LangDefault`](crate::config::LangDefault)).
    LANG_DEFAULT = "/lang/default";
    /// `GET`: the payment switches with their expiry ([`PaySwitchInfo`](crate::config::PaySwitchInfo)).
    SYS_PAY_SWITCH = "/sys/config/info/getSysPaySwitch";

    // ------------------------------------------------------------ browsing

    /// `GET`: the header's notice titles of a shop (0 = platform), for guests.
    TOP_NOTICE_LIST = "/notice/topNoticeList/{shopId}";
    /// `GET` (signed in): the header's notice titles of a shop (0 = platform), for a signed-in
    /// buyer.
    TOP_NOTICE_LIST_SIGNED_IN = "/p/notice/topNoticeList/{shopId}";
    /// `GET`: one notice for its page ([`NoticeDetail`](crate::browse::NoticeDetail)).
    NOTICE_INFO = "/notice/info/{id}";
    /// `GET ?shopId&current&size`: a shop's notices, a page at a time.
    NOTICE_LIST = "/notice/list";
    /// `GET ?parentId=` (0 = top level): categories with their children
    /// ([`CategoryInfo`](crate::catalog::CategoryInfo)).
    CATEGORY_INFO = "/category/categoryInfo";
    /// `GET ?prodId=`: everything the detail page shows of a product
    /// ([`ProductDetail`](crate::catalog::ProductDetail)).
    PROD_INFO = "/prod/prodInfo";
    /// `GET ?prodId=`: whether the product's detail page can be opened (on shelf, shop online).
    PROD_IS_STATUS = "/prod/isStatus";
    /// `GET ?imgType=1`: the carousel banners of a shop (0 = platform).
    INDEX_IMGS = "/indexImgs/{shopId}";
    /// `GET`: the best-selling online shops.
    HOT_SHOPS = "/shop/hotShops";
    /// `GET ?shopId=`: the shop header ([`ShopHeadInfo`](crate::catalog::ShopHeadInfo)).
    SHOP_HEAD_INFO = "/shop/headInfo";
    /// `GET ?shopIds=1,2,3`: shop cards of a decorated block, in the given order.
    LIST_RENOVATION_SHOP = "/shop/listRenovationShop";
    /// `GET ?shopId=`: the shop's own two-level category list.
    SHOP_CATEGORY = "/shop/shopCategory";
    /// `POST` (signed in), `?shopId=` or JSON [`CollectShopRequest`](crate::catalog::CollectShopRequest):
    /// follows the shop or unfollows it; answers whether the buyer now follows it.
    SHOP_COLLECTION_ADD_OR_CANCEL = "/p/shop/collection/addOrCancel";
    /// `GET ?renovationType=1[&renovationId][&shopId]`: a decorated page
    /// ([`RenovationPage`](crate::catalog::RenovationPage)), or `null` when a shop has no
    /// decorated home.
    SHOP_RENOVATION_HOMEPAGE = "/shopRenovation/homepage";
    /// `GET ?current&size`: running and upcoming shop discounts.
    DISCOUNT_LIST = "/marking/discount/getDiscountList";
    /// `GET ?discountId=`: one discount for its page.
    DISCOUNT_INFO = "/marking/discount/info";
    /// `GET ?current&size`: coupons that can be claimed.
    COUPON_PAGE = "/coupon/getCouponPage";
    /// `GET ?couponId=`: one coupon for its page.
    COUPON_INFO = "/coupon/info";
    /// `POST` (signed in), `?couponId=` or JSON [`ReceiveCouponRequest`](crate::catalog::ReceiveCouponRequest):
    /// claims a coupon.
    MY_COUPON_RECEIVE = "/p/myCoupon/receive";
    /// `GET ?status&current&size` (signed in): the buyer's claimed coupons.
    MY_COUPON_PAGE = "/p/myCoupon/page";

    // ------------------------------------------------------------ search

    /// `GET ?type=` ([`hot_search_type`](crate::browse::hot_search_type)): hot search words.
    HOT_SEARCH = "/search/hotSearch";
    /// `GET ?keyword&limit`: suggestions as the buyer types
    /// ([`Suggestion`](crate::search::Suggestion)).
    SEARCH_SUGGESTIONS = "/search/suggestions";
    /// `GET` with [`SearchPageQuery`](crate::search::SearchPageQuery): products (or, with sort
    /// [`SHOP_SEARCH`](crate::search::sort_code::SHOP_SEARCH), shops) in `records[0]`.
    SEARCH_PAGE = "/search/page";
    /// `GET ?prodIds=1,2,3&current&size&getDelete`: the products of a decorated block, in the
    /// given order.
    SEARCH_RENOVATION_PAGE = "/search/renovationPage";

    // ------------------------------------------------------------ cart

    /// `GET` (signed in): the cart's lines grouped by shop
    /// ([`ShopCart`](crate::cart::ShopCart)).
    SHOP_CART_INFO = "/p/shopCart/info";
    /// `POST` (signed in), JSON [`ChangeItemRequest`](crate::cart::ChangeItemRequest): changes
    /// a cart line by a signed count (0 or below removes it).
    SHOP_CART_CHANGE_ITEM = "/p/shopCart/changeItem";
    /// `DELETE` (signed in), a JSON array of `basketId`s: removes those lines.
    SHOP_CART_DELETE_ITEM = "/p/shopCart/deleteItem";
    /// `GET` (signed in): the number of items in the cart.
    SHOP_CART_PROD_COUNT = "/p/shopCart/prodCount";

    // ------------------------------------------------------------ addresses

    /// `GET` (signed in): the buyer's addresses, the default first
    /// ([`UserAddr`](crate::addresses::UserAddr)).
    ADDRESS_LIST = "/p/address/list";
    /// `POST` (signed in), JSON [`AddrParam`](crate::addresses::AddrParam): adds an address
    /// (the first one becomes the default); answers the new [`UserAddr`](crate::addresses::UserAddr).
    ADDRESS_ADD = "/p/address/addAddr";
    /// `PUT` (signed in), JSON [`AddrParam`](crate::addresses::AddrParam): changes an address.
    ADDRESS_UPDATE = "/p/address/updateAddr";
    /// `DELETE` (signed in): removes an address.
    ADDRESS_DELETE = "/p/address/deleteAddr/{addrId}";
    /// `PUT` (signed in): makes an address the default.
    ADDRESS_DEFAULT = "/p/address/defaultAddr/{addrId}";
    /// `GET` (signed in): one address ([`UserAddr`](crate::addresses::UserAddr)).
    ADDRESS_INFO = "/p/address/addrInfo/{addrId}";

    // ------------------------------------------------------------ orders

    /// `POST` (signed in), JSON [`OrderParam`](crate::orders::OrderParam): computes an order
    /// before submission ([`OrderConfirmation`](crate::orders::OrderConfirmation)).
    ORDER_CONFIRM = "/p/order/confirm";
    /// `POST` (signed in), JSON [`SubmitOrderParam`](crate::orders::SubmitOrderParam): places
    /// one order per shop ([`OrderNumbers`](crate::orders::OrderNumbers)).
    ORDER_SUBMIT = "/p/order/submit";
    /// `GET ?orderNumber=` (signed in): one of the buyer's orders
    /// ([`OrderDetail`](crate::orders::OrderDetail)).
    MY_ORDER_DETAIL = "/p/myOrder/orderDetail";
    /// `GET ?status&current&size` (signed in): the buyer's orders, newest first
    /// ([`MyOrder`](crate::orders::MyOrder)).
    MY_ORDER_LIST = "/p/myOrder/myOrder";
    /// `GET` (signed in): the buyer's orders per state ([`OrderCount`](crate::orders::OrderCount)).
    MY_ORDER_COUNT = "/p/myOrder/orderCount";
    /// `PUT` (signed in): cancels an unpaid order, returning its stock, coupons and points.
    MY_ORDER_CANCEL = "/p/myOrder/cancel/{orderNumber}";
    /// `PUT` (signed in): confirms receipt of a shipped order.
    MY_ORDER_RECEIPT = "/p/myOrder/receipt/{orderNumber}";
    /// `GET ?groupActivityId&size`: the open groups of a group buy others can join, closing
    /// soonest first ([`GroupTeam`](crate::orders::GroupTeam)).
    GROUP_TEAM_JOIN_LIST = "/groupTeam/joinList";

    // ------------------------------------------------------------ payments

    /// `GET ?orderNumbers=` (signed in): what the checkout counter shows of the orders to pay
    /// and the buyer's means ([`OrderPayInfo`](crate::payments::OrderPayInfo)).
    ORDER_PAY_INFO = "/p/order/getOrderPayInfoByOrderNumber";
    /// `POST` (signed in), JSON [`PayParam`](crate::payments::PayParam): pays one or several
    /// orders with one method ([`PayResult`](crate::payments::PayResult)).
    ORDER_PAY = "/p/order/pay";
    /// `GET ?payNo=` (signed in): where a pay attempt stands
    /// ([`PayStatus`](crate::payments::PayStatus)); asks the gateway while it is pending.
    ORDER_PAY_STATUS = "/p/order/payStatus";
    /// `POST` (signed in), JSON [`RechargeParam`](crate::payments::RechargeParam): tops the
    /// balance up through a gateway ([`PayResult`](crate::payments::PayResult)).
    BALANCE_RECHARGE = "/p/balance/recharge";
    /// `PUT` (signed in), JSON [`PayPasswordParam`](crate::payments::PayPasswordParam): sets
    /// or changes the payment password.
    USER_PAY_PASSWORD = "/p/user/payPassword";
    /// `POST` (a gateway, not a buyer): a payment gateway's signed notification, raw body.
    PAY_NOTICE = "/notice/pay/{payType}";

    // ------------------------------------------------------------ user centre: overview and orders

    /// `GET` (signed in): the buyer's member level, growth and the way to the next level
    /// ([`UserLevel`](crate::members::UserLevel)).
    USER_LEVEL = "/p/user/level";
    /// `GET` (signed in): the buyer's balance and points
    /// ([`UserAssets`](crate::members::UserAssets)).
    USER_ASSETS = "/p/user/assets";

    // ------------------------------------------------------------ user centre: favourites and footprints

    /// `GET ?current&size` (signed in): the buyer's favourite products, newest first
    /// ([`CollectionProduct`](crate::favourites::CollectionProduct)).
    USER_COLLECTION_PAGE = "/p/user/collection/page";
    /// `GET ?prodId=` (signed in): whether the product is among the buyer's favourites.
    USER_COLLECTION_IS_COLLECTION = "/p/user/collection/isCollection";
    /// `POST` (signed in), `?prodId=` or JSON [`CollectProductRequest`](crate::favourites::CollectProductRequest)
    /// (or the bare id): collects the product, or uncollects it when collected; answers
    /// whether it is now collected.
    USER_COLLECTION_ADD_OR_CANCEL = "/p/user/collection/addOrCancel";
    /// `GET` (signed in): the number of the buyer's favourite products.
    USER_COLLECTION_COUNT = "/p/user/collection/count";
    /// `DELETE` (signed in): removes the product from the buyer's favourites (nothing to do
    /// when it is not one); answers `false`.
    USER_COLLECTION_CANCEL = "/p/user/collection/cancel/{prodId}";
    /// `GET ?current&size` (signed in): the shops the buyer follows, newest first
    /// ([`CollectionShop`](crate::favourites::CollectionShop)).
    SHOP_COLLECTION_PAGE = "/p/shop/collection/page";
    /// `DELETE` (signed in): unfollows the shop (nothing to do when not followed); answers
    /// `false`.
    SHOP_COLLECTION_CANCEL = "/p/shop/collection/cancel/{shopId}";
    /// `POST` (signed in), form-encoded [`RecentBrowseParam`](crate::favourites::RecentBrowseParam):
    /// records that the buyer viewed the product (one footprint per product and day, moved to
    /// the latest view; the oldest beyond [`MAX_FOOTPRINTS`](crate::favourites::MAX_FOOTPRINTS)
    /// dropped).
    RECENT_BROWSE = "/p/user/recentBrowse";
    /// `GET ?current&size` (signed in): the buyer's footprints, newest first
    /// ([`Footprint`](crate::favourites::Footprint)).
    RECENT_BROWSE_PAGE = "/p/user/recentBrowse/page";
    /// `DELETE` (signed in): removes one of the buyer's footprints; answers the number removed.
    RECENT_BROWSE_DELETE = "/p/user/recentBrowse/delete/{id}";
    /// `DELETE ?day=YYYY-MM-DD` (signed in): removes the buyer's footprints of that day;
    /// answers the number removed.
    RECENT_BROWSE_DELETE_DAY = "/p/user/recentBrowse/deleteDay";
    /// `DELETE` (signed in): removes all the buyer's footprints; answers the number removed.
    RECENT_BROWSE_CLEAR = "/p/user/recentBrowse/clear";

    // ------------------------------------------------------------ user centre: profile, passwords and binding

    /// `POST` (signed in), multipart with one `file` part, `?kind=avatar|image` (or a `kind`
    /// part; default `image`): stores a picture checked by its content (PNG, JPEG, GIF or
    /// WebP; avatars up to 2 MB, other pictures up to 10 MB, at most 8000 × 8000 pixels);
    /// answers its path, `/media/<sha256>.<ext>` (the same picture always has the same path).
    FILE_UPLOAD = "/p/file/upload";
    /// `GET` (signed in): the account page's facts ([`AccountInfo`](crate::users::AccountInfo)):
    /// nickname, avatar, the bound e-mail and phone masked, which passwords are set, which
    /// third-party accounts are bound.
    USER_ACCOUNT_INFO = "/p/user/accountInfo";
    /// `PUT` (signed in), JSON [`UserInfoParam`](crate::users::UserInfoParam): sets the nickname
    /// and the avatar.
    USER_SET_USER_INFO = "/p/user/setUserInfo";
    /// `PUT` (signed in), JSON [`UpdatePasswordParam`](crate::users::UpdatePasswordParam):
    /// changes the sign-in password with the current one; every other session of the buyer
    /// ends.
    USER_UPDATE_PWD = "/p/user/updatePwd";
    /// `PUT` (signed in), JSON [`SetPasswordParam`](crate::users::SetPasswordParam): sets a
    /// sign-in password on an account that has none, with a code sent to its e-mail or phone.
    USER_SET_PWD = "/p/user/setPwd";
    /// `POST` (signed in), JSON [`SecurityCodeParam`](crate::users::SecurityCodeParam): sends a
    /// one-time code to the buyer's own bound e-mail or phone.
    USER_SEND_SECURITY_CODE = "/p/user/sendSecurityCode";
    /// `PUT` (signed in), JSON [`UpdatePayPasswordParam`](crate::users::UpdatePayPasswordParam):
    /// changes the payment password with the current one.
    USER_UPDATE_PAY_PASSWORD = "/p/user/updatePayPassword";
    /// `PUT` (signed in), JSON [`ResetPayPasswordParam`](crate::users::ResetPayPasswordParam):
    /// sets a new payment password with a code sent to the bound e-mail or phone.
    USER_RESET_PAY_PASSWORD = "/p/user/resetPayPassword";
    /// `POST` (signed in), JSON [`BindCodeParam`](crate::users::BindCodeParam): sends a code to
    /// an e-mail or phone the buyer wants to bind.
    USER_SEND_BIND_CODE = "/p/user/sendBindCode";
    /// `PUT` (signed in), JSON [`BindAccountParam`](crate::users::BindAccountParam): binds or
    /// changes the e-mail or the phone with the code sent to it.
    USER_BIND_ACCOUNT = "/p/user/bindAccount";
    /// `GET ?socialType&callbackUrl` (signed in): the provider's authorization URL of a
    /// third-party account to bind to the buyer (its return calls `/user/registerOrBindUser`).
    USER_BIND_SOCIAL_URL = "/p/user/bindSocialUrl";
    /// `POST` (signed in), JSON [`UnbindSocialParam`](crate::users::UnbindSocialParam): unbinds
    /// a third-party account (never the last way to sign in).
    USER_UNBIND_SOCIAL = "/p/user/unbindSocial";

    // ------------------------------------------------------------ user centre: addresses and opening a shop

    /// `GET` (signed in): the buyer's latest shop application
    /// ([`ShopApplyInfo`](crate::shop_apply::ShopApplyInfo)), `null` when there is none.
    SHOP_APPLY_INFO = "/p/shop/apply/info";
    /// `POST` (signed in), JSON [`ShopApplyParam`](crate::shop_apply::ShopApplyParam): applies
    /// to open a shop (one application at a time; again after a rejection); answers the
    /// application.
    SHOP_APPLY = "/p/shop/apply";
    /// `POST` (signed in), JSON [`StoreAccountParam`](crate::shop_apply::StoreAccountParam):
    /// sets the store account and password of the sellers' centre, once, for an approved
    /// application; answers the application.
    SHOP_APPLY_STORE_ACCOUNT = "/p/shop/apply/storeAccount";

    // ------------------------------------------------------------ comparison

    /// `GET` with [`ComparisonQuery`](crate::comparison::ComparisonQuery): the product
    /// (`product`) and a page of the same product's offers by other shops (`records`), sorted
    /// by `columns` ([`ComparisonPage`](crate::comparison::ComparisonPage)).
    COMPARISON_MATCH_PRODUCTS = "/comparison/matchProducts";
    /// `GET` with [`ComparisonQuery`](crate::comparison::ComparisonQuery): the product and a
    /// page of similar products (same category, close attributes and price band, not its own
    /// offers) ([`ComparisonPage`](crate::comparison::ComparisonPage)).
    COMPARISON_SIMILAR_PRODUCTS = "/comparison/similarProducts";
    /// `GET` with [`CompareSimilarQuery`](crate::comparison::CompareSimilarQuery): similar
    /// products of a product whose names hold the keyword, most similar first
    /// ([`ComparisonProduct`](crate::comparison::ComparisonProduct)).
    PRODUCT_COMPARE_SIMILAR = "/product/compare/similar";
    /// `GET` with [`PriceHistoryQuery`](crate::comparison::PriceHistoryQuery): a product's
    /// price over a period ([`PriceHistory`](crate::comparison::PriceHistory)).
    PRODUCT_PRICE_HISTORY = "/product/price/history";

    // ------------------------------------------------------------ reviews

    /// `GET` with [`ProdCommDataQuery`](crate::reviews::ProdCommDataQuery): a product's review
    /// counts, average score and positive rate ([`ProdCommData`](crate::reviews::ProdCommData)).
    PROD_COMM_DATA = "/prodComm/prodCommData";
    /// `GET` with [`ProdCommPageQuery`](crate::reviews::ProdCommPageQuery): a page of a
    /// product's reviews, newest first ([`ProdComm`](crate::reviews::ProdComm)).
    PROD_COMM_PAGE_BY_PROD = "/prodComm/prodCommPageByProd";
    /// `POST` (signed in), JSON [`ProdCommParam`](crate::reviews::ProdCommParam): reviews an
    /// item of one of the buyer's received orders, once; answers the review.
    PROD_COMM_ADD = "/p/prodComm";
    /// `GET` (signed in) with `current`, `size`: a page of the buyer's own reviews, newest
    /// first ([`ProdComm`](crate::reviews::ProdComm)).
    PROD_COMM_PAGE_BY_USER = "/p/prodComm/prodCommPageByUser";
    /// `GET` (signed in) with `orderNumber`: one of the buyer's orders with its items and
    /// whether each is reviewed ([`CommOrder`](crate::reviews::CommOrder)).
    PROD_COMM_ORDER_ITEMS = "/p/prodComm/orderItems";

    // ------------------------------------------------------------ wallet

    /// `GET` (signed in): the balance and the top-up limits
    /// ([`BalanceInfo`](crate::wallet::BalanceInfo)).
    USER_BALANCE_INFO = "/p/userBalance/info";
    /// `GET` (signed in) with `current`, `size`: a page of the balance's records, newest
    /// first ([`BalanceRecord`](crate::wallet::BalanceRecord)).
    USER_BALANCE_PAGE = "/p/userBalance/page";
    /// `GET` (signed in): the points, today's sign-in and the 7-day strip
    /// ([`ScoreInfo`](crate::wallet::ScoreInfo)).
    SCORE_INFO = "/p/score/scoreInfo";
    /// `POST` (signed in): today's sign-in, once a day
    /// ([`SignInResult`](crate::wallet::SignInResult)).
    SCORE_SIGN_IN = "/p/score/signIn";
    /// `GET` (signed in) with `current`, `size`: a page of the points' records, newest first
    /// ([`ScoreRecord`](crate::wallet::ScoreRecord)).
    SCORE_PAGE = "/p/score/page";

    // ------------------------------------------------------------ invoices

    /// `POST` (signed in), JSON [`OrderInvoiceParam`](crate::invoices::OrderInvoiceParam):
    /// requests the invoice of one of the buyer's paid orders (once; again after a failed one);
    /// answers it ([`OrderInvoice`](crate::invoices::OrderInvoice)).
    ORDER_INVOICE = "/p/orderInvoice";
    /// `GET` (signed in) with `orderNumber`: one of the buyer's orders with its amount, whether
    /// an invoice may be requested, and its invoice
    /// ([`OrderInvoiceInfo`](crate::invoices::OrderInvoiceInfo)).
    ORDER_INVOICE_INFO = "/p/orderInvoice/info";
    /// `GET` (signed in) with `orderNumber`: the issued invoice as a PDF file
    /// (`application/pdf`, an attachment); the envelope with a refusal otherwise.
    ORDER_INVOICE_PDF = "/p/orderInvoice/pdf";

    // ---- refunds

    /// `POST` (signed in), JSON [`OrderRefundParam`](crate::refunds::OrderRefundParam): applies
    /// for a refund (or a return and refund) of an item of one of the buyer's paid orders or of
    /// the whole order; answers its `refundSn` ([`RefundApplied`](crate::refunds::RefundApplied)).
    ORDER_REFUND_APPLY = "/p/orderRefund/apply";
    /// `GET` (signed in) with [`RefundListQuery`](crate::refunds::RefundListQuery): a page of the
    /// buyer's applications, newest first ([`OrderRefund`](crate::refunds::OrderRefund)).
    ORDER_REFUND_LIST = "/p/orderRefund/list";
    /// `GET` (signed in) with `refundSn`: one of the buyer's applications with its progress
    /// ([`OrderRefundDetail`](crate::refunds::OrderRefundDetail)).
    ORDER_REFUND_INFO = "/p/orderRefund/info";
    /// `GET` (signed in) with `orderNumber`: what of one of the buyer's orders may still be
    /// refunded ([`RefundableOrder`](crate::refunds::RefundableOrder)).
    ORDER_REFUND_REFUNDABLE = "/p/orderRefund/refundable";
    /// `POST` (signed in), JSON [`RefundExpressParam`](crate::refunds::RefundExpressParam): the
    /// return shipment of an accepted return (carrier, tracking number, mobile).
    ORDER_REFUND_SUBMIT_EXPRESS = "/p/orderRefund/submitExpress";
    /// `PUT` (signed in): the buyer withdraws their application `refundSn`.
    ORDER_REFUND_CANCEL = "/p/orderRefund/cancel/{refundSn}";
    /// `POST` (signed in), JSON [`RefundInterventionParam`](crate::refunds::RefundInterventionParam):
    /// asks the platform to decide an application the merchant refused.
    ORDER_REFUND_APPLY_INTERVENTION = "/p/orderRefund/applyIntervention";

    // ---- members

    /// `GET` (signed in): the member centre's facts about the buyer: level, growth, the paid
    /// membership and what applies at checkout ([`MemberInfo`](crate::members::MemberInfo)).
    MEMBER_INFO = "/p/member/info";
    /// `GET` (signed in): every level's benefits and the paid membership's, with the buyer's
    /// own ([`MemberEquityInfo`](crate::members::MemberEquityInfo)).
    MEMBER_EQUITY = "/p/member/equity";
    /// `GET`: the paid membership plans on sale ([`MemberPlan`](crate::members::MemberPlan)).
    MEMBER_PLANS = "/p/member/plans";
    /// `POST` (signed in), JSON [`BuyMemberParam`](crate::members::BuyMemberParam): buys a
    /// plan; the balance settles at once, a gateway answers what the browser does next
    /// ([`PayResult`](crate::payments::PayResult)).
    MEMBER_BUY = "/p/member/buy";

    // ---- points-mall

    /// `GET` with `current`, `size`: a page of the points mall's items on offer, in the
    /// request's language ([`ScoreProd`](crate::points_mall::ScoreProd)).
    SCORE_PROD_LIST = "/score/prodList";
    /// `GET` with `scoreProdId`: one item of the points mall
    /// ([`ScoreProd`](crate::points_mall::ScoreProd)).
    SCORE_PROD_INFO = "/score/prodInfo";
    /// `POST` (signed in), JSON [`ScoreOrderParam`](crate::points_mall::ScoreOrderParam):
    /// redeems an item: the order is placed and paid with points at once
    /// ([`ScoreOrderResult`](crate::points_mall::ScoreOrderResult)).
    SCORE_ORDER_SUBMIT = "/p/scoreOrder/submit";

    // ---- chat

    /// `GET` (signed in): who the caller is in the chat, a buyer or an agent and the shop it
    /// answers for ([`ChatProfile`](crate::chat::ChatProfile)).
    CHAT_PROFILE = "/p/chat/profile";
    /// `POST` (signed in), JSON [`OpenConversation`](crate::chat::OpenConversation): opens or
    /// returns the buyer's conversation with a shop or the platform (`shopId` 0)
    /// ([`ChatConversation`](crate::chat::ChatConversation)).
    CHAT_CONVERSATION = "/p/chat/conversation";
    /// `GET` (signed in): the caller's conversations, newest activity first (an agent's: its
    /// shop's) ([`ChatConversation`](crate::chat::ChatConversation)).
    CHAT_CONVERSATIONS = "/p/chat/conversations";
    /// `GET` (signed in) with [`ChatMessagesQuery`](crate::chat::ChatMessagesQuery): the
    /// messages of a conversation just before `beforeSeq`, ascending
    /// ([`ChatMessagePage`](crate::chat::ChatMessagePage)).
    CHAT_MESSAGES = "/p/chat/messages";
    /// `GET` (signed in): the caller's unread messages in all conversations
    /// ([`ChatUnread`](crate::chat::ChatUnread)).
    CHAT_UNREAD = "/p/chat/unread";
    /// `POST` (signed in), JSON [`ReadUpTo`](crate::chat::ReadUpTo): the caller's side has read
    /// a conversation up to `seq`.
    CHAT_READ = "/p/chat/read";
    /// `GET` (signed in; a WebSocket upgrade, `Origin` this site): the chat socket, JSON frames
    /// [`ChatClientFrame`](crate::chat::ChatClientFrame) in and
    /// [`ChatServerFrame`](crate::chat::ChatServerFrame) out (see [`crate::chat`]).
    CHAT_WS = "/p/chat/ws";

    // ------------------------------------------------------------ analytics

    /// `POST`, JSON [`FlowLog`](crate::analytics::FlowLog): a page visit of a guest.
    FLOW_ANALYSIS_LOG = "/flowAnalysisLog";
    /// `POST` (signed in), JSON [`FlowLog`](crate::analytics::FlowLog): a page visit of a
    /// signed-in buyer.
    FLOW_ANALYSIS_LOG_SIGNED_IN = "/p/flowAnalysisLog";

    // ------------------------------------------------------------ development only (MALL_DEV=1)

    /// `GET ?to=`: the newest messages of the development mailbox
    /// ([`MailboxMessage`](crate::account::MailboxMessage)).
    DEV_MAILBOX = "/dev/mailbox";
    /// `GET` (an HTML page) and `POST` (form): the stand-in OAuth2 provider of development.
    DEV_OAUTH_AUTHORIZE = "/dev/oauth/authorize";
    /// `GET` (an HTML page) and `POST` (form `decision`: `approve`, `approve-silent`,
    /// `decline` or `abandon`): the development payment gateway's page of one payment, where
    /// the stand-in Stripe, PayPal, ABA PayWay and UPAY send the buyer; answers the page, or a
    /// redirect back to the shop.
    DEV_GATEWAY_CHECKOUT = "/dev/gateway/checkout/{paymentId}";
    /// `POST`, JSON `{"advanceMs"}` (1 to 604800000): moves the server's clock forward and runs
    /// the expiry passes of orders, pay attempts and housekeeping once; answers the new time
    /// (`now`), the orders cancelled (`cancelledOrders`) and the rows the housekeeping removed
    /// (`housekeepingRows`).
    DEV_CLOCK = "/dev/clock";
}

/// `GET` calls whose answer is the same for every caller: no session, cookie or buyer goes
/// into it, only the path, the query and the language (the signed-in notices ask for a
/// session, but answer every buyer the platform's notices, word for word what guests get).
/// The server marks their successful
/// answers `Cache-Control: public, max-age=5` with `Vary: locale`, so a browser, a proxy and
/// the server's own page rendering may reuse them for five seconds (the guest pages' cache
/// age). A call whose answer shows what a buyer just did (stock on the product page, their
/// review, their group) stays off this list.
pub const SHARED_ANSWERS: &[&str] = &[
    CURRENCY_LIST,
    PC_WEB_CONFIG,
    TOP_NOTICE_LIST,
    TOP_NOTICE_LIST_SIGNED_IN,
    CATEGORY_INFO,
    INDEX_IMGS,
    HOT_SHOPS,
    LIST_RENOVATION_SHOP,
    SHOP_CATEGORY,
    SHOP_RENOVATION_HOMEPAGE,
    DISCOUNT_LIST,
    HOT_SEARCH,
    SEARCH_PAGE,
    SEARCH_RENOVATION_PAGE,
];

/// `pattern` with its one `{parameter}` replaced by `value`.
fn fill(pattern: &str, value: impl std::fmt::Display) -> String {
    match (pattern.find('{'), pattern.find('}')) {
        (Some(open), Some(close)) if open < close => format!("{}{value}{}", &pattern[..open], &pattern[close + 1..]),
        _ => pattern.to_string(),
    }
}

/// [`TOP_NOTICE_LIST`] of a shop (0 = platform).
pub fn top_notice_list(shop_id: i64) -> String {
    fill(TOP_NOTICE_LIST, shop_id)
}

/// [`TOP_NOTICE_LIST_SIGNED_IN`] of a shop (0 = platform).
pub fn top_notice_list_signed_in(shop_id: i64) -> String {
    fill(TOP_NOTICE_LIST_SIGNED_IN, shop_id)
}

/// [`NOTICE_INFO`] of a notice.
pub fn notice_info(id: i64) -> String {
    fill(NOTICE_INFO, id)
}

/// [`INDEX_IMGS`] of a shop (0 = platform).
pub fn index_imgs(shop_id: i64) -> String {
    fill(INDEX_IMGS, shop_id)
}

/// [`ADDRESS_DELETE`] of an address.
pub fn address_delete(addr_id: i64) -> String {
    fill(ADDRESS_DELETE, addr_id)
}

/// [`ADDRESS_DEFAULT`] of an address.
pub fn address_default(addr_id: i64) -> String {
    fill(ADDRESS_DEFAULT, addr_id)
}

/// [`ADDRESS_INFO`] of an address.
pub fn address_info(addr_id: i64) -> String {
    fill(ADDRESS_INFO, addr_id)
}

/// [`MY_ORDER_CANCEL`] of an order (its number is digits only).
pub fn my_order_cancel(order_number: &str) -> String {
    fill(MY_ORDER_CANCEL, order_number)
}

/// [`MY_ORDER_RECEIPT`] of an order.
pub fn my_order_receipt(order_number: &str) -> String {
    fill(MY_ORDER_RECEIPT, order_number)
}

/// [`ORDER_REFUND_CANCEL`] of an application (its number is letters and digits only).
pub fn order_refund_cancel(refund_sn: &str) -> String {
    fill(ORDER_REFUND_CANCEL, refund_sn)
}

/// [`PAY_NOTICE`] of a gateway's [`pay_type`](crate::config::pay_type).
pub fn pay_notice(pay_type: i32) -> String {
    fill(PAY_NOTICE, pay_type)
}

/// [`DEV_GATEWAY_CHECKOUT`] of a development gateway payment.
pub fn dev_gateway_checkout(payment_id: &str) -> String {
    fill(DEV_GATEWAY_CHECKOUT, payment_id)
}

/// The parameter names of a route pattern, in order (`{shopId}` gives `shopId`).
pub fn parameters(pattern: &str) -> Vec<&str> {
    pattern.split('/').filter_map(|segment| segment.strip_prefix('{')?.strip_suffix('}')).collect()
}

/// A constant's name as a type or operation name (`PROD_INFO` → `ProdInfo`), shared by the
/// generated TypeScript and the OpenAPI document.
#[cfg(any(feature = "ts", feature = "openapi"))]
pub fn pascal_case(name: &str) -> String {
    name.split('_')
        .map(|word| {
            let lower = word.to_ascii_lowercase();
            let mut chars = lower.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_distinct_absolute_and_plain() {
        let mut seen = std::collections::HashSet::new();
        for path in ALL {
            assert!(seen.insert(path.value), "{} repeats {}", path.name, path.value);
            assert!(path.value.starts_with('/') && !path.value.starts_with("/api/"), "{}", path.value);
            assert!(!path.value.contains('?') && !path.value.ends_with('/'), "{}", path.value);
            assert!(!path.doc.trim().is_empty(), "{} has no doc comment", path.name);
        }
        assert!(ALL.len() >= 45);
    }

    #[test]
    fn concrete_paths_fill_their_pattern() {
        assert_eq!(top_notice_list(0), "/notice/topNoticeList/0");
        assert_eq!(top_notice_list_signed_in(3), "/p/notice/topNoticeList/3");
        assert_eq!(notice_info(12), "/notice/info/12");
        assert_eq!(index_imgs(0), "/indexImgs/0");
        assert_eq!(parameters(INDEX_IMGS), ["shopId"]);
        assert_eq!(parameters(PROD_INFO), Vec::<&str>::new());
        let with_parameters: Vec<&str> = ALL.iter().filter(|p| p.value.contains('{')).map(|p| p.name).collect();
        assert_eq!(
            with_parameters,
            [
                "TOP_NOTICE_LIST",
                "TOP_NOTICE_LIST_SIGNED_IN",
                "NOTICE_INFO",
                "INDEX_IMGS",
                "ADDRESS_DELETE",
                "ADDRESS_DEFAULT",
                "ADDRESS_INFO",
                "MY_ORDER_CANCEL",
                "MY_ORDER_RECEIPT",
                "PAY_NOTICE",
                "USER_COLLECTION_CANCEL",
                "SHOP_COLLECTION_CANCEL",
                "RECENT_BROWSE_DELETE",
                "ORDER_REFUND_CANCEL",
                "DEV_GATEWAY_CHECKOUT"
            ]
        );
        assert_eq!(my_order_cancel("2026112300001"), "/p/myOrder/cancel/2026112300001");
        assert_eq!(address_default(7), "/p/address/defaultAddr/7");
        assert_eq!(dev_gateway_checkout("0f1e"), "/dev/gateway/checkout/0f1e");
        assert_eq!(parameters(DEV_GATEWAY_CHECKOUT), ["paymentId"]);
    }
}
