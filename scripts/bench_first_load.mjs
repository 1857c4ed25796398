// First load as a browser pays it, for every page type, signed out and signed in: everything
// Chromium fetched with an empty cache until the page is hydrated and the network is idle,
// counted as the bytes on the wire (brotli where the server sends it), and the wasm files among
// them. Every page hydrates as it loads (record 0165), so this is also all a first tap can need:
// the budget is 250 KB of HTML, CSS, JS and wasm (lazily loaded chunks included) and at most 20
// wasm files; API answers are reported beside it, images and fonts are left out. On the pages with compare buttons, also what opening the
// comparison sidebar adds: its chunk must not be part of the first load, nor React on a
// signed-in buyer's page (a guest's page fetches React with the login popup once it is idle,
// for the guest's first tap: `warmLoginPopup` in widgets/src/loader.ts).
//
// Usage: node scripts/bench_first_load.mjs http://127.0.0.1:3200 (a running server on a fresh,
// seeded database; the demo buyer signs in and places one order for the signed-in pages).
import { chromium } from 'playwright-core';

const base = process.argv[2];
if (!base) throw new Error('usage: bench_first_load.mjs BASE_URL');
const BUDGET = 250_000;
const WASM_FILES = 20;
const BUYER = { userName: 'demo.buyer@example.com', passWord: 'Demo1234!' };
const GUEST_PAGES = [
  '/',
  '/list?st=2',
  '/list?prodName=phone',
  '/detail?prodId=1',
  '/shop-index?sid=2',
  '/shop-list?type=1',
  '/product-comparison?prodId=1',
  '/flash-sale',
  '/coupons',
  '/notice-list',
  '/login',
  '/register',
];
const SKIPPED = new Set(['Image', 'Font', 'Media']);
const COMPARE_PAGES = new Set(['/', '/list?st=2', '/detail?prodId=1']);

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

/** Counts the bytes on the wire per request, from Chromium's own network events, cache off. */
async function recorder(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  return {
    take() {
      const list = [...requests.values()].filter((r) => !SKIPPED.has(r.type));
      requests.clear();
      return list;
    },
  };
}

const sum = (list) => list.reduce((n, r) => n + r.bytes, 0);
const isApi = (r) => new URL(r.url).pathname.startsWith('/api/');
const isCompareChunk = (r, signedIn) => (signedIn ? /price-compare|react/i : /price-compare/i).test(new URL(r.url).pathname);
let leakedSidebar = false;
let over = 0;

