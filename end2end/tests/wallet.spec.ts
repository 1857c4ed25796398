/**
 * The wallet (spec sections 1, 2 uc-balance, 5 the top-up limits, 9).
 *
 * A new buyer opens My Balance (an empty record list), is refused an amount that is not one
 * and one over 100000 in their language beside the field (the top-up is a plain form the server
 * answers, record 0186), tops up through the development gateway (Stripe's page), comes back to
 * the checkout counter that shows the top-up paid and links back to the balance, and finds the
 * new balance and the top-up among the records. UPAY, whose answer has its own page, is gone on
 * to at once as Stripe is. A gateway whose step is a form to post (ABA PayWay's checkout) is
 * taken by the counter the form sends the buyer to; so is one whose step is a QR code, which the
 * counter shows with its countdown until the code is paid from another device (in English and
 * Chinese).
 *
 * My Points: a new buyer signs in daily on three days in a row (the server's clock moved a day
 * at a time, so the test is tagged @clock), sees the page come back with the points it gave,
 * the strip fill with today marked, the points and the streak grow (10, 10, 20), the button
 * turn to "signed in today", and the three sign-in records. In English and Khmer, with
 * screenshots of both pages in three languages.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  EN,
  KM,
  LANGS,
  ZH,
  apiData,
  formatMoney,
  openHydrated,
  picture,
  signInBuyer,
  signUpBuyer,
  stepsAsQr,
  t,
  tf,
  topUp,
  waitForHydration,
} from './support';

const STRIPE = 13;
const UPAY = 15;
const ABA = 17;
const ABA_APP = 18;

for (const lang of [EN, KM]) {
  test(`a buyer tops the balance up through a gateway and sees the record (${lang.code})`, async ({ page }) => {
    await signUpBuyer(page.request);
    await openHydrated(page, `/user-center/uc-balance?lang=${lang.code}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'uc-nav-balance'));
    await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
    await expect(page.getByTestId('wallet-balance-empty')).toContainText(t(lang, 'wallet-balance-empty'));

    const form = page.getByTestId('wallet-top-up-form');
    const amount = form.getByTestId('wallet-top-up-amount');
    const error = form.getByTestId('wallet-top-up-error');
    await expect(page.locator('#wallet-top-up-hint')).toHaveText(tf(lang, 'wallet-top-up-amount-range', { min: '$0.01', max: '$100,000.00' }));
    await expect(error).toBeHidden();
    // Each refusal is the server's: the page comes back with it beside the field and as a toast.
    await form.getByTestId('wallet-top-up-submit').click();
    await expect(error).toHaveText(t(lang, 'wallet-top-up-amount-empty'));
    await amount.fill('12.345');
    await form.getByTestId('wallet-top-up-submit').click();
    await expect(error).toHaveText(t(lang, 'wallet-top-up-amount-invalid'));
    await expect(amount).toHaveValue('12.345');
    await amount.fill('100000.01');
    await amount.press('Enter');
    const range = tf(lang, 'error-recharge-range', { min: '0.01', max: '100000' }, 'server.ftl');
    await expect(error).toHaveText(range);
    await expect(page.getByTestId('flash-error')).toHaveText(range);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveValue('100000.01');
    await expect(page.getByTestId('wallet-balance-empty')).toBeVisible();

    await amount.fill('25.50');
    await form.getByTestId(`wallet-top-up-method-${STRIPE}`).check();
    await form.getByTestId('wallet-top-up-submit').click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/dev/gateway/'));
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/payment');
    await waitForHydration(page);
    await expect(page.getByTestId('payment-paid')).toContainText(t(lang, 'payment-topped-up'), { timeout: 30_000 });
    await page.getByTestId('payment-back-to-balance').click();
    await page.waitForURL((u) => u.pathname === '/user-center/uc-balance');
    await expect(page.getByTestId('wallet-balance')).toHaveText(formatMoney(2_550, 'USD'));
    const record = page.getByTestId('wallet-balance-record');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(t(lang, 'wallet-reason-recharged'));
    await expect(record).toContainText(`+${formatMoney(2_550, 'USD')}`);
  });
}

test('screenshots of My Balance in three languages', async ({ page }) => {
  await signUpBuyer(page.request);
  for (const lang of LANGS) {
    await openHydrated(page, `/user-center/uc-balance?lang=${lang.code}`);
    await picture(page, `uc-balance-empty-${lang.code}`, { fullPage: true, hideToasts: true });
  }
  // One top-up, through the API as the first test does it through the page.
  await topUp(page.request, 4_200);
  for (const lang of LANGS) {
    await openHydrated(page, `/user-center/uc-balance?lang=${lang.code}`);
    await expect(page.getByTestId('wallet-balance-record')).toHaveCount(1);
    await picture(page, `uc-balance-${lang.code}`, { fullPage: true, hideToasts: true });
  }
});

/**
 * Approves the top-up on the development gateway's page; back at the counter, which says the
 * balance was topped up, returns to My Balance, which then shows `cents` (US cents).
 */
