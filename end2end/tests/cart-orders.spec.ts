/**
 * Cart and orders (spec sections 2, 6, 7 "Cart and orders", 8): the live cart count in every
 * badge of the frame; a guest who signs in from Add to Cart, fills a cart from two shops, works
 * it (selection per line, per shop and all, a quantity, a removal), settles it and submits one
 * order per shop with an address, a coupon and points; buying a running flash sale now; and
 * cancelling an unpaid order, which returns its stock. In English and Khmer, in USD and KHR.
 *
 * Every test uses its own buyer: the two demo buyers with points (README) for the cart journey
 * (one per language, their carts emptied first), a new one everywhere else.
 */
import { expect, test, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import {
  EN,
  KM,
  addAddress,
  apiData,
  firstConfirmation,
  formatMoney,
  signInBuyer,
  signUpBuyer,
  t,
  tf,
  toCents,
  tw,
  waitForHydration,
  type CurrencyCode,
  type Lang,
} from './support';

const DEMO_PASSWORD = 'Demo1234!';
/** The minus sign the storefront puts before a reduction. */
const MINUS = '\u2212';
/** `api::orders::order_status::UNPAID`, `CANCELED`; `order_type::FLASH_SALE`. */
const UNPAID = 1;
const CANCELED = 6;
const FLASH_SALE = 2;

// ---------------------------------------------------------------------------------------------
// The API's answers, as far as these tests read them.

interface Sku {
  skuId: number;
  price: number;
  stocks: number;
}
interface Product {
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
interface Coupon {
  couponId: number;
  couponName: string;
  canUse: boolean;
  choose: boolean;
}
interface ShopOrder {
  shopId: number;
  total: number;
  transfee: number;
  couponReduce: number;
  items: { prodId: number; price: number; prodCount: number; productTotalAmount: number }[];
  coupons: Coupon[];
}
interface Confirmation {
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
interface OrderDetail {
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
  orderItemDtos: { prodId: number; price: number; prodCount: number }[];
}
interface ShopCart {
  shopCartItems: { basketId: number }[];
}

// ---------------------------------------------------------------------------------------------
// Helpers.

/** Opens `path` in `lang` and `currency` (both kept in cookies from then on) and waits for hydration. */
async function open(page: Page, path: string, lang: Lang, currency: CurrencyCode): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang.code}&currency=${currency}`);
  await waitForHydration(page);
}

const product = (request: APIRequestContext, prodId: number) =>
  apiData<Product>(request, 'GET', `/prod/prodInfo?prodId=${prodId}`);

/** The on-shelf products of the first search page of a shop, or of a product type. */
async function search(request: APIRequestContext, query: string): Promise<{ prodId: number; prodType: number }[]> {
  const page = await apiData<{ records: { products: { prodId: number; prodType: number }[] }[] }>(
    request,
    'GET',
    `/search/page?current=1&size=20&${query}`,
  );
  return page.records[0]?.products ?? [];
}

/** The `index`-th ordinary product of a shop that can be bought (one that no activity prices). */
async function ordinaryProduct(request: APIRequestContext, shopId: number, index: number): Promise<Product> {
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
const unitCents = (p: Product): number => toCents(p.skuList[0].price);

/** Waits for the next answer of an API path, while `action` runs, and returns its `data`. */
async function answerOf<T>(page: Page, path: string, action: () => Promise<unknown>): Promise<T> {
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
async function expectCartCount(page: Page, count: number): Promise<void> {
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
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).__sameDocument = true;
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument)).toBe(true);
}

/** Signs in with the login popup that is open on the page; the page reloads signed in. */
async function signInWithPopup(page: Page, lang: Lang, mail: string, password: string): Promise<void> {
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
async function setQuantity(page: Page, count: number): Promise<void> {
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
async function addToCart(page: Page, lang: Lang, count: number): Promise<void> {
  await setQuantity(page, count);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText(t(lang, 'cart-added'))).toBeVisible();
}

/** The cart line of a product. */
const cartLine = (page: Page, prodId: number): Locator =>
  page.getByTestId('cart-line').filter({ has: page.locator(`a.cart-line__name[href="/detail?prodId=${prodId}"]`) });

/** The cart's selection bar shows `lines` selected lines adding up to `cents`. */
async function expectSelection(page: Page, lang: Lang, currency: CurrencyCode, lines: number, cents: number): Promise<void> {
  await expect(page.getByTestId('cart-selected-count')).toHaveText(tf(lang, 'cart-selected', { count: lines }));
  await expect(page.getByTestId('cart-total')).toHaveText(lines > 0 ? formatMoney(cents, currency) : '');
}

/** A reduction as the order pages show it. */
const minus = (cents: number, currency: CurrencyCode): string => `${MINUS}${formatMoney(cents, currency)}`;

/** Freight as the order pages show it. */
const freight = (lang: Lang, cents: number, currency: CurrencyCode): string =>
  cents > 0 ? formatMoney(cents, currency) : t(lang, 'order-freight-free');

/** The amounts of a confirmation add up, and the page shows them in the buyer's currency. */
async function expectConfirmationShown(page: Page, lang: Lang, currency: CurrencyCode, c: Confirmation): Promise<void> {
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
async function expectUnpaidOrderShown(page: Page, lang: Lang, currency: CurrencyCode, o: OrderDetail): Promise<void> {
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
async function unpaidOrders(request: APIRequestContext): Promise<Set<string>> {
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
async function submitOrder(page: Page, lang: Lang): Promise<string[]> {
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
async function emptyCart(request: APIRequestContext): Promise<void> {
  const shops = await apiData<ShopCart[]>(request, 'GET', '/p/shopCart/info');
  const ids = shops.flatMap((s) => s.shopCartItems.map((i) => i.basketId));
  if (ids.length > 0) await apiData(request, 'DELETE', '/p/shopCart/deleteItem', ids);
}

// ---------------------------------------------------------------------------------------------
// Part 1: the live cart count.

test('every cart count of the frame follows mall:cart-changed, from the API or from detail.count', async ({ page }) => {
  await signUpBuyer(page.request);
  await open(page, '/shop-index?sid=1', EN, 'USD');
  await expect(page.getByTestId('shop-cart-count')).toBeAttached();
  await expectCartCount(page, 0);
  await markDocument(page);

  // Another tab adds to the cart; this page hears of it and asks the API.
  const p = await ordinaryProduct(page.request, 1, 0);
  await apiData(page.request, 'POST', '/p/shopCart/changeItem', {
    basketId: 0,
    count: 3,
    prodId: p.prodId,
    shopId: p.shopId,
    shopName: p.shop.shopName,
    skuId: p.skuList[0].skuId,
  });
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed')));
  await expectCartCount(page, 3);

  // A count in the event is shown as it is, within each badge's cap.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed', { detail: { count: 1000 } })));
  await expectCartCount(page, 1000);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed', { detail: { count: 120 } })));
  await expectCartCount(page, 120);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed', { detail: { count: 0 } })));
  await expectCartCount(page, 0);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed', { detail: {} })));
  await expectCartCount(page, 3);
  await expectSameDocument(page);

  // The count of a reload agrees.
  await page.reload();
  await expectCartCount(page, 3);
});

// ---------------------------------------------------------------------------------------------
// Journey 1: from a guest's Add to Cart to two orders.

const JOURNEYS: { lang: Lang; currency: CurrencyCode; buyer: string; offset: number }[] = [
  { lang: EN, currency: 'USD', buyer: 'demo.buyer@example.com', offset: 0 },
  { lang: KM, currency: 'KHR', buyer: 'li.wei@example.com', offset: 2 },
];

for (const { lang, currency, buyer, offset } of JOURNEYS) {
  test(`a guest signs in from Add to Cart, fills and works the cart, and submits one order per shop (${lang.code}, ${currency}) @cluster`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // The buyer's cart starts empty (the demo seed fills it).
    await signInBuyer(request, buyer, DEMO_PASSWORD);
    await emptyCart(request);
    const a = await ordinaryProduct(request, 1, offset);
    const c = await ordinaryProduct(request, 1, offset + 1);
    const b = await ordinaryProduct(request, 2, offset);
    expect(new Set([a.shopId, b.shopId]).size).toBe(2);

    // A guest's Add to Cart opens the login popup; signing in there reloads the page signed in.
    await open(page, `/detail?prodId=${a.prodId}`, lang, currency);
    await expectCartCount(page, 0);
    await page.getByTestId('add-to-cart').click();
    await signInWithPopup(page, lang, buyer, DEMO_PASSWORD);
    expect(new URL(page.url()).searchParams.get('prodId')).toBe(String(a.prodId));
    await expect(page.locator('html')).toHaveAttribute('lang', lang.tag);
    await expect(page.getByTestId('currency-switcher').locator('summary')).toContainText(currency);
    await expectCartCount(page, 0);

    // Each addition updates every badge without a reload.
    await markDocument(page);
    await addToCart(page, lang, 2);
    await expectCartCount(page, 2);
    await expectSameDocument(page);

    await open(page, `/detail?prodId=${c.prodId}`, lang, currency);
    await expectCartCount(page, 2);
    await markDocument(page);
    await addToCart(page, lang, 1);
    await expectCartCount(page, 3);
    await expectSameDocument(page);

    await open(page, `/detail?prodId=${b.prodId}`, lang, currency);
    await markDocument(page);
    await addToCart(page, lang, 1);
    await expectCartCount(page, 4);
    await expectSameDocument(page);

    // The cart: three lines in two shops, nothing selected yet.
    await page.getByTestId('main-search-cart').click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: t(lang, 'cart-title') })).toBeVisible();
    await expect(page.getByTestId('cart-shop')).toHaveCount(2);
    await expect(page.getByTestId('cart-line')).toHaveCount(3);
    const [lineA, lineB, lineC] = [cartLine(page, a.prodId), cartLine(page, b.prodId), cartLine(page, c.prodId)];
    await expect(lineA.getByTestId('cart-line-count')).toHaveValue('2');
    await expect(lineA.getByTestId('cart-line-subtotal')).toHaveText(formatMoney(2 * unitCents(a), currency));
    await expectSelection(page, lang, currency, 0, 0);

    // Per line.
    await lineA.getByTestId('cart-line-check').check();
    await expectSelection(page, lang, currency, 1, 2 * unitCents(a));
    await lineA.getByTestId('cart-line-check').uncheck();
    await expectSelection(page, lang, currency, 0, 0);

    // Per shop.
    const shopOne = page.getByTestId('cart-shop').filter({ has: lineA });
    await expect(shopOne.getByTestId('cart-line')).toHaveCount(2);
    await shopOne.getByTestId('cart-shop-check').check();
    await expect(lineA.getByTestId('cart-line-check')).toBeChecked();
    await expect(lineC.getByTestId('cart-line-check')).toBeChecked();
    await expect(lineB.getByTestId('cart-line-check')).not.toBeChecked();
    await expectSelection(page, lang, currency, 2, 2 * unitCents(a) + unitCents(c));
    await shopOne.getByTestId('cart-shop-check').uncheck();
    await expectSelection(page, lang, currency, 0, 0);

    // All.
    await page.getByTestId('cart-select-all').check();
    await expectSelection(page, lang, currency, 3, 2 * unitCents(a) + unitCents(c) + unitCents(b));
    await expect(shopOne.getByTestId('cart-shop-check')).toBeChecked();

    // A quantity: B goes to 2, and the badges follow.
    await markDocument(page);
    await answerOf(page, '/p/shopCart/changeItem', () =>
      lineB.getByRole('button', { name: t(lang, 'cart-increase'), exact: true }).click(),
    );
    await expect(lineB.getByTestId('cart-line-count')).toHaveValue('2');
    await expect(lineB.getByTestId('cart-line-subtotal')).toHaveText(formatMoney(2 * unitCents(b), currency));
    await expectSelection(page, lang, currency, 3, 2 * unitCents(a) + unitCents(c) + 2 * unitCents(b));
    await expectCartCount(page, 5);

    // A removal: C goes, and the badges follow.
    await answerOf(page, '/p/shopCart/deleteItem', () => lineC.getByTestId('cart-line-remove').click());
    await expect(page.getByText(t(lang, 'cart-removed'))).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expectSelection(page, lang, currency, 2, 2 * unitCents(a) + 2 * unitCents(b));
    await expectCartCount(page, 4);
    await expectSameDocument(page);

    // Settle.
    const goods = 2 * unitCents(a) + 2 * unitCents(b);
    await page.getByTestId('cart-settle').click();
    await page.waitForURL((url) => url.pathname === '/submit-order');
    let conf = await firstConfirmation<Confirmation>(page);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: t(lang, 'order-confirm-title') })).toBeVisible();
    await expect(page.getByTestId('checkout-shop')).toHaveCount(2);
    await expect(page.getByTestId('checkout-item')).toHaveCount(2);
    expect(toCents(conf.total)).toBe(goods);
    await expectConfirmationShown(page, lang, currency, conf);

    // The address: another of the buyer's, then a new one.
    const cards = page.getByTestId('checkout-address');
    await expect(cards).toHaveCount(2);
    const other = cards.filter({ has: page.locator('input:not(:checked)') }).first();
    const otherId = Number(await other.locator('input').getAttribute('value'));
    conf = await answerOf<Confirmation>(page, '/p/order/confirm', () => other.click());
    expect(conf.userAddr?.addrId).toBe(otherId);
    await expect(cards.filter({ has: page.locator('input:checked') }).locator('input')).toHaveAttribute('value', String(otherId));

    await page.getByTestId('address-add').click();
    const form = page.getByTestId('address-form');
    await form.getByRole('button', { name: t(lang, 'order-address-save') }).click();
    await expect(form).toContainText(t(lang, 'order-address-receiver-missing'));
    const receiver = `Receiver ${lang.code} ${Date.now() % 100000}`;
    await form.locator('input[name="receiver"]').fill(receiver);
    await form.locator('input[name="mobile"]').fill('012 345 678');
    await form.locator('input[name="postCode"]').fill('12000');
    await form.locator('input[name="addr"]').fill('No. 7, Street 240, Daun Penh, Phnom Penh');
    const confirmed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/p/order/confirm');
    await form.getByTestId('address-save').click();
    conf = (await (await confirmed).json()).data;
    await expect(page.getByText(t(lang, 'order-address-saved'))).toBeVisible();
    expect(conf.userAddr?.receiver).toBe(receiver);
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: receiver }).locator('input')).toBeChecked();

    // A coupon of shop one: none first, then one of the usable ones.
    const shopOneOrder = page.getByTestId('checkout-shop').filter({ has: page.locator(`a[href="/shop-index?sid=${a.shopId}"]`) });
    const couponSelect = shopOneOrder.getByTestId('checkout-coupon');
    await expect(couponSelect).toBeVisible();
    conf = await answerOf<Confirmation>(page, '/p/order/confirm', () => couponSelect.selectOption('0'));
    const shopOneCoupon = (c: Confirmation) => toCents(c.shopCartOrders.find((s) => s.shopId === a.shopId)!.couponReduce);
    expect(shopOneCoupon(conf)).toBe(0);
    await expectConfirmationShown(page, lang, currency, conf);
    await expect(couponSelect).toHaveValue('0');
    const usable = conf.shopCartOrders.find((s) => s.shopId === a.shopId)!.coupons.filter((cp) => cp.canUse);
    expect(usable.length, 'the buyer holds a coupon usable on shop one').toBeGreaterThan(0);
    const coupon = usable[usable.length - 1];
    conf = await answerOf<Confirmation>(page, '/p/order/confirm', () => couponSelect.selectOption(String(coupon.couponId)));
    const shopOneConf = conf.shopCartOrders.find((s) => s.shopId === a.shopId)!;
    expect(shopOneConf.coupons.find((cp) => cp.couponId === coupon.couponId)?.choose).toBe(true);
    expect(shopOneCoupon(conf)).toBeGreaterThan(0);
    expect(toCents(conf.couponReduce)).toBeGreaterThanOrEqual(toCents(shopOneConf.couponReduce));
    await expect(couponSelect).toHaveValue(String(coupon.couponId));
    await expectConfirmationShown(page, lang, currency, conf);

    // Points, in multiples of 10: 105 asked is 100 used (or the most this order takes).
    // The order's cap, within the points the buyer holds.
    const held = conf.points.userPoints - (conf.points.userPoints % 10);
    const maxPoints = Math.min(conf.points.maxUsablePoints, held);
    expect(maxPoints, 'the buyer can use points on this order').toBeGreaterThanOrEqual(10);
    const wantedPoints = Math.min(105, maxPoints);
    const expectedPoints = wantedPoints - (wantedPoints % 10);
    const points = page.getByTestId('checkout-points');
    await points.fill('105');
    conf = await answerOf<Confirmation>(page, '/p/order/confirm', () => points.blur());
    expect(conf.points.usePoints).toBe(expectedPoints);
    await expect(points).toHaveValue(String(expectedPoints));
    expect(toCents(conf.pointsReduce)).toBe(expectedPoints);
    // The coupon stayed chosen.
    await expect(couponSelect).toHaveValue(String(coupon.couponId));
    await expect(page.getByTestId('checkout-discounts')).toContainText(
      tf(lang, 'order-points-have', { points: conf.points.userPoints, max: maxPoints }),
    );
    await expectConfirmationShown(page, lang, currency, conf);

    // Submit: one order per shop, all of them at the checkout counter.
    const numbers = await submitOrder(page, lang);
    expect(numbers).toHaveLength(2);
    await waitForHydration(page);
    await expectCartCount(page, 0);

    const orders: OrderDetail[] = [];
    for (const number of numbers) {
      const order = await apiData<OrderDetail>(page.request, 'GET', `/p/myOrder/orderDetail?orderNumber=${number}`);
      orders.push(order);
      const shop = conf.shopCartOrders.find((s) => s.shopId === order.shopId)!;
      expect(shop, `order ${number} is of a shop of the confirmation`).toBeTruthy();
      expect(order.status).toBe(UNPAID);
      // The shop's goods as they were in the cart, its freight and its coupon.
      const expectedGoods = order.shopId === a.shopId ? 2 * unitCents(a) : 2 * unitCents(b);
      expect(toCents(order.total)).toBe(expectedGoods);
      expect(order.orderItemDtos.map((i) => [i.prodId, i.prodCount])).toEqual([
        [order.shopId === a.shopId ? a.prodId : b.prodId, 2],
      ]);
      expect(toCents(order.transfee)).toBe(toCents(shop.transfee));
      expect(toCents(order.actualTotal)).toBe(
        toCents(order.total) +
          toCents(order.transfee) -
          toCents(order.couponReduce) -
          toCents(order.memberReduce) -
          toCents(order.pointsReduce),
      );
      await open(page, `/order-detail?orderNumber=${number}`, lang, currency);
      await expectUnpaidOrderShown(page, lang, currency, order);
    }
    // Together the orders are exactly the confirmation.
    const sum = (pick: (o: OrderDetail) => number) => orders.reduce((s, o) => s + pick(o), 0);
    expect(sum((o) => toCents(o.couponReduce))).toBe(toCents(conf.couponReduce));
    expect(sum((o) => toCents(o.pointsReduce))).toBe(toCents(conf.pointsReduce));
    expect(sum((o) => o.usePoints)).toBe(conf.points.usePoints);
    expect(sum((o) => toCents(o.actualTotal))).toBe(toCents(conf.actualTotal));
    expect(new Set(orders.map((o) => o.shopId))).toEqual(new Set([a.shopId, b.shopId]));
  });
}

// ---------------------------------------------------------------------------------------------
// Journey 2: buying a running flash sale now.

/** A flash sale running for a while yet, with stock, its product bought by no other test. */
async function runningFlashSale(request: APIRequestContext, index: number): Promise<Product> {
  const found: Product[] = [];
  const now = Date.now();
  for (const card of await search(request, 'prodType=1&isActive=1')) {
    const p = await product(request, card.prodId);
    const sale = p.seckill;
    const running = sale && sale.startTime <= now && sale.endTime > now + 10 * 60_000;
    if (running && p.status === 1 && p.shop.shopStatus === 1 && p.skuList[0]?.stocks > 0) found.push(p);
    if (found.length > index) return found[index];
  }
  throw new Error('no running flash sale found');
}

for (const [index, { lang, currency }] of [
  { lang: EN, currency: 'KHR' as CurrencyCode },
  { lang: KM, currency: 'USD' as CurrencyCode },
].entries()) {
  test(`buy now of a running flash sale orders it at the flash-sale price (${lang.code}, ${currency})`, async ({ page }) => {
    test.setTimeout(90_000);
    const sale = await runningFlashSale(page.request, index);
    const seckill = sale.seckill!;
    const price = toCents(seckill.seckillPrice);
    expect(price).toBeLessThan(unitCents(sale));
    await signUpBuyer(page.request);
    await addAddress(page.request);

    await open(page, `/detail?prodId=${sale.prodId}&seckillId=${seckill.seckillId}`, lang, currency);
    await expect(page.getByTestId('flash-sale-bar')).toContainText(t(lang, 'home-flash-sale'));
    await expect(page.getByTestId('sku-price').locator('strong')).toHaveText(formatMoney(price, currency));
    await page.getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('orderEntry') === '1');
    const conf = await firstConfirmation<Confirmation>(page);
    await waitForHydration(page);
    expect(conf.orderType, 'a flash-sale order').toBe(FLASH_SALE);
    expect(conf.shopCartOrders.flatMap((s) => s.items).map((i) => [i.prodId, toCents(i.price), i.prodCount])).toEqual([
      [sale.prodId, price, 1],
    ]);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    await expect(page.getByTestId('checkout-item')).toContainText(`${formatMoney(price, currency)} × 1`);
    await expectConfirmationShown(page, lang, currency, conf);
    // A new buyer holds no points: nothing to spend.
    expect(conf.points.userPoints).toBe(0);
    await expect(page.getByTestId('checkout-points')).toHaveCount(0);

    const [number, ...more] = await submitOrder(page, lang);
    expect(more).toEqual([]);
    const order = await apiData<OrderDetail>(page.request, 'GET', `/p/myOrder/orderDetail?orderNumber=${number}`);
    expect(order.orderType).toBe(FLASH_SALE);
    expect(order.orderItemDtos.map((i) => [i.prodId, toCents(i.price), i.prodCount])).toEqual([[sale.prodId, price, 1]]);
    expect(toCents(order.actualTotal)).toBe(toCents(conf.actualTotal));
    await waitForHydration(page);
    await expectUnpaidOrderShown(page, lang, currency, order);
  });
}

// ---------------------------------------------------------------------------------------------
// Journey 3: cancelling an unpaid order returns its stock.

for (const [index, { lang, currency }] of [
  { lang: EN, currency: 'USD' as CurrencyCode },
  { lang: KM, currency: 'KHR' as CurrencyCode },
].entries()) {
  test(`cancelling an unpaid order returns its stock (${lang.code}, ${currency})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    // A product of its own: shop 5's, one per language.
    const p = await ordinaryProduct(request, 5, index);
    const stockOf = async () => (await product(request, p.prodId)).skuList[0].stocks;
    const before = await stockOf();
    await signUpBuyer(page.request);
    await addAddress(page.request);

    await open(page, `/detail?prodId=${p.prodId}`, lang, currency);
    await setQuantity(page, 3);
    await page.getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('orderEntry') === '1');
    await waitForHydration(page);
    await expect(page.getByTestId('checkout-item')).toContainText(`${formatMoney(unitCents(p), currency)} × 3`);
    const [number] = await submitOrder(page, lang);
    await waitForHydration(page);
    await expect(page.getByTestId('order-status')).toHaveText(t(lang, 'order-status-unpaid'));
    await expect.poll(stockOf, { message: 'the order took its stock' }).toBe(before - 3);

    // Cancel, after the buyer confirms.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByTestId('order-cancel').click();
    await expect(page.getByTestId('order-status')).toHaveText(t(lang, 'order-status-canceled'));
    expect(asked).toBe(t(lang, 'order-cancel-confirm'));
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', String(CANCELED));
    await expect(page.getByTestId('order-timeline')).toContainText(t(lang, 'order-time-canceled'));
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
    const order = await apiData<OrderDetail>(page.request, 'GET', `/p/myOrder/orderDetail?orderNumber=${number}`);
    expect(order.status).toBe(CANCELED);
    await expect.poll(stockOf, { message: 'the cancellation returned the stock' }).toBe(before);
  });
}

