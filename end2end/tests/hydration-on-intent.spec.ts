/**
 * Pages whose islands wait for the visitor (`app/src/islands_loader.js`, `shell::HYDRATE_ON_INTENT`):
 * such a page fetches no wasm until the visitor's first move, still counts the visit (and a
 * buyer's footprint), opens what it opens on load (the login popup, the comparison sidebar),
 * works as plain HTML meanwhile, plays a click or a form meant for an island again once the
 * islands are interactive, and keeps what was typed or chosen in the meantime; banners turn and
 * countdowns tick without wasm. A page with an island that acts as it starts hydrates at load.
 */
import { expect, test, type Page } from '@playwright/test';
import { EN, addAddress, apiData, png, signUpBuyer, t, waitForHydration } from './support';

const isWasm = (url: string) => new URL(url).pathname.endsWith('.wasm');
const isFlowLog = (url: string) => new URL(url).pathname === '/api/flowAnalysisLog';

/** Every URL the page requests from now on. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(r.url()));
  return seen;
}

/** Holds every wasm file back for `ms`, so that the test acts before the islands are interactive. */
async function slowWasm(page: Page, ms: number): Promise<void> {
  await page.route(/\.wasm$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

const hydrated = (page: Page) => page.evaluate(() => (window as unknown as { __mallHydrated?: boolean }).__mallHydrated === true);

test('a list fetches no wasm before the first move, and counts the visit at once', async ({ page }) => {
  const seen = requests(page);
  await page.goto(`/list?st=2&lang=${EN.code}`, { waitUntil: 'networkidle' });
  await expect.poll(() => seen.some(isFlowLog)).toBe(true);
  expect(seen.filter(isWasm)).toEqual([]);
  expect(await hydrated(page)).toBe(false);

  await page.mouse.move(200, 300);
  await page.waitForFunction(() => (window as unknown as { __mallHydrated?: boolean }).__mallHydrated === true);
  expect(seen.filter(isWasm).length).toBeGreaterThan(0);
  // Hydrated once only: the visit was not posted again.
  expect(seen.filter(isFlowLog)).toHaveLength(1);
});

test('a click on the login link before hydration opens the login popup once the islands are ready', async ({ page }) => {
  await page.goto(`/list?st=2&lang=${EN.code}`, { waitUntil: 'networkidle' });
  expect(await hydrated(page)).toBe(false);
  // A keyboard click: no pointer move comes before it.
  await page.getByTestId('login-link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-popup')).toBeVisible({ timeout: 10_000 });
  expect(new URL(page.url()).pathname).toBe('/list');
});

test('a compare link clicked before hydration opens the sidebar, not the comparison page', async ({ page }) => {
  await page.goto(`/list?st=2&lang=${EN.code}`, { waitUntil: 'networkidle' });
  expect(await hydrated(page)).toBe(false);
  await page.getByTestId('compare-button').first().dispatchEvent('click', { button: 0 });
  await expect(page.getByTestId('price-compare')).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/list');
});

test('the search box works as a plain form before hydration', async ({ page }) => {
  await page.goto(`/list?st=2&lang=${EN.code}`, { waitUntil: 'networkidle' });
  const box = page.getByTestId('search-input').first();
  await expect(box).toHaveAttribute('placeholder', t(EN, 'search-placeholder-goods'));
  await box.fill('phone');
  await box.press('Enter');
  await page.waitForURL((u) => u.pathname === '/list' && u.searchParams.get('pn') === 'phone');
});

test('the home page turns its banners and ticks its countdowns without wasm', async ({ page }) => {
  const seen = requests(page);
  await page.goto(`/?lang=${EN.code}`, { waitUntil: 'networkidle' });
  const timer = page.getByTestId('countdown').first();
  const before = await timer.innerText();
  await expect(timer).not.toHaveText(before, { timeout: 3000 });
  const carousel = page.getByTestId('carousel');
  await carousel.locator('.carousel__dot').nth(1).dispatchEvent('click');
  await expect(carousel.locator('.carousel__track')).toHaveAttribute('style', /translateX\(-100%\)/);
  await expect(carousel.locator('.carousel__slide').nth(1)).not.toHaveAttribute('inert', '');
  expect(seen.filter(isWasm)).toEqual([]);
  expect(await hydrated(page)).toBe(false);
});

test('a page with an island that acts as it starts hydrates at load, without any input', async ({ page }) => {
  await signUpBuyer(page.request);
  // The social accounts' island shows, as it starts, what a failed binding left behind.
  await page.goto(`/user-center/uc-bind?lang=${EN.code}`);
  await page.waitForFunction(() => (window as unknown as { __mallHydrated?: boolean }).__mallHydrated === true);
  expect(await page.evaluate(() => (window as unknown as { __mallIslandsAwaitVisitor?: boolean }).__mallIslandsAwaitVisitor)).toBeUndefined();
  // And the helper every other test uses still finds it hydrated.
  await waitForHydration(page);
});

test('/login opens the login popup and /product-comparison the sidebar, without wasm', async ({ page }) => {
  const seen = requests(page);
  await page.goto(`/login?lang=${EN.code}`);
  await expect(page.getByTestId('login-popup')).toBeVisible({ timeout: 10_000 });
  await page.goto(`/product-comparison?prodId=1&lang=${EN.code}`);
  await expect(page.getByTestId('price-compare')).toBeVisible({ timeout: 15_000 });
  expect(seen.filter(isWasm)).toEqual([]);
  expect(await hydrated(page)).toBe(false);
});

test("a buyer's footprint is recorded on a product page without any input", async ({ page }) => {
  await signUpBuyer(page.request);
  const seen = requests(page);
  await page.goto(`/detail?prodId=1&lang=${EN.code}`, { waitUntil: 'networkidle' });
  await expect
    .poll(async () => (await apiData<{ records: { prodId: number }[] }>(page.request, 'GET', '/p/user/recentBrowse/page')).records.map((r) => r.prodId))
    .toEqual([1]);
  expect(seen.filter(isWasm)).toEqual([]);
  expect(await hydrated(page)).toBe(false);
});

test('a coupon claimed before hydration is a plain form post: claimed at once, once', async ({ page }) => {
  await signUpBuyer(page.request);
  await slowWasm(page, 1_500);
  await page.goto(`/coupons?lang=${EN.code}`, { waitUntil: 'networkidle' });
  const claim = page.getByTestId('coupon-card').first().getByTestId('claim-coupon');
  await expect(claim).toBeEnabled();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/my-coupon/receive');
  await claim.click();
  await posted;
  await expect(page.getByTestId('flash-success')).toHaveText(t(EN, 'coupon-claimed-toast'));
  await expect(page.getByTestId('coupon-card').first().getByTestId('claim-coupon')).toHaveText(t(EN, 'coupon-claimed'));
  const mine = await apiData<{ total: number }>(page.request, 'GET', '/p/myCoupon/page?status=0');
  expect(mine.total).toBe(1);
});

test('what a buyer typed and chose before hydration is kept, and the form sent meanwhile goes out', async ({ page }) => {
  await signUpBuyer(page.request);
  await slowWasm(page, 2_000);
  await page.goto(`/user-center/uc-balance?lang=${EN.code}`, { waitUntil: 'networkidle' });
  const form = page.getByTestId('wallet-top-up-form');
  await form.getByTestId('wallet-top-up-amount').fill('25.50');
  await form.getByTestId('wallet-top-up-method-13').check();
  await form.getByTestId('wallet-top-up-amount').press('Enter');
  expect(await hydrated(page)).toBe(false);
  // The amount and the gateway reached the island: it starts the top-up at the gateway.
  await page.waitForURL((url) => url.pathname.startsWith('/api/dev/gateway/'), { timeout: 15_000 });
});

test('"Add to cart" tapped before hydration is a plain form post: answered at once, with the size chosen, added once', async ({ page }) => {
  await signUpBuyer(page.request);
  type Sku = { skuId: number; stocks: number };
  let product: { prodId: number; skuList: Sku[] } | undefined;
  for (let prodId = 1; prodId <= 40 && !product; prodId++) {
    const info = await apiData<{ prodId: number; skuList: Sku[] }>(page.request, 'GET', `/prod/prodInfo?prodId=${prodId}`).catch(() => undefined);
    if (info && info.skuList.length >= 2 && info.skuList.every((s) => s.stocks > 0)) product = info;
  }
  expect(product, 'a seeded product with two SKUs in stock').toBeDefined();
  await slowWasm(page, 2_000);
  await page.goto(`/detail?prodId=${product!.prodId}&lang=${EN.code}`, { waitUntil: 'networkidle' });
  await page.getByTestId('sku-option').nth(1).click();
  // Nothing holds the tap: the form goes out and the product page comes back with the answer.
  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/cart/add');
  await page.getByTestId('add-to-cart').click();
  await posted;
  await expect(page.getByTestId('flash-success')).toHaveText(t(EN, 'cart-added'));
  const cart = await apiData<{ shopCartItems: { skuId: number; prodCount: number }[] }[]>(page.request, 'GET', '/p/shopCart/info');
  const lines = cart.flatMap((shop) => shop.shopCartItems);
  expect(lines.map((l) => [l.skuId, l.prodCount])).toEqual([[product!.skuList[1]!.skuId, 1]]);
});

test('an avatar uploaded before the profile form is interactive is the one it saves', async ({ page }) => {
  await signUpBuyer(page.request);
  await slowWasm(page, 4_000);
  await page.goto(`/user-center/uc-account?lang=${EN.code}`, { waitUntil: 'networkidle' });
  // The avatar widget is outside the islands: it mounts at once, while they wait.
  await page.getByTestId('image-upload-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
  const item = page.getByTestId('image-upload-pic').getByTestId('image-upload-item');
  await expect(item).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
  const path = await item.getAttribute('data-path');
  await page.getByTestId('uc-nickname-input').fill('Dara');
  expect(await hydrated(page)).toBe(false);
  await page.getByTestId('uc-profile-save').click();
  await page.waitForURL((url) => url.searchParams.get('saved') === '1', { timeout: 15_000 });
  const info = await apiData<{ nickName: string; pic: string | null }>(page.request, 'GET', '/p/user/userInfo');
  expect(info).toMatchObject({ nickName: 'Dara', pic: path });
});

/** Whether this document fetched any wasm (the browser's record of the page's own requests). */
const documentFetchedWasm = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith('.wasm')));

