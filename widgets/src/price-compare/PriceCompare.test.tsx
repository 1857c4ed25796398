import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComparisonProduct } from '../generated/types';
import { COMPARE_MODAL_CLOSE_MS, COMPARE_SKELETON_ROWS } from '../generated/limits';
import { PriceCompare } from './PriceCompare';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function product(prodId: number, price: number, rating = 4.5): ComparisonProduct {
  return {
    id: prodId,
    prodId,
    name: `Phone ${prodId}`,
    description: '',
    price,
    imageUrl: '',
    image: '',
    stockQty: 3,
    soldQty: 1,
    qty: 1,
    deliveryEstimateDays: 7,
    skuList: [{ skuId: prodId * 10 + 1, properties: '', price, stocks: 3 }],
    shop: { id: prodId, name: `Shop ${prodId}`, logoUrl: '', rating, followerCount: 9 },
    shopId: prodId,
    shopName: `Shop ${prodId}`,
    shopLogo: '',
    followers: 9,
    isUserAdded: false,
    isRemoved: false,
    canRemove: true,
    categoryId: 1011,
  };
}

const page = (records: ComparisonProduct[]) => ({
  product: product(1, 20),
  records,
  total: records.length,
  current: 1,
  size: 10,
  pages: 1,
});
const envelope = (data: unknown) => new Response(JSON.stringify({ success: true, code: '00000', msg: null, data }));

let root: Root | undefined;
let toasts: { type: string; message: string; duration?: number }[];
const onToast = (event: Event) => toasts.push((event as CustomEvent).detail);

function stubApi(offers: ComparisonProduct[], similar: ComparisonProduct[]) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/comparison/matchProducts')) return envelope(page(offers));
    if (url.includes('/comparison/similarProducts')) return envelope(page(similar));
    if (url.includes('/product/price/history'))
      return envelope({
        productId: 1,
        period: 'month',
        from: 0,
        to: 100,
        points: [
          { time: 0, price: 22 },
          { time: 100, price: 20 },
        ],
        currentPrice: 20,
        lowestPrice: 20,
        highestPrice: 22,
        changes: 1,
      });
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function open(props: Record<string, unknown> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(<PriceCompare initialEvent={{ prodId: 1 }} loadDelayMs={0} currency={{ code: 'USD', symbol: '$', rateE4: 10000 }} {...props} />),
  );
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
}