/** Loads `path` in `page` with an empty cache and prints its first-load row. */
async function measure(page, path, signedIn = false) {
  const net = await recorder(page);
  const response = await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => window.__mallHydrated === true, null, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const first = net.take();
  const code = response ? response.status() : 0;
  const assets = first.filter((r) => !isApi(r));
  const api = first.filter(isApi);
  const bytes = sum(assets);
  const wasm = assets.filter((r) => new URL(r.url).pathname.endsWith('.wasm')).length;
  const within = bytes <= BUDGET && wasm <= WASM_FILES;
  if (!within) over += 1;
  console.log(
    `  ${path.slice(0, 44).padEnd(44)} ${String(code).padStart(3)} ${String(bytes).padStart(8)} B in ${String(assets.length).padStart(3)} files` +
      ` (${String(wasm).padStart(3)} wasm)  + API ${String(sum(api)).padStart(6)} B in ${api.length}  ${within ? 'ok' : 'OVER BUDGET'}`,
  );
  if (!within) {
    // What this page loads: its islands (by name) and widgets that mount by themselves.
    const parts = await page.evaluate(() => [
      ...new Set([
        ...[...document.querySelectorAll('leptos-island')].map((el) => el.dataset.component.replace(/_\d+$/, '')),
        ...[...document.querySelectorAll('mall-widget')]
          .filter((el) => !/^(event:|hover$)/.test(el.dataset.load || ''))
          .map((el) => `widget ${el.getAttribute('name')}`),
      ]),
    ]);
    console.log(`  ${''.padEnd(44)} its islands and widgets: ${parts.join(', ')}`);
  }
  if (!COMPARE_PAGES.has(path)) return;
  const leaked = first.filter((r) => isCompareChunk(r, signedIn));
  if (leaked.length > 0) {
    leakedSidebar = true;
    console.log(`  ${''.padEnd(44)} sidebar code in the first load: ${leaked.map((r) => r.url).join(', ')}`);
  }
  const compare = page.locator('[data-testid="compare-button"]').first();
  if ((await compare.count()) === 0) return;
  await compare.scrollIntoViewIfNeeded();
  await compare.click();
  await page.locator('[data-testid="price-compare"]').waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const added = net.take();
  const chunk = added.filter((r) => /\/widgets\//.test(r.url));
  console.log(`  ${''.padEnd(44)} opening the comparison sidebar then fetched ${sum(chunk)} B of widget code in ${chunk.length} files`);
}

/** Calls the API with the context's cookies and returns `data`, failing on anything else. */
async function api(request, method, path, data) {
  const answer = await (await request.fetch(`${base}/api${path}`, { method, data })).json();
  if (answer.code !== '00000') throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

console.log(`== First load per page type, empty cache (HTML, CSS, JS, wasm; brotli; budget ${BUDGET} B, ${WASM_FILES} wasm files) ==`);
console.log('  signed out');
for (const path of GUEST_PAGES) {
  const page = await browser.newPage();
  await measure(page, path);
  await page.close();
}

// The demo buyer: one product in the cart, then one unpaid order of another.
const context = await browser.newContext();
await api(context.request, 'POST', '/login', BUYER);
const product = await api(context.request, 'GET', '/prod/prodInfo?prodId=1');
const line = { basketId: 0, count: 1, prodId: product.prodId, shopId: product.shopId, shopName: '', skuId: product.skuList[0].skuId };
await api(context.request, 'POST', '/p/shopCart/changeItem', line);
const cart = await api(context.request, 'GET', '/p/shopCart/info');
const basketIds = cart.flatMap((s) => s.shopCartItems.map((i) => i.basketId));
const confirm = { basketIds, addrId: 0, userChangeCoupon: 1, couponIds: [], usePoints: 0 };
const confirmed = await api(context.request, 'POST', '/p/order/confirm', confirm);
const submitted = await api(context.request, 'POST', '/p/order/submit', {
  orderToken: confirmed.orderToken,
  addrId: confirmed.userAddr.addrId,
  couponIds: [],
  usePoints: 0,
  orderShopParam: [],
});
const orderNumber = submitted.orderNumbers.split(',')[0];
await api(context.request, 'POST', '/p/shopCart/changeItem', line);
const again = await api(context.request, 'GET', '/p/shopCart/info');
const settledIds = again.flatMap((s) => s.shopCartItems.map((i) => i.basketId));
// Settled as the cart's form does: the lines named in the address.
const settled = `/submit-order?${settledIds.map((id) => `basketId=${id}`).join('&')}`;

console.log('  signed in (the demo buyer)');
for (const path of [
  '/',
  '/detail?prodId=1',
  '/cart',
  settled,
  `/payment?orderNumbers=${orderNumber}`,
  `/order-detail?orderNumber=${orderNumber}`,
  '/user-center/uc-home',
  '/user-center/uc-order',
  '/user-center/uc-collection',
  '/user-center/uc-coupons',
  '/user-center/uc-address',
  '/user-center/uc-account',
  '/user-center/uc-balance',
  '/user-center/uc-integral',
  '/user-center/uc-return',
  '/member-center',
  '/member-center/integral-mall',
  '/chat?shopId=1',
]) {
  const page = await context.newPage();
  await measure(page, path, true);
  await page.close();
}
await context.close();
await browser.close();
console.log(over === 0 ? '  every page within the budget' : `  ${over} page(s) OVER BUDGET`);
if (leakedSidebar) {
  console.error('bench: the comparison sidebar was loaded before it was opened');
  process.exitCode = 1;
}
