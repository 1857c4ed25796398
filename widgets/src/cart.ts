/**
 * The cart's two actions as the detail page's buy box does them (`app/src/catalog/buy_box.rs`),
 * for any widget that sells: Add to Cart through `POST /p/shopCart/changeItem`, and Buy Now by
 * handing the item to `/submit-order?orderEntry=1` through the session-storage entry
 * `mall.buyNow` (`app/src/orders/mod.rs`, `BUY_NOW_KEY`; `cart.test.ts` checks they agree).
 * Both need a signed-in buyer: guests get the login popup instead (spec section 5).
 */
import { request } from './api';
import { emit } from './events';
import { SHOP_CART_CHANGE_ITEM } from './generated/paths';
import type { BuyNowEntry, ChangeItemRequest } from './generated/types';

/** The session-storage key of the buy-now item. */
export const BUY_NOW_KEY = 'mall.buyNow';

/** Where the buy-now item is confirmed. */
export const BUY_NOW_PAGE = '/submit-order?orderEntry=1';

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
  window.location.assign(BUY_NOW_PAGE);
  return true;
}
