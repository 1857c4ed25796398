/**
 * The user centre's overview and My Orders (spec sections 2, 4 "Orders", 6): a new buyer with
 * twelve orders in several states walks the overview (the profile block with the member
 * level in the side navigation, the order counts, each a link to its tab), the status tabs,
 * the search by product name (in the language shown, case-insensitive, with its empty state)
 * and the pages of My Orders; cancels an unpaid order and confirms receipt of a shipped one
 * from their cards, which earns growth. A guest opening My Orders lands on /login and comes
 * back after signing in. In English and Khmer; screenshots of both pages in English, Chinese
 * and Khmer.
 *
 * Orders are shipped with the development command `server order-ship` (the storefront has no
 * seller's side), run against this run's database. The buyers buy in shops 20 to 31, whose
 * stock no other test counts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  EN,
  KM,
  LANGS,
  ZH,
  addAddress,
  apiData,
  picture,
  placeOrders,
  shipOrder,
  signInBuyer,
  signUpBuyer,
  t,
  tf,
  toCents,
  topUp,
  type Lang,
  waitForHydration,
} from './support';

const PASSWORD = 'Secret#2024';
const PAY_PASSWORD = '135790';
/** `api::orders::order_status`. */
const UNPAID = 1;
const PAID = 2;
const SHIPPED = 3;
const RECEIVED = 4;
const COMPLETED = 5;
const CANCELED = 6;
const GROUPING = 7;
/** `api::config::pay_type::BALANCEPAY`. */
const BALANCEPAY = 9;
/** The shops these tests buy in, one order each. */
const SHOPS = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];

interface Item {
  prodId: number;
  prodName: string;
}
interface MyOrder {
  orderNumber: string;
  status: number;
  actualTotal: number;
  orderItemDtos: Item[];
}
interface Level {
  growth: number;
  level: number;
  levelName: string;
  nextLevel: { levelName: string; needGrowth: number } | null;
}

/** A number as the overview shows it: thousands grouped (`2,360`). */
const grouped = (n: number): string => n.toLocaleString('en-US');

async function myOrders(request: APIRequestContext, query = ''): Promise<{ total: number; records: MyOrder[] }> {
  return apiData(request, 'GET', `/p/myOrder/myOrder?size=100${query}`);
}

/**
 * A new buyer (signed in on `page`) with twelve orders of one submission: seven unpaid, one
 * paid, two shipped, one received and one canceled. Returns the orders by state.
 */
async function buyerWithOrders(page: Page) {
  const request = page.request;
  await signUpBuyer(request);
  await addAddress(request);
  const numbers = await placeOrders(request, SHOPS);
  expect(numbers).toHaveLength(12);
  const [paid, shippedA, shippedB, received, canceled, ...unpaid] = numbers;
  // Paid from the balance, topped up through the development gateway first.
  await topUp(request, 500_000);
  await apiData(request, 'PUT', '/p/user/payPassword', { payPassword: PAY_PASSWORD, password: PASSWORD });
  await apiData(request, 'POST', '/p/order/pay', {
    orderNumbers: [paid, shippedA, shippedB, received].join(','),
    payType: BALANCEPAY,
    payPassword: PAY_PASSWORD,
    currency: 'USD',
  });
  for (const number of [shippedA, shippedB, received]) shipOrder(number);
  await apiData(request, 'PUT', `/p/myOrder/receipt/${received}`);
  await apiData(request, 'PUT', `/p/myOrder/cancel/${canceled}`);
  return { paid, shipped: [shippedA, shippedB], received, canceled, unpaid };
}

/**
 * Records a view of the first ordered product and collects the second, as the detail page
 * does; returns their ids.
 */
async function browseAndCollect(request: APIRequestContext): Promise<[number, number]> {
  const records = (await myOrders(request)).records;
  const viewed = records[0].orderItemDtos[0].prodId;
  const collected = records[1].orderItemDtos[0].prodId;
  const recorded = await (await request.post('/api/p/user/recentBrowse', { form: { prodId: String(viewed) } })).json();
  expect(recorded.code).toBe('00000');
  expect(await apiData<boolean>(request, 'POST', '/p/user/collection/addOrCancel', { prodId: collected })).toBe(true);
  return [viewed, collected];
}

