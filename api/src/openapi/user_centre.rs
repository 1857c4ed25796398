//! The user centre's paths: orders, favourites, profile, shop, reviews, invoices, wallet, points
//! mall, chat, members and refunds.

use super::*;

/// The user centre: overview and orders.
pub(super) fn user_orders(doc: &mut Doc) {
    // The member level and what the buyer holds; the order list and counts are under "orders".
    const TAG: &str = "accounts";
    doc.add(get(paths::USER_LEVEL, TAG).data::<crate::members::UserLevel>());
    doc.add(get(paths::USER_ASSETS, TAG).data::<crate::members::UserAssets>());
}

/// The user centre: favourites and footprints.
pub(super) fn user_favourites(doc: &mut Doc) {
    use crate::favourites::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::USER_COLLECTION_PAGE, TAG).query::<PageQuery>().data_page::<CollectionProduct>());
    doc.add(get(paths::USER_COLLECTION_IS_COLLECTION, TAG).query::<ProdQuery>().data_value::<bool>());
    doc.add(
        post(paths::USER_COLLECTION_ADD_OR_CANCEL, TAG)
            .optional_query::<ProdQuery>()
            .body::<CollectProductRequest>("application/json", false)
            .data_value::<bool>(),
    );
    doc.add(get(paths::USER_COLLECTION_COUNT, TAG).data_value::<i64>());
    doc.add(delete(paths::USER_COLLECTION_CANCEL, TAG).data_value::<bool>());
    doc.add(get(paths::SHOP_COLLECTION_PAGE, TAG).query::<PageQuery>().data_page::<CollectionShop>());
    doc.add(delete(paths::SHOP_COLLECTION_CANCEL, TAG).data_value::<bool>());
    doc.add(post(paths::RECENT_BROWSE, TAG).form::<RecentBrowseParam>());
    doc.add(get(paths::RECENT_BROWSE_PAGE, TAG).query::<PageQuery>().data_page::<Footprint>());
    doc.add(delete(paths::RECENT_BROWSE_DELETE, TAG).data_value::<i64>());
    doc.add(delete(paths::RECENT_BROWSE_DELETE_DAY, TAG).query::<FootprintDayQuery>().data_value::<i64>());
    doc.add(delete(paths::RECENT_BROWSE_CLEAR, TAG).data_value::<i64>());
}

/// The user centre: profile, passwords and binding.
pub(super) fn user_profile(doc: &mut Doc) {
    use crate::users::*;
    const TAG: &str = "user centre";
    doc.add(
        post(paths::FILE_UPLOAD, TAG)
            .optional_query::<FileUploadQuery>()
            .body::<FileUploadForm>("multipart/form-data", true)
            .data_value::<String>(),
    );
    doc.add(get(paths::USER_ACCOUNT_INFO, TAG).data::<AccountInfo>());
    doc.add(put(paths::USER_SET_USER_INFO, TAG).json::<UserInfoParam>());
    doc.add(put(paths::USER_UPDATE_PWD, TAG).json::<UpdatePasswordParam>());
    doc.add(put(paths::USER_SET_PWD, TAG).json::<SetPasswordParam>());
    doc.add(post(paths::USER_SEND_SECURITY_CODE, TAG).json::<SecurityCodeParam>());
    doc.add(put(paths::USER_UPDATE_PAY_PASSWORD, TAG).json::<UpdatePayPasswordParam>());
    doc.add(put(paths::USER_RESET_PAY_PASSWORD, TAG).json::<ResetPayPasswordParam>());
    doc.add(post(paths::USER_SEND_BIND_CODE, TAG).json::<BindCodeParam>());
    doc.add(put(paths::USER_BIND_ACCOUNT, TAG).json::<BindAccountParam>());
    doc.add(get(paths::USER_BIND_SOCIAL_URL, TAG).query::<BindSocialUrlQuery>().data_value::<String>());
    doc.add(post(paths::USER_UNBIND_SOCIAL, TAG).json::<UnbindSocialParam>());
}

/// The user centre: addresses and opening a shop.
pub(super) fn user_shop(doc: &mut Doc) {
    use crate::shop_apply::{ShopApplyInfo, ShopApplyParam, StoreAccountParam};
    const TAG: &str = "user centre";
    doc.add(get(paths::SHOP_APPLY_INFO, TAG).data_or_null::<ShopApplyInfo>());
    doc.add(post(paths::SHOP_APPLY, TAG).json::<ShopApplyParam>().data::<ShopApplyInfo>());
    doc.add(post(paths::SHOP_APPLY_STORE_ACCOUNT, TAG).json::<StoreAccountParam>().data::<ShopApplyInfo>());
}