test('the checkout and the counter are rendered by the server: no wasm before the first move, an order sent meanwhile goes out', async ({
  page,
}) => {
  await signUpBuyer(page.request);
  await addAddress(page.request);
  const product = await apiData<{ prodId: number; prodName: string; shopId: number; skuList: { skuId: number }[] }>(
    page.request,
    'GET',
    '/prod/prodInfo?prodId=1',
  );
  const line = { basketId: 0, count: 1, prodId: product.prodId, shopId: product.shopId, shopName: '', skuId: product.skuList[0]!.skuId };
  await apiData(page.request, 'POST', '/p/shopCart/changeItem', line);

  // The cart hands the lines over as a buyer settles them.
  await page.goto(`/cart?lang=${EN.code}`);
  await waitForHydration(page);
  await page.getByTestId('cart-select-all').check();
  await page.getByTestId('cart-settle').click();
  await page.waitForURL((url) => url.pathname === '/submit-order');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('checkout-item')).toHaveCount(1);
  await expect(page.getByTestId('checkout-item')).toContainText(product.prodName);
  await expect(page.getByTestId('checkout-address')).toHaveCount(1);
  await expect(page.getByTestId('checkout-submit')).toBeEnabled();
  expect(await documentFetchedWasm(page)).toBe(false);
  expect(await hydrated(page)).toBe(false);

  // Sent before the island is interactive: the form posts it, once, on to the counter.
  await slowWasm(page, 1_500);
  await page.getByTestId('checkout-submit').click();
  await page.waitForURL((url) => url.pathname === '/payment', { timeout: 15_000 });
  const numbers = new URL(page.url()).searchParams.get('orderNumbers')!.split(',');
  expect(numbers).toHaveLength(1);

  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('payment-order')).toHaveCount(1);
  await expect(page.getByTestId('payment-order')).toHaveAttribute('data-order-number', numbers[0]!);
  await expect(page.getByTestId('payment-method').first()).toBeVisible();
  expect(await documentFetchedWasm(page)).toBe(false);
  // The deadline ticks without wasm, then by the island once it runs.
  const deadline = page.getByTestId('payment-countdown');
  await expect(deadline).toHaveText(/^(2\d|30):\d\d$/);
  const before = await deadline.innerText();
  await expect(deadline).not.toHaveText(before, { timeout: 3_000 });
  expect(await hydrated(page)).toBe(false);
  await waitForHydration(page);
  await expect(deadline).not.toHaveAttribute('data-countdown-end');
  const live = await deadline.innerText();
  await expect(deadline).not.toHaveText(live, { timeout: 3_000 });
  await expect(deadline).toHaveText(/^(2\d|30):\d\d$/);
});

test("a checkout whose address names nothing starts at load with this tab's entry", async ({ page, context }) => {
  await signUpBuyer(page.request);
  await addAddress(page.request);
  const product = await apiData<{ prodId: number; shopId: number; skuList: { skuId: number }[] }>(page.request, 'GET', '/prod/prodInfo?prodId=1');
  const item = (count: number) =>
    JSON.stringify({ prodCount: count, prodId: product.prodId, shopId: product.shopId, shopName: '', skuId: product.skuList[0]!.skuId });
  // This tab's entry (spec section 1): two of the item.
  await context.addInitScript((entry) => sessionStorage.setItem('mall.buyNow', entry), item(2));
  await page.goto(`/submit-order?orderEntry=1&lang=${EN.code}`);
  await page.waitForFunction(() => (window as unknown as { __mallHydrated?: boolean }).__mallHydrated === true);
  await expect(page.getByTestId('checkout-item')).toContainText('× 2');
});
