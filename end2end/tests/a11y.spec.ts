/**
 * WCAG 2.2 AA as axe-core checks it: every page type in the three languages, signed out and
 * signed in, and with the login popup open, has no serious or critical violation.
 */
import type AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import {
  LANGS,
  addAddress,
  apiData,
  openHydrated,
  openLoginPopup,
  placeOrders,
  shipOrder,
  signInBuyer,
  signUpBuyer,
  topUp,
  waitForHydration,
} from './support';

// Colours are judged at rest, not in the middle of an opening animation (the comparison page
// opens its sidebar as it loads).
test.use({ reducedMotion: 'reduce' });

const PUBLIC_PAGES = [
  '/',
  '/list?st=2',
  '/list?pn=phone',
  '/detail?prodId=1',
  '/shop-index?sid=2',
  '/shop-prod-list?sid=2',
  '/shop-qualifications?sid=2',
  '/shop-list?type=1',
  '/flash-sale',
  '/group-buy',
  '/special-discount',
  '/coupons',
  '/notice-list?shopId=0',
  '/terms-page?sts=1',
  '/login',
  '/register',
  '/forget-password',
  '/404',
  '/product-comparison?prodId=2001',
  '/seller-centre',
];

const SIGNED_IN_PAGES = [
  '/',
  '/detail?prodId=1',
  '/cart',
  '/user-center/uc-home',
  '/user-center/uc-order',
  '/user-center/uc-coupons',
  '/user-center/uc-collection',
  '/user-center/uc-footprint',
  '/user-center/uc-account',
  '/user-center/uc-address',
  '/user-center/uc-bind',
  '/user-center/uc-password',
  '/user-center/uc-pay-password',
  '/user-center/uc-freeshop',
  '/user-center/uc-return',
  '/user-center/uc-balance',
  '/user-center/uc-integral',
];

