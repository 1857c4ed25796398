/**
 * Hydration by Leptos's own scripts (record 0165): every page fetches its wasm and hydrates
 * without waiting for the visitor. Before that (held back here by slowing the wasm down), the
 * page works as plain HTML and through the frame's script: it counts the visit (and a buyer's
 * footprint), opens the login popup and the comparison sidebar, sends its forms, turns its
 * banners and ticks its countdowns; nothing is held and replayed, and what was typed into the
 * search box or a form of the buyer's own pages is still there once it is interactive.
 */
import { expect, test, type Page } from '@playwright/test';
import { EN, addAddress, apiData, signUpBuyer, t, waitForHydration } from './support';

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

test('a page fetches its wasm and hydrates without any input, and counts the visit once', async ({ page }) => {
  const seen = requests(page);
  await page.goto(`/list?st=2&lang=${EN.code}`);
  // Nothing but time: no pointer, key or scroll.
  await page.waitForFunction(() => (window as unknown as { __mallHydrated?: boolean }).__mallHydrated === true);
  expect(seen.filter(isWasm).length).toBeGreaterThan(0);
  // Preloaded from the head, as Leptos's HydrationScripts writes it.
  expect(await page.locator('head link[rel="preload"][as="fetch"][href$=".wasm"]').count()).toBe(1);
  await expect.poll(() => seen.filter(isFlowLog).length).toBe(1);
});

test('a click on the login link before hydration opens the login popup at once', async ({ page }) => {
  await slowWasm(page, 10_000);
  await page.goto(`/list?st=2&lang=${EN.code}`);
  // A keyboard click: no pointer move comes before it.
  await page.getByTestId('login-link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-popup')).toBeVisible({ timeout: 5_000 });
  expect(new URL(page.url()).pathname).toBe('/list');
  expect(await hydrated(page)).toBe(false);
});

test('a compare link clicked before hydration opens the sidebar, not the comparison page', async ({ page }) => {
  await slowWasm(page, 10_000);
  await page.goto(`/list?st=2&lang=${EN.code}`);
  await page.getByTestId('compare-button').first().dispatchEvent('click', { button: 0 });
  await expect(page.getByTestId('price-compare')).toBeVisible({ timeout: 8_000 });
  expect(new URL(page.url()).pathname).toBe('/list');
  expect(await hydrated(page)).toBe(false);
});

test('the search box works as a plain form before hydration', async ({ page }) => {
  await slowWasm(page, 10_000);
  await page.goto(`/list?st=2&lang=${EN.code}`);
  const box = page.getByTestId('search-input').first();
  await expect(box).toHaveAttribute('placeholder', t(EN, 'search-placeholder-goods'));
  await box.fill('phone');
  await box.press('Enter');
  await page.waitForURL((u) => u.pathname === '/list' && u.searchParams.get('pn') === 'phone');
});

test('what was typed into the search box before hydration is still there after it', async ({ page }) => {
  // The page's load event waits for the preloaded wasm: typing starts as soon as the document
  // is parsed, well inside the wasm's delay even on a busy machine.
  await slowWasm(page, 4_000);
  await page.goto(`/list?st=2&lang=${EN.code}`, { waitUntil: 'domcontentloaded' });
  const box = page.getByTestId('search-input').first();
  await box.pressSequentially('sneak');
  expect(await hydrated(page)).toBe(false);
  await waitForHydration(page);
  await expect(box).toHaveValue('sneak');
  // The island has it too: the suggestions are for what stands in the box.
  await box.press('End');
  await box.pressSequentially('ers');
  await expect(box).toHaveValue('sneakers');
});

test('a quantity typed into the buy box before hydration is the one added after it', async ({ page }) => {
  await signUpBuyer(page.request);
  await slowWasm(page, 2_000);
  await page.goto(`/detail?prodId=1&lang=${EN.code}`);
  await page.getByTestId('quantity').fill('3');
  expect(await hydrated(page)).toBe(false);
  await waitForHydration(page);
  await expect(page.getByTestId('quantity')).toHaveValue('3');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText(t(EN, 'cart-added'))).toBeVisible();
  const cart = await apiData<{ shopCartItems: { prodCount: number }[] }[]>(page.request, 'GET', '/p/shopCart/info');
  expect(cart.flatMap((shop) => shop.shopCartItems.map((line) => line.prodCount))).toEqual([3]);
});

test('cart lines ticked before hydration stay ticked, and Settle takes them', async ({ page }) => {
  await signUpBuyer(page.request);
  for (const prodId of [1, 2]) {
    const product = await apiData<{ prodId: number; shopId: number; skuList: { skuId: number }[] }>(page.request, 'GET', `/prod/prodInfo?prodId=${prodId}`);
    const line = { basketId: 0, count: 1, prodId, shopId: product.shopId, shopName: '', skuId: product.skuList[0]!.skuId };
    await apiData(page.request, 'POST', '/p/shopCart/changeItem', line);
  }
  await slowWasm(page, 2_000);
  await page.goto(`/cart?lang=${EN.code}`);
  const checks = page.getByTestId('cart-line-check');
  await expect(checks).toHaveCount(2);
  for (const check of await checks.all()) await check.check();
  expect(await hydrated(page)).toBe(false);
  await waitForHydration(page);
  for (const check of await checks.all()) await expect(check).toBeChecked();
  await page.getByTestId('cart-settle').click();
  await page.waitForURL((url) => url.pathname === '/submit-order');
  await expect(page.getByTestId('checkout-item')).toHaveCount(2);
});

