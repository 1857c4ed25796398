/**
 * Refunds and returns (spec sections 2, 4, 5, 9): a buyer with an order paid from the balance
 * applies for a refund from My Orders with a voucher picture (the amount prefilled with what was
 * paid, a refusal of the form said beside its field), the merchant accepts (the development
 * command `server refund accept` on this run's database), the progress shows each step with its
 * time, and the money is back in the balance; a second application left unanswered is refunded
 * by the platform once the server's clock moves 7 days (@clock). A return in Chinese goes
 * through the return shipment page. In English and Khmer; screenshots of the pages in English,
 * Chinese and Khmer.
 *
 * The buyers buy in shops 21, 22 and 23, whose stock no test counts (returned goods add to it).
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  EN,
  KM,
  ZH,
  addAddress,
  apiData,
  picture,
  placeOrders,
  png,
  shipOrder,
  signInBuyer,
  signUpBuyer,
  t,
  tf,
  topUp,
  type Lang,
  waitForHydration,
} from './support';

const ROOT = join(__dirname, '..', '..');
const PORT = process.env.MALL_E2E_PORT ?? '3100';
const PASSWORD = 'Secret#2024';
const PAY_PASSWORD = '135790';
/** `api::config::pay_type::BALANCEPAY`. */
const BALANCEPAY = 9;
const DAY = 24 * 3_600_000;

/** `server refund ACTION REFUND_SN` on this run's database, as the merchant would. */
function merchant(action: 'accept' | 'refuse' | 'receive', refundSn: string): void {
  execFileSync(join(ROOT, 'target', 'release', 'server'), ['refund', action, refundSn], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: process.env.MALL_E2E_DATABASE_URL ?? `sqlite://target/e2e-${PORT}/mall.db`, RUST_LOG: 'warn' },
    stdio: 'pipe',
  });
}

/** A new buyer (signed in on `page`) with `count` orders paid from the balance in `shop`; their numbers and the buyer's mail. */
async function buyerWithPaidOrders(page: Page, shop: number, count = 1): Promise<{ numbers: string[]; mail: string }> {
  const request = page.request;
  const mail = await signUpBuyer(request, PASSWORD);
  await addAddress(request);
  await topUp(request, 100_000);
  await apiData(request, 'PUT', '/p/user/payPassword', { payPassword: PAY_PASSWORD, password: PASSWORD });
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const [number] = await placeOrders(request, [shop], i);
    await apiData(request, 'POST', '/p/order/pay', {
      orderNumbers: number,
      payType: BALANCEPAY,
      payPassword: PAY_PASSWORD,
      currency: 'USD',
    });
    numbers.push(number);
  }
  return { numbers, mail };
}

async function balance(page: Page): Promise<number> {
  const info = await apiData<{ balance: number }>(page.request, 'GET', '/p/userBalance/info');
  return Math.round(info.balance * 100);
}

