//! The islands that share a split wasm module: one lazy island per group of pages, which
//! hydrates the island it is given.
//!
//! The wasm splitter writes a shared file for every set of split modules that share code, so
//! the number of files grows with the number of lazy boundaries, not with the code. Leptos
//! names each `#[island(lazy)]` a module of its own, so the page-specific islands of a family of
//! pages are one lazy island here, with the island as an enum of serializable props. Five lazy
//! islands in all (these four and the cart's) keep the whole build to at most 1 + 5 + 26 wasm
//! files, and a page that uses one group to at most 17
//! (docs/decisions/0164-build-tools-as-upstream-ships-them.md).

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::accounts::forgot_password::{ForgotLabels, ForgotPassword};
use crate::accounts::third_login::{ThirdLogin, ThirdLoginLabels};
use crate::catalog::buy_box::{ActivityLabels, BuyActivity, BuyBox, BuyBoxLabels, SkuOption};
use crate::catalog::collect_product::{CollectLabels, CollectProduct};
use crate::catalog::copy_link::CopyLink;
use crate::catalog::gallery::Gallery;
use crate::components::address_form::AddressFormLabels;
use crate::deals::claim_coupon::{ClaimCoupon, ClaimLabels};
use crate::favourites::collection_list::{FavouriteEntry, FavouriteKind, FavouriteLabels, FavouriteList};
use crate::favourites::footprint_list::{FootprintDay, FootprintLabels, FootprintList};
use crate::favourites::EmptyView;
use crate::invoices::form::{InvoiceDraft, InvoiceForm, InvoiceLabels};
use crate::members::buy::BuyMemberForm;
use crate::money::DisplayCurrency;
use crate::orders::checkout::{Checkout, CheckoutLabels, CheckoutStart};
use crate::orders::order_actions::{OrderAction, OrderActions};
use crate::payments::counter::{PaymentCounter, PaymentLabels, PaymentStart};
use crate::points_mall::redeem::RedeemForm;
use crate::refunds::form::{ActionLabels, ApplyForm, ProofForm, ProofLabels, RefundActions};
use crate::reviews::form::{ReviewForm, ReviewLabels};
use crate::shops::collect_shop::CollectShop;
use crate::users::account::{ProfileForm, Texts};
use crate::users::address::{AddressBook, AddressBookLabels};
use crate::users::bind::{ContactBind, SocialBind};
use crate::users::freeshop::{AccountLabels, ShopApplyForm, StoreAccountForm};
use crate::users::password::PasswordForm;
use crate::users::pay_password::PayPasswordForm;
use crate::wallet::balance::TopUpForm;
use crate::wallet::integral::SignInBox;
use api::addresses::UserAddr;
use api::points_mall::ScoreProd;
use api::refunds::RefundableOrder;
use api::shop_apply::ShopApplyParam;
use api::users::SocialBinding;

/// The islands of the pages a buyer browses: a product, a shop, the coupons.
// One value per island, built once and serialized into the page: boxing the large variants
// would save nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Serialize, Deserialize)]
pub enum BrowsePart {
    BuyBox {
        prod_id: i64,
        back: String,
        shop_id: i64,
        shop_name: String,
        skus: Vec<SkuOption>,
        on_shelf: bool,
        signed_in: bool,
        labels: BuyBoxLabels,
        activity: Option<BuyActivity>,
        activity_labels: ActivityLabels,
    },
    Gallery {
        images: Vec<String>,
        alt: String,
        thumbs_label: String,
        thumb_label: String,
    },
    CollectProduct {
        prod_id: i64,
        back: String,
        collected: bool,
        signed_in: bool,
        can_collect: bool,
        labels: CollectLabels,
    },
    CopyLink {
        path: String,
        label: String,
        copied: String,
        failed: String,
    },
    CollectShop {
        shop_id: i64,
        back: String,
        collected: bool,
        signed_in: bool,
        collect_label: String,
        collected_label: String,
        collected_toast: String,
        uncollected_toast: String,
    },
    ClaimCoupon {
        coupon_id: i64,
        back: String,
        received: bool,
        available: bool,
        signed_in: bool,
        labels: ClaimLabels,
    },
}