async function approveAndReturn(page: Page, cents: number): Promise<void> {
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/payment');
  await waitForHydration(page);
  await expect(page.getByTestId('payment-paid')).toContainText(t(EN, 'payment-topped-up'), { timeout: 30_000 });
  await page.getByTestId('payment-back-to-balance').click();
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatMoney(cents, 'USD'));
}

test('a top-up through a gateway whose step is a form goes on from the checkout counter', async ({ page }) => {
  await signUpBuyer(page.request);
  await openHydrated(page, `/user-center/uc-balance?lang=${EN.code}`);
  const form = page.getByTestId('wallet-top-up-form');
  await form.getByTestId('wallet-top-up-amount').fill('10');
  await form.getByTestId(`wallet-top-up-method-${ABA}`).check();
  await form.getByTestId('wallet-top-up-submit').click();
  // The counter takes the attempt's step (it posts ABA PayWay's form) and the gateway's page shows.
  await page.waitForURL((url) => url.pathname.startsWith('/api/dev/gateway/'));
  await approveAndReturn(page, 1_000);
});

test('a top-up through UPAY goes on to its page and comes back to the counter paid', async ({ page }) => {
  await signUpBuyer(page.request);
  await openHydrated(page, `/user-center/uc-balance?lang=${EN.code}`);
  const form = page.getByTestId('wallet-top-up-form');
  await form.getByTestId('wallet-top-up-amount').fill('7.25');
  const method = form.getByRole('radio', { name: t(EN, 'payment-method-upay'), exact: true });
  await expect(method).toHaveAttribute('value', String(UPAY));
  await method.check();
  await form.getByTestId('wallet-top-up-submit').click();
  // UPAY answers with its checkout page (`checkout_url`), so the form goes straight on there.
  await page.waitForURL((url) => url.pathname.startsWith('/api/dev/gateway/'));
  await expect(page.locator('body')).toContainText('UPAY');
  await approveAndReturn(page, 725);
  await expect(page.getByTestId('wallet-balance-record')).toContainText(`+${formatMoney(725, 'USD')}`);
});

for (const lang of [EN, ZH]) {
  test(`a top-up whose gateway step is a QR code is shown at the counter and paid from another device (${lang.code})`, async ({
    page,
  }) => {
    await signUpBuyer(page.request);
    // The ABA app's step carries a QR code of the development gateway's page; the counter is
    // given it as a gateway that answers only a QR code would (its app link dropped).
    const shown = await stepsAsQr(page, '**/api/p/order/payStatus?*');
    await openHydrated(page, `/user-center/uc-balance?lang=${lang.code}`);
    const form = page.getByTestId('wallet-top-up-form');
    await form.getByTestId('wallet-top-up-amount').fill('12.50');
    const name = t(lang, 'payment-method-aba-app');
    const method = form.getByRole('radio', { name, exact: true });
    await expect(method).toHaveAttribute('value', String(ABA_APP));
    await method.check();
    const toCounter = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/payment');
    await form.getByTestId('wallet-top-up-submit').click();
    // The form sends the buyer to the counter to take the attempt's step.
    const sent = new URL((await toCounter).url());
    expect(sent.searchParams.get('gateway')).toBe('1');
    const payNo = sent.searchParams.get('payNo') ?? '';
    expect(payNo).toMatch(/^\w+$/);
    await waitForHydration(page);

    const qr = page.getByTestId('payment-qr');
    await expect(qr).toBeVisible();
    await expect(qr.getByRole('heading', { level: 2 })).toHaveText(tf(lang, 'payment-qr-title', { method: name }));
    const image = page.getByTestId('payment-qr-image');
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect(image).toHaveAttribute('alt', tf(lang, 'payment-qr-alt', { method: name }));
    // A code lives 15 minutes.
    await expect(page.getByTestId('payment-qr-countdown')).toHaveText(/^1[45]:\d\d$/);
    await expect(qr).toContainText(t(lang, 'payment-qr-expires'));
    await expect(qr).toContainText(t(lang, 'payment-qr-waiting'));
    // The step is taken once: a reload or Back checks the payment instead.
    await expect(page).toHaveURL(new RegExp(`/payment\\?payNo=${payNo}$`));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((attempt) => attempt.payNo === payNo)).toBe(true);

    // Paid on another device (the development gateway's page the code encodes): the counter,
    // asking meanwhile, shows the top-up paid and the way back to the balance.
    const decided = await page.request.post(shown[0].gatewayPage, { form: { decision: 'approve' }, maxRedirects: 0 });
    expect(decided.status()).toBe(303);
    const paid = page.getByTestId('payment-paid');
    await expect(paid).toContainText(t(lang, 'payment-paid'), { timeout: 15_000 });
    await expect(paid).toContainText(t(lang, 'payment-topped-up'));
    await expect(qr).toHaveCount(0);
    const back = page.getByTestId('payment-back-to-balance');
    await expect(back).toHaveText(t(lang, 'wallet-back-to-balance'));
    await back.click();
    await page.waitForURL((u) => u.pathname === '/user-center/uc-balance');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'uc-nav-balance'));
    await expect(page.getByTestId('wallet-balance')).toHaveText(formatMoney(1_250, 'USD'));
    const record = page.getByTestId('wallet-balance-record');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(t(lang, 'wallet-reason-recharged'));
    await expect(record).toContainText(`+${formatMoney(1_250, 'USD')}`);
  });
}