/// The user centre: reviews (a product's reviews are public).
pub(super) fn user_reviews(doc: &mut Doc) {
    use crate::reviews::*;
    const TAG: &str = "reviews";
    doc.add(get(paths::PROD_COMM_DATA, TAG).query::<ProdCommDataQuery>().data::<ProdCommData>());
    doc.add(get(paths::PROD_COMM_PAGE_BY_PROD, TAG).query::<ProdCommPageQuery>().data_page::<ProdComm>());
    doc.add(post(paths::PROD_COMM_ADD, TAG).json::<ProdCommParam>().data::<ProdComm>());
    doc.add(get(paths::PROD_COMM_PAGE_BY_USER, TAG).query::<crate::catalog::PageQuery>().data_page::<ProdComm>());
    doc.add(get(paths::PROD_COMM_ORDER_ITEMS, TAG).query::<crate::orders::OrderNumberQuery>().data::<CommOrder>());
}

/// The user centre: invoices of orders.
pub(super) fn user_invoices(doc: &mut Doc) {
    use crate::invoices::*;
    const TAG: &str = "invoices";
    doc.add(post(paths::ORDER_INVOICE, TAG).json::<OrderInvoiceParam>().data::<OrderInvoice>());
    doc.add(get(paths::ORDER_INVOICE_INFO, TAG).query::<crate::orders::OrderNumberQuery>().data::<OrderInvoiceInfo>());
    // The PDF itself on success (`application/pdf`); the envelope with a refusal otherwise.
    doc.add(get(paths::ORDER_INVOICE_PDF, TAG).query::<crate::orders::OrderNumberQuery>());
}

/// The user centre: wallet, points and membership.
pub(super) fn user_wallet(doc: &mut Doc) {
    use crate::wallet::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::USER_BALANCE_INFO, TAG).data::<BalanceInfo>());
    doc.add(get(paths::USER_BALANCE_PAGE, TAG).query::<crate::catalog::PageQuery>().data_page::<BalanceRecord>());
    doc.add(get(paths::SCORE_INFO, TAG).data::<ScoreInfo>());
    doc.add(post(paths::SCORE_SIGN_IN, TAG).data::<SignInResult>());
    doc.add(get(paths::SCORE_PAGE, TAG).query::<crate::catalog::PageQuery>().data_page::<ScoreRecord>());
}

/// The user centre: the points mall.
pub(super) fn user_points_mall(doc: &mut Doc) {
    use crate::points_mall::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::SCORE_PROD_LIST, TAG).query::<crate::catalog::PageQuery>().data_page::<ScoreProd>());
    doc.add(get(paths::SCORE_PROD_INFO, TAG).query::<ScoreProdQuery>().data::<ScoreProd>());
    doc.add(post(paths::SCORE_ORDER_SUBMIT, TAG).json::<ScoreOrderParam>().data::<ScoreOrderResult>());
}

/// The user centre: chat with a shop or the platform (the socket's frames are described in
/// `crate::chat`; without an upgrade the socket's path answers a refusal).
pub(super) fn user_chat(doc: &mut Doc) {
    use crate::chat::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::CHAT_PROFILE, TAG).data::<ChatProfile>());
    doc.add(post(paths::CHAT_CONVERSATION, TAG).json::<OpenConversation>().data::<ChatConversation>());
    doc.add(get(paths::CHAT_CONVERSATIONS, TAG).data_list::<ChatConversation>());
    doc.add(get(paths::CHAT_MESSAGES, TAG).query::<ChatMessagesQuery>().data::<ChatMessagePage>());
    doc.add(get(paths::CHAT_UNREAD, TAG).data::<ChatUnread>());
    doc.add(post(paths::CHAT_READ, TAG).json::<ReadUpTo>());
    doc.add(get(paths::CHAT_WS, TAG));
}

/// The member centre: levels' benefits, the paid membership and buying it.
pub(super) fn user_members(doc: &mut Doc) {
    use crate::members::*;
    const TAG: &str = "user centre";
    doc.add(get(paths::MEMBER_INFO, TAG).data::<MemberInfo>());
    doc.add(get(paths::MEMBER_EQUITY, TAG).data::<MemberEquityInfo>());
    doc.add(get(paths::MEMBER_PLANS, TAG).data_list::<MemberPlan>());
    doc.add(post(paths::MEMBER_BUY, TAG).json::<BuyMemberParam>().data::<PayResult>());
}

pub(super) fn user_refunds(doc: &mut Doc) {
    use crate::refunds::*;
    const TAG: &str = "refunds";
    doc.add(post(paths::ORDER_REFUND_APPLY, TAG).json::<OrderRefundParam>().data::<RefundApplied>());
    doc.add(get(paths::ORDER_REFUND_LIST, TAG).query::<RefundListQuery>().data_page::<OrderRefund>());
    doc.add(get(paths::ORDER_REFUND_INFO, TAG).query::<RefundSnQuery>().data::<OrderRefundDetail>());
    doc.add(
        get(paths::ORDER_REFUND_REFUNDABLE, TAG).query::<crate::orders::OrderNumberQuery>().data::<RefundableOrder>(),
    );
    doc.add(post(paths::ORDER_REFUND_SUBMIT_EXPRESS, TAG).json::<RefundExpressParam>());
    doc.add(put(paths::ORDER_REFUND_CANCEL, TAG));
    doc.add(post(paths::ORDER_REFUND_APPLY_INTERVENTION, TAG).json::<RefundInterventionParam>());
}
