//! The storefront's paths: accounts, configuration, browsing, deals, search, cart and orders,
//! payments, comparison and analytics.

use super::*;

pub(super) fn accounts(doc: &mut Doc) {
    const TAG: &str = "accounts";
    doc.add(post(paths::LOGIN, TAG).json::<LoginRequest>().data::<TokenData>());
    doc.add(post(paths::MAIL_LOGIN, TAG).json::<LoginRequest>().data::<TokenData>());
    doc.add(post(paths::MOBILE_LOGIN, TAG).json::<LoginRequest>().data::<TokenData>());
    doc.add(post(paths::USER_SIGNUP, TAG).json::<SignupRequest>().data::<TokenData>());
    doc.add(post(paths::USER_CHECK_USER, TAG).query::<CheckUserQuery>().data::<CheckUserData>());
    doc.add(post(paths::SMS_SEND_LOGIN_CODE, TAG).form::<SendCodeRequest>());
    doc.add(put(paths::USER_SEND_BIND_SMS, TAG).json::<SendBindCodeRequest>());
    doc.add(post(paths::BIND_MAIL_AND_THIRD_LOGIN, TAG).json::<BindMailRequest>().data::<TokenData>());
    doc.add(post(paths::LOG_OUT, TAG));
    doc.add(get(paths::USER_INFO, TAG).data::<UserInfo>());
    doc.add(get(paths::USER_CENTER_INFO, TAG).data::<CenterInfo>());
    doc.add(get(paths::GET_THIRD_LOGIN_URL, TAG).query::<ThirdLoginUrlQuery>().data_value::<String>());
    doc.add(post(paths::THIRD_LOGIN, TAG).json::<ThirdLoginRequest>().data::<ThirdLoginData>());
    doc.add(post(paths::USER_REGISTER_OR_BIND_USER, TAG).signed_in().json::<RegisterOrBindRequest>());
    doc.add(post(paths::USER_SEND_RESET_CODE, TAG).json::<SendCodeRequest>());
    doc.add(post(paths::USER_RESET_PASSWORD, TAG).json::<SignupRequest>());
}

pub(super) fn configuration(doc: &mut Doc) {
    const TAG: &str = "configuration";
    doc.add(get(paths::CURRENCY_LIST, TAG).data_list::<Currency>());
    doc.add(get(paths::PC_WEB_CONFIG, TAG).data::<PcWebConfig>());
    doc.add(get(paths::LANG_DEFAULT, TAG).data::<LangDefault>());
    doc.add(get(paths::SYS_PAY_SWITCH, TAG).data::<PaySwitchInfo>());
}

pub(super) fn browsing(doc: &mut Doc) {
    const TAG: &str = "browsing";
    doc.add(get(paths::TOP_NOTICE_LIST, TAG).data_list::<Notice>());
    doc.add(get(paths::TOP_NOTICE_LIST_SIGNED_IN, TAG).data_list::<Notice>());
    doc.add(get(paths::NOTICE_INFO, TAG).data::<NoticeDetail>());
    doc.add(get(paths::NOTICE_LIST, TAG).query::<NoticeListQuery>().data_page::<Notice>());
    doc.add(get(paths::CATEGORY_INFO, TAG).query::<CategoryInfoQuery>().data::<CategoryInfo>());
    doc.add(get(paths::PROD_INFO, TAG).query::<ProdQuery>().data::<ProductDetail>());
    doc.add(get(paths::PROD_IS_STATUS, TAG).query::<ProdQuery>().data_value::<bool>());
    doc.add(get(paths::INDEX_IMGS, TAG).query::<BannerQuery>().data_list::<Banner>());
    doc.add(get(paths::HOT_SHOPS, TAG).data_list::<ShopCard>());
    doc.add(get(paths::SHOP_HEAD_INFO, TAG).maybe_signed_in().query::<ShopQuery>().data::<ShopHeadInfo>());
    doc.add(get(paths::LIST_RENOVATION_SHOP, TAG).query::<ShopIdsQuery>().data_list::<ShopCard>());
    doc.add(get(paths::SHOP_CATEGORY, TAG).query::<ShopQuery>().data_list::<Category>());
    doc.add(
        post(paths::SHOP_COLLECTION_ADD_OR_CANCEL, TAG)
            .optional_query::<ShopQuery>()
            .body::<CollectShopRequest>("application/json", false)
            .data_value::<bool>(),
    );
    doc.add(get(paths::SHOP_RENOVATION_HOMEPAGE, TAG).query::<RenovationQuery>().data_or_null::<RenovationPage>());
}

pub(super) fn deals(doc: &mut Doc) {
    const TAG: &str = "deals";
    doc.add(get(paths::DISCOUNT_LIST, TAG).query::<PageQuery>().data_page::<DiscountCard>());
    doc.add(get(paths::DISCOUNT_INFO, TAG).query::<DiscountQuery>().data::<DiscountCard>());
    doc.add(get(paths::COUPON_PAGE, TAG).maybe_signed_in().query::<PageQuery>().data_page::<CouponCard>());
    doc.add(get(paths::COUPON_INFO, TAG).maybe_signed_in().query::<CouponQuery>().data::<CouponCard>());
    doc.add(
        post(paths::MY_COUPON_RECEIVE, TAG)
            .optional_query::<CouponQuery>()
            .body::<ReceiveCouponRequest>("application/json", false)
            .data::<MyCoupon>(),
    );
    doc.add(get(paths::MY_COUPON_PAGE, TAG).query::<MyCouponQuery>().data_page::<MyCoupon>());
}

