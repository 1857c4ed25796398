//! The detail page's SKU picker, quantity and Add to Cart / Buy Now (spec sections 2, 5, 8):
//! guests get the login popup; signed-in buyers add through `/p/shopCart/changeItem`; buy now
//! hands the item to `/submit-order?orderEntry=1` through session storage (`mall.buyNow`).
//!
//! While a flash sale runs, only buy now sells, at the flash price, within its own stock and
//! per-buyer limit (the cart sells at the shop's price). While a group buy runs, the buyer
//! may still buy alone (cart, buy now) or start a group at the group price, or join one of
//! the open groups listed under the buttons (`/groupTeam/joinList`).

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The quantity field's id.
const QUANTITY_ID: &str = "buy-box-quantity";

/// One SKU with its prices already formatted in the visitor's currency.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SkuOption {
    pub sku_id: i64,
    pub label: String,
    pub price: String,
    pub ori_price: Option<String>,
    pub stocks: i64,
}

/// Translated texts of the buy box.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BuyBoxLabels {
    pub spec: String,
    pub quantity: String,
    pub stock: String,
    pub add_to_cart: String,
    pub buy_now: String,
    pub added: String,
    pub add_failed: String,
    pub sold_out: String,
    pub off_shelf: String,
    pub decrease: String,
    pub increase: String,
}

/// A running activity the buy box sells in, its price already formatted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BuyActivity {
    /// Units left and the most one buyer may buy.
    FlashSale {
        seckill_id: i64,
        price: String,
        stock: i64,
        limit: i64,
    },
    GroupBuy {
        group_activity_id: i64,
        price: String,
        group_number: i64,
    },
}

/// Translated texts of the activity parts of the buy box.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityLabels {
    /// "Limit {count} per buyer"; `{count}` is replaced.
    pub limit: String,
    pub buy_alone: String,
    pub start_group: String,
    pub groups_title: String,
    pub groups_empty: String,
    /// "{name}'s group: {count} more needed"; `{name}` and `{count}` are replaced.
    pub group_row: String,
    pub join: String,
}

/// The quantity after a change, kept within 1..=stock (at least 1).
pub fn clamp_quantity(wanted: i64, stock: i64) -> i64 {
    wanted.clamp(1, stock.max(1))
}

/// The units left to sell of a SKU with `sku_stock`, the number the page shows as its stock:
/// in a flash sale, what is left of the sale's own stock (never more than the SKU holds).
pub fn stock_left(sku_stock: i64, activity: Option<&BuyActivity>) -> i64 {
    match activity {
        Some(BuyActivity::FlashSale { stock, .. }) => sku_stock.min(*stock).max(0),
        _ => sku_stock.max(0),
    }
}

/// How many units one buyer may take of a SKU with `sku_stock`: what is left, capped in a
/// flash sale by its per-buyer limit (shown beside the stock, not as the stock).
pub fn available(sku_stock: i64, activity: Option<&BuyActivity>) -> i64 {
    match activity {
        Some(BuyActivity::FlashSale { limit, .. }) => stock_left(sku_stock, activity).min(*limit).max(0),
        _ => stock_left(sku_stock, activity),
    }
}

/// What the buy box shows as the stock of a SKU with `sku_stock`: the units left, or sold out
/// when this buyer may take none.
pub fn stock_text(sku_stock: i64, activity: Option<&BuyActivity>, labels: &BuyBoxLabels) -> String {
    if available(sku_stock, activity) > 0 {
        labels.stock.replace("{count}", &stock_left(sku_stock, activity).to_string())
    } else {
        labels.sold_out.clone()
    }
}

/// What a click buys.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Action {
    AddToCart,
    /// Buy now at the shop's price, or in the running flash sale.
    BuyNow,
    /// Start a group (`None`) or join the open group named.
    Group(Option<i64>),
}

