import { describe, expect, it } from 'vitest';
import { COMPARE_SHOWN_OFFERS, COMPARE_SHOWN_SIMILAR } from '../generated/limits';
import type { ComparisonProduct } from '../generated/types';
import { USD } from '../money';
import {
  type CompareState,
  MESSAGE_MS,
  REFRESHING_MESSAGE,
  REMOVED_MESSAGE,
  CART_ADDED_MESSAGE,
  CART_FAILED_MESSAGE,
  addedMessage,
  alreadyMessage,
  canAddSimilar,
  canAddSuppliers,
  closedState,
  filterPicker,
  insertAtPositionOne,
  openedBy,
  pickerEmptyKey,
  pickerItems,
  pickerPrice,
  planSuppliers,
  reducer,
  shownSimilar,
  showsEmpty,
  showsSkeleton,
  skuToBuy,
  sortLabel,
  sortRows,
  toggleSelection,
  toggleSort,
} from './state';

/** A product of shop `shopId`, with a price in dollars and its shop's rating. */
function product(prodId: number, price: number, rating = 4.5, shopId = prodId): ComparisonProduct {
  return {
    id: prodId,
    prodId,
    name: `Aurora Phone AX-310 #${prodId}`,
    description: '',
    price,
    imageUrl: '',
    image: '',
    stockQty: 10,
    soldQty: 1,
    qty: 1,
    deliveryEstimateDays: 7,
    skuList: [
      { skuId: prodId * 10 + 1, properties: '', price, stocks: 0 },
      { skuId: prodId * 10 + 2, properties: '', price, stocks: 4 },
    ],
    shop: { id: shopId, name: `Shop ${shopId}`, logoUrl: '', rating, followerCount: 5 },
    shopId,
    shopName: `Shop ${shopId}`,
    shopLogo: '',
    followers: 5,
    isUserAdded: false,
    isRemoved: false,
    canRemove: true,
    categoryId: 1011,
  };
}

const main = product(1, 20);
/** Offers 2..=9 (8 offers: 5 shown, 3 in the pool). */
const offers = [2, 3, 4, 5, 6, 7, 8, 9].map((id) => product(id, 10 + id, 4 + (id % 5) / 10));
const similar = [20, 21, 22, 23, 24, 25, 26].map((id) => product(id, 30 + id));

function loaded(over: Partial<{ offers: ComparisonProduct[]; similar: ComparisonProduct[] }> = {}): CompareState {
  const opened = reducer(closedState, { type: 'open', prodId: 1 });
  return reducer(opened, {
    type: 'loaded',
    loadId: opened.loadId,
    product: main,
    offers: over.offers ?? offers,
    similar: over.similar ?? similar,
  });
}

const ids = (list: ComparisonProduct[]) => list.map((p) => p.prodId);