/** The order cards shown. */
const cards = (page: Page) => page.getByTestId('uc-order');
const card = (page: Page, number: string) => page.locator(`[data-testid="uc-order"][data-order-number="${number}"]`);

async function open(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang.code}`);
  await waitForHydration(page);
}

for (const lang of [EN, KM]) {
  test(`the overview and My Orders: counts, tabs, search, pages, cancel and receipt (${lang.code})`, async ({ page }) => {
    test.setTimeout(90_000);
    const orders = await buyerWithOrders(page);
    // A product viewed and another collected, for the overview's strips.
    const [viewed, collected] = await browseAndCollect(page.request);

    // The overview: the profile block with the level, the counts, the holdings, the strips.
    await open(page, '/user-center/uc-home', lang);
    const footprints = page.getByTestId('uc-home-footprints');
    await expect(footprints.getByTestId('uc-home-strip-item')).toHaveCount(1);
    await expect(footprints.locator(`a[href="/detail?prodId=${viewed}"]`)).toBeVisible();
    await expect(footprints.getByTestId('uc-home-strip-more')).toHaveAttribute('href', '/user-center/uc-footprint');
    const favourites = page.getByTestId('uc-home-favourites');
    await expect(favourites.getByTestId('uc-home-strip-item')).toHaveCount(1);
    await expect(favourites.locator(`a[href="/detail?prodId=${collected}"]`)).toBeVisible();
    await expect(favourites.getByTestId('uc-home-strip-more')).toHaveAttribute('href', '/user-center/uc-collection');
    // The received order's growth: one per whole dollar paid.
    const level = await apiData<Level>(page.request, 'GET', '/p/user/level');
    expect(level.growth).toBeGreaterThan(0);
    const side = page.getByTestId('uc-side-profile');
    await expect(side.getByTestId('uc-side-nickname')).toHaveText(t(lang, 'header-no-nickname'));
    await expect(side.getByTestId('uc-side-level')).toContainText(level.levelName);
    await expect(page.getByTestId('uc-level-name')).toHaveText(level.levelName);
    await expect(page.getByTestId('uc-growth')).toHaveText(tf(lang, 'uc-growth', { growth: grouped(level.growth) }));
    await expect(page.getByTestId('uc-level-next')).toHaveText(
      level.nextLevel
        ? tf(lang, 'uc-growth-to-next', { need: grouped(level.nextLevel.needGrowth - level.growth), level: level.nextLevel.levelName })
        : t(lang, 'uc-growth-top'),
    );
    const expected: Record<number, number> = {
      [UNPAID]: 7,
      [PAID]: 1,
      [SHIPPED]: 2,
      [RECEIVED]: 1,
      [COMPLETED]: 0,
      [CANCELED]: 1,
      [GROUPING]: 0,
    };
    for (const [status, count] of Object.entries(expected)) {
      const tile = page.getByTestId(`uc-home-count-${status}`);
      await expect(tile.locator('.uc-tile__value')).toHaveText(String(count));
      await expect(tile).toHaveAttribute('href', `/user-center/uc-order?status=${status}`);
    }
    // The received order earned points (one per whole dollar paid); the tile leads to My Points.
    const points = await apiData<{ score: number }>(page.request, 'GET', '/p/score/scoreInfo');
    expect(points.score).toBeGreaterThan(0);
    expect(points.score).toBeLessThan(1000);
    await expect(page.getByTestId('uc-home-points')).toHaveText(String(points.score));
    await expect(page.locator('a.uc-tile', { has: page.getByTestId('uc-home-points') })).toHaveAttribute(
      'href',
      '/user-center/uc-integral',
    );
    await expect(page.getByTestId('uc-home-coupons')).toHaveText('0');
    await expect(page.getByTestId('uc-home-balance')).not.toHaveText('–');

    // A count leads to its tab.
    await page.getByTestId(`uc-home-count-${SHIPPED}`).click();
    await page.waitForURL((url) => url.pathname === '/user-center/uc-order' && url.searchParams.get('status') === '3');
    await waitForHydration(page);
    await expect(page.getByTestId(`uc-order-tab-${SHIPPED}`)).toHaveAttribute('aria-current', 'page');
    await expect(cards(page)).toHaveCount(2);
    for (const number of orders.shipped) {
      await expect(card(page, number).getByTestId('uc-order-status')).toHaveText(t(lang, 'order-status-shipped'));
      await expect(card(page, number).getByTestId('order-receipt')).toBeVisible();
      await expect(card(page, number).getByTestId('order-cancel')).toHaveCount(0);
      await expect(card(page, number).getByTestId('uc-order-pay')).toHaveCount(0);
    }
    const nav = page.locator('.user-center__nav');
    await expect(nav.getByRole('link', { name: t(lang, 'uc-nav-orders') })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('uc-side-level')).toContainText(level.levelName);

    // Every tab shows its own orders; an empty one says so.
    for (const [status, count] of Object.entries(expected)) {
      await page.getByTestId(`uc-order-tab-${status}`).click();
      await page.waitForURL((url) => url.searchParams.get('status') === status);
      if (count === 0) {
        await expect(page.getByTestId('uc-order-empty')).toContainText(
          t(lang, Number(status) === COMPLETED ? 'uc-order-empty-completed' : 'uc-order-empty-grouping'),
        );
        await expect(cards(page)).toHaveCount(0);
      } else {
        await expect(cards(page)).toHaveCount(count);
        await expect(page.locator(`[data-testid="uc-order"]:not([data-status="${status}"])`)).toHaveCount(0);
      }
    }
    // The unpaid cards: Pay now to the counter, Cancel, View details.
    await page.getByTestId(`uc-order-tab-${UNPAID}`).click();
    await page.waitForURL((url) => url.searchParams.get('status') === '1');
    const first = card(page, orders.unpaid[0]);
    await expect(first.getByTestId('uc-order-pay')).toHaveAttribute('href', `/payment?orderNumbers=${orders.unpaid[0]}`);
    await expect(first.getByTestId('uc-order-detail')).toHaveAttribute('href', `/order-detail?orderNumber=${orders.unpaid[0]}`);
    await expect(first.getByTestId('uc-order-pay')).toHaveText(t(lang, 'payment-pay-now'));
    // The tabs of states still to act on carry their counts.
    await expect(page.getByTestId(`uc-order-tab-${UNPAID}`).getByTestId('uc-order-tab-count')).toHaveText('7');

    // All orders, two pages of ten.
    await page.getByTestId('uc-order-tab-0').click();
    await page.waitForURL((url) => url.pathname === '/user-center/uc-order' && !url.searchParams.has('status'));
    await expect(cards(page)).toHaveCount(10);
    await expect(page.getByTestId('pager')).toContainText(tf(lang, 'list-page-of', { current: 1, pages: 2 }));
    await page.getByTestId('pager').getByRole('link', { name: t(lang, 'list-next') }).click();
    await page.waitForURL((url) => url.searchParams.get('current') === '2');
    await expect(cards(page)).toHaveCount(2);
    const all = await myOrders(page.request);
    const second = all.records.slice(10).map((o) => o.orderNumber);
    for (const number of second) await expect(card(page, number)).toBeVisible();

    // Search by product name: case-insensitive, then in the language shown, then nothing found.
    const target = all.records.find((o) => o.orderNumber === orders.shipped[0])!;
    const name = target.orderItemDtos[0].prodName;
    const search = page.getByTestId('uc-order-search-input');
    await search.fill(name.toUpperCase());
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('prodName') === name.toUpperCase());
    await expect(card(page, target.orderNumber)).toBeVisible();
    const shown = await cards(page).count();
    const matching = (await myOrders(page.request, `&prodName=${encodeURIComponent(name)}`)).total;
    expect(shown).toBe(Math.min(matching, 10));
    for (const item of await page.locator('.uc-order__name a').allTextContents()) {
      expect(item.toLowerCase()).toContain(name.toLowerCase());
    }
    if (lang === KM) {
      // The product's Khmer name finds the order placed with its English name (order lines
      // read in the reader's language, so the list shows that name too).
      const product = await apiData<{ prodName: string }>(page.request, 'GET', `/prod/prodInfo?prodId=${target.orderItemDtos[0].prodId}`);
      expect(product.prodName).toBe(name);
      await search.fill(product.prodName);
      await search.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('prodName') === product.prodName);
      await expect(card(page, target.orderNumber)).toBeVisible();
    }
    // Within a tab: the search keeps it.
    await page.getByTestId(`uc-order-tab-${SHIPPED}`).click();
    await page.waitForURL((url) => url.searchParams.get('status') === '3' && url.searchParams.has('prodName'));
    await expect(card(page, target.orderNumber)).toBeVisible();
    await search.fill('zz no such product zz');
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('prodName') === 'zz no such product zz');
    expect(new URL(page.url()).searchParams.get('status')).toBe('3');
    await expect(page.getByTestId('uc-order-empty')).toContainText(
      tf(lang, 'uc-order-empty-search', { name: 'zz no such product zz' }),
    );
    await page.getByTestId('uc-order-search-clear').click();
    await page.waitForURL((url) => !url.searchParams.has('prodName'));
    await expect(cards(page)).toHaveCount(2);
    // A name too long is refused with the server's message, translated.
    await open(page, `/user-center/uc-order?prodName=${'a'.repeat(51)}`, lang);
    await expect(page.getByTestId('uc-order-error')).toContainText('50');
    await expect(page.getByTestId('uc-order-error').getByRole('link')).toHaveText(t(lang, 'uc-order-show-all'));

    // Cancel an unpaid order from its card, after confirming.
    await open(page, '/user-center/uc-order?status=1', lang);
    const cancelled = orders.unpaid[2];
    page.once('dialog', async (dialog) => {
      expect(dialog.message()).toBe(t(lang, 'order-cancel-confirm'));
      await dialog.accept();
    });
    await card(page, cancelled).getByTestId('order-cancel').click();
    await expect(card(page, cancelled)).toHaveCount(0, { timeout: 10_000 });
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(6);
    expect((await myOrders(page.request, '&status=6')).records.map((o) => o.orderNumber)).toContain(cancelled);

    // Confirm receipt of a shipped order: it moves on and earns its growth.
    await open(page, '/user-center/uc-order?status=3', lang);
    const receivedNow = orders.shipped[1];
    page.once('dialog', (dialog) => dialog.accept());
    await card(page, receivedNow).getByTestId('order-receipt').click();
    await expect(card(page, receivedNow)).toHaveCount(0, { timeout: 10_000 });
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(1);
    const paidTotal = all.records.find((o) => o.orderNumber === receivedNow)!.actualTotal;
    const grown = await apiData<Level>(page.request, 'GET', '/p/user/level');
    const before = all.records.find((o) => o.orderNumber === orders.received)!.actualTotal;
    expect(grown.growth).toBe(Math.floor(toCents(paidTotal) / 100) + Math.floor(toCents(before) / 100));

    // The overview counts what happened.
    await open(page, '/user-center/uc-home', lang);
    await expect(page.getByTestId(`uc-home-count-${UNPAID}`).locator('.uc-tile__value')).toHaveText('6');
    await expect(page.getByTestId(`uc-home-count-${SHIPPED}`).locator('.uc-tile__value')).toHaveText('1');
    await expect(page.getByTestId(`uc-home-count-${RECEIVED}`).locator('.uc-tile__value')).toHaveText('2');
    await expect(page.getByTestId(`uc-home-count-${CANCELED}`).locator('.uc-tile__value')).toHaveText('2');
    await expect(page.getByTestId('uc-growth')).toHaveText(tf(lang, 'uc-growth', { growth: grouped(grown.growth) }));
  });

  test(`a guest opening My Orders signs in on /login and comes back (${lang.code})`, async ({ page }) => {
    const mail = await signUpBuyer(page.request);
    await page.context().clearCookies();
    await page.goto(`/user-center/uc-order?status=3&lang=${lang.code}`);
    await page.waitForURL((url) => url.pathname === '/login');
    const redirect = new URL(page.url()).searchParams.get('redirect') ?? '';
    expect(redirect).toContain('/user-center/uc-order?status=3');
    await waitForHydration(page);
    const popup = page.getByTestId('login-popup');
    await expect(popup).toBeVisible({ timeout: 10_000 });
    await popup.getByTestId('login-identifier').fill(mail);
    await popup.locator('input[type="password"]').first().fill(PASSWORD);
    await popup.getByTestId('login-terms').check();
    await popup.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/user-center/uc-order', { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('status')).toBe('3');
    await expect(page.getByTestId('uc-order-tab-3')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('uc-order-empty')).toContainText(t(lang, 'uc-order-empty-shipped'));
    await expect(page.getByTestId('uc-side-profile')).toBeVisible();
    // A new buyer's overview: nothing counted, both strips empty with their way on.
    await open(page, '/user-center/uc-home', lang);
    await expect(page.getByTestId(`uc-home-count-${UNPAID}`).locator('.uc-tile__value')).toHaveText('0');
    await expect(page.getByTestId('uc-home-footprints').getByTestId('uc-home-strip-empty')).toContainText(
      t(lang, 'uc-home-footprints-empty'),
    );
    await expect(page.getByTestId('uc-home-favourites').getByTestId('uc-home-strip-empty')).toContainText(
      t(lang, 'uc-home-favourites-empty'),
    );
  });
}

test('the demo buyer sees their Gold level in every language', async ({ page }) => {
  await signInBuyer(page.request, 'demo.buyer@example.com', 'Demo1234!');
  for (const lang of LANGS) {
    await open(page, '/user-center/uc-home', lang);
    const level = await apiData<Level>(page.request, 'GET', '/p/user/level');
    expect(level.level).toBe(3);
    await expect(page.getByTestId('uc-side-level')).toContainText(level.levelName);
    await expect(page.getByTestId('uc-level-name')).toHaveText(level.levelName);
  }
});

/** The serious and critical WCAG 2.2 AA violations axe-core finds on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const lang of LANGS) {
  test(`the overview and My Orders have no serious accessibility violation (${lang.code})`, async ({ page }) => {
    test.setTimeout(90_000);
    const found: string[] = [];
    await signUpBuyer(page.request);
    // Empty: no orders, no footprints, no favourites.
    for (const path of ['/user-center/uc-home', '/user-center/uc-order']) {
      await open(page, path, lang);
      found.push(...(await violations(page)).map((v) => `${path} (empty): ${v}`));
    }
    await addAddress(page.request);
    await placeOrders(page.request, SHOPS.slice(0, 3));
    await browseAndCollect(page.request);
    for (const path of [
      '/user-center/uc-home',
      '/user-center/uc-order',
      '/user-center/uc-order?status=7',
      '/user-center/uc-order?prodName=zz',
      `/user-center/uc-order?prodName=${'a'.repeat(51)}`,
    ]) {
      await open(page, path, lang);
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });
}

for (const lang of [EN, ZH, KM]) {
  test(`screenshots of uc-home and uc-order (${lang.code})`, async ({ page }) => {
    test.setTimeout(90_000);
    await buyerWithOrders(page);
    await browseAndCollect(page.request);
    await open(page, '/user-center/uc-home', lang);
    await picture(page, `uc-home-${lang.code}`, { fullPage: true });
    await open(page, '/user-center/uc-order', lang);
    await expect(cards(page)).toHaveCount(10);
    await picture(page, `uc-order-${lang.code}`, { fullPage: true });
    await open(page, '/user-center/uc-order?status=7', lang);
    await picture(page, `uc-order-empty-${lang.code}`, { fullPage: true });
  });
}