test('passwords typed on the password page before hydration are still there after it, and are the ones sent', async ({ page }) => {
  await signUpBuyer(page.request, 'Secret#2024');
  await slowWasm(page, 10_000);
  await page.goto(`/user-center/uc-password?lang=${EN.code}`);
  const typed: [string, string][] = [
    ['uc-password-current', 'Secret#2024'],
    ['uc-password-new', 'Fresh#2025'],
    ['uc-password-confirm', 'Fresh#2025'],
  ];
  for (const [field, value] of typed) await page.getByTestId(field).fill(value);
  expect(await hydrated(page)).toBe(false);
  await page.unroute(/\.wasm$/);
  await waitForHydration(page);
  for (const [field, value] of typed) await expect(page.getByTestId(field)).toHaveValue(value);
  // The island has them too: the change goes through with what stands in the fields.
  await page.getByTestId('uc-password-submit').click();
  await expect(page.getByTestId('uc-password-done')).toBeVisible();
});

test('the home page turns its banners and ticks its countdowns without wasm', async ({ page }) => {
  await slowWasm(page, 10_000);
  await page.goto(`/?lang=${EN.code}`);
  const timer = page.getByTestId('countdown').first();
  const before = await timer.innerText();
  await expect(timer).not.toHaveText(before, { timeout: 3000 });
  const carousel = page.getByTestId('carousel');
  await carousel.locator('.carousel__dot').nth(1).dispatchEvent('click');
  await expect(carousel.locator('.carousel__track')).toHaveAttribute('style', /translateX\(-100%\)/);
  await expect(carousel.locator('.carousel__slide').nth(1)).not.toHaveAttribute('inert', '');
  expect(await hydrated(page)).toBe(false);
});

test('/login opens the login popup and /product-comparison the sidebar, without waiting for wasm', async ({ page }) => {
  await slowWasm(page, 10_000);
  await page.goto(`/login?lang=${EN.code}`);
  await expect(page.getByTestId('login-popup')).toBeVisible({ timeout: 5_000 });
  await page.goto(`/product-comparison?prodId=1&lang=${EN.code}`);
  await expect(page.getByTestId('price-compare')).toBeVisible({ timeout: 8_000 });
  expect(await hydrated(page)).toBe(false);
});

test("a buyer's footprint is recorded on a product page without any input", async ({ page }) => {
  await signUpBuyer(page.request);
  await slowWasm(page, 10_000);
  await page.goto(`/detail?prodId=1&lang=${EN.code}`);
  await expect
    .poll(async () => (await apiData<{ records: { prodId: number }[] }>(page.request, 'GET', '/p/user/recentBrowse/page')).records.map((r) => r.prodId))
    .toEqual([1]);
  expect(await hydrated(page)).toBe(false);
});

test('a coupon claimed before hydration is a plain form post: claimed at once, once', async ({ page }) => {
  await signUpBuyer(page.request);
  await slowWasm(page, 10_000);
  await page.goto(`/coupons?lang=${EN.code}`);
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

test('"Add to cart" tapped before hydration is a plain form post: answered at once, with the size chosen, added once', async ({ page }) => {
  await signUpBuyer(page.request);
  type Sku = { skuId: number; stocks: number };
  let product: { prodId: number; skuList: Sku[] } | undefined;
  for (let prodId = 1; prodId <= 40 && !product; prodId++) {
    const info = await apiData<{ prodId: number; skuList: Sku[] }>(page.request, 'GET', `/prod/prodInfo?prodId=${prodId}`).catch(() => undefined);
    if (info && info.skuList.length >= 2 && info.skuList.every((s) => s.stocks > 0)) product = info;
  }
  expect(product, 'a seeded product with two SKUs in stock').toBeDefined();
  await slowWasm(page, 10_000);
  await page.goto(`/detail?prodId=${product!.prodId}&lang=${EN.code}`);
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

test('the checkout and the counter are rendered by the server; an order sent before hydration goes out once', async ({
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
  // From here on the islands wait for their wasm.
  await slowWasm(page, 10_000);
  await page.getByTestId('cart-settle').click();
  await page.waitForURL((url) => url.pathname === '/submit-order');
  await expect(page.getByTestId('checkout-item')).toHaveCount(1);
  await expect(page.getByTestId('checkout-item')).toContainText(product.prodName);
  await expect(page.getByTestId('checkout-address')).toHaveCount(1);
  await expect(page.getByTestId('checkout-submit')).toBeEnabled();
  expect(await hydrated(page)).toBe(false);

  // Sent before the island is interactive: the form posts it, once, on to the counter.
  await page.getByTestId('checkout-submit').click();
  await page.waitForURL((url) => url.pathname === '/payment', { timeout: 15_000 });
  const numbers = new URL(page.url()).searchParams.get('orderNumbers')!.split(',');
  expect(numbers).toHaveLength(1);

  await expect(page.getByTestId('payment-order')).toHaveCount(1);
  await expect(page.getByTestId('payment-order')).toHaveAttribute('data-order-number', numbers[0]!);
  await expect(page.getByTestId('payment-method').first()).toBeVisible();
  // The deadline ticks without wasm; the counter's first state is plain markup, so it goes on
  // ticking by the page's script once the frame has hydrated (record 0191).
  const deadline = page.getByTestId('payment-countdown');
  await expect(deadline).toHaveText(/^(2\d|30):\d\d$/);
  const before = await deadline.innerText();
  await expect(deadline).not.toHaveText(before, { timeout: 3_000 });
  expect(await hydrated(page)).toBe(false);
  await page.unroute(/\.wasm$/);
  await waitForHydration(page);
  await expect(page.locator('[data-pay-counter] leptos-island')).toHaveCount(0);
  const live = await deadline.innerText();
  await expect(deadline).not.toHaveText(live, { timeout: 3_000 });
  await expect(deadline).toHaveText(/^(2\d|30):\d\d$/);
});

test("a checkout whose address names nothing starts with this tab's entry", async ({ page, context }) => {
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