// ---------------------------------------------------------------------------------------------
// Journey 4: group buy: starting a group, and joining one of the listed open groups (the
// demo buyers' groups; paying, which fills a group, comes with the checkout counter).

const GROUP_BUY = 1;

interface GroupProduct extends Product {
  groupActivity: { groupActivityId: number; groupNumber: number; groupPrice: number; startTime: number; endTime: number } | null;
}
interface GroupTeam {
  groupTeamId: number;
  leaderNickName: string;
  groupNumber: number;
  joinedCount: number;
  status: number;
}

/** A group buy running for a while yet whose product has stock and open groups to join. */
async function runningGroupBuy(request: APIRequestContext): Promise<{ product: GroupProduct; teams: GroupTeam[] }> {
  const now = Date.now();
  const cards: { prodId: number }[] = [];
  for (let current = 1; current <= 5; current++) {
    const found = await apiData<{ records: { products: { prodId: number }[] }[] }>(
      request,
      'GET',
      `/search/page?current=${current}&size=20&prodType=2&isActive=1`,
    );
    cards.push(...(found.records[0]?.products ?? []));
  }
  for (const card of cards) {
    const p = await apiData<GroupProduct>(request, 'GET', `/prod/prodInfo?prodId=${card.prodId}`);
    const group = p.groupActivity;
    if (!group || group.startTime > now || group.endTime < now + 10 * 60_000) continue;
    if (p.status !== 1 || p.shop.shopStatus !== 1 || !(p.skuList[0]?.stocks > 2)) continue;
    const teams = await apiData<GroupTeam[]>(request, 'GET', `/groupTeam/joinList?groupActivityId=${group.groupActivityId}`);
    if (teams.length > 0) return { product: p, teams };
  }
  throw new Error('no running group buy with open groups (the demo buyers open some)');
}

