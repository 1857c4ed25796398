/**
 * Money and the order records a buyer owns (spec sections 5 and 9): a partial return asks back
 * its units' share of what was paid (the form's hint follows the quantity); an empty wallet
 * shows zero on My assets; a points-mall order shows its points and offers no refund; order
 * lines are named in the reader's language, not the one they were ordered in; the same picture
 * chosen twice is kept once and said so; a review of only spaces is refused. Screenshots at
 * 1366 and 375 px in English, Chinese and Khmer where the buyer saw the fault.
 *
 * The buyers buy in shops 34 and 35, whose stock and orders no other test counts (36 is closed).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  EN,
  KM,
  ZH,
  addAddress,
  apiData,
  picture,
  png,
  shipOrder,
  signUpBuyer,
  t,
  tf,
  topUp,
  tw,
  type Lang,
  waitForHydration,
} from './support';

const PASSWORD = 'Secret#2024';
const PAY_PASSWORD = '135790';
/** `api::config::pay_type::BALANCEPAY`. */
const BALANCEPAY = 9;

async function open(page: Page, path: string, lang: Lang, currency = 'USD'): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang.code}&currency=${currency}`);
  await waitForHydration(page);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await picture(page, `${name}`, { fullPage: true });
}

interface Product {
  prodId: number;
  shopId: number;
  prodName: string;
  skuList: { skuId: number; stocks: number; price: number }[];
}

/** The first on-shelf ordinary product of `shop` with stock, as the API names it now. */
async function productOf(page: Page, shop: number): Promise<Product> {
  const found = await apiData<{ records: { products: { prodId: number; prodType: number }[] }[] }>(
    page.request,
    'GET',
    `/search/page?current=1&size=20&shopId=${shop}`,
  );
  for (const card of found.records[0]?.products ?? []) {
    if (card.prodType !== 0) continue;
    const p = await apiData<Product & { status: number }>(page.request, 'GET', `/prod/prodInfo?prodId=${card.prodId}`);
    if (p.status === 1 && p.skuList[0]?.stocks >= 5) return p;
  }
  throw new Error(`shop ${shop} has nothing to order`);
}

/** A new buyer (signed in on `page`) with an address, a balance and a payment password. */
async function newBuyer(page: Page): Promise<void> {
  await signUpBuyer(page.request, PASSWORD);
  await addAddress(page.request);
  await topUp(page.request, 200_000);
  await apiData(page.request, 'PUT', '/p/user/payPassword', { payPassword: PAY_PASSWORD, password: PASSWORD });
}

/** Orders `count` units of `p` through the cart and pays from the balance; the order's number. */
async function orderAndPay(page: Page, p: Product, count: number): Promise<string> {
  await apiData(page.request, 'POST', '/p/shopCart/changeItem', {
    basketId: 0,
    count,
    prodId: p.prodId,
    shopId: p.shopId,
    shopName: '',
    skuId: p.skuList[0].skuId,
  });
  const cart = await apiData<{ shopCartItems: { basketId: number }[] }[]>(page.request, 'GET', '/p/shopCart/info');
  const basketIds = cart.flatMap((s) => s.shopCartItems.map((i) => i.basketId));
  const conf = await apiData<{ orderToken: string; userAddr: { addrId: number } }>(page.request, 'POST', '/p/order/confirm', {
    basketIds,
    addrId: 0,
    userChangeCoupon: 1,
    couponIds: [],
    usePoints: 0,
  });
  const submitted = await apiData<{ orderNumbers: string }>(page.request, 'POST', '/p/order/submit', {
    orderToken: conf.orderToken,
    addrId: conf.userAddr.addrId,
    couponIds: [],
    usePoints: 0,
    orderShopParam: [],
  });
  const number = submitted.orderNumbers;
  await apiData(page.request, 'POST', '/p/order/pay', {
    orderNumbers: number,
    payType: BALANCEPAY,
    payPassword: PAY_PASSWORD,
    currency: 'USD',
  });
  return number;
}

interface Refundable {
  maxAmount: number;
  items: { orderItemId: number; maxGoods: number; maxAmount: number }[];
}

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

test('a partial return asks back its units’ share, and the hint follows the quantity (en, 1366)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await newBuyer(page);
  const number = await orderAndPay(page, await productOf(page, 34), 3);
  shipOrder(number);
  const view = await apiData<Refundable>(page.request, 'GET', `/p/orderRefund/refundable?orderNumber=${number}`);
  const item = view.items[0];
  const line = Math.round(item.maxAmount * 100);
  const third = Math.floor(line / 3);

  await open(page, `/user-center/apply-return?orderNumber=${number}&orderItemId=${item.orderItemId}`, EN);
  const form = page.getByTestId('refund-apply-form');
  await expect(form.getByTestId('refund-goods')).toHaveValue('3');
  await expect(form.locator('#refund-amount-hint')).toHaveText(tf(EN, 'refund-amount-hint', { max: dollars(line) }));
  await form.getByTestId('refund-goods').fill('1');
  await expect(form.locator('#refund-amount-hint')).toHaveText(tf(EN, 'refund-amount-hint', { max: dollars(third) }));
  await expect(form.getByTestId('refund-amount')).toHaveValue(dollars(third));
  await shot(page, 'refund-partial-en-1366');

  // The whole line for one unit is refused by the server too, and nothing is held.
  const refused = await page.request.post('/api/p/orderRefund/apply', {
    data: {
      orderNumber: number,
      orderItemId: item.orderItemId,
      applyType: 2,
      buyerReason: 3,
      goodsNum: 1,
      refundAmount: line / 100,
      buyerMsg: '',
      photoFiles: [],
    },
  });
  const answer = await refused.json();
  expect(answer.code).toBe('A00001');
  expect(answer.msg).toBe(`The refund amount can be at most $${dollars(third)}`);
  const after = await apiData<Refundable>(page.request, 'GET', `/p/orderRefund/refundable?orderNumber=${number}`);
  expect(after.items[0].maxGoods).toBe(3);
});

for (const [lang, currency, width, zero] of [
  [EN, 'USD', 1366, '$0.00'],
  [KM, 'KHR', 375, '៛0'],
  [ZH, 'USD', 375, '$0.00'],
] as const) {
  test(`an empty wallet shows ${zero} on My assets (${lang.code}, ${width})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpBuyer(page.request, PASSWORD);
    await open(page, '/user-center/uc-home', lang, currency);
    await expect(page.getByTestId('uc-home-balance')).toHaveText(zero);
    await shot(page, `uc-home-empty-wallet-${lang.code}-${width}`);
  });
}