describe('opening, loading and closing', () => {
  it('opens on an event with a product id and loads (skeleton) afresh', () => {
    expect(openedBy(undefined).status).toBe('closed');
    expect(openedBy({ prodId: 'x' }).status).toBe('closed');
    const opened = openedBy({ prodId: 7 });
    expect(opened).toMatchObject({ status: 'loading', prodId: 7, rows: [] });
    expect(showsSkeleton(opened)).toBe(true);
    // Reopening for another product clears what was loaded.
    const reopened = reducer(loaded(), { type: 'open', prodId: 3 });
    expect(reopened).toMatchObject({ status: 'loading', prodId: 3, rows: [], pool: [], removed: [], similar: [] });
  });

  it('shows the first offers after the compared product, and keeps the rest for the picker', () => {
    const state = loaded();
    expect(state.status).toBe('ready');
    expect(ids(state.rows)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(state.rows).toHaveLength(COMPARE_SHOWN_OFFERS + 1);
    expect(state.rows[0]!.canRemove).toBe(false);
    expect(ids(state.pool)).toEqual([7, 8, 9]);
    expect(ids(shownSimilar(state))).toEqual([20, 21, 22, 23, 24]);
    expect(shownSimilar(state)).toHaveLength(COMPARE_SHOWN_SIMILAR);
    expect(ids(state.similar)).toHaveLength(similar.length);
    expect(showsEmpty(state)).toBe(false);
  });

  it('drops a late answer, and empties everything when the load fails', () => {
    const opened = reducer(closedState, { type: 'open', prodId: 1 });
    const late = reducer(opened, { type: 'loaded', loadId: opened.loadId - 1, product: main, offers, similar });
    expect(late.status).toBe('loading');
    const failed = reducer(opened, { type: 'failed', loadId: opened.loadId });
    expect(failed).toMatchObject({ status: 'ready', product: null, rows: [], similar: [] });
    expect(showsEmpty(failed)).toBe(true);
    // A closed sidebar ignores an answer.
    const closed = reducer(opened, { type: 'close' });
    expect(reducer(closed, { type: 'loaded', loadId: closed.loadId, product: main, offers, similar })).toEqual(closed);
  });

  it('shows the empty state without offers, and Refresh Data loads again', () => {
    const alone = loaded({ offers: [] });
    expect(showsEmpty(alone)).toBe(true);
    const refreshing = reducer(alone, { type: 'reload' });
    expect(refreshing).toMatchObject({ status: 'loading', prodId: 1 });
    expect(refreshing.loadId).toBe(alone.loadId + 1);
    expect(REFRESHING_MESSAGE).toEqual({ type: 'info', key: 'pc-refreshing', duration: MESSAGE_MS.refreshing });
  });

  it('clears all data on close', () => {
    const closed = reducer(loaded(), { type: 'close' });
    expect(closed).toMatchObject({ status: 'closed', prodId: null, product: null, rows: [], pool: [], removed: [], similar: [] });
  });
});

describe('sorting', () => {
  it('sorts by shop rating, high first by default, then flips', () => {
    let state = loaded();
    expect(sortLabel(state.sort, 'rating')).toBe('pc-sort-rating-high');
    state = reducer(state, { type: 'sort', key: 'rating' });
    const ratings = state.rows.slice(1).map((r) => r.shop.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(state.rows[0]!.prodId).toBe(1);
    state = reducer(state, { type: 'sort', key: 'rating' });
    expect(sortLabel(state.sort, 'rating')).toBe('pc-sort-rating-low');
    const low = state.rows.slice(1).map((r) => r.shop.rating);
    expect(low).toEqual([...low].sort((a, b) => a - b));
  });

  it('sorts by price, low first by default, then flips; each sort keeps its own direction', () => {
    let sort = toggleSort({ active: null, ratingHighFirst: true, priceLowFirst: true }, 'price');
    expect(sort).toEqual({ active: 'price', ratingHighFirst: true, priceLowFirst: true });
    sort = toggleSort(sort, 'price');
    expect(sort.priceLowFirst).toBe(false);
    sort = toggleSort(sort, 'rating');
    expect(sort).toEqual({ active: 'rating', ratingHighFirst: true, priceLowFirst: false });
    const rows = [{ ...main, canRemove: false }, product(5, 9), product(3, 12), product(4, 9, 4.9)];
    expect(ids(sortRows(rows, { active: 'price', ratingHighFirst: true, priceLowFirst: true }))).toEqual([1, 4, 5, 3]);
    expect(ids(sortRows(rows, { active: 'price', ratingHighFirst: true, priceLowFirst: false }))).toEqual([1, 3, 4, 5]);
    expect(sortLabel(sort, 'price')).toBe('pc-sort-price-high');
  });
});

describe('removing and restoring', () => {
  it('moves a removed row to the removed pool, never the compared product', () => {
    let state = reducer(loaded(), { type: 'remove', prodId: 3 });
    expect(ids(state.rows)).not.toContain(3);
    expect(state.removed).toEqual([expect.objectContaining({ prodId: 3, isRemoved: true })]);
    state = reducer(state, { type: 'remove', prodId: 1 });
    expect(state.rows[0]!.prodId).toBe(1);
    expect(REMOVED_MESSAGE).toEqual({ type: 'success', key: 'pc-msg-removed', duration: 2000 });
  });

  it('offers the removed, the pool and the added suppliers in the picker, and restores from it', () => {
    let state = reducer(loaded(), { type: 'remove', prodId: 3 });
    const items = pickerItems(state);
    expect(items.map((i) => [i.product.prodId, i.added, i.removed])).toEqual([
      [3, false, true],
      [7, false, false],
      [8, false, false],
      [9, false, false],
      [2, true, false],
      [4, true, false],
      [5, true, false],
      [6, true, false],
    ]);
    state = reducer(state, { type: 'addSuppliers', prodIds: [3, 8] });
    expect(ids(state.rows)).toEqual([1, 2, 4, 5, 6, 3, 8]);
    expect(state.removed).toEqual([]);
    expect(ids(state.pool)).toEqual([7, 9]);
    expect(state.rows.find((r) => r.prodId === 3)!.isRemoved).toBe(false);
  });

  it('searches the picker by product or shop name and says why it is empty', () => {
    const state = loaded();
    const items = pickerItems(state);
    expect(filterPicker(items, ' shop 7 ').map((i) => i.product.prodId)).toEqual([7]);
    expect(filterPicker(items, '#4').map((i) => i.product.prodId)).toEqual([4]);
    expect(pickerEmptyKey(items, filterPicker(items, 'zzz'))).toBe('pc-picker-not-found');
    const none = pickerItems(loaded({ offers: [] }));
    expect(pickerEmptyKey(none, none)).toBe('pc-picker-none');
    expect(pickerEmptyKey(items, items)).toBeNull();
  });
});

describe('adding suppliers', () => {
  it('toggles the selection per id and disables the add button with nothing selected', () => {
    expect(toggleSelection([], 4)).toEqual([4]);
    expect(toggleSelection([4, 7], 4)).toEqual([7]);
    expect(canAddSuppliers([])).toBe(false);
    expect(canAddSuppliers([7])).toBe(true);
  });

  it('refuses suppliers already compared with a warning, and announces the added ones', () => {
    const state = loaded();
    const plan = planSuppliers(state, [2, 7, 8]);
    expect(ids(plan.present)).toEqual([2]);
    expect(ids(plan.added)).toEqual([7, 8]);
    expect(alreadyMessage(plan.present)).toEqual({
      type: 'warning',
      key: 'pc-msg-already',
      args: { count: 1, names: 'Shop 2' },
      duration: 3000,
    });
    expect(alreadyMessage([product(2, 1), product(4, 1)])).toEqual({
      type: 'warning',
      key: 'pc-msg-already',
      args: { count: 2, names: '"Shop 2", "Shop 4"' },
      duration: 4000,
    });
    expect(addedMessage(plan.added)).toEqual({ type: 'success', key: 'pc-msg-added-many', args: { count: 2 }, duration: 2500 });
    expect(addedMessage([product(7, 1)])).toEqual({
      type: 'success',
      key: 'pc-msg-added-one',
      args: { name: 'Shop 7' },
      duration: 2500,
    });
    expect(alreadyMessage([])).toBeNull();
    expect(addedMessage([])).toBeNull();
    // Only what was not compared is added.
    expect(ids(reducer(state, { type: 'addSuppliers', prodIds: [2, 7] }).rows)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(reducer(state, { type: 'addSuppliers', prodIds: [2] })).toBe(state);
  });

  it('keeps every toast within 1.5 to 4 seconds', () => {
    for (const ms of Object.values(MESSAGE_MS)) {
      expect(ms).toBeGreaterThanOrEqual(1500);
      expect(ms).toBeLessThanOrEqual(4000);
    }
    expect(CART_ADDED_MESSAGE).toMatchObject({ type: 'success', duration: 1500 });
    expect(CART_FAILED_MESSAGE).toMatchObject({ type: 'error', duration: 1500 });
  });
});

describe('similar products', () => {
  it('inserts the chosen products at position 1, right after the compared product', () => {
    expect(insertAtPositionOne(['main', 'a', 'b'], ['x', 'y'])).toEqual(['main', 'x', 'y', 'a', 'b']);
    const state = reducer(loaded(), { type: 'addSimilar', products: [similar[2]!, similar[0]!] });
    expect(ids(state.rows)).toEqual([1, 22, 20, 2, 3, 4, 5, 6]);
    expect(state.rows[1]).toMatchObject({ isUserAdded: true, canRemove: true });
  });

  it('never selects the compared product or what the table holds', () => {
    let state = loaded();
    expect(canAddSimilar(state, [main, offers[0]!], [1])).toBe(false);
    expect(canAddSimilar(state, [main, similar[0]!], [])).toBe(false);
    expect(canAddSimilar(state, [main, similar[0]!], [20])).toBe(true);
    state = reducer(state, { type: 'addSimilar', products: [main, offers[0]!, similar[0]!] });
    expect(ids(state.rows)).toEqual([1, 20, 2, 3, 4, 5, 6]);
    // No candidate left: disabled even with a selection.
    expect(canAddSimilar(state, [main, similar[0]!], [20])).toBe(false);
  });

  it('restores a similar product from the removed pool when it is added again', () => {
    let state = reducer(loaded(), { type: 'addSimilar', products: [similar[0]!] });
    state = reducer(state, { type: 'remove', prodId: 20 });
    expect(ids(state.removed)).toEqual([20]);
    state = reducer(state, { type: 'addSimilar', products: [similar[0]!] });
    expect(state.removed).toEqual([]);
    expect(state.rows[1]!.prodId).toBe(20);
  });
});

describe('prices and buying', () => {
  it('formats picker prices with two decimals and shows $0.00 for an invalid one', () => {
    expect(pickerPrice(12.5, USD)).toBe('$12.50');
    for (const bad of [Number.NaN, -1, Number.POSITIVE_INFINITY, '12', null, undefined]) {
      expect(pickerPrice(bad, USD)).toBe('$0.00');
    }
    expect(pickerPrice(1, { code: 'KHR', symbol: '៛', rateE4: 41_000_000 })).toBe('៛4,100');
    expect(pickerPrice(null, { code: 'KHR', symbol: '៛', rateE4: 41_000_000 })).toBe('៛0');
  });

  it('buys the first SKU in stock', () => {
    expect(skuToBuy(product(5, 1))).toBe(52);
    expect(skuToBuy({ ...product(5, 1), skuList: [] })).toBeNull();
  });
});
