/**
 * The cart's two actions as the detail page's buy box does them (`app/src/catalog/buy_box.rs`),
 * for any widget that sells: Add to Cart through `POST /p/shopCart/changeItem`, and Buy Now by
 * going to the confirmation the address names (`buy_now_href` in `app/src/orders/rules.rs`),
 * with the item also in the session-storage entry `mall.buyNow` (`app/src/orders/mod.rs`,
 * `BUY_NOW_KEY`; `cart.test.ts` checks they agree).
 * Both need a signed-in buyer: guests get the login popup instead (spec section 5).
 */
import { request } from './api';
import { emit } from './events';
import { SHOP_CART_CHANGE_ITEM } from './generated/paths';
import type { BuyNowEntry, ChangeItemRequest } from './generated/types';

/** The session-storage key of the buy-now item. */
export const BUY_NOW_KEY = 'mall.buyNow';

/** Where the buy-now item is confirmed: the page renders it from the address alone. */
export const BUY_NOW_PAGE = '/submit-order?orderEntry=1';

/** The address confirming one buy-now item, as the buy box's Buy Now form sends it. */
export function buyNowPage(entry: Pick<BuyNowEntry, 'prodId' | 'shopId' | 'skuId' | 'prodCount'>): string {
  return `${BUY_NOW_PAGE}&prodId=${entry.prodId}&shopId=${entry.shopId}&skuId=${entry.skuId}&count=${entry.prodCount}`;
}

/** Toast durations of the cart's messages (spec section 8: 1.5 s). */
export const CART_TOAST_MS = 1500;

/** For a guest, opens the login popup and answers true: the action waits for a sign-in. */
export function guestMustSignIn(signedIn: boolean): boolean {
  if (!signedIn) emit('mall:open-login');
  return !signedIn;
}

/** Adds `count` of a SKU to the cart; resolves true when it was added (the cart count follows). */
export async function addToCart(item: Omit<ChangeItemRequest, 'basketId'>): Promise<boolean> {
  try {
    await request('POST', SHOP_CART_CHANGE_ITEM, { body: { basketId: 0, ...item }, handleError: true });
    emit('mall:cart-changed');
    return true;
  } catch {
    return false;
  }
}

/** Stores the buy-now item and goes to the order page; false when it could not be stored. */
export function buyNow(entry: Omit<BuyNowEntry, 'seckillId' | 'groupActivityId' | 'groupTeamId'>): boolean {
  try {
    window.sessionStorage.setItem(BUY_NOW_KEY, JSON.stringify(entry));
  } catch {
    return false;
  }
  window.location.assign(buyNowPage(entry));
  return true;
}