const q = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const all = (testId: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
const rowIds = () => all('pc-row').map((r) => Number(r.dataset.prodId));
const click = async (el: Element | null) => act(async () => (el as HTMLElement).click());

beforeEach(() => {
  vi.useFakeTimers();
  toasts = [];
  window.addEventListener('mall:toast', onToast);
  document.documentElement.lang = 'en';
});

afterEach(async () => {
  window.removeEventListener('mall:toast', onToast);
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  document.body.style.overflow = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the comparison sidebar', () => {
  it('shows skeleton rows while loading, then the compared product and the first offers', async () => {
    stubApi([2, 3, 4, 5, 6, 7, 8].map((id) => product(id, 10 + id)), [product(30, 25)]);
    await open({ loadDelayMs: 2000 });
    expect(q('price-compare')).not.toBeNull();
    expect(q('pc-skeleton')!.children).toHaveLength(COMPARE_SKELETON_ROWS);
    expect(document.body.style.overflow).toBe('hidden');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(q('pc-skeleton')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5);
    });
    expect(q('pc-skeleton')).toBeNull();
    expect(rowIds()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(q('pc-banner-price')!.textContent).toBe('$20.00');
    expect(all('pc-similar-card')).toHaveLength(1);
  });

  it('closes with Escape and gives the page its scroll back', async () => {
    stubApi([product(2, 12)], []);
    await open();
    await settle();
    expect(document.activeElement).toBe(q('pc-close'));
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(q('price-compare')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes with the mask and reopens on the next mall:open-compare', async () => {
    stubApi([product(2, 12)], []);
    await open();
    await settle();
    await click(q('pc-mask'));
    expect(q('price-compare')).toBeNull();
    await act(async () => {
      window.dispatchEvent(new CustomEvent('mall:open-compare', { detail: { prodId: 1 } }));
    });
    expect(q('pc-skeleton')).not.toBeNull();
  });

  it('removes a row (with its message) and restores it from the picker, warning for one already present', async () => {
    stubApi([2, 3, 4, 5, 6, 7].map((id) => product(id, 10 + id)), []);
    await open();
    await settle();
    await click(q('pc-row-remove'));
    expect(rowIds()).toEqual([1, 3, 4, 5, 6]);
    expect(toasts.at(-1)).toEqual({ type: 'success', message: 'Item has been removed from comparison.', duration: 2000 });
    await click(q('pc-add-supplier'));
    const picker = q('pc-picker')!;
    expect((q('pc-picker-add') as HTMLButtonElement).disabled).toBe(true);
    const card = (id: number) => picker.querySelector(`[data-testid="pc-picker-card"][data-prod-id="${id}"]`);
    await click(card(3));
    await click(q('pc-picker-add'));
    expect(toasts.at(-1)).toMatchObject({ type: 'warning', message: 'Supplier "Shop 3" is already in the comparison list.' });
    await click(card(2));
    await click(card(7));
    expect(q('pc-picker-add')!.textContent).toBe('Add to Compare (2)');
    await click(q('pc-picker-add'));
    expect(toasts.at(-1)).toMatchObject({ type: 'success', message: '2 new suppliers have been added to the comparison.' });
    expect(rowIds()).toEqual([1, 3, 4, 5, 6, 2, 7]);
    // The picker plays its closing animation, then goes.
    expect(q('pc-picker')?.closest('.pc-modal')?.classList.contains('is-closing')).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COMPARE_MODAL_CLOSE_MS);
    });
    expect(q('pc-picker')).toBeNull();
  });

  it('adds a similar product at position 1 from the modal', async () => {
    stubApi([product(2, 12)], [product(30, 25), product(31, 26)]);
    await open();
    await settle();
    await click(q('pc-similar-open'));
    expect((q('pc-similar-add') as HTMLButtonElement).disabled).toBe(true);
    const option = document.querySelector('[data-testid="pc-similar-option"][data-prod-id="31"]');
    await click(option);
    expect(all('pc-similar-tag')).toHaveLength(1);
    await click(q('pc-similar-add'));
    expect(rowIds()).toEqual([1, 31, 2]);
    expect(toasts.at(-1)).toMatchObject({ type: 'success', message: 'Supplier "Shop 31" has been added to the comparison.' });
  });

  it('shows the empty state and refreshes', async () => {
    const fetchMock = stubApi([], []);
    await open();
    await settle();
    expect(q('pc-empty')).not.toBeNull();
    const calls = fetchMock.mock.calls.length;
    await click(q('pc-refresh'));
    expect(toasts.at(-1)).toEqual({ type: 'info', message: 'Refreshing comparison data...', duration: 1500 });
    expect(q('pc-skeleton')).not.toBeNull();
    await settle();
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
  });

  it('asks guests to sign in before buying, and adds to the cart for buyers', async () => {
    const fetchMock = stubApi([product(2, 12)], []);
    await open();
    await settle();
    const login = vi.fn();
    window.addEventListener('mall:open-login', login);
    await click(document.querySelectorAll('[data-testid="pc-row-add-to-cart"]')[1]!);
    expect(login).toHaveBeenCalledTimes(1);
    window.removeEventListener('mall:open-login', login);
    await act(async () => root!.unmount());
    await open({ signedIn: true });
    await settle();
    await click(document.querySelectorAll('[data-testid="pc-row-add-to-cart"]')[1]!);
    await settle();
    const cartCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/p/shopCart/changeItem'));
    expect(cartCall).toBeDefined();
    expect(toasts.at(-1)).toEqual({ type: 'success', message: 'Successfully added to cart', duration: 1500 });
  });
});
