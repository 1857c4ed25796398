/**
 * Shared helpers of the end-to-end tests: the three interface languages, their texts read
 * straight from the Fluent files (so a changed translation does not break a test), and
 * waiting for hydration.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';

/** The port of this run's server (see playwright.config.ts). */
const E2E_PORT = process.env.MALL_E2E_PORT ?? '3100';

/**
 * Pictures for a person to look at, in end2end/screenshots/: taken only when MALL_SCREENSHOTS
 * is set (`make screenshots`). The checks around them always run; the pictures themselves, a
 * second or more of the browser's time each with the settling before them, are not read in CI.
 */
export const TAKING_PICTURES = !!process.env.MALL_SCREENSHOTS;

/**
 * Saves `target` (a page, or one element of it) as `<name>.png` when pictures are taken, once
 * the page has settled: scrolled through so lazy images load, back at the top with the sticky
 * header gone, fonts and every visible image loaded (not those in closed dropdowns or on
 * carousel slides outside the viewport), and, with `hideToasts`, no toast over the content.
 */
export async function picture(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; hideToasts?: boolean } = {},
): Promise<void> {
  if (!TAKING_PICTURES) return;
  const page = 'goto' in target ? target : target.page();
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => setTimeout(r, 100));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => !img.closest('details:not([open])'))
      .filter((img) => {
        const r = img.getBoundingClientRect();
        return r.width > 0 && r.right > 0 && r.left < window.innerWidth;
      })
      .every((img) => img.complete),
  );
  await expect(page.getByTestId('sticky-header')).toBeHidden();
  if (options.hideToasts) await page.evaluate(() => document.querySelectorAll('.mall-toast').forEach((t) => t.remove()));
  const path = join(__dirname, '..', 'screenshots', `${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage });
  else {
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path });
  }
}

/** The absolute URL of a page of the storefront under test, as its canonical link names it. */
export const canonicalOf = (pathAndQuery: string): string => `${BASE_URL}${pathAndQuery}`;

/** An interface language as the tests see it. */
export interface Lang {
  /** The `?lang=` and cookie code. */
  code: 'en' | 'zh_CN' | 'km';
  /** `<html lang>` and the locale folder name. */
  tag: 'en' | 'zh-CN' | 'km';
  /** The language's own name, shown in the switcher. */
  nativeName: string;
}

export const EN: Lang = { code: 'en', tag: 'en', nativeName: 'English' };
export const ZH: Lang = { code: 'zh_CN', tag: 'zh-CN', nativeName: '简体中文' };
export const KM: Lang = { code: 'km', tag: 'km', nativeName: 'ខ្មែរ' };
export const LANGS: Lang[] = [EN, ZH, KM];

const LOCALES_DIR = join(__dirname, '..', '..', 'locales');
const cache = new Map<string, Map<string, string>>();
const selections = new Map<string, Map<string, Selection>>();

/** A message that selects its text by a count (`{ $count -> [one] … *[other] … }`). */
interface Selection {
  /** The argument it selects by. */
  variable: string;
  /** The variants by key (`one`, `other`, `0`…). */
  variants: Map<string, string>;
  /** The key of the default (`*[other]`) variant. */
  fallback: string;
}

/**
 * Parses the messages of a Fluent file: single-line ones (`key = value`), and those that
 * select by a count, read as their default variant.
 */
function messages(tag: string, file: string): Map<string, string> {
  const cacheKey = `${tag}/${file}`;
  let found = cache.get(cacheKey);
  if (!found) {
    found = new Map();
    const selected = new Map<string, Selection>();
    const lines = readFileSync(join(LOCALES_DIR, tag, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const select = /^([a-zA-Z][\w-]*)\s*=\s*\{\s*\$(\w+)\s*->\s*$/.exec(lines[i]);
      if (select) {
        const selection: Selection = { variable: select[2], variants: new Map(), fallback: 'other' };
        for (i++; i < lines.length && !/^\s*\}\s*$/.test(lines[i]); i++) {
          const variant = /^\s*(\*?)\[(\w+)\]\s*(.*\S)\s*$/.exec(lines[i]);
          if (!variant) continue;
          selection.variants.set(variant[2], variant[3]);
          if (variant[1]) selection.fallback = variant[2];
        }
        selected.set(select[1], selection);
        found.set(select[1], selection.variants.get(selection.fallback) ?? '');
        continue;
      }
      const m = /^([a-zA-Z][\w-]*)\s*=\s*(.*\S)\s*$/.exec(lines[i]);
      if (m) found.set(m[1], m[2]);
    }
    cache.set(cacheKey, found);
    selections.set(cacheKey, selected);
  }
  return found;
}

/** A storefront text (`locales/{tag}/main.ftl`); a text selected by a count, its default form. */
export function t(lang: Lang, key: string, file = 'main.ftl'): string {
  const value = messages(lang.tag, file).get(key);
  if (value === undefined) throw new Error(`no message "${key}" in locales/${lang.tag}/${file}`);
  return value;
}

/**
 * The text of `key` as Fluent selects it for `args`: an exact number's variant (`[0]`), else
 * the language's plural category (`[one]` for 1 in English), else the default.
 */
function selected(lang: Lang, key: string, args: Record<string, string | number>, file: string): string {
  const text = t(lang, key, file);
  const selection = selections.get(`${lang.tag}/${file}`)?.get(key);
  const value = selection ? args[selection.variable] : undefined;
  if (!selection || value === undefined || !/^-?\d+$/.test(String(value))) return text;
  const n = Number(value);
  const category = new Intl.PluralRules(lang.tag).select(n);
  return selection.variants.get(String(n)) ?? selection.variants.get(category) ?? text;
}

/** A widget text (`locales/{tag}/widgets.ftl`). */
export const tw = (lang: Lang, key: string): string => t(lang, key, 'widgets.ftl');

/** Waits until Leptos has hydrated the islands (the flag the widget loader also waits for). */
export async function waitForHydration(page: Page): Promise<void> {
  const isHydrated = () => (window as unknown as { __mallHydrated?: boolean }).__mallHydrated === true;
  await page.waitForFunction(isHydrated, null, { timeout: 30_000 });
}

/** Opens `url` and waits for hydration: where every test of the interactive parts starts. */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/** Opens `url`, then the login popup from the header's login link; returns the popup. */
export async function openLoginPopup(page: Page, url: string): Promise<Locator> {
  await openHydrated(page, url);
  await page.getByTestId('login-link').click();
  const popup = page.getByTestId('login-popup');
  await expect(popup).toBeVisible({ timeout: 10_000 });
  return popup;
}

/** Escapes a string for use inside a RegExp. */
export const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The newest one-time code the development mailbox holds for `to` (waits up to 5 s). */
export async function mailboxCode(request: APIRequestContext, to: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const answer = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json();
    const code = answer.data?.[0]?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code arrived for ${to}`);
}