/// The buy-now item handed to the confirmation page.
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
fn buy_now_entry(
    item: &api::cart::ChangeItemRequest,
    activity: Option<&BuyActivity>,
    action: Action,
) -> api::cart::BuyNowEntry {
    let mut entry = api::cart::BuyNowEntry {
        prod_count: item.count,
        prod_id: item.prod_id,
        shop_id: item.shop_id,
        shop_name: item.shop_name.clone(),
        sku_id: item.sku_id,
        ..Default::default()
    };
    match (activity, action) {
        (Some(BuyActivity::FlashSale { seckill_id, .. }), Action::BuyNow) => entry.seckill_id = Some(*seckill_id),
        (Some(BuyActivity::GroupBuy { group_activity_id, .. }), Action::Group(team)) => {
            entry.group_activity_id = Some(*group_activity_id);
            entry.group_team_id = team;
        }
        _ => {}
    }
    entry
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct BuyBox {
    pub prod_id: i64,
    /// The product page's address, where the Add to Cart form returns.
    pub back: String,
    pub shop_id: i64,
    pub shop_name: String,
    pub skus: Vec<SkuOption>,
    pub on_shelf: bool,
    pub signed_in: bool,
    pub labels: BuyBoxLabels,
    pub activity: Option<BuyActivity>,
    pub activity_labels: ActivityLabels,
}

impl BuyBox {
    /// Whether the buy box needs its island: a signed-in buyer's buttons add and buy, and a
    /// group buy lists its open groups from the browser. A guest's box outside a group buy is
    /// a plain form whose buttons ask the guest to sign in (`data-login-first`) and whose SKU
    /// choice the frame's script shows (`enhanceSkuPickers` in `widgets/src/product.ts`, record
    /// 0190), so a guest's product page fetches no lazy module.
    pub fn needs_island(&self) -> bool {
        self.signed_in || matches!(self.activity, Some(BuyActivity::GroupBuy { .. }))
    }
}

/// Renders [`BuyBox`], as one variant of its group's island (`crate::lazy_islands`), or as the
/// plain form of a guest's box ([`BuyBox::needs_island`]).
pub fn buy_box(props: BuyBox) -> impl IntoView {
    // The marks the frame's script follows in a box without its island.
    let plain = (!props.needs_island()).then_some("");
    let BuyBox { prod_id, back, shop_id, shop_name, skus, on_shelf, signed_in, labels, activity, activity_labels } =
        props;
    let skus = StoredValue::new(skus);
    let labels = StoredValue::new(labels);
    let activity_labels = StoredValue::new(activity_labels);
    let activity = StoredValue::new(activity);
    let shop_name = StoredValue::new(shop_name);
    let selected = RwSignal::new(0usize);
    // What was typed before the island hydrated stands (`typed_before_hydration`).
    let typed = crate::components::typed_before_hydration(QUANTITY_ID).and_then(|q| q.trim().parse().ok());
    let quantity = RwSignal::new(typed.unwrap_or(1i64).max(1));
    let busy = RwSignal::new(false);
    let current = move || skus.with_value(|s| s.get(selected.get()).cloned());
    let sku_stock = move || current().map(|s| s.stocks).unwrap_or(0);
    // The units left (shown) and the most this buyer may take (the quantity's bound).
    let stock = move || activity.with_value(|a| available(sku_stock(), a.as_ref()));
    let flash_sale = activity.with_value(|a| matches!(a, Some(BuyActivity::FlashSale { .. })));
    let group_buy = activity.with_value(|a| matches!(a, Some(BuyActivity::GroupBuy { .. })));
    let teams: RwSignal<Option<Vec<api::orders::GroupTeam>>> = RwSignal::new(None);
    let can_buy = move || on_shelf && stock() > 0 && !busy.get();

    #[cfg(feature = "hydrate")]
    if let Some(BuyActivity::GroupBuy { group_activity_id, .. }) = activity.get_value() {
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            let query = [("groupActivityId", group_activity_id.to_string())];
            let options = browser::CallOptions { silent_auth: true, handle_error: false };
            let list =
                browser::get::<Vec<api::orders::GroupTeam>>(api::paths::GROUP_TEAM_JOIN_LIST, &query, options).await;
            teams.set(Some(list.unwrap_or_default()));
        });
    }

    let act = move |action: Action| {
        if crate::components::guest_must_sign_in(signed_in) {
            return;
        }
        let Some(sku) = current() else { return };
        let item = api::cart::ChangeItemRequest {
            basket_id: 0,
            count: quantity.get_untracked(),
            prod_id,
            shop_id,
            shop_name: shop_name.get_value(),
            sku_id: sku.sku_id,
        };
        busy.set(true);
        #[cfg(feature = "hydrate")]
        leptos::task::spawn_local(async move {
            use crate::api_client::browser;
            if action != Action::AddToCart {
                let entry = activity.with_value(|a| buy_now_entry(&item, a.as_ref(), action));
                // The entry of spec section 1; the address names the item too.
                if let Ok(json) = serde_json::to_string(&entry) {
                    crate::cart::web::session_set(crate::orders::BUY_NOW_KEY, &json);
                }
                crate::cart::web::go(&crate::orders::rules::buy_now_href(&entry));
            } else {
                let options = browser::CallOptions { silent_auth: false, handle_error: true };
                match browser::post::<serde::de::IgnoredAny, _>(api::paths::SHOP_CART_CHANGE_ITEM, &item, options).await
                {
                    Ok(_) => {
                        browser::toast(api::bridge::ToastType::Success, &labels.with_value(|l| l.added.clone()), 1500);
                        browser::emit(&crate::events::CartChangedDetail::default());
                    }
                    Err(_) => browser::toast(
                        api::bridge::ToastType::Error,
                        &labels.with_value(|l| l.add_failed.clone()),
                        1500,
                    ),
                }
            }
            busy.set(false);
        });
        #[cfg(not(feature = "hydrate"))]
        let _ = (item, action);
    };
    let limit_note = activity.with_value(|a| match a {
        Some(BuyActivity::FlashSale { limit, .. }) => {
            Some(activity_labels.with_value(|l| l.limit.replace("{count}", &limit.to_string())))
        }
        _ => None,
    });
    let flash_price = activity.with_value(|a| match a {
        Some(BuyActivity::FlashSale { price, .. }) => Some(price.clone()),
        _ => None,
    });
    let group_price = activity.with_value(|a| match a {
        Some(BuyActivity::GroupBuy { price, .. }) => Some(price.clone()),
        _ => None,
    });
    let group_list = move || {
        let rows = teams.get()?;
        let labels = activity_labels.get_value();
        Some(view! {
            <section class="group-teams" data-testid="group-teams" aria-label=labels.groups_title.clone()>
                <h3 class="group-teams__title">{labels.groups_title.clone()}</h3>
                {if rows.is_empty() {
                    view! { <p class="group-teams__empty">{labels.groups_empty.clone()}</p> }.into_any()
                } else {
                    view! {
                        <ul class="group-teams__list">
                            {rows.into_iter().map(|team| {
                                let needed = (team.group_number - team.joined_count).max(0);
                                let text = labels.group_row.replace("{name}", &team.leader_nick_name).replace("{count}", &needed.to_string());
                                let id = team.group_team_id;
                                view! {
                                    <li class="group-teams__row" data-testid="group-team" data-team-id=id>
                                        <span>{text}</span>
                                        <button type="button" class="button button--small button--primary" data-testid="join-group"
                                            disabled=move || !can_buy() on:click=move |_| act(Action::Group(Some(id)))>
                                            {labels.join.clone()}
                                        </button>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    }.into_any()
                }}
            </section>
        })
    };

    view! {
        // Add to Cart is a plain form (`api::forms::CART_ADD`) before the island is interactive
        // and with scripts off; the island then sends it as the JSON call, without a reload.
        <form class="buy-box" data-testid="buy-box" data-sku-picker=plain data-off-shelf=(!on_shelf).then_some("")
            method="post" action=api::forms::CART_ADD
            on:submit=move |ev| { ev.prevent_default(); act(Action::AddToCart); }>
            <input type="hidden" name="prodId" value=prod_id />
            <input type="hidden" name="shopId" value=shop_id />
            <input type="hidden" name=api::forms::FIELD_BACK value=back />
            {activity.with_value(|a| match a {
                Some(BuyActivity::FlashSale { seckill_id, .. }) => Some(view! { <input type="hidden" name="seckillId" value=*seckill_id /> }),
                _ => None,
            })}
            <div class="buy-box__row">
                <span class="buy-box__label">{labels.with_value(|l| l.spec.clone())}</span>
                <div class="buy-box__skus" role="radiogroup" aria-label=labels.with_value(|l| l.spec.clone())>
                    {skus.with_value(|s| s.iter().enumerate().map(|(i, sku)| {
                        let label = sku.label.clone();
                        let (stock_text, most) = activity.with_value(|a| {
                            labels.with_value(|l| (stock_text(sku.stocks, a.as_ref(), l), available(sku.stocks, a.as_ref())))
                        });
                        // Real radios: the form sends the chosen `skuId` with or without scripts;
                        // each names what the box shows once it is chosen.
                        view! {
                            <label class="sku-option" data-testid="sku-option">
                                <input type="radio" class="sku-option__input" name="skuId" value=sku.sku_id
                                    checked={i == 0} disabled={ sku.stocks <= 0 }
                                    data-price=sku.price.clone() data-ori-price=sku.ori_price.clone().unwrap_or_default()
                                    data-stock-text=stock_text data-available=most
                                    on:change=move |_| { selected.set(i); quantity.update(|q| *q = clamp_quantity(*q, stock())); } />
                                {label}
                            </label>
                        }
                    }).collect_view())}
                </div>
            </div>
            <p class="buy-box__price" data-testid="sku-price">
                {match flash_price {
                    Some(price) => view! {
                        <strong data-testid="flash-price">{price}</strong>
                        <del data-sku-price="">{move || current().map(|s| s.price).unwrap_or_default()}</del>
                    }.into_any(),
                    None => view! {
                        <strong data-sku-price="">{move || current().map(|s| s.price).unwrap_or_default()}</strong>
                        <del data-sku-ori-price="" hidden=move || current().and_then(|s| s.ori_price).is_none()>
                            {move || current().and_then(|s| s.ori_price).unwrap_or_default()}
                        </del>
                    }.into_any(),
                }}
            </p>
            <div class="buy-box__row">
                <span class="buy-box__label">{labels.with_value(|l| l.quantity.clone())}</span>
                <div class="stepper">
                    <button type="button" aria-label=labels.with_value(|l| l.decrease.clone()) data-step="-1"
                        disabled=move || quantity.get() <= 1
                        on:click=move |_| quantity.update(|q| *q = clamp_quantity(*q - 1, stock()))>"−"</button>
                    <input id=QUANTITY_ID type="number" name="count" inputmode="numeric" min="1" max=move || stock().max(1)
                        value={untrack(|| quantity.get().to_string())} prop:value=move || quantity.get().to_string()
                        aria-label=labels.with_value(|l| l.quantity.clone()) data-testid="quantity"
                        on:change=move |ev| {
                            let wanted = event_target_value(&ev).trim().parse().unwrap_or(1);
                            quantity.set(clamp_quantity(wanted, stock()));
                        } />
                    <button type="button" aria-label=labels.with_value(|l| l.increase.clone()) data-step="1"
                        on:click=move |_| quantity.update(|q| *q = clamp_quantity(*q + 1, stock()))>"+"</button>
                </div>
                <span class="buy-box__stock" data-testid="stock" data-sku-stock="">
                    {move || activity.with_value(|a| labels.with_value(|l| stock_text(sku_stock(), a.as_ref(), l)))}
                </span>
                {limit_note.map(|note| view! { <span class="buy-box__limit" data-testid="flash-limit">{note}</span> })}
            </div>
            {(!on_shelf).then(|| view! { <p class="buy-box__warning" role="status">{labels.with_value(|l| l.off_shelf.clone())}</p> })}
            <div class="buy-box__actions">
                {(!flash_sale).then(|| view! {
                    <button type="submit" class="button button--outline" disabled=move || !can_buy()
                        data-testid="add-to-cart" data-login-first=plain data-sku-buy="">{labels.with_value(|l| l.add_to_cart.clone())}</button>
                })}
                // Buy Now sends the same fields to the confirmation as a GET form
                // (`/submit-order?orderEntry=1&…`, see `orders::rules::entry_from_query`).
                <button type="submit" formaction="/submit-order" formmethod="get" name="orderEntry" value="1"
                    class="button" class:button--primary=!group_buy class:button--outline=group_buy
                    disabled=move || !can_buy() data-testid="buy-now" data-login-first=plain data-sku-buy=""
                    on:click=move |ev| { ev.prevent_default(); act(Action::BuyNow); }>
                    {if group_buy { activity_labels.with_value(|l| l.buy_alone.clone()) } else { labels.with_value(|l| l.buy_now.clone()) }}
                </button>
                {group_price.map(|price| view! {
                    <button type="button" class="button button--primary button--stacked" disabled=move || !can_buy()
                        data-testid="start-group" on:click=move |_| act(Action::Group(None))>
                        <span>{activity_labels.with_value(|l| l.start_group.clone())}</span>
                        <small>{price}</small>
                    </button>
                })}
            </div>
            {group_list}
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flash(stock: i64, limit: i64) -> BuyActivity {
        BuyActivity::FlashSale { seckill_id: 4, price: "$9.90".into(), stock, limit }
    }

    #[test]
    fn a_flash_sale_shows_what_is_left_of_its_stock_not_the_limit() {
        // Product 340 in flash sale 21: 83 left, 1 per buyer.
        assert_eq!(stock_left(500, Some(&flash(83, 1))), 83);
        assert_eq!(stock_left(50, Some(&flash(83, 1))), 50, "never more than the SKU holds");
        assert_eq!(stock_left(50, Some(&flash(0, 1))), 0);
        assert_eq!(stock_left(7, None), 7);
        assert_eq!(available(500, Some(&flash(83, 1))), 1, "the quantity stays within the limit");
    }

    #[test]
    fn a_flash_sale_caps_the_quantity_by_its_stock_and_limit() {
        assert_eq!(available(50, None), 50);
        assert_eq!(available(50, Some(&flash(10, 2))), 2);
        assert_eq!(available(50, Some(&flash(1, 2))), 1);
        assert_eq!(available(0, Some(&flash(10, 2))), 0);
        let group = BuyActivity::GroupBuy { group_activity_id: 3, price: "$25.00".into(), group_number: 3 };
        assert_eq!(available(7, Some(&group)), 7);
    }

    #[test]
    fn the_buy_now_item_names_the_activity_it_is_bought_in() {
        let item = api::cart::ChangeItemRequest {
            basket_id: 0,
            count: 2,
            prod_id: 1,
            shop_id: 5,
            shop_name: "S".into(),
            sku_id: 9,
        };
        let plain = buy_now_entry(&item, None, Action::BuyNow);
        assert_eq!((plain.seckill_id, plain.group_activity_id, plain.prod_count), (None, None, 2));
        assert_eq!(buy_now_entry(&item, Some(&flash(10, 2)), Action::BuyNow).seckill_id, Some(4));
        let group = BuyActivity::GroupBuy { group_activity_id: 3, price: "$25.00".into(), group_number: 3 };
        let alone = buy_now_entry(&item, Some(&group), Action::BuyNow);
        assert_eq!((alone.group_activity_id, alone.group_team_id), (None, None));
        let start = buy_now_entry(&item, Some(&group), Action::Group(None));
        assert_eq!((start.group_activity_id, start.group_team_id), (Some(3), None));
        let join = buy_now_entry(&item, Some(&group), Action::Group(Some(8)));
        assert_eq!((join.group_activity_id, join.group_team_id), (Some(3), Some(8)));
    }

    #[test]
    fn quantity_stays_within_stock() {
        assert_eq!(clamp_quantity(0, 5), 1);
        assert_eq!(clamp_quantity(9, 5), 5);
        assert_eq!(clamp_quantity(3, 0), 1);
    }
}