/** WCAG 2.2 AA: the rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's script: the very copy `AxeBuilder` would put in the page. */
const AXE_SOURCE = (createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

/** A page's `window` with axe-core's script in it. */
interface AxeWindow {
  /** `axe.run`: what it hands back is what `AxeBuilder#analyze` does. */
  axe: { run(context: Document, options: object): Promise<Awaited<ReturnType<AxeBuilder['analyze']>>> };
}

/**
 * The serious and critical violations of the page as it is now, described for the report.
 * axe runs as `AxeBuilder`'s legacy mode runs it, `axe.run` in the page with its same-origin
 * frames (the storefront has none), without `AxeBuilder`'s overhead: its default mode ends
 * every run in a second, blank page, and either mode puts the 0.5 MB script in the page
 * twice. Only violations are detailed, not every node that passes. The same rules judge the
 * same nodes, in well under half the time.
 */
async function violations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) await frame.evaluate(AXE_SOURCE);
  const result = await page.evaluate((options) => (window as unknown as AxeWindow).axe.run(document, options), {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Pages whose content arrives after hydration: judged once it is there. */
const LOADED_BY: Record<string, string> = { '/product-comparison?prodId=2001': 'pc-row-price' };

for (const lang of LANGS) {
  test(`public pages have no serious accessibility violation (${lang.code})`, async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) {
      const sep = path.includes('?') ? '&' : '?';
      await openHydrated(page, `${path}${sep}lang=${lang.code}`);
      const loaded = LOADED_BY[path];
      if (loaded) await expect(page.getByTestId(loaded).first()).toBeVisible({ timeout: 10_000 });
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  test(`signed-in pages and the login popup have no serious accessibility violation (${lang.code})`, async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    await openLoginPopup(page, `/?lang=${lang.code}`);
    found.push(...(await violations(page)).map((v) => `login popup: ${v}`));
    const mail = await signUpBuyer(page.request);
    await signInBuyer(page.request, mail, 'Secret#2024');
    for (const path of SIGNED_IN_PAGES) {
      const sep = path.includes('?') ? '&' : '?';
      await openHydrated(page, `${path}${sep}lang=${lang.code}`);
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });
}

/** `api::payments::pay_type::BALANCEPAY`. */
const BALANCEPAY = 9;
const PASSWORD = 'Secret#2024';
const PAY_PASSWORD = '135790';

for (const lang of LANGS) {
  test(`ordering, paying, reviewing and after-sales pages have no serious accessibility violation (${lang.code})`, async ({ page }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    const check = async (what: string) => found.push(...(await violations(page)).map((v) => `${what}: ${v}`));
    const request = page.request;
    await signUpBuyer(request);
    await addAddress(request);

    // An unpaid order, then one item in the cart for the order confirmation, reached from the
    // cart as a buyer reaches it.
    const [unpaid] = await placeOrders(request, [3]);
    const list = await apiData<{ records: { products: { prodId: number; prodType: number }[] }[] }>(
      request,
      'GET',
      '/search/page?current=1&size=10&shopId=4',
    );
    const card = list.records[0].products.find((p) => p.prodType === 0)!;
    const p = await apiData<{ shopId: number; skuList: { skuId: number }[] }>(request, 'GET', `/prod/prodInfo?prodId=${card.prodId}`);
    await apiData(request, 'POST', '/p/shopCart/changeItem', {
      basketId: 0,
      count: 1,
      prodId: card.prodId,
      shopId: p.shopId,
      shopName: '',
      skuId: p.skuList[0].skuId,
    });
    await openHydrated(page, `/cart?lang=${lang.code}`);
    await page.getByTestId('cart-select-all').check();
    await page.getByTestId('cart-settle').click();
    await page.waitForURL((url) => url.pathname === '/submit-order');
    await waitForHydration(page);
    await expect(page.getByTestId('checkout-submit')).toBeEnabled();
    await check('/submit-order');

    // The checkout counter and the order page of an unpaid order.
    await openHydrated(page, `/payment?orderNumbers=${unpaid}&lang=${lang.code}`);
    await expect(page.getByTestId('payment-amount')).toBeVisible();
    await check('/payment');
    await openHydrated(page, `/order-detail?orderNumber=${unpaid}&lang=${lang.code}`);
    await check('/order-detail (unpaid)');

    // A received order: its page, the review form and the buyer's reviews.
    await topUp(request, 100_000);
    await apiData(request, 'PUT', '/p/user/payPassword', { payPassword: PAY_PASSWORD, password: PASSWORD });
    await apiData(request, 'POST', '/p/order/pay', { orderNumbers: unpaid, payType: BALANCEPAY, payPassword: PAY_PASSWORD, currency: 'USD' });
    shipOrder(unpaid);
    await apiData(request, 'PUT', `/p/myOrder/receipt/${unpaid}`);
    await openHydrated(page, `/order-detail?orderNumber=${unpaid}&lang=${lang.code}`);
    await check('/order-detail (received)');
    await openHydrated(page, `/write-comments?orderNumber=${unpaid}&lang=${lang.code}`);
    await check('/write-comments');
    await openHydrated(page, `/user-center/uc-comments?lang=${lang.code}`);
    await check('/user-center/uc-comments');

    // Its invoice, and after-sales: the application form, then an application's page.
    await openHydrated(page, `/invoice-detail?orderNumber=${unpaid}&lang=${lang.code}`);
    await check('/invoice-detail');
    await openHydrated(page, `/user-center/apply-return?orderNumber=${unpaid}&lang=${lang.code}`);
    await check('/user-center/apply-return');
    const refundable = await apiData<{ maxAmount: number }>(request, 'GET', `/p/orderRefund/refundable?orderNumber=${unpaid}`);
    const applied = await apiData<{ refundSn: string }>(request, 'POST', '/p/orderRefund/apply', {
      orderNumber: unpaid,
      orderItemId: 0,
      applyType: 1,
      buyerReason: 2,
      goodsNum: 1,
      refundAmount: refundable.maxAmount,
      buyerMsg: '',
      photoFiles: [],
    });
    await openHydrated(page, `/return-detail?refundSn=${applied.refundSn}&lang=${lang.code}`);
    await check('/return-detail');
    expect(found).toEqual([]);
  });
}

test.describe('chat', () => {
  for (const lang of LANGS) {
    test(`the chat page, the chat panel and the agent console have no serious accessibility violation (${lang.code})`, async ({ page, browser }) => {
      test.setTimeout(90_000);
      const found: string[] = [];
      const check = async (target: Page, what: string) => found.push(...(await violations(target)).map((v) => `${what}: ${v}`));
      await signUpBuyer(page.request);
      // The page with a conversation of a few messages, and the panel over a product page.
      await openHydrated(page, `/chat?shopId=0&lang=${lang.code}`);
      const input = page.getByTestId('chat-input');
      // The platform's agent serves every buyer: this buyer's conversation is the one with this text.
      const hello = `Hello ${lang.code} ${Date.now()}`;
      await input.fill(hello);
      await input.press('Enter');
      await expect(page.getByTestId('chat-message')).toHaveCount(1, { timeout: 10_000 });
      await check(page, '/chat');
      await openHydrated(page, `/detail?prodId=1&lang=${lang.code}`);
      await page.getByTestId('quick-chat').click();
      await expect(page.getByTestId('chat-product')).toBeVisible({ timeout: 10_000 });
      // Judged at rest, not with the pointer still over the menu item.
      await page.mouse.move(0, 0);
      await check(page, '/detail with the chat panel');
      // The console of the platform's agent, with that conversation open.
      const agentContext = await browser.newContext();
      const agent = await agentContext.newPage();
      await signInBuyer(agent.request, 'service@example.com', 'Demo1234!');
      await openHydrated(agent, `/chat-agent?lang=${lang.code}`);
      await agent.getByTestId('chat-conversation').filter({ hasText: hello }).first().click();
      await expect(agent.getByTestId('chat-message').first()).toBeVisible({ timeout: 10_000 });
      await check(agent, '/chat-agent');
      await agentContext.close();
      expect(found).toEqual([]);
    });
  }
});

// members: the member centre, its benefits and the purchase form, before and after joining.
test.describe('member centre pages', () => {
  for (const lang of LANGS) {
    test(`the member centre pages have no serious accessibility violation (${lang.code})`, async ({ page }) => {
      test.setTimeout(120_000);
      const found: string[] = [];
      const check = async (label: string) => found.push(...(await violations(page)).map((v) => `${label}: ${v}`));
      const paths = ['/member-center', '/member-center/member-equity', '/member-center/buy-member'];
      await signUpBuyer(page.request, 'Secret#2024');
      for (const path of paths) {
        await openHydrated(page, `${path}?lang=${lang.code}`);
        await check(path);
      }
      // With the balance chosen (the payment password's row) and a membership bought.
      await topUp(page.request, 1_000);
      await apiData(page.request, 'PUT', '/p/user/payPassword', { payPassword: '135790', password: 'Secret#2024' });
      await openHydrated(page, `/member-center/buy-member?lang=${lang.code}`);
      await page.getByTestId('member-method-9').check();
      await page.getByTestId('member-buy-submit').click();
      await expect(page.getByTestId('member-buy-error')).toBeVisible();
      await check('/member-center/buy-member (balance, a refusal)');
      const paid = await apiData<{ payNo: string }>(page.request, 'POST', '/p/member/buy', {
        planId: 1,
        payType: 9,
        payPassword: '135790',
        currency: 'USD',
      });
      await openHydrated(page, `/member-center?payNo=${paid.payNo}&lang=${lang.code}`);
      await check('/member-center (a member)');
      await openHydrated(page, `/member-center/member-equity?lang=${lang.code}`);
      await check('/member-center/member-equity (a member)');
      expect(found).toEqual([]);
    });
  }
});
