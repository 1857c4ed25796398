/**
 * The comparison sidebar's state and rules (spec sections 4 "Comparison sidebar", 5 "Cart and
 * comparison", 8, 9), without React: what opening, loading, sorting, removing, restoring and
 * adding do to the compare list and its pools, what the add buttons allow, and which message
 * each outcome shows, with its kind and duration. `state.test.ts` holds the rules to them.
 *
 * The compare list's first row is the compared product itself (`canRemove` false); the offers
 * follow. Of the offers loaded (one page of `COMPARE_PAGE_SIZE`), the first
 * `COMPARE_SHOWN_OFFERS` are shown and the rest wait in the picker's pool; a removed row goes
 * to the removed pool (`isRemoved`), from which the picker restores it.
 */
import type { ToastType } from '../events';
import { COMPARE_SHOWN_OFFERS, COMPARE_SHOWN_SIMILAR } from '../generated/limits';
import type { ComparisonProduct } from '../generated/types';
import { type DisplayCurrency, formatMoney, zeroMoney } from '../money';

export type Status = 'closed' | 'loading' | 'ready';
export type SortKey = 'rating' | 'price';

/** Which sort was applied last, and each sort's direction (rating high first, price low first by default). */
export interface SortState {
  active: SortKey | null;
  ratingHighFirst: boolean;
  priceLowFirst: boolean;
}

export interface CompareState {
  status: Status;
  prodId: number | null;
  /** Bumped by every load, so that a late answer of an earlier one is dropped. */
  loadId: number;
  /** The compared product (the banner), `null` until loaded or when loading failed. */
  product: ComparisonProduct | null;
  /** The compare list: the compared product, then the offers in the table. */
  rows: ComparisonProduct[];
  /** Offers loaded but not shown: the supplier picker offers them. */
  pool: ComparisonProduct[];
  /** Rows removed by the buyer; the picker restores them. */
  removed: ComparisonProduct[];
  /** Similar products: the first `COMPARE_SHOWN_SIMILAR` are shown, all are offered in the modal. */
  similar: ComparisonProduct[];
  sort: SortState;
}

export const DEFAULT_SORT: SortState = { active: null, ratingHighFirst: true, priceLowFirst: true };

export const closedState: CompareState = {
  status: 'closed',
  prodId: null,
  loadId: 0,
  product: null,
  rows: [],
  pool: [],
  removed: [],
  similar: [],
  sort: DEFAULT_SORT,
};

export type Action =
  | { type: 'open'; prodId: number }
  | { type: 'close' }
  | { type: 'reload' }
  | { type: 'loaded'; loadId: number; product: ComparisonProduct | null; offers: ComparisonProduct[]; similar: ComparisonProduct[] }
  | { type: 'failed'; loadId: number }
  | { type: 'sort'; key: SortKey }
  | { type: 'remove'; prodId: number }
  | { type: 'addSuppliers'; prodIds: number[] }
  | { type: 'addSimilar'; products: ComparisonProduct[] };

/** The state a `mall:open-compare` detail opens (closed without a product id). */
export function openedBy(detail: unknown): CompareState {
  const prodId = Number((detail as { prodId?: unknown } | null | undefined)?.prodId);
  return Number.isInteger(prodId) && prodId > 0 ? reducer(closedState, { type: 'open', prodId }) : closedState;
}

const asOffer = (p: ComparisonProduct): ComparisonProduct => ({ ...p, isRemoved: false, canRemove: true });
const same = (a: ComparisonProduct) => (b: ComparisonProduct) => a.prodId === b.prodId;

