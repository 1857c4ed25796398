/**
 * Signed-in pages render the same with and without the shared answers: page rendering reuses
 * the API's answers that are the same for everyone (`MALL_SHARED_ANSWERS`, on in this run's
 * server), which must never change what a buyer sees. A second server on the same database
 * renders with it off, as pages were rendered before that cache existed, and each page type's
 * HTML for one signed-in buyer is compared, nonces and one-time tokens aside.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { addAddress, apiData, placeOrders, signUpBuyer } from './support';

const ROOT = join(__dirname, '..', '..');
const E2E_PORT = Number(process.env.MALL_E2E_PORT ?? '3100');
const PLAIN_PORT = E2E_PORT + 57;
const PLAIN_URL = `http://127.0.0.1:${PLAIN_PORT}`;

let plain: ChildProcess | undefined;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  plain = spawn(join(ROOT, 'target', 'release', 'server'), [], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite://target/e2e-${E2E_PORT}/mall.db`,
      LEPTOS_SITE_ADDR: `127.0.0.1:${PLAIN_PORT}`,
      LEPTOS_SITE_ROOT: 'target/site',
      LEPTOS_OUTPUT_NAME: 'mall',
      MALL_DEV: '1',
      MALL_TRUSTED_PROXIES: '1',
      MALL_SHARED_ANSWERS: '0',
      RUST_LOG: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 160; i++) {
    const up = await request.get(`${PLAIN_URL}/`, { timeout: 2_000 }).catch(() => undefined);
    if (up?.ok()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the second server did not answer on ${PLAIN_URL}`);
});

test.afterAll(() => {
  plain?.kill();
});

/**
 * The page's HTML without what differs on every render: nonces (also in `crossorigin`),
 * one-time tokens, the port, and the clock (a countdown's server time and its digits, the
 * counter's `now`).
 */
function normalized(html: string): string {
  return html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/crossorigin="[^"]*"/g, 'crossorigin=""')
    .replace(/("orderToken"\s*:\s*")[^"]*"/g, '$1"')
    .replace(/(name="orderToken" value=")[^"]*"/g, '$1"')
    .replace(/(server_now_ms&quot;:)\d+/g, '$1')
    .replace(/(data-countdown-now=")\d+/g, '$1')
    .replace(/(&quot;now&quot;:)\d+/g, '$1')
    .replace(/(data-countdown-style="clock"[^>]*>)[\d:]+/g, '$1')
    .replace(/<b>\d+<\/b>/g, '<b></b>')
    .replaceAll(`127.0.0.1:${PLAIN_PORT}`, `127.0.0.1:${E2E_PORT}`);
}

/** Where two renders part, with a little of each around it; null when they are the same. */
function firstDifference(a: string, b: string): { at: number; withShared: string; without: string } | null {
  if (a === b) return null;
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 120);
  return { at, withShared: a.slice(from, at + 120), without: b.slice(from, at + 120) };
}

/** Both renders of `path` for the buyer of `request`, normalized. */
async function bothRenders(request: APIRequestContext, path: string): Promise<[string, string]> {
  const [cached, direct] = await Promise.all([
    request.get(`${BASE_URL}${path}`).then((r) => r.text()),
    request.get(`${PLAIN_URL}${path}`).then((r) => r.text()),
  ]);
  return [normalized(cached), normalized(direct)];
}

test('a signed-in buyer sees the same HTML on every page type with the shared answers on and off', async ({ request }) => {
  test.setTimeout(120_000);
  await signUpBuyer(request);
  await addAddress(request);
  const [orderNumber] = await placeOrders(request, [2]);
  const product = await apiData<{ prodId: number; shopId: number; skuList: { skuId: number }[] }>(
    request,
    'GET',
    '/prod/prodInfo?prodId=1',
  );
  await apiData(request, 'POST', '/p/shopCart/changeItem', {
    basketId: 0,
    count: 1,
    prodId: product.prodId,
    shopId: product.shopId,
    shopName: '',
    skuId: product.skuList[0].skuId,
  });
  const pages = [
    '/',
    '/?lang=km',
    '/list?st=2',
    '/list?prodName=phone&lang=zh_CN',
    '/detail?prodId=1',
    '/shop-index?sid=2',
    '/cart',
    '/user-center/uc-home',
    '/user-center/uc-order',
    `/order-detail?orderNumber=${orderNumber}`,
    `/payment?orderNumbers=${orderNumber}`,
    '/user-center/uc-balance',
    '/user-center/uc-integral',
    '/user-center/uc-address',
  ];
  for (const path of pages) {
    let [cached, direct] = await bothRenders(request, path);
    // A shared answer may be up to five seconds old (other tests buy meanwhile): once that
    // time has passed, both renders read the same data.
    if (cached !== direct) {
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      [cached, direct] = await bothRenders(request, path);
    }
    expect(cached, `${path} rendered for the signed-in buyer`).toContain('data-testid="logout"');
    expect(firstDifference(cached, direct), `${path}: the render with shared answers differs from the render without`).toBeNull();
  }
});
