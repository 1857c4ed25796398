/**
 * The member centre (spec sections 1, 2 /member-center and its children, 6 member levels).
 *
 * A new buyer reaches the member centre from the header's account menu, sees their level and
 * that they are not a paid member, buys a month of membership (in English through the
 * development gateway, Stripe's page, and back through the checkout counter; in Khmer with the
 * balance and the payment password), sees it active on the member centre with its benefits,
 * and at the next checkout finds the member discount line and free shipping, which the order
 * keeps. A guest is sent to /login and back. Screenshots of the three pages in three languages.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  EN,
  KM,
  LANGS,
  addAddress,
  apiData,
  firstConfirmation,
  formatMoney,
  openHydrated,
  picture,
  signUpBuyer,
  t,
  tf,
  toCents,
  topUp,
  type Lang,
  waitForHydration,
} from './support';

const STRIPE = 13;
const BALANCEPAY = 9;
const PASSWORD = 'Secret#2024';
const PAY_PASSWORD = '246810';

/** Puts one unit of an ordinary product of `shopId` in the buyer's cart. */
async function addToCart(request: APIRequestContext, shopId: number): Promise<void> {
  const page = await apiData<{ records: { products: { prodId: number; prodType: number }[] }[] }>(
    request,
    'GET',
    `/search/page?current=1&size=20&shopId=${shopId}`,
  );
  for (const card of page.records[0]?.products ?? []) {
    if (card.prodType !== 0) continue;
    const p = await apiData<{ prodId: number; shopId: number; status: number; skuList: { skuId: number; stocks: number }[] }>(
      request,
      'GET',
      `/prod/prodInfo?prodId=${card.prodId}`,
    );
    if (p.status !== 1 || !(p.skuList[0]?.stocks >= 5)) continue;
    await apiData(request, 'POST', '/p/shopCart/changeItem', {
      basketId: 0,
      count: 1,
      prodId: p.prodId,
      shopId: p.shopId,
      shopName: '',
      skuId: p.skuList[0].skuId,
    });
    return;
  }
  throw new Error(`shop ${shopId} has no ordinary product`);
}

interface Confirmation {
  total: number;
  transfee: number;
  memberReduce: number;
  actualTotal: number;
}

/** From the cart to the order confirmation: the member discount line and free shipping. */
async function checkoutShowsTheEquity(page: Page, lang: Lang): Promise<void> {
  await addToCart(page.request, 14);
  await openHydrated(page, `/cart?lang=${lang.code}`);
  await page.getByTestId('cart-select-all').check();
  await expect(page.getByTestId('cart-settle')).toBeEnabled();
  await page.getByTestId('cart-settle').click();
  await page.waitForURL((url) => url.pathname === '/submit-order');
  const conf = await firstConfirmation<Confirmation>(page);
  await waitForHydration(page);
  const goods = toCents(conf.total);
  // 5 % off, rounded in the buyer's favour; shipping free.
  const off = goods - Math.floor((goods * 95) / 100);
  expect(toCents(conf.memberReduce)).toBe(off);
  expect(toCents(conf.transfee)).toBe(0);
  await expect(page.getByTestId('checkout-member-reduce').locator('..')).toContainText(t(lang, 'order-member-discount'));
  await expect(page.getByTestId('checkout-member-reduce')).toHaveText(`−${formatMoney(off, 'USD')}`);
  await expect(page.getByTestId('checkout-freight')).toContainText(t(lang, 'order-freight-free'));
  await expect(page.getByTestId('checkout-actual-total')).toHaveText(formatMoney(goods - off, 'USD'));
  // Submitted, the order keeps what the confirmation showed.
  await page.getByTestId('checkout-submit').click();
  await page.waitForURL((url) => url.pathname === '/payment');
  const number = new URL(page.url()).searchParams.get('orderNumbers')!;
  const order = await apiData<{ memberReduce: number; transfee: number; actualTotal: number }>(
    page.request,
    'GET',
    `/p/myOrder/orderDetail?orderNumber=${number}`,
  );
  expect([toCents(order.memberReduce), toCents(order.transfee), toCents(order.actualTotal)]).toEqual([off, 0, goods - off]);
}

/** The member centre shows an active membership with its benefits. */
async function expectActive(page: Page, lang: Lang): Promise<void> {
  const result = page.getByTestId('member-payment-result');
  await expect(result).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('member-membership')).toHaveAttribute('data-active', 'true');
  const state = await page.getByTestId('member-state').textContent();
  expect(state).toMatch(/\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('member-discount')).toHaveText(tf(lang, 'member-discount-percent', { percent: 5 }));
  await expect(page.getByTestId('member-shipping')).toHaveText(t(lang, 'member-shipping-free'));
}