/// One island of the browsing pages; its code loads with the others of [`BrowsePart`].
#[island(lazy)]
pub fn BrowseIsland(part: BrowsePart) -> impl IntoView {
    match part {
        BrowsePart::BuyBox {
            prod_id,
            back,
            shop_id,
            shop_name,
            skus,
            on_shelf,
            signed_in,
            labels,
            activity,
            activity_labels,
        } => view! {
            <BuyBox prod_id=prod_id back=back shop_id=shop_id shop_name=shop_name skus=skus on_shelf=on_shelf
                signed_in=signed_in labels=labels activity=activity activity_labels=activity_labels />
        }
        .into_any(),
        BrowsePart::Gallery { images, alt, thumbs_label, thumb_label } => {
            view! { <Gallery images=images alt=alt thumbs_label=thumbs_label thumb_label=thumb_label /> }.into_any()
        }
        BrowsePart::CollectProduct { prod_id, back, collected, signed_in, can_collect, labels } => view! {
            <CollectProduct prod_id=prod_id back=back collected=collected signed_in=signed_in can_collect=can_collect
                labels=labels />
        }
        .into_any(),
        BrowsePart::CopyLink { path, label, copied, failed } => {
            view! { <CopyLink path=path label=label copied=copied failed=failed /> }.into_any()
        }
        BrowsePart::CollectShop {
            shop_id,
            back,
            collected,
            signed_in,
            collect_label,
            collected_label,
            collected_toast,
            uncollected_toast,
        } => view! {
            <CollectShop shop_id=shop_id back=back collected=collected signed_in=signed_in collect_label=collect_label
                collected_label=collected_label collected_toast=collected_toast uncollected_toast=uncollected_toast />
        }
        .into_any(),
        BrowsePart::ClaimCoupon { coupon_id, back, received, available, signed_in, labels } => view! {
            <ClaimCoupon coupon_id=coupon_id back=back received=received available=available signed_in=signed_in
                labels=labels />
        }
        .into_any(),
    }
}

/// The islands of the two steps after the cart: the order confirmation and the payment counter.
/// One module, so the counter's code is in the browser's cache when the order is submitted.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Serialize, Deserialize)]
pub enum CheckoutPart {
    Checkout {
        buy_now: bool,
        currency: DisplayCurrency,
        server_now_ms: i64,
        labels: CheckoutLabels,
        start: Option<CheckoutStart>,
        back: String,
    },
    PaymentCounter {
        order_numbers: String,
        pay_no: String,
        cancelled: bool,
        currency: DisplayCurrency,
        labels: PaymentLabels,
        start: Option<PaymentStart>,
        ask_password: bool,
    },
}

/// The confirmation or the counter; its code loads with the other of [`CheckoutPart`].
#[island(lazy)]
pub fn CheckoutIsland(part: CheckoutPart) -> impl IntoView {
    match part {
        CheckoutPart::Checkout { buy_now, currency, server_now_ms, labels, start, back } => view! {
            <Checkout buy_now=buy_now currency=currency server_now_ms=server_now_ms labels=labels start=start
                back=back />
        }
        .into_any(),
        CheckoutPart::PaymentCounter { order_numbers, pay_no, cancelled, currency, labels, start, ask_password } => {
            view! {
                <PaymentCounter order_numbers=order_numbers pay_no=pay_no cancelled=cancelled currency=currency
                    labels=labels start=start ask_password=ask_password />
            }
            .into_any()
        }
    }
}

/// The islands of the buyer's settings: profile, contacts and bindings, passwords, addresses,
/// the shop application, and the sign-in pages' forms (forgotten password, third-party sign-in).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Serialize, Deserialize)]
pub enum SettingsPart {
    PayPasswordForm {
        texts: Texts,
        has_pay_password: bool,
        has_password: bool,
        mail: Option<String>,
        mobile: Option<String>,
    },
    AddressBook {
        labels: AddressBookLabels,
        initial: Vec<UserAddr>,
    },
    ShopApplyForm {
        labels: crate::users::freeshop::ApplyLabels,
        categories: Vec<(i64, String)>,
        initial: ShopApplyParam,
        collapsed: bool,
    },
    StoreAccountForm {
        labels: AccountLabels,
    },
    ProfileForm {
        texts: Texts,
        nick_name: String,
        pic: Option<String>,
    },
    ContactBind {
        texts: Texts,
        mail: bool,
        current: Option<String>,
    },
    SocialBind {
        texts: Texts,
        socials: Vec<SocialBinding>,
    },
    PasswordForm {
        texts: Texts,
        has_password: bool,
        mail: Option<String>,
        mobile: Option<String>,
    },
    ThirdLogin {
        labels: ThirdLoginLabels,
    },
    ForgotPassword {
        labels: ForgotLabels,
    },
}

/// One island of the settings pages; its code loads with the others of [`SettingsPart`].
#[island(lazy)]
pub fn SettingsIsland(part: SettingsPart) -> impl IntoView {
    match part {
        SettingsPart::PayPasswordForm { texts, has_pay_password, has_password, mail, mobile } => view! {
            <PayPasswordForm texts=texts has_pay_password=has_pay_password has_password=has_password mail=mail
                mobile=mobile />
        }
        .into_any(),
        SettingsPart::AddressBook { labels, initial } => {
            view! { <AddressBook labels=labels initial=initial /> }.into_any()
        }
        SettingsPart::ShopApplyForm { labels, categories, initial, collapsed } => view! {
            <ShopApplyForm labels=labels categories=categories initial=initial collapsed=collapsed />
        }
        .into_any(),
        SettingsPart::StoreAccountForm { labels } => view! { <StoreAccountForm labels=labels /> }.into_any(),
        SettingsPart::ProfileForm { texts, nick_name, pic } => {
            view! { <ProfileForm texts=texts nick_name=nick_name pic=pic /> }.into_any()
        }
        SettingsPart::ContactBind { texts, mail, current } => {
            view! { <ContactBind texts=texts mail=mail current=current /> }.into_any()
        }
        SettingsPart::SocialBind { texts, socials } => view! { <SocialBind texts=texts socials=socials /> }.into_any(),
        SettingsPart::PasswordForm { texts, has_password, mail, mobile } => view! {
            <PasswordForm texts=texts has_password=has_password mail=mail mobile=mobile />
        }
        .into_any(),
        SettingsPart::ThirdLogin { labels } => view! { <ThirdLogin labels=labels /> }.into_any(),
        SettingsPart::ForgotPassword { labels } => view! { <ForgotPassword labels=labels /> }.into_any(),
    }
}