/**
 * The newest code of the development mailbox for `to` once a second message has arrived
 * there (the one after the sign-up code; waits up to 10 s).
 */
export async function nextMailboxCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json();
      code = answer.data?.length > 1 ? answer.data[0].code : '';
      return code;
    }, { timeout: 10_000 })
    .not.toBe('');
  return code;
}

/**
 * An address of its own for each buyer the suite signs up: the test server trusts one proxy
 * (playwright.config.ts), so the per-address limits on codes count each buyer apart, as they
 * would count real buyers, instead of the whole suite as one client.
 */
function buyerAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * Signs up a new buyer by e-mail code through the API of `request`; with `page.request` the
 * session cookie lands in the page's browser context, so the page is signed in.
 */
export async function signUpBuyer(request: APIRequestContext, password = 'Secret#2024'): Promise<string> {
  const mail = `buyer${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
  const headers = { 'X-Forwarded-For': buyerAddress() };
  const sent = await request.post('/api/sms/sendLoginCode', { form: { mail }, headers });
  const sentAnswer = await sent.json();
  if (sentAnswer.code !== '00000') throw new Error(`sending the sign-up code failed: ${JSON.stringify(sentAnswer)}`);
  const validCode = await mailboxCode(request, mail);
  const signup = await (await request.post('/api/user/signup', { data: { mail, validCode, password }, headers })).json();
  if (signup.code !== '00000') throw new Error(`sign-up failed: ${JSON.stringify(signup)}`);
  return mail;
}

/** A storefront text with its `{ $name }` placeables filled in (its form for a count chosen). */
export function tf(lang: Lang, key: string, args: Record<string, string | number>, file = 'main.ftl'): string {
  return selected(lang, key, args, file).replace(/\{\s*\$(\w+)\s*\}/g, (whole, name: string) =>
    name in args ? String(args[name]) : whole,
  );
}

/** A display currency (`?currency=` and the `currency` cookie). */
export type CurrencyCode = 'USD' | 'KHR';

/** Dollars as the API sends them (`12.5`) in integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/**
 * An amount of `cents` as the storefront shows it in `currency` (spec section 9): USD with two
 * decimals, KHR the dollars times the rate (4100) rounded to an integer, thousands grouped, and
 * a zero amount shown as the smallest unit.
 */
export function formatMoney(cents: number, currency: CurrencyCode, khrRate = 4100): string {
  const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  if (currency === 'KHR') {
    const riel = Math.round((abs * khrRate) / 100) || 1;
    return `${sign}៛${group(String(riel))}`;
  }
  const shown = abs || 1;
  return `${sign}$${group(String(Math.floor(shown / 100)))}.${String(shown % 100).padStart(2, '0')}`;
}

/** Signs in by password through the API of `request` (its cookie jar then holds the session). */
export async function signInBuyer(request: APIRequestContext, mail: string, password: string): Promise<void> {
  const answer = await (await request.post('/api/login', { data: { userName: mail, passWord: password } })).json();
  if (answer.code !== '00000') throw new Error(`sign-in of ${mail} failed: ${JSON.stringify(answer)}`);
}

/** Calls the API through `request` and returns `data`, failing on any answer but success. */
export async function apiData<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, { method, data });
  const answer = await response.json();
  if (answer.code !== '00000') throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data as T;
}

/**
 * The confirmation `/submit-order` shows first: the server renders it from the hand-over the
 * cart or the buy box left in the tab's session storage (and its cookie), as the API computes
 * it for the same question (`?orderEntry=1`: the buy-now item).
 */
export async function firstConfirmation<T>(page: Page): Promise<T> {
  const buyNow = new URL(page.url()).searchParams.get('orderEntry') === '1';
  const entry = await page.evaluate((key) => sessionStorage.getItem(key), buyNow ? 'mall.buyNow' : 'mall.settle');
  if (entry === null) throw new Error('nothing handed over to /submit-order');
  const what = buyNow ? { orderItem: JSON.parse(entry) } : { basketIds: JSON.parse(entry) };
  return apiData<T>(page.request, 'POST', '/p/order/confirm', { ...what, addrId: 0, userChangeCoupon: 0, couponIds: [], usePoints: 0 });
}

/** Gives the buyer of `request` a delivery address and returns its id. */
export async function addAddress(request: APIRequestContext, receiver = 'Test Buyer'): Promise<number> {
  const added = await apiData<{ addrId: number }>(request, 'POST', '/p/address/addAddr', {
    receiver,
    mobile: '012345678',
    postCode: '12000',
    addr: 'No. 12, Street 51, Phnom Penh',
  });
  return added.addrId;
}

/** `api::payments::pay_status::PAID`. */
const PAY_PAID = 1;

interface OrderableProduct {
  prodId: number;
  shopId: number;
  status: number;
  skuList: { skuId: number; stocks: number }[];
}

/** The `index`-th on-shelf ordinary product of a shop with stock (no activity prices it). */
async function orderableProduct(request: APIRequestContext, shopId: number, index = 0): Promise<OrderableProduct> {
  const page = await apiData<{ records: { products: { prodId: number; prodType: number }[] }[] }>(
    request,
    'GET',
    `/search/page?current=1&size=20&shopId=${shopId}`,
  );
  const found: OrderableProduct[] = [];
  for (const card of page.records[0]?.products ?? []) {
    if (card.prodType !== 0) continue;
    const p = await apiData<OrderableProduct>(request, 'GET', `/prod/prodInfo?prodId=${card.prodId}`);
    if (p.status === 1 && p.skuList[0]?.stocks >= 5) found.push(p);
    if (found.length > index) return found[index];
  }
  throw new Error(`shop ${shopId} has no ordinary product #${index}`);
}

