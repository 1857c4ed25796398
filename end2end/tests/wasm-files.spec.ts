/**
 * How many wasm files a page fetches once its islands are interactive: at most 20 on every page
 * type, the pages with the lazy islands included (`docs/decisions/0164-build-tools-as-upstream-ships-them.md`:
 * five lazy islands, so the splitter writes few files). Each page hydrates without an error in
 * the console.
 */
import { expect, test, type Page } from '@playwright/test';
import { EN, addAddress, addToCart, apiData, placeOrders, signUpBuyer, waitForHydration } from './support';

const MAX_WASM_FILES = 20;

/** Every wasm file the page requests, and every error it logs, from now on. */
function watch(page: Page): { wasm: string[]; errors: string[] } {
  const seen = { wasm: [] as string[], errors: [] as string[] };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('.wasm')) seen.wasm.push(new URL(r.url()).pathname);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

async function openAndCount(page: Page, url: string): Promise<string[]> {
  const seen = watch(page);
  await page.goto(url);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  test.info().annotations.push({ type: 'wasm', description: `${url}: ${seen.wasm.length} ${seen.wasm.join(' ')}` });
  expect(seen.errors).toEqual([]);
  expect(seen.wasm.length).toBeGreaterThan(0);
  expect(seen.wasm.length).toBeLessThanOrEqual(MAX_WASM_FILES);
  return seen.wasm;
}

test('the home page and a product page fetch at most 20 wasm files', async ({ page }) => {
  await openAndCount(page, `/?lang=${EN.code}`);
  await openAndCount(page, `/detail?prodId=1&lang=${EN.code}`);
});

test('the counter, the address book, the orders and the cart fetch at most 20 wasm files', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpBuyer(page.request, 'Secret#2024');
  await addAddress(page.request);
  const [number] = await placeOrders(page.request, [8]);
  // Back from a gateway, the counter is the checkout group's island.
  const attempt = await apiData<{ payNo: string }>(page.request, 'POST', '/p/order/pay', {
    orderNumbers: number,
    payType: 17,
    currency: 'USD',
  });
  const counter = await openAndCount(page, `/payment?payNo=${attempt.payNo}&lang=${EN.code}`);
  expect(counter.some((file) => /split_/.test(file))).toBe(true);
  await openAndCount(page, `/user-center/uc-address?lang=${EN.code}`);
  await openAndCount(page, `/user-center/uc-order?lang=${EN.code}`);
  await addToCart(page.request);
  const cart = await apiData<unknown[]>(page.request, 'GET', '/p/shopCart/info');
  expect(cart.length).toBeGreaterThan(0);
  const wasm = await openAndCount(page, `/cart?lang=${EN.code}`);
  expect(wasm.some((path) => /split_cart_view/i.test(path))).toBe(true);
});

test("a guest's home, shop, coupon and product pages fetch no lazy module: their buttons ask to sign in first", async ({ page }) => {
  for (const path of ['/', '/shop-index?sid=2', '/coupons', '/detail?prodId=1']) {
    const wasm = await openAndCount(page, `${path}${path.includes('?') ? '&' : '?'}lang=${EN.code}`);
    expect(wasm.filter((file) => /split_|chunk_/.test(file))).toEqual([]);
  }
  // A signed-in buyer's product page adds to the cart in place: its buy box is an island.
  await signUpBuyer(page.request);
  const detail = await openAndCount(page, `/detail?prodId=1&lang=${EN.code}`);
  expect(detail.some((file) => /split_browse/.test(file))).toBe(true);
});

test('My Points and My Balance fetch no lazy module: their sign-in and top-up are plain forms', async ({ page }) => {
  await signUpBuyer(page.request);
  for (const path of ['/user-center/uc-integral', '/user-center/uc-balance']) {
    const wasm = await openAndCount(page, `${path}?lang=${EN.code}`);
    expect(wasm.filter((file) => /split_|chunk_/.test(file))).toEqual([]);
  }
});

test("the account page fetches no lazy module: its profile is a plain form", async ({ page }) => {
  await signUpBuyer(page.request);
  const wasm = await openAndCount(page, `/user-center/uc-account?lang=${EN.code}`);
  expect(wasm.filter((file) => /split_|chunk_/.test(file))).toEqual([]);
});

test("the counter's methods and its payment password fetch no lazy module: they are plain forms", async ({ page }) => {
  await signUpBuyer(page.request);
  await addAddress(page.request);
  const [number] = await placeOrders(page.request, [8]);
  for (const query of ['', '&payType=9']) {
    const wasm = await openAndCount(page, `/payment?orderNumbers=${number}&lang=${EN.code}${query}`);
    expect(wasm.filter((file) => /split_|chunk_/.test(file))).toEqual([]);
  }
});

test('the address book fetches no lazy module: its add, edit, default and delete are plain forms', async ({ page }) => {
  await signUpBuyer(page.request);
  await addAddress(page.request);
  for (const query of ['', '&add=1']) {
    const wasm = await openAndCount(page, `/user-center/uc-address?lang=${EN.code}${query}`);
    expect(wasm.filter((file) => /split_|chunk_/.test(file))).toEqual([]);
  }
});

test("the order confirmation fetches no lazy module; a bare address starts the island from this tab's entry", async ({
  page,
}) => {
  await signUpBuyer(page.request);
  await addAddress(page.request);
  await addToCart(page.request);
  const cart = await apiData<{ shopCartItems: { basketId: number }[] }[]>(page.request, 'GET', '/p/shopCart/info');
  const basketId = cart[0]!.shopCartItems[0]!.basketId;
  const wasm = await openAndCount(page, `/submit-order?basketId=${basketId}&couponIds=0&lang=${EN.code}`);
  expect(wasm.filter((file) => /split_|chunk_/.test(file))).toEqual([]);
  // The page's script kept what it buys for a bare /submit-order, which the island starts from.
  const island = await openAndCount(page, `/submit-order?lang=${EN.code}`);
  expect(island.some((file) => /split_/.test(file))).toBe(true);
  await expect(page.getByTestId('checkout-item')).toHaveCount(1);
});