/// The islands of the buyer's records: orders and their refunds, reviews and invoices, the wallet,
/// points and membership, favourites and footprints.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Serialize, Deserialize)]
pub enum RecordsPart {
    FootprintList {
        days: Vec<FootprintDay>,
        total: i64,
        labels: FootprintLabels,
        after_empty: Option<String>,
        first_page: String,
        empty: EmptyView,
    },
    FavouriteList {
        kind: FavouriteKind,
        entries: Vec<FavouriteEntry>,
        labels: FavouriteLabels,
        after_empty: Option<String>,
        empty: EmptyView,
    },
    InvoiceForm {
        order_number: String,
        labels: InvoiceLabels,
        draft: InvoiceDraft,
    },
    OrderActions {
        order_number: String,
        actions: Vec<OrderAction>,
        asking: Option<String>,
    },
    ReviewForm {
        order_item_id: i64,
        labels: ReviewLabels,
    },
    SignInBox {
        texts: Texts,
        info: api::wallet::ScoreInfo,
    },
    TopUpForm {
        texts: Texts,
        methods: Vec<(i32, String)>,
        currency: String,
        hint: String,
    },
    RedeemForm {
        texts: Texts,
        address_labels: AddressFormLabels,
        item: ScoreProd,
        points: i64,
        addresses: Vec<UserAddr>,
        count: i64,
    },
    RefundApplyForm {
        order: RefundableOrder,
        item_id: i64,
        labels: crate::refunds::form::ApplyLabels,
    },
    ProofForm {
        refund_sn: String,
        labels: ProofLabels,
    },
    RefundActions {
        refund_sn: String,
        can_withdraw: bool,
        can_intervene: bool,
        labels: ActionLabels,
    },
    BuyMemberForm {
        texts: Texts,
        plans: Vec<(i32, String, String)>,
        methods: Vec<(i32, String)>,
        has_pay_password: bool,
        currency: String,
    },
}

/// One island of the records pages; its code loads with the others of [`RecordsPart`].
#[island(lazy)]
pub fn RecordsIsland(part: RecordsPart) -> impl IntoView {
    match part {
        RecordsPart::FootprintList { days, total, labels, after_empty, first_page, empty } => view! {
            <FootprintList days=days total=total labels=labels after_empty=after_empty first_page=first_page
                empty=empty />
        }
        .into_any(),
        RecordsPart::FavouriteList { kind, entries, labels, after_empty, empty } => view! {
            <FavouriteList kind=kind entries=entries labels=labels after_empty=after_empty empty=empty />
        }
        .into_any(),
        RecordsPart::InvoiceForm { order_number, labels, draft } => {
            view! { <InvoiceForm order_number=order_number labels=labels draft=draft /> }.into_any()
        }
        RecordsPart::OrderActions { order_number, actions, asking } => {
            view! { <OrderActions order_number=order_number actions=actions asking=asking /> }.into_any()
        }
        RecordsPart::ReviewForm { order_item_id, labels } => {
            view! { <ReviewForm order_item_id=order_item_id labels=labels /> }.into_any()
        }
        RecordsPart::SignInBox { texts, info } => view! { <SignInBox texts=texts info=info /> }.into_any(),
        RecordsPart::TopUpForm { texts, methods, currency, hint } => {
            view! { <TopUpForm texts=texts methods=methods currency=currency hint=hint /> }.into_any()
        }
        RecordsPart::RedeemForm { texts, address_labels, item, points, addresses, count } => view! {
            <RedeemForm texts=texts address_labels=address_labels item=item points=points addresses=addresses
                count=count />
        }
        .into_any(),
        RecordsPart::RefundApplyForm { order, item_id, labels } => {
            view! { <ApplyForm order=order item_id=item_id labels=labels /> }.into_any()
        }
        RecordsPart::ProofForm { refund_sn, labels } => {
            view! { <ProofForm refund_sn=refund_sn labels=labels /> }.into_any()
        }
        RecordsPart::RefundActions { refund_sn, can_withdraw, can_intervene, labels } => view! {
            <RefundActions refund_sn=refund_sn can_withdraw=can_withdraw can_intervene=can_intervene labels=labels />
        }
        .into_any(),
        RecordsPart::BuyMemberForm { texts, plans, methods, has_pay_password, currency } => view! {
            <BuyMemberForm texts=texts plans=plans methods=methods has_pay_password=has_pay_password
                currency=currency />
        }
        .into_any(),
    }
}