pub(super) fn search(doc: &mut Doc) {
    const TAG: &str = "search";
    doc.add(get(paths::HOT_SEARCH, TAG).query::<HotSearchQuery>().data_list::<HotSearch>());
    doc.add(get(paths::SEARCH_SUGGESTIONS, TAG).query::<SuggestionQuery>().data_list::<Suggestion>());
    doc.add(get(paths::SEARCH_PAGE, TAG).query::<SearchPageQuery>().data_page::<SearchRecord>());
    doc.add(get(paths::SEARCH_RENOVATION_PAGE, TAG).query::<RenovationPageQuery>().data_page::<ProductCard>());
}

pub(super) fn cart_and_orders(doc: &mut Doc) {
    const CART: &str = "cart";
    doc.add(get(paths::SHOP_CART_INFO, CART).data_list::<ShopCart>());
    doc.add(post(paths::SHOP_CART_CHANGE_ITEM, CART).json::<ChangeItemRequest>());
    doc.add(delete(paths::SHOP_CART_DELETE_ITEM, CART).json_value::<Vec<i64>>());
    doc.add(get(paths::SHOP_CART_PROD_COUNT, CART).data_value::<i64>());

    const ADDRESSES: &str = "addresses";
    doc.add(get(paths::ADDRESS_LIST, ADDRESSES).data_list::<UserAddr>());
    doc.add(post(paths::ADDRESS_ADD, ADDRESSES).json::<AddrParam>().data::<UserAddr>());
    doc.add(put(paths::ADDRESS_UPDATE, ADDRESSES).json::<AddrParam>().data::<UserAddr>());
    doc.add(delete(paths::ADDRESS_DELETE, ADDRESSES));
    doc.add(put(paths::ADDRESS_DEFAULT, ADDRESSES));
    doc.add(get(paths::ADDRESS_INFO, ADDRESSES).data::<UserAddr>());

    const ORDERS: &str = "orders";
    doc.add(post(paths::ORDER_CONFIRM, ORDERS).json::<OrderParam>().data::<OrderConfirmation>());
    doc.add(post(paths::ORDER_SUBMIT, ORDERS).json::<SubmitOrderParam>().data::<OrderNumbers>());
    doc.add(get(paths::MY_ORDER_DETAIL, ORDERS).query::<OrderNumberQuery>().data::<OrderDetail>());
    doc.add(get(paths::MY_ORDER_LIST, ORDERS).query::<MyOrderQuery>().data_page::<MyOrder>());
    doc.add(get(paths::MY_ORDER_COUNT, ORDERS).data::<OrderCount>());
    doc.add(put(paths::MY_ORDER_CANCEL, ORDERS));
    doc.add(put(paths::MY_ORDER_RECEIPT, ORDERS));
    doc.add(get(paths::GROUP_TEAM_JOIN_LIST, ORDERS).query::<GroupTeamQuery>().data_list::<GroupTeam>());
}

pub(super) fn payments(doc: &mut Doc) {
    const TAG: &str = "payments";
    doc.add(get(paths::ORDER_PAY_INFO, TAG).query::<OrderNumbersQuery>().data::<OrderPayInfo>());
    doc.add(post(paths::ORDER_PAY, TAG).json::<PayParam>().data::<PayResult>());
    doc.add(get(paths::ORDER_PAY_STATUS, TAG).query::<PayNoQuery>().data::<PayStatus>());
    doc.add(post(paths::BALANCE_RECHARGE, TAG).json::<RechargeParam>().data::<PayResult>());
    doc.add(put(paths::USER_PAY_PASSWORD, TAG).json::<PayPasswordParam>());
    // A gateway's notification is its own format, signed over the raw body; the answer is
    // the envelope (accepted) or a refusal (bad signature, unknown payment).
    doc.add(post(paths::PAY_NOTICE, TAG).json_value::<serde_json::Value>());
}

/// Price comparison: offers across shops, similar products, price history.
pub(super) fn comparison(doc: &mut Doc) {
    use crate::comparison::*;
    const TAG: &str = "comparison";
    doc.add(get(paths::COMPARISON_MATCH_PRODUCTS, TAG).query::<ComparisonQuery>().data::<ComparisonPage>());
    doc.add(get(paths::COMPARISON_SIMILAR_PRODUCTS, TAG).query::<ComparisonQuery>().data::<ComparisonPage>());
    doc.add(get(paths::PRODUCT_COMPARE_SIMILAR, TAG).query::<CompareSimilarQuery>().data_list::<ComparisonProduct>());
    doc.add(get(paths::PRODUCT_PRICE_HISTORY, TAG).query::<PriceHistoryQuery>().data::<PriceHistory>());
}

pub(super) fn analytics(doc: &mut Doc) {
    doc.add(post(paths::FLOW_ANALYSIS_LOG, "analytics").json::<FlowLog>());
    doc.add(post(paths::FLOW_ANALYSIS_LOG_SIGNED_IN, "analytics").json::<FlowLog>());
}