async function open(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang.code}`);
  await waitForHydration(page);
}

interface Refundable {
  maxAmount: number;
  items: { orderItemId: number }[];
}

/** Applies through the form of `/user-center/apply-return` (already open); returns the refund number. */
async function applyWithVoucher(page: Page, lang: Lang): Promise<string> {
  const form = page.getByTestId('refund-apply-form');
  await form.getByTestId('refund-reason').selectOption('3');
  const note = lang.code === 'km' ? 'ក្រណាត់រហែកនៅថ្នេរ។' : 'The seam is torn.';
  await form.getByTestId('refund-note').fill(note);
  await expect(form.getByTestId('refund-note-count')).toHaveText(`${[...note].length}/200`);
  const upload = form.getByTestId('refund-vouchers');
  await upload
    .getByTestId('image-upload-input')
    .setInputFiles({ name: 'seam.png', mimeType: 'image/png', buffer: png(48, [228, 57, 60], [43, 108, 176]) });
  await expect(upload.getByTestId('image-upload-item')).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
  await form.getByTestId('refund-submit').click();
  // The page goes to the new application's detail.
  await page.waitForURL(/\/return-detail\?refundSn=/);
  await waitForHydration(page);
  return new URL(page.url()).searchParams.get('refundSn')!;
}

for (const [lang, shop] of [
  [EN, 21],
  [KM, 22],
] as const) {
  test(`a balance-paid order is refunded with a voucher, step by step, back to the balance (${lang.code}) @cluster`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { numbers } = await buyerWithPaidOrders(page, shop);
    const [number] = numbers;
    const before = await balance(page);

    // My Orders leads to the form, the amount prefilled with what was paid.
    await open(page, '/user-center/uc-order', lang);
    const card = page.locator(`[data-testid="uc-order"][data-order-number="${number}"]`);
    await expect(card.getByTestId('uc-order-refund')).toHaveText(t(lang, 'refund-action'));
    await card.getByTestId('uc-order-refund').click();
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/user-center/apply-return');
    await expect(page.locator('h1')).toHaveText(t(lang, 'refund-apply-title'));
    const view = await apiData<Refundable>(page.request, 'GET', `/p/orderRefund/refundable?orderNumber=${number}`);
    const form = page.getByTestId('refund-apply-form');
    await expect(form.getByTestId('refund-amount')).toHaveValue(view.maxAmount.toFixed(2));
    // Goods not shipped can only be refunded.
    await expect(form.getByTestId('refund-type-2')).toBeDisabled();

    // A refusal said beside its field: more than was paid, and no reason.
    await form.getByTestId('refund-amount').fill((view.maxAmount + 1).toFixed(2));
    await form.getByTestId('refund-submit').click();
    await expect(form.getByTestId('refund-amount-error')).toHaveText(
      tf(lang, 'error-refund-amount-max', { max: view.maxAmount.toFixed(2) }, 'server.ftl'),
    );
    await expect(form.getByTestId('refund-reason-error')).toHaveText(t(lang, 'error-refund-reason', 'server.ftl'));
    await form.getByTestId('refund-amount').fill(view.maxAmount.toFixed(2));
    await picture(page, `apply-return-${lang.code}`, { fullPage: true });

    const refundSn = await applyWithVoucher(page, lang);
    const detail = page.getByTestId('refund-detail');
    await expect(detail.getByTestId('refund-status')).toHaveText(t(lang, 'refund-sts-applied'));
    await expect(detail.getByTestId('refund-step')).toHaveCount(1);
    await expect(detail.getByTestId('refund-step-pending')).toHaveCount(2);
    await expect(detail.getByTestId('refund-vouchers-shown').locator('img')).toHaveCount(1);
    await expect(detail.getByTestId('refund-deadline')).toBeVisible();

    // The merchant accepts: refunded at once, the money back in the balance.
    merchant('accept', refundSn);
    await open(page, `/return-detail?refundSn=${refundSn}`, lang);
    await expect(detail.getByTestId('refund-status')).toHaveText(t(lang, 'refund-sts-success'));
    const steps = detail.getByTestId('refund-step');
    await expect(steps).toHaveCount(3);
    for (const [i, key] of ['refund-step-applies', 'refund-step-accepts', 'refund-step-success'].entries()) {
      await expect(steps.nth(i)).toContainText(t(lang, key));
      await expect(steps.nth(i).locator('time')).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    }
    await expect(detail.getByTestId('refund-step-pending')).toHaveCount(0);
    await expect(detail.getByTestId('refund-withdraw')).toHaveCount(0);
    expect(await balance(page)).toBe(before + Math.round(view.maxAmount * 100));
    await picture(page, `return-detail-${lang.code}`, { fullPage: true });

    await open(page, `/return-detail/components/refund-progress?refundSn=${refundSn}`, lang);
    await expect(page.getByTestId('refund-progress').getByTestId('refund-step')).toHaveCount(3);
    await picture(page, `refund-progress-${lang.code}`, { fullPage: true });

    // The list: under Completed, not under Proceeding.
    await open(page, '/user-center/uc-return?status=2', lang);
    await expect(page.getByTestId('uc-return')).toHaveCount(1);
    await expect(page.getByTestId('uc-return-status')).toHaveText(t(lang, 'refund-sts-success'));
    await picture(page, `uc-return-${lang.code}`, { fullPage: true });
    await open(page, '/user-center/uc-return?status=1', lang);
    await expect(page.getByTestId('uc-returns-empty')).toContainText(t(lang, 'refund-empty-proceeding'));
    // The order, refunded in full, is closed: no second application.
    await open(page, `/user-center/apply-return?orderNumber=${number}`, lang);
    await expect(page.getByTestId('refund-apply-closed')).toBeVisible();
  });
}

test('an application the merchant leaves unanswered for 7 days is refunded by the platform @clock (km)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lang = KM;
  const { numbers, mail } = await buyerWithPaidOrders(page, 23);
  const [number] = numbers;
  const view = await apiData<Refundable>(page.request, 'GET', `/p/orderRefund/refundable?orderNumber=${number}`);
  const before = await balance(page);
  await open(page, `/user-center/apply-return?orderNumber=${number}`, lang);
  const refundSn = await applyWithVoucher(page, lang);
  await expect(page.getByTestId('refund-status')).toHaveText(t(lang, 'refund-sts-applied'));

  await apiData(page.request, 'POST', '/dev/clock', { advanceMs: 7 * DAY });
  // The session idled as long: the buyer signs in again.
  await signInBuyer(page.request, mail, PASSWORD);
  await open(page, `/return-detail?refundSn=${refundSn}`, lang);
  await expect(page.getByTestId('refund-status')).toHaveText(t(lang, 'refund-sts-success'));
  await expect(page.getByTestId('refund-auto')).toHaveText(t(lang, 'refund-auto-refunded'));
  await expect(page.getByTestId('refund-step')).toHaveCount(2);
  expect(await balance(page)).toBe(before + Math.round(view.maxAmount * 100));
  // Once: the clock again changes nothing.
  await apiData(page.request, 'POST', '/dev/clock', { advanceMs: DAY });
  await signInBuyer(page.request, mail, PASSWORD);
  expect(await balance(page)).toBe(before + Math.round(view.maxAmount * 100));
});

test('a return goes back with its shipment, and the pages in Chinese (screenshots)', async ({ page }) => {
  test.setTimeout(120_000);
  const lang = ZH;
  const { numbers } = await buyerWithPaidOrders(page, 21, 1);
  const [number] = numbers;
  shipOrder(number);
  const view = await apiData<Refundable>(page.request, 'GET', `/p/orderRefund/refundable?orderNumber=${number}`);
  await open(page, `/user-center/apply-return?orderNumber=${number}&orderItemId=${view.items[0].orderItemId}`, lang);
  await page.getByTestId('refund-type-2').check();
  await picture(page, `apply-return-${lang.code}`, { fullPage: true });
  const refundSn = await applyWithVoucher(page, lang);
  merchant('accept', refundSn);
  await open(page, `/return-detail?refundSn=${refundSn}`, lang);
  await expect(page.getByTestId('refund-status')).toHaveText(t(lang, 'refund-sts-accepted'));
  await page.getByTestId('refund-proof-link').click();
  await waitForHydration(page);
  expect(new URL(page.url()).pathname).toBe('/user-center/return-proof');
  const form = page.getByTestId('refund-proof-form');
  await form.getByTestId('proof-carrier').fill('顺丰速运');
  await form.getByTestId('proof-tracking').fill('SF1234567890');
  await form.getByTestId('proof-mobile').fill('1381234567');
  await form.getByTestId('proof-submit').click();
  await expect(form.getByTestId('proof-mobile-error')).toHaveText(
    tf(lang, 'error-refund-mobile', { digits: 11 }, 'server.ftl'),
  );
  await form.getByTestId('proof-mobile').fill('13812345678');
  await picture(page, `return-proof-${lang.code}`, { fullPage: true });
  await form.getByTestId('proof-submit').click();
  await page.waitForURL(/\/return-detail\?refundSn=/);
  await waitForHydration(page);
  await expect(page.getByTestId('refund-status')).toHaveText(t(lang, 'refund-sts-shipped'));
  await expect(page.getByTestId('refund-shipment')).toContainText('SF1234567890');
  merchant('receive', refundSn);
  await open(page, `/return-detail?refundSn=${refundSn}`, lang);
  await expect(page.getByTestId('refund-step')).toHaveCount(5);
  await picture(page, `return-detail-${lang.code}`, { fullPage: true });
  await open(page, `/return-detail/components/refund-progress?refundSn=${refundSn}`, lang);
  await picture(page, `refund-progress-${lang.code}`, { fullPage: true });
  await open(page, '/user-center/uc-return', lang);
  await expect(page.getByTestId('uc-return')).toHaveCount(1);
  await picture(page, `uc-return-${lang.code}`, { fullPage: true });
});

test('the return proof page in English and Khmer (screenshots)', async ({ page }) => {
  test.setTimeout(120_000);
  const { numbers } = await buyerWithPaidOrders(page, 22, 1);
  const [number] = numbers;
  shipOrder(number);
  const view = await apiData<Refundable>(page.request, 'GET', `/p/orderRefund/refundable?orderNumber=${number}`);
  const applied = await apiData<{ refundSn: string }>(page.request, 'POST', '/p/orderRefund/apply', {
    orderNumber: number,
    orderItemId: 0,
    applyType: 2,
    buyerReason: 2,
    goodsNum: 1,
    refundAmount: view.maxAmount,
    buyerMsg: '',
    photoFiles: [],
  });
  merchant('accept', applied.refundSn);
  for (const lang of [EN, KM]) {
    await open(page, `/user-center/return-proof?refundSn=${applied.refundSn}`, lang);
    await expect(page.locator('h1')).toHaveText(t(lang, 'refund-proof-title'));
    await expect(page.getByTestId('refund-proof-form')).toBeVisible();
    await picture(page, `return-proof-${lang.code}`, { fullPage: true });
  }
});
