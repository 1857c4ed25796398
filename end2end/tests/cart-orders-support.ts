/**
 * What the cart and order specs share (cart-orders.spec.ts, cart-orders-deals.spec.ts): the API's
 * answers as far as they read them, and the steps and checks of a purchase through the pages.
 */
import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import { apiData, formatMoney, t, tf, toCents, tw, waitForHydration, type CurrencyCode, type Lang } from './support';

export const DEMO_PASSWORD = 'Demo1234!';
/** The minus sign the storefront puts before a reduction. */
export const MINUS = '\u2212';
/** `api::orders::order_status::UNPAID`, `CANCELED`; `order_type::FLASH_SALE`. */
export const UNPAID = 1;
export const CANCELED = 6;
export const FLASH_SALE = 2;

// ---------------------------------------------------------------------------------------------
// The API's answers, as far as these tests read them.

export interface Sku {
  skuId: number;
  price: number;
  stocks: number;
}
export interface Product {
  prodId: number;
  prodName: string;
  shopId: number;
  status: number;
  prodType: number;
  totalStocks: number;
  skuList: Sku[];
  seckill: { seckillId: number; seckillPrice: number; startTime: number; endTime: number } | null;
  shop: { shopId: number; shopName: string; shopStatus: number };
}
export interface Coupon {
  couponId: number;
  couponName: string;
  canUse: boolean;
  choose: boolean;
}
export interface ShopOrder {
  shopId: number;
  total: number;
  transfee: number;
  couponReduce: number;
  items: { prodId: number; price: number; prodCount: number; productTotalAmount: number }[];
  coupons: Coupon[];
}
export interface Confirmation {
  userAddr: { addrId: number; receiver: string } | null;
  shopCartOrders: ShopOrder[];
  total: number;
  transfee: number;
  couponReduce: number;
  memberReduce: number;
  pointsReduce: number;
  actualTotal: number;
  points: { userPoints: number; maxUsablePoints: number; usePoints: number };
  orderType: number;
}
export interface OrderDetail {
  orderNumber: string;
  shopId: number;
  status: number;
  orderType: number;
  total: number;
  transfee: number;
  couponReduce: number;
  memberReduce: number;
  pointsReduce: number;
  usePoints: number;
  actualTotal: number;
  remarks: string;
  orderItemDtos: { prodId: number; price: number; prodCount: number }[];
}
export interface ShopCart {
  shopCartItems: { basketId: number }[];
}

// ---------------------------------------------------------------------------------------------
// Helpers.

/** Opens `path` in `lang` and `currency` (both kept in cookies from then on) and waits for hydration. */
export async function open(page: Page, path: string, lang: Lang, currency: CurrencyCode): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang.code}&currency=${currency}`);
  await waitForHydration(page);
}

export const product = (request: APIRequestContext, prodId: number) =>
  apiData<Product>(request, 'GET', `/prod/prodInfo?prodId=${prodId}`);

/** The on-shelf products of the first search page of a shop, or of a product type. */
export async function search(request: APIRequestContext, query: string): Promise<{ prodId: number; prodType: number }[]> {
  const page = await apiData<{ records: { products: { prodId: number; prodType: number }[] }[] }>(
    request,
    'GET',
    `/search/page?current=1&size=20&${query}`,
  );
  return page.records[0]?.products ?? [];
}

/** The `index`-th ordinary product of a shop that can be bought (one that no activity prices). */
export async function ordinaryProduct(request: APIRequestContext, shopId: number, index: number): Promise<Product> {
  const found: Product[] = [];
  for (const card of await search(request, `shopId=${shopId}`)) {
    if (card.prodType !== 0) continue;
    const p = await product(request, card.prodId);
    if (p.status === 1 && p.shop.shopStatus === 1 && p.skuList[0]?.stocks >= 10) found.push(p);
    if (found.length > index) return found[index];
  }
  throw new Error(`shop ${shopId} has no ordinary product #${index}`);
}

/** The cents of the first SKU's price. */
export const unitCents = (p: Product): number => toCents(p.skuList[0].price);

/** Waits for the next answer of an API path, while `action` runs, and returns its `data`. */
export async function answerOf<T>(page: Page, path: string, action: () => Promise<unknown>): Promise<T> {
  const answer: Promise<Response> = page.waitForResponse((r) => new URL(r.url()).pathname === `/api${path}`);
  await action();
  const body = await (await answer).json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe('00000');
  return body.data as T;
}