export function reducer(state: CompareState, action: Action): CompareState {
  switch (action.type) {
    case 'open':
      // Opening clears the data and loads afresh.
      return { ...closedState, status: 'loading', prodId: action.prodId, loadId: state.loadId + 1 };
    case 'close':
      // Closing clears all data.
      return { ...closedState, loadId: state.loadId + 1 };
    case 'reload':
      return state.prodId === null ? state : reducer(state, { type: 'open', prodId: state.prodId });
    case 'loaded': {
      if (action.loadId !== state.loadId || state.status !== 'loading') return state;
      if (!action.product) return reducer(state, { type: 'failed', loadId: action.loadId });
      const main = { ...action.product, canRemove: false, isRemoved: false, isUserAdded: false };
      const offers = action.offers.filter((o) => o.prodId !== main.prodId).map(asOffer);
      return {
        ...state,
        status: 'ready',
        product: main,
        rows: [main, ...offers.slice(0, COMPARE_SHOWN_OFFERS)],
        pool: offers.slice(COMPARE_SHOWN_OFFERS),
        removed: [],
        similar: action.similar.filter((s) => s.prodId !== main.prodId),
      };
    }
    case 'failed':
      // A failed load empties the data: the empty state shows.
      if (action.loadId !== state.loadId || state.status !== 'loading') return state;
      return { ...state, status: 'ready', product: null, rows: [], pool: [], removed: [], similar: [] };
    case 'sort': {
      const sort = toggleSort(state.sort, action.key);
      return { ...state, sort, rows: sortRows(state.rows, sort) };
    }
    case 'remove': {
      const row = state.rows.find((r) => r.prodId === action.prodId);
      if (!row || !row.canRemove) return state;
      return {
        ...state,
        rows: state.rows.filter((r) => r !== row),
        removed: [...state.removed, { ...row, isRemoved: true }],
      };
    }
    case 'addSuppliers': {
      const { added } = planSuppliers(state, action.prodIds);
      if (added.length === 0) return state;
      const ids = new Set(added.map((p) => p.prodId));
      return {
        ...state,
        rows: [...state.rows, ...added.map(asOffer)],
        pool: state.pool.filter((p) => !ids.has(p.prodId)),
        removed: state.removed.filter((p) => !ids.has(p.prodId)),
      };
    }
    case 'addSimilar': {
      const chosen = action.products.filter((p) => similarSelectable(state, p));
      if (chosen.length === 0) return state;
      const ids = new Set(chosen.map((p) => p.prodId));
      const inserted = chosen.map((p) => ({ ...asOffer(p), isUserAdded: true }));
      return {
        ...state,
        rows: insertAtPositionOne(state.rows, inserted),
        pool: state.pool.filter((p) => !ids.has(p.prodId)),
        removed: state.removed.filter((p) => !ids.has(p.prodId)),
      };
    }
  }
}

/** Inserts `items` at position 1 of the list: right after the compared product. */
export function insertAtPositionOne<T>(rows: T[], items: T[]): T[] {
  return [...rows.slice(0, 1), ...items, ...rows.slice(1)];
}

/** A click on a sort: the active sort flips its direction, another one becomes active as it was. */
export function toggleSort(sort: SortState, key: SortKey): SortState {
  if (sort.active !== key) return { ...sort, active: key };
  return key === 'rating'
    ? { ...sort, ratingHighFirst: !sort.ratingHighFirst }
    : { ...sort, priceLowFirst: !sort.priceLowFirst };
}

/** The rows in the order of `sort`; the compared product stays first. Ties: the other key, then id. */
export function sortRows(rows: ComparisonProduct[], sort: SortState): ComparisonProduct[] {
  if (!sort.active) return rows;
  const pinned = rows[0] && !rows[0].canRemove ? rows.slice(0, 1) : [];
  const rest = rows.slice(pinned.length);
  const byPrice = (a: ComparisonProduct, b: ComparisonProduct) => a.price - b.price;
  const byRating = (a: ComparisonProduct, b: ComparisonProduct) => b.shop.rating - a.shop.rating;
  const compare =
    sort.active === 'rating'
      ? (a: ComparisonProduct, b: ComparisonProduct) =>
          (sort.ratingHighFirst ? byRating(a, b) : -byRating(a, b)) || byPrice(a, b) || a.prodId - b.prodId
      : (a: ComparisonProduct, b: ComparisonProduct) =>
          (sort.priceLowFirst ? byPrice(a, b) : -byPrice(a, b)) || byRating(a, b) || a.prodId - b.prodId;
  return [...pinned, ...[...rest].sort(compare)];
}

/** The text key of a sort button: its direction now (a click applies it, a second flips it). */
export function sortLabel(sort: SortState, key: SortKey): string {
  if (key === 'rating') return sort.ratingHighFirst ? 'pc-sort-rating-high' : 'pc-sort-rating-low';
  return sort.priceLowFirst ? 'pc-sort-price-low' : 'pc-sort-price-high';
}

/** Loading shows skeletons, then the table, or the empty state when nothing is compared. */
export const showsSkeleton = (state: CompareState): boolean => state.status === 'loading';
export const showsEmpty = (state: CompareState): boolean => state.status === 'ready' && state.rows.length <= 1;

/** The first similar products, shown under the table. */
export const shownSimilar = (state: CompareState): ComparisonProduct[] => state.similar.slice(0, COMPARE_SHOWN_SIMILAR);

// ------------------------------------------------------------------ the supplier picker

export interface PickerItem {
  product: ComparisonProduct;
  /** In the compare list already (the Already Added badge). */
  added: boolean;
  /** In the removed pool. */
  removed: boolean;
}

/** Every supplier the picker offers: removed ones, the pool, then those already added. */
export function pickerItems(state: CompareState): PickerItem[] {
  const main = state.product?.prodId;
  const items: PickerItem[] = [
    ...state.removed.map((product) => ({ product, added: false, removed: true })),
    ...state.pool.map((product) => ({ product, added: false, removed: false })),
    ...state.rows.filter((r) => r.prodId !== main).map((product) => ({ product, added: true, removed: false })),
  ];
  const seen = new Set<number>();
  return items.filter((i) => !seen.has(i.product.prodId) && seen.add(i.product.prodId));
}