for (const [index, { lang, currency }] of [
  { lang: EN, currency: 'USD' as CurrencyCode },
  { lang: KM, currency: 'KHR' as CurrencyCode },
].entries()) {
  test(`a buyer starts a group or joins an open one at the group price (${lang.code}, ${currency})`, async ({ page }) => {
    test.setTimeout(120_000);
    const { product: p, teams } = await runningGroupBuy(page.request);
    // Each language joins a group of its own (the demo buyers open two).
    const team = teams[index % teams.length];
    const group = p.groupActivity!;
    const price = toCents(group.groupPrice);
    await signUpBuyer(page.request);
    await addAddress(page.request);

    // The open groups are listed with masked openers; buying alone stays possible.
    await open(page, `/detail?prodId=${p.prodId}&groupActivityId=${group.groupActivityId}`, lang, currency);
    await expect(page.getByTestId('group-buy-bar')).toContainText(t(lang, 'home-group-buy'));
    await expect(page.getByTestId('add-to-cart')).toBeVisible();
    await expect(page.getByTestId('buy-now')).toHaveText(t(lang, 'detail-buy-alone'));
    await expect(page.getByTestId('start-group')).toContainText(formatMoney(price, currency));
    const row = page.locator(`[data-testid="group-team"][data-team-id="${team.groupTeamId}"]`);
    await expect(row).toContainText(team.leaderNickName);
    expect(team.leaderNickName).toMatch(/^.\*\*\*$/u);

    // Start a group: a group-buy order at the group price, its group waiting for payment.
    await page.getByTestId('start-group').click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('orderEntry') === '1');
    await waitForHydration(page);
    await expect(page.getByTestId('checkout-item')).toContainText(`${formatMoney(price, currency)} × 1`);
    const [started] = await submitOrder(page, lang);
    const order = await apiData<OrderDetail & { groupTeam: GroupTeam }>(
      page.request,
      'GET',
      `/p/myOrder/orderDetail?orderNumber=${started}`,
    );
    expect([order.orderType, toCents(order.orderItemDtos[0].price)]).toEqual([GROUP_BUY, price]);
    expect(order.groupTeam.status).toBe(0);
    await waitForHydration(page);
    await expect(page.getByTestId('order-group-state')).toHaveText(t(lang, 'order-group-waiting'));

    // Join the first listed group: an order in that group.
    await open(page, `/detail?prodId=${p.prodId}&groupActivityId=${group.groupActivityId}`, lang, currency);
    await row.getByTestId('join-group').click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('orderEntry') === '1');
    await waitForHydration(page);
    const [joined] = await submitOrder(page, lang);
    const joinedOrder = await apiData<OrderDetail & { groupTeam: GroupTeam }>(
      page.request,
      'GET',
      `/p/myOrder/orderDetail?orderNumber=${joined}`,
    );
    expect(joinedOrder.groupTeam.groupTeamId).toBe(team.groupTeamId);
    await waitForHydration(page);
    const needed = Math.max(joinedOrder.groupTeam.groupNumber - joinedOrder.groupTeam.joinedCount, 0);
    await expect(page.getByTestId('order-group-state')).toHaveText(tf(lang, 'order-group-open', { count: needed }));
  });
}