/**
 * Every cart count of the frame shows `count`: the top bar's as text, the header's, the sticky
 * header's and the quick menu's (and the shop header's on shop pages) as badges, capped at
 * 999+ and 99+ and hidden while the cart is empty.
 */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  const cap = (max: number) => (count > max ? `${max}+` : String(count));
  await expect(page.getByTestId('topbar-cart-count')).toHaveText(cap(999));
  const badges: [Locator, number][] = [
    [page.getByTestId('main-header').getByTestId('header-cart-count'), 999],
    [page.getByTestId('sticky-header').getByTestId('header-cart-count'), 999],
    [page.getByTestId('quick-cart-count'), 99],
    [page.getByTestId('shop-cart-count'), 99],
  ];
  for (const [badge, max] of badges) {
    if ((await badge.count()) === 0) continue;
    await expect(badge).toHaveText(cap(max));
    await expect(badge).toHaveAttribute('data-cart-count', String(max));
    if (count === 0) await expect(badge).toBeHidden();
  }
  await expect(page.getByTestId('main-header').getByTestId('header-cart-count')).toBeVisible({ visible: count > 0 });
  await expect(page.getByTestId('quick-cart-count')).toBeVisible({ visible: count > 0 });
}

/** Marks the document, so that a test can tell it was not reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).__sameDocument = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument)).toBe(true);
}

/** Signs in with the login popup that is open on the page; the page reloads signed in. */
export async function signInWithPopup(page: Page, lang: Lang, mail: string, password: string): Promise<void> {
  const popup = page.getByTestId('login-popup');
  await expect(popup).toBeVisible({ timeout: 10_000 });
  await expect(popup.getByRole('heading', { name: tw(lang, 'login-heading-welcome') })).toBeVisible();
  await popup.locator('input[type="email"]').fill(mail);
  await popup.locator('input[type="password"]').first().fill(password);
  await popup.getByTestId('login-terms').check();
  await popup.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 10_000 });
  await waitForHydration(page);
}

/** Sets the quantity of the detail page's buy box, once the box is interactive. */
export async function setQuantity(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('buy-now')).toBeEnabled();
  const quantity = page.getByTestId('quantity');
  await quantity.fill(String(count));
  await quantity.blur();
  await expect(quantity).toHaveValue(String(count));
}

/**
 * Adds the product open on the detail page, `count` units of its first SKU: through the island
 * once it is interactive, else as the plain form post the page answers; the buyer sees the same.
 */
export async function addToCart(page: Page, lang: Lang, count: number): Promise<void> {
  await setQuantity(page, count);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText(t(lang, 'cart-added'))).toBeVisible();
}

/** The cart line of a product. */
export const cartLine = (page: Page, prodId: number): Locator =>
  page.getByTestId('cart-line').filter({ has: page.locator(`a.cart-line__name[href="/detail?prodId=${prodId}"]`) });

/** The cart's selection bar shows `lines` selected lines adding up to `cents`. */
export async function expectSelection(page: Page, lang: Lang, currency: CurrencyCode, lines: number, cents: number): Promise<void> {
  await expect(page.getByTestId('cart-selected-count')).toHaveText(tf(lang, 'cart-selected', { count: lines }));
  await expect(page.getByTestId('cart-total')).toHaveText(lines > 0 ? formatMoney(cents, currency) : '');
}

/** A reduction as the order pages show it. */
export const minus = (cents: number, currency: CurrencyCode): string => `${MINUS}${formatMoney(cents, currency)}`;

/** Freight as the order pages show it. */
export const freight = (lang: Lang, cents: number, currency: CurrencyCode): string =>
  cents > 0 ? formatMoney(cents, currency) : t(lang, 'order-freight-free');

/** The amounts of a confirmation add up, and the page shows them in the buyer's currency. */
export async function expectConfirmationShown(page: Page, lang: Lang, currency: CurrencyCode, c: Confirmation): Promise<void> {
  const cents = (v: number) => toCents(v);
  expect(cents(c.actualTotal)).toBe(
    cents(c.total) + cents(c.transfee) - cents(c.couponReduce) - cents(c.memberReduce) - cents(c.pointsReduce),
  );
  expect(cents(c.total)).toBe(c.shopCartOrders.reduce((sum, s) => sum + cents(s.total), 0));
  expect(cents(c.transfee)).toBe(c.shopCartOrders.reduce((sum, s) => sum + cents(s.transfee), 0));
  expect(cents(c.pointsReduce)).toBe(c.points.usePoints);
  await expect(page.getByTestId('checkout-goods-total')).toHaveText(formatMoney(cents(c.total), currency));
  await expect(page.getByTestId('checkout-freight')).toHaveText(freight(lang, cents(c.transfee), currency));
  if (c.couponReduce > 0) {
    await expect(page.getByTestId('checkout-coupon-reduce')).toHaveText(minus(cents(c.couponReduce), currency));
  } else {
    await expect(page.getByTestId('checkout-coupon-reduce')).toHaveCount(0);
  }
  if (c.pointsReduce > 0) {
    await expect(page.getByTestId('checkout-points-reduce')).toHaveText(minus(cents(c.pointsReduce), currency));
  } else {
    await expect(page.getByTestId('checkout-points-reduce')).toHaveCount(0);
  }
  await expect(page.getByTestId('checkout-actual-total')).toHaveText(formatMoney(cents(c.actualTotal), currency));
}