const DAY_MS = 24 * 3_600_000;
const PASSWORD = 'Secret#2024';

for (const lang of [EN, KM]) {
  test(`a buyer signs in daily on three days and sees the strip and the points @clock (${lang.code})`, async ({ page }) => {
    const mail = await signUpBuyer(page.request, PASSWORD);
    const rewards = [10, 10, 20];
    let total = 0;
    for (let day = 1; day <= 3; day++) {
      await openHydrated(page, `/user-center/uc-integral?lang=${lang.code}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'uc-nav-integral'));
      const box = page.getByTestId('wallet-sign-in');
      const days = box.getByTestId('sign-in-day');
      await expect(days).toHaveCount(7);
      await expect(days.nth(day - 1)).toHaveAttribute('data-today', 'true');
      await expect(days.nth(day - 1)).toHaveAttribute('data-signed', 'false');
      await expect(box.getByTestId('wallet-sign-in-status')).toHaveText(tf(lang, 'wallet-sign-in-today', { points: rewards[day - 1] }));
      await box.getByTestId('wallet-sign-in-submit').click();
      // The page comes back from the server with the points it gave.
      await expect(page.getByTestId('flash-success')).toHaveText(tf(lang, 'wallet-sign-in-done', { points: rewards[day - 1] }));
      total += rewards[day - 1];
      await expect(box.getByTestId('wallet-points')).toHaveText(String(total));
      await expect(days.nth(day - 1)).toHaveAttribute('data-signed', 'true');
      await expect(box.locator('[data-signed="true"]')).toHaveCount(day);
      await expect(box.getByTestId('wallet-sign-in-status')).toContainText(tf(lang, 'wallet-sign-in-streak', { days: day }));
      await expect(box.getByTestId('wallet-sign-in-submit')).toBeDisabled();
      await expect(box.getByTestId('wallet-sign-in-submit')).toHaveText(t(lang, 'wallet-sign-in-signed'));
      if (day === 3) break;
      // The next day: the clock moves (sessions end with it) and the buyer signs in again.
      await apiData(page.request, 'POST', '/dev/clock', { advanceMs: DAY_MS });
      await signInBuyer(page.request, mail, PASSWORD);
    }
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('wallet-sign-in-submit')).toBeDisabled();
    const records = page.getByTestId('wallet-points-record');
    await expect(records).toHaveCount(3);
    await expect(records.first()).toContainText(t(lang, 'wallet-points-sign-in'));
    await expect(records.first()).toContainText('+20');
    await expect(page.getByTestId('wallet-points-rules')).toContainText(tf(lang, 'wallet-rule-expiry', { years: 2 }));
  });
}

test('screenshots of My Points in three languages', async ({ page }) => {
  await signUpBuyer(page.request);
  for (const lang of LANGS) {
    await openHydrated(page, `/user-center/uc-integral?lang=${lang.code}`);
    await picture(page, `uc-integral-empty-${lang.code}`, { fullPage: true, hideToasts: true });
  }
  await apiData(page.request, 'POST', '/p/score/signIn');
  for (const lang of LANGS) {
    await openHydrated(page, `/user-center/uc-integral?lang=${lang.code}`);
    await expect(page.getByTestId('wallet-points-record')).toHaveCount(1);
    await picture(page, `uc-integral-${lang.code}`, { fullPage: true, hideToasts: true });
  }
});