/** The picker's items whose product or shop name holds `query` (any case). */
export function filterPicker(items: PickerItem[], query: string): PickerItem[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return items;
  return items.filter(
    (i) => i.product.name.toLocaleLowerCase().includes(q) || i.product.shopName.toLocaleLowerCase().includes(q),
  );
}

/** What the picker says instead of cards: no supplier at all, or none for the search. */
export function pickerEmptyKey(all: PickerItem[], shown: PickerItem[]): string | null {
  if (all.length === 0) return 'pc-picker-none';
  if (shown.length === 0) return 'pc-picker-not-found';
  return null;
}

/** Selection toggles per item id. */
export function toggleSelection(selected: readonly number[], prodId: number): number[] {
  return selected.includes(prodId) ? selected.filter((id) => id !== prodId) : [...selected, prodId];
}

/** The picker's add button is disabled with nothing selected. */
export const canAddSuppliers = (selected: readonly number[]): boolean => selected.length > 0;

/** Of the chosen suppliers: those already compared (refused) and those to add (from the pools). */
export function planSuppliers(
  state: CompareState,
  prodIds: readonly number[],
): { present: ComparisonProduct[]; added: ComparisonProduct[] } {
  const present: ComparisonProduct[] = [];
  const added: ComparisonProduct[] = [];
  for (const id of new Set(prodIds)) {
    const row = state.rows.find((r) => r.prodId === id);
    if (row) {
      present.push(row);
      continue;
    }
    const waiting = state.removed.find((p) => p.prodId === id) ?? state.pool.find((p) => p.prodId === id);
    if (waiting) added.push(waiting);
  }
  return { present, added };
}

/** A price in the picker: two decimals in the chosen currency, zero for an invalid value. */
export function pickerPrice(value: unknown, currency: DisplayCurrency): string {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? formatMoney(value, currency)
    : zeroMoney(currency);
}

// ------------------------------------------------------------------ the similar-product modal

/** The compared product and the products already in the table cannot be selected. */
export function similarSelectable(state: CompareState, product: ComparisonProduct): boolean {
  return product.prodId !== state.product?.prodId && !state.rows.some(same(product));
}

/** The similar-product add button: disabled with nothing selected or no candidate left. */
export function canAddSimilar(state: CompareState, candidates: ComparisonProduct[], selected: readonly number[]): boolean {
  return selected.length > 0 && candidates.some((c) => similarSelectable(state, c));
}

// ------------------------------------------------------------------ messages (spec section 8)

/** A message: its kind, text key and arguments, and how long it shows. */
export interface Message {
  type: ToastType;
  key: string;
  args?: Record<string, string | number>;
  duration: number;
}

/** How long each message shows, in milliseconds (spec section 9: toasts 1.5 to 4 s). */
export const MESSAGE_MS = {
  alreadyOne: 3000,
  alreadyMany: 4000,
  added: 2500,
  removed: 2000,
  refreshing: 1500,
  cart: 1500,
} as const;

/** 'Supplier "{name}" is already in the comparison list.', or its plural. */
export function alreadyMessage(present: ComparisonProduct[]): Message | null {
  if (present.length === 0) return null;
  const names = present.map((p) => p.shopName);
  return {
    type: 'warning',
    key: 'pc-msg-already',
    args: { count: names.length, names: names.length === 1 ? names[0]! : names.map((n) => `"${n}"`).join(', ') },
    duration: names.length === 1 ? MESSAGE_MS.alreadyOne : MESSAGE_MS.alreadyMany,
  };
}

/** 'Supplier "{name}" has been added to the comparison.', or 'N new suppliers have been added …'. */
export function addedMessage(added: ComparisonProduct[]): Message | null {
  if (added.length === 0) return null;
  if (added.length === 1) {
    return { type: 'success', key: 'pc-msg-added-one', args: { name: added[0]!.shopName }, duration: MESSAGE_MS.added };
  }
  return { type: 'success', key: 'pc-msg-added-many', args: { count: added.length }, duration: MESSAGE_MS.added };
}

export const REMOVED_MESSAGE: Message = { type: 'success', key: 'pc-msg-removed', duration: MESSAGE_MS.removed };
export const REFRESHING_MESSAGE: Message = { type: 'info', key: 'pc-refreshing', duration: MESSAGE_MS.refreshing };
export const CART_ADDED_MESSAGE: Message = { type: 'success', key: 'pc-cart-added', duration: MESSAGE_MS.cart };
export const CART_FAILED_MESSAGE: Message = { type: 'error', key: 'pc-cart-failed', duration: MESSAGE_MS.cart };
export const BUY_FAILED_MESSAGE: Message = { type: 'error', key: 'pc-buy-failed', duration: MESSAGE_MS.cart };

// ------------------------------------------------------------------ buying an offer

/** The SKU an offer is bought in: the first in stock, else none. */
export function skuToBuy(product: ComparisonProduct): number | null {
  return product.skuList.find((s) => s.stocks > 0)?.skuId ?? null;
}