/**
 * Places one order per shop of `shops` (one unit of an ordinary product each) for the buyer of
 * `request`, through the cart, and returns their numbers.
 */
export async function placeOrders(request: APIRequestContext, shops: number[], index = 0): Promise<string[]> {
  for (const shopId of shops) {
    const p = await orderableProduct(request, shopId, index);
    await apiData(request, 'POST', '/p/shopCart/changeItem', {
      basketId: 0,
      count: 1,
      prodId: p.prodId,
      shopId: p.shopId,
      shopName: '',
      skuId: p.skuList[0].skuId,
    });
  }
  const cart = await apiData<{ shopCartItems: { basketId: number }[] }[]>(request, 'GET', '/p/shopCart/info');
  const basketIds = cart.flatMap((s) => s.shopCartItems.map((i) => i.basketId));
  const conf = await apiData<{ orderToken: string; userAddr: { addrId: number } }>(
    request,
    'POST',
    '/p/order/confirm',
    { basketIds, addrId: 0, userChangeCoupon: 1, couponIds: [], usePoints: 0 },
  );
  const submitted = await apiData<{ orderNumbers: string }>(request, 'POST', '/p/order/submit', {
    orderToken: conf.orderToken,
    addrId: conf.userAddr.addrId,
    couponIds: [],
    usePoints: 0,
    orderShopParam: [],
  });
  return submitted.orderNumbers.split(',');
}