/** The order's page shows it pending payment with its amounts in the buyer's currency. */
export async function expectUnpaidOrderShown(page: Page, lang: Lang, currency: CurrencyCode, o: OrderDetail): Promise<void> {
  await expect(page.getByTestId('order-status')).toHaveText(t(lang, 'order-status-unpaid'));
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', String(UNPAID));
  await expect(page.getByTestId('order-detail')).toContainText(tf(lang, 'order-number', { number: o.orderNumber }));
  await expect(page.getByTestId('order-goods-total')).toHaveText(formatMoney(toCents(o.total), currency));
  await expect(page.getByTestId('order-freight')).toHaveText(freight(lang, toCents(o.transfee), currency));
  if (o.couponReduce > 0) {
    await expect(page.getByTestId('order-coupon-reduce')).toHaveText(minus(toCents(o.couponReduce), currency));
  }
  if (o.pointsReduce > 0) {
    await expect(page.getByTestId('order-points-reduce')).toHaveText(minus(toCents(o.pointsReduce), currency));
  }
  await expect(page.getByTestId('order-actual-total')).toHaveText(formatMoney(toCents(o.actualTotal), currency));
  const items = page.getByTestId('order-items').locator('li');
  await expect(items).toHaveCount(o.orderItemDtos.length);
  for (const item of o.orderItemDtos) {
    await expect(page.getByTestId('order-items')).toContainText(`${formatMoney(toCents(item.price), currency)} × ${item.prodCount}`);
  }
  await expect(page.getByTestId('order-cancel')).toHaveText(t(lang, 'order-cancel'));
  const pay = page.getByTestId('order-pay');
  await expect(pay).toHaveText(t(lang, 'payment-pay-now'));
  await expect(pay).toHaveAttribute('href', `/payment?orderNumbers=${o.orderNumber}`);
}

/** The numbers of the unpaid orders of the buyer signed in on `request`. */
export async function unpaidOrders(request: APIRequestContext): Promise<Set<string>> {
  const list = await apiData<{ records: { orderNumber: string }[] }>(
    request,
    'GET',
    `/p/myOrder/myOrder?status=${UNPAID}&current=1&size=100`,
  );
  return new Set(list.records.map((o) => o.orderNumber));
}

/**
 * Submits the confirmation on the page: the browser goes to the checkout counter with every new
 * order (one per shop). Returns their numbers, the counter's order, and opens the first one's
 * page, where it waits for payment.
 */
export async function submitOrder(page: Page, lang: Lang): Promise<string[]> {
  const submit = page.getByTestId('checkout-submit');
  await expect(submit).toHaveText(t(lang, 'order-submit'));
  await expect(submit).toBeEnabled();
  const before = await unpaidOrders(page.request);
  await submit.click();
  await page.waitForURL((url) => url.pathname === '/payment');
  const named = (new URL(page.url()).searchParams.get('orderNumbers') ?? '').split(',').filter((n) => n !== '');
  const created = [...(await unpaidOrders(page.request))].filter((n) => !before.has(n));
  expect(new Set(named)).toEqual(new Set(created));
  expect(named).toHaveLength(created.length);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'payment-title'));
  await page.goto(`/order-detail?orderNumber=${named[0]}`);
  return named;
}

/** Empties the cart of the buyer signed in on `request`. */
export async function emptyCart(request: APIRequestContext): Promise<void> {
  const shops = await apiData<ShopCart[]>(request, 'GET', '/p/shopCart/info');
  const ids = shops.flatMap((s) => s.shopCartItems.map((i) => i.basketId));
  if (ids.length > 0) await apiData(request, 'DELETE', '/p/shopCart/deleteItem', ids);
}