test(`a new buyer joins through the gateway and saves at the next checkout (${EN.code})`, async ({ page }) => {
  test.setTimeout(120_000);
  const lang = EN;
  await signUpBuyer(page.request);
  await addAddress(page.request);
  // The header's account menu leads to the member centre.
  await openHydrated(page, `/?lang=${lang.code}`);
  await page.getByTestId('account-menu').locator('summary').click();
  await page.getByRole('link', { name: t(lang, 'header-membership-centre'), exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/member-center');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'header-membership-centre'));
  await expect(page.getByTestId('member-state')).toHaveText(t(lang, 'member-not-member'));
  await expect(page.getByTestId('member-discount')).toHaveText(t(lang, 'member-discount-none'));
  await expect(page.getByTestId('member-level-name')).toBeVisible();
  await expect(page.getByTestId('member-points-mall-link')).toHaveAttribute('href', '/member-center/integral-mall');

  await page.getByTestId('member-buy-link').click();
  await page.waitForURL((u) => u.pathname === '/member-center/buy-member');
  await waitForHydration(page);
  const form = page.getByTestId('member-buy-form');
  await form.getByTestId('member-plan-1').check();
  await form.getByTestId(`member-method-${STRIPE}`).check();
  await form.getByTestId('member-buy-submit').click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/dev/gateway/'));
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  // Back through the checkout counter to the member centre.
  await page.waitForURL((u) => u.pathname === '/member-center', { timeout: 30_000 });
  await expectActive(page, lang);

  await checkoutShowsTheEquity(page, lang);
});

test(`a new buyer joins with the balance and saves at the next checkout (${KM.code})`, async ({ page }) => {
  test.setTimeout(120_000);
  const lang = KM;
  await signUpBuyer(page.request, PASSWORD);
  await addAddress(page.request);
  await topUp(page.request, 2_000);
  await apiData(page.request, 'PUT', '/p/user/payPassword', { payPassword: PAY_PASSWORD, password: PASSWORD });

  await openHydrated(page, `/member-center/buy-member?lang=${lang.code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'member-nav-buy'));
  const form = page.getByTestId('member-buy-form');
  await form.getByTestId('member-plan-1').check();
  await form.getByTestId(`member-method-${BALANCEPAY}`).check();
  // A wrong-looking password is refused beside the field, nothing is bought.
  await form.getByTestId('member-pay-password').fill('12');
  await form.getByTestId('member-buy-submit').click();
  await expect(form.getByTestId('member-buy-error')).toHaveText(t(lang, 'member-pay-password-invalid'));
  await form.getByTestId('member-pay-password').fill(PAY_PASSWORD);
  await form.getByTestId('member-buy-submit').click();
  await page.waitForURL((u) => u.pathname === '/member-center');
  await expectActive(page, lang);
  const balance = await apiData<{ balance: number }>(page.request, 'GET', '/p/userBalance/info');
  expect(toCents(balance.balance)).toBe(2_000 - 499);

  // The benefits page marks the paid membership as the buyer's.
  await openHydrated(page, `/member-center/member-equity?lang=${lang.code}`);
  await expect(page.getByTestId('member-level-row')).toHaveCount(4);
  await expect(page.getByTestId('member-level-row').first()).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('member-paid-row')).toHaveAttribute('data-current', 'true');

  await checkoutShowsTheEquity(page, lang);
});

for (const lang of [EN, KM]) {
  test(`a guest is sent to sign in and back (${lang.code})`, async ({ page }) => {
    for (const path of ['/member-center', '/member-center/buy-member', '/member-center/member-equity']) {
      await page.goto(`${path}?lang=${lang.code}`);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${path}?lang=${lang.code}`);
    }
  });
}

test('screenshots of the member centre in three languages', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpBuyer(page.request, PASSWORD);
  for (const lang of LANGS) {
    for (const [path, name] of [
      ['/member-center', 'member-center'],
      ['/member-center/member-equity', 'member-equity'],
      ['/member-center/buy-member', 'buy-member'],
    ]) {
      await openHydrated(page, `${path}?lang=${lang.code}`);
      await picture(page, `${name}-${lang.code}`, { fullPage: true, hideToasts: true });
    }
  }
  // A member: the centre and the benefits with the membership active.
  await topUp(page.request, 5_000);
  await apiData(page.request, 'PUT', '/p/user/payPassword', { payPassword: PAY_PASSWORD, password: PASSWORD });
  const paid = await apiData<{ payNo: string }>(page.request, 'POST', '/p/member/buy', {
    planId: 3,
    payType: BALANCEPAY,
    payPassword: PAY_PASSWORD,
    currency: 'USD',
  });
  for (const lang of LANGS) {
    await openHydrated(page, `/member-center?payNo=${paid.payNo}&lang=${lang.code}`);
    await expect(page.getByTestId('member-payment-result')).toHaveAttribute('data-status', 'paid');
    await picture(page, `member-center-active-${lang.code}`, { fullPage: true, hideToasts: true });
  }
});
