import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUY_NOW_KEY, BUY_NOW_PAGE, addToCart, buyNow, buyNowPage, guestMustSignIn } from './cart';

const here = dirname(fileURLToPath(import.meta.url));

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the cart actions', () => {
  it('use the buy box’s session-storage entry and order page', () => {
    const orders = readFileSync(resolve(here, '../../app/src/orders/mod.rs'), 'utf8');
    expect(orders).toContain(`pub const BUY_NOW_KEY: &str = "${BUY_NOW_KEY}";`);
    const rules = readFileSync(resolve(here, '../../app/src/orders/rules.rs'), 'utf8');
    // The Rust rules' own test of the same address, field by field in the same order.
    expect(rules).toContain(`"${BUY_NOW_PAGE}&prodId=5&shopId=2&skuId=9&count=1&seckillId=4"`);
    expect(buyNowPage({ prodCount: 3, prodId: 5, shopId: 2, skuId: 51 })).toBe(
      '/submit-order?orderEntry=1&prodId=5&shopId=2&skuId=51&count=3',
    );
  });

  it('store the buy-now item and go to the order page', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/', search: '' });
    expect(buyNow({ prodCount: 1, prodId: 5, shopId: 2, shopName: 'S', skuId: 51 })).toBe(true);
    expect(JSON.parse(window.sessionStorage.getItem(BUY_NOW_KEY)!)).toEqual({
      prodCount: 1,
      prodId: 5,
      shopId: 2,
      shopName: 'S',
      skuId: 51,
    });
    expect(assign).toHaveBeenCalledWith('/submit-order?orderEntry=1&prodId=5&shopId=2&skuId=51&count=1');
  });

  it('add to the cart and announce the change', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, code: '00000', data: null })));
    vi.stubGlobal('fetch', fetchMock);
    const changed = vi.fn();
    window.addEventListener('mall:cart-changed', changed);
    expect(await addToCart({ count: 1, prodId: 5, shopId: 2, shopName: 'S', skuId: 51 })).toBe(true);
    window.removeEventListener('mall:cart-changed', changed);
    expect(changed).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/p/shopCart/changeItem');
    expect(JSON.parse(String(init.body))).toEqual({ basketId: 0, count: 1, prodId: 5, shopId: 2, shopName: 'S', skuId: 51 });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, code: 'A00001', msg: 'No' }))));
    expect(await addToCart({ count: 1, prodId: 5, shopId: 2, shopName: 'S', skuId: 51 })).toBe(false);
  });

  it('send guests to the login popup', () => {
    const open = vi.fn();
    window.addEventListener('mall:open-login', open);
    expect(guestMustSignIn(false)).toBe(true);
    expect(guestMustSignIn(true)).toBe(false);
    window.removeEventListener('mall:open-login', open);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