/**
 * Tops the balance of the buyer of `request` up by `cents` through the development gateway
 * (Stripe's stand-in, approved), and waits until the top-up is paid.
 */
export async function topUp(request: APIRequestContext, cents: number): Promise<void> {
  const body = { amount: cents / 100, payType: 13, currency: 'USD' };
  const started = await apiData<{ payNo: string; action: { kind: string; url: string } | null }>(
    request,
    'POST',
    '/p/balance/recharge',
    body,
  );
  expect(started.action?.kind).toBe('redirect');
  const decided = await request.post(started.action!.url, { form: { decision: 'approve' }, maxRedirects: 0 });
  expect(decided.status()).toBe(303);
  const status = () => apiData<{ status: number }>(request, 'GET', `/p/order/payStatus?payNo=${started.payNo}`);
  await expect.poll(async () => (await status()).status).toBe(PAY_PAID);
}

/** A pay attempt whose gateway step a page was shown as a QR code, and its development gateway page. */
export interface QrAttempt {
  payNo: string;
  gatewayPage: string;
}

/**
 * Shows the gateway steps the API answers at `url` (a glob: the counter's pay call, or the
 * pay status a form's top-up sends it to) as a gateway that answers only a QR code would: the
 * development gateway's app link dropped, the code (which encodes its page) kept, expiring
 * `expiresInMs` after the answer when given. Returns the attempts as they come, each with the
 * development gateway's page that pays it (`decision=approve` posted there, as from a phone).
 */
export async function stepsAsQr(page: Page, url: string, expiresInMs?: number): Promise<QrAttempt[]> {
  const seen: QrAttempt[] = [];
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const action = body.data?.action;
    if (action) {
      seen.push({ payNo: body.data.payNo, gatewayPage: action.deeplink || action.url });
      action.kind = 'qr';
      action.deeplink = '';
      if (expiresInMs !== undefined) body.data.expireTime = Math.min(body.data.expireTime, Date.now() + expiresInMs);
    }
    await route.fulfill({ response, json: body });
  });
  return seen;
}

/** A real RGB PNG of `size` × `size` in two colours split along the diagonal (red and blue unless told). */
export function png(size = 64, a: number[] = [228, 57, 60], b: number[] = [43, 108, 176]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (kind: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(kind, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(...(x > y ? a : b));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The repository's root, where `target/release/server` is. */
const ROOT = join(__dirname, '..', '..');

/**
 * This run's database, for the sellers' side done with `server` commands: the suite's SQLite
 * file, or `MALL_E2E_DATABASE_URL` when the suite runs against `make cluster` (PostgreSQL).
 */
export const E2E_DATABASE_URL = process.env.MALL_E2E_DATABASE_URL ?? `sqlite://target/e2e-${E2E_PORT}/mall.db`;

/** Runs SQL on this run's database (the e2e server's SQLite file). */
export function sql(statement: string): void {
  execFileSync('sqlite3', [join(ROOT, 'target', `e2e-${E2E_PORT}`, 'mall.db'), statement], { stdio: 'pipe' });
}

/** Ships a paid order as the sellers' centre would: `server order-ship` on this run's database. */
export function shipOrder(number: string): void {
  execFileSync(join(ROOT, 'target', 'release', 'server'), ['order-ship', number], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, RUST_LOG: 'warn' },
    stdio: 'pipe',
  });
}

/** Puts one unit of an on-shelf product (the first with stock) in the cart of `request`'s buyer. */
export async function addToCart(request: APIRequestContext): Promise<void> {
  interface Product {
    prodId: number;
    shopId: number;
    status: number;
    prodType: number;
    shop: { shopName: string; shopStatus: number };
    skuList: { skuId: number; stocks: number }[];
  }
  for (let id = 1; id < 200; id++) {
    const p = await apiData<Product>(request, 'GET', `/prod/prodInfo?prodId=${id}`).catch(() => null);
    if (!p || p.status !== 1 || p.prodType !== 0 || p.shop.shopStatus !== 1 || !(p.skuList[0]?.stocks > 5)) continue;
    await apiData(request, 'POST', '/p/shopCart/changeItem', {
      basketId: 0,
      count: 1,
      prodId: p.prodId,
      shopId: p.shopId,
      shopName: p.shop.shopName,
      skuId: p.skuList[0].skuId,
    });
    return;
  }
  throw new Error('no product to put in the cart');
}
