//! Configuration payloads: currencies, web config, languages, pay switch (spec sections 3 and 7).

use api_macros::wire;

/// One currency of `GET /currency/list`. `exchangeRate` is a decimal string so that no
/// binary floating point touches money.
#[wire]
pub struct Currency {
    pub currency_name: String,
    pub currency_code: String,
    pub symbol: String,
    pub exchange_rate: String,
    /// 1 = enabled.
    pub status: i32,
    /// 1 = the default currency.
    pub default_currency: i32,
}

/// `GET /webConfig/getPcWebConfig`. Every field has a built-in fallback on the client.
#[wire(default)]
pub struct PcWebConfig {
    pub pc_logo_img: Option<String>,
    pub pc_login_bg_img: Option<String>,
    pub pc_copyright: Option<String>,
    pub pc_qrcode_img: Option<String>,
    pub pc_company_name: Option<String>,
    pub pc_company_info: Option<String>,
    pub pc_title_content: Option<String>,
    pub pc_title_img: Option<String>,
    pub pc_logo_img_text: Option<String>,
    pub pc_welcome: Option<String>,
}

/// One language entry of `langItemList`.
#[wire]
pub struct LangItem {
    /// Language code as used in `?lang=` (`en`, `zh_CN`, `km`).
    pub language: String,
    /// The language's own name ("English", "简体中文", "ខ្មែរ").
    pub name: String,
    pub lang: String,
    /// 1 = hidden from the switcher.
    pub hide: i32,
}

/// `GET /lang/default`.
#[wire]
pub struct LangDefault {
    pub name: String,
    pub language: String,
    pub lang_item_list: Vec<LangItem>,
    pub lang: String,
    /// The default language of the visitor's country, applied once when no saved choice is valid.
    pub country_lang: Option<String>,
}

crate::constants! {
    /// Payment method codes (spec section 9): `payType` of the pay switches and of payments.
    pub mod pay_type: i32 {
        /// Points.
        SCOREPAY = 0;
        /// The buyer's balance.
        BALANCEPAY = 9;
        /// PayPal.
        PAYPAL = 10;
        /// Card payment through PayPal.
        PAYCARDPAL = 12;
        /// Stripe.
        STRIPE = 13;
        /// UPAY.
        UPAY = 15;
        /// UPAY through its app (deep link).
        UPAY_DEEPLINK = 16;
        /// ABA.
        ABA = 17;
        /// ABA through its app (deep link).
        ABA_DEEPLINK = 18;
    }
}

/// One payment method's switch in `GET /sys/config/info/getSysPaySwitch`.
#[wire]
pub struct PaySwitch {
    /// A [`pay_type`] code.
    pub pay_type: i32,
    pub pay_name: String,
    pub enabled: bool,
}

/// Pay switch info with its expiry, so clients can cache it (5 hours) and refresh on demand.
#[wire]
pub struct PaySwitchInfo {
    pub pay_switches: Vec<PaySwitch>,
    /// Unix milliseconds after which the client should fetch again.
    pub expire_time: i64,
}