for (const [lang, width] of [
  [EN, 1366],
  [KM, 375],
] as const) {
  test(`a points-mall order shows its points and offers no refund (${lang.code}, ${width})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpBuyer(page.request, PASSWORD);
    await addAddress(page.request);
    await apiData(page.request, 'POST', '/p/score/signIn');
    const offer = await apiData<{ records: { scoreProdId: number; scorePrice: number; stocks: number }[] }>(
      page.request,
      'GET',
      '/score/prodList?current=1&size=50',
    );
    const item = offer.records.find((i) => i.scorePrice === 10 && i.stocks > 0)!;
    const done = await apiData<{ orderNumber: string }>(page.request, 'POST', '/p/scoreOrder/submit', {
      scoreProdId: item.scoreProdId,
      prodCount: 1,
      addrId: 0,
      remarks: '',
    });
    const points = tf(lang, 'points-mall-points', { points: 10 });
    await open(page, `/order-detail?orderNumber=${done.orderNumber}`, lang, 'KHR');
    await expect(page.getByTestId('order-points-paid')).toHaveText(points);
    await expect(page.getByTestId('order-item-price')).toHaveText(`${points} × 1`);
    await expect(page.getByTestId('order-actual-total')).toHaveCount(0);
    await expect(page.getByTestId('order-refund')).toHaveCount(0);
    await shot(page, `points-order-${lang.code}-${width}`);
    await open(page, '/user-center/uc-order', lang, 'KHR');
    const card = page.locator(`[data-testid="uc-order"][data-order-number="${done.orderNumber}"]`);
    await expect(card.getByTestId('uc-order-total')).toHaveText(points);
    await expect(card.getByTestId('uc-order-refund')).toHaveCount(0);
    await expect(card.getByTestId('uc-order-invoice')).toHaveCount(0);
  });
}

test('order lines ordered in Khmer read in English and Chinese (1366 and 375)', async ({ page }) => {
  test.setTimeout(120_000);
  await newBuyer(page);
  await page.goto('/?lang=km');
  const ordered = await productOf(page, 35);
  const number = await orderAndPay(page, ordered, 1);
  for (const [lang, width] of [
    [EN, 1366],
    [ZH, 375],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/user-center/uc-order', lang);
    const named = await apiData<Product>(page.request, 'GET', `/prod/prodInfo?prodId=${ordered.prodId}`);
    expect(named.prodName).not.toBe(ordered.prodName);
    const card = page.locator(`[data-testid="uc-order"][data-order-number="${number}"]`);
    await expect(card.getByTestId('uc-order-item').locator('.uc-order__name a')).toHaveText(named.prodName);
    await shot(page, `uc-order-lines-${lang.code}-${width}`);
  }
});

test('the same voucher chosen twice is kept once and said so (zh_CN, 375)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 900 });
  await newBuyer(page);
  const number = await orderAndPay(page, await productOf(page, 35), 1);
  await open(page, `/user-center/apply-return?orderNumber=${number}`, ZH);
  const form = page.getByTestId('refund-apply-form');
  await form.getByTestId('refund-reason').selectOption('3');
  const upload = form.getByTestId('refund-vouchers');
  const picture = { name: 'receipt.png', mimeType: 'image/png', buffer: png(48) };
  await upload.getByTestId('image-upload-input').setInputFiles(picture);
  await expect(upload.getByTestId('image-upload-item')).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
  await upload.getByTestId('image-upload-input').setInputFiles({ ...picture, name: 'receipt-again.png' });
  await expect(upload.getByTestId('image-upload-error')).toHaveText(
    tw(ZH, 'upload-error-duplicate').replace(/\{\s*\$n\s*\}/, '1'),
  );
  await expect(upload.getByTestId('image-upload-item')).toHaveCount(1);
  await shot(page, 'refund-voucher-twice-zh_CN-375');
  await form.getByTestId('refund-submit').click();
  await page.waitForURL(/\/return-detail\?refundSn=/);
  await expect(page.getByTestId('refund-vouchers-shown').locator('img')).toHaveCount(1);
});

test('a review of only spaces is refused and earns nothing (km, 375)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 900 });
  await newBuyer(page);
  const number = await orderAndPay(page, await productOf(page, 35), 1);
  shipOrder(number);
  await apiData(page.request, 'PUT', `/p/myOrder/receipt/${number}`);
  const before = await apiData<{ score: number }>(page.request, 'GET', '/p/score/scoreInfo');
  await open(page, `/write-comments?orderNumber=${number}`, KM);
  const form = page.getByTestId('review-form').first();
  await form.getByTestId('review-text').fill('      ');
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/p/prodComm');
  await form.getByTestId('review-submit').click();
  await sent;
  await expect(form.getByTestId('review-error')).toHaveText(t(KM, 'error-review-text-blank', 'server.ftl'));
  await shot(page, 'review-spaces-km-375');
  const after = await apiData<{ score: number }>(page.request, 'GET', '/p/score/scoreInfo');
  expect(after.score).toBe(before.score);
  const written = await apiData<{ total: number }>(page.request, 'GET', '/p/prodComm/prodCommPageByUser');
  expect(written.total).toBe(0);
});
