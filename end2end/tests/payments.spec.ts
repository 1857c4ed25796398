/**
 * The checkout counter `/payment` (spec sections 2, 5, 8, 9): two orders paid at once from the
 * balance (the payment password set first, a wrong one refused, the right one paying exactly
 * once); every enabled gateway through the development gateway (approve pays the order;
 * decline is 'Payment failed' and paying again works; abandon leaves the order unpaid until it
 * expires); a QR code paid while the page asks, and one that expires and is refreshed; no
 * method enabled ('not pay way tips'). In English and Khmer, in USD and KHR.
 *
 * Every test uses a new buyer, topped up through the development gateway where it pays from
 * the balance, and buys in shops no other test counts the stock of. The tests that move the server's clock are tagged @clock: moving the clock
 * expires every unpaid order of the server, so `make test-e2e` runs them apart, after the
 * others, on a server of their own, one at a time.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  EN,
  KM,
  addAddress,
  apiData,
  formatMoney,
  placeOrders,
  signInBuyer,
  signUpBuyer,
  sql,
  stepsAsQr,
  t,
  tf,
  toCents,
  topUp,
  waitForHydration,
  type CurrencyCode,
  type Lang,
  type QrAttempt,
} from './support';

/** `api::orders::order_status`. */
const UNPAID = 1;
const PAID = 2;
const CANCELED = 6;
/** `api::config::pay_type`. */
const BALANCEPAY = 9;
const ABA_DEEPLINK = 18;
/** The password `signUpBuyer` gives new buyers. */
const SIGN_IN_PASSWORD = 'Secret#2024';
const PAY_PASSWORD = '135790';

// ---------------------------------------------------------------------------------------------
// The API's answers, as far as these tests read them.

interface PayInfo {
  orders: { orderNumber: string; status: number; actualTotal: number }[];
  totalFee: number;
  endTime: number | null;
  balance: number;
  hasPayPassword: boolean;
  now: number;
}
interface PaySwitchInfo {
  paySwitches: { payType: number; payName: string; enabled: boolean }[];
  expireTime: number;
}
interface OrderDetail {
  orderNumber: string;
  status: number;
}

// ---------------------------------------------------------------------------------------------
// Helpers.

/** Opens `path` in `lang` and `currency` (kept in cookies from then on) and waits for hydration. */
async function open(page: Page, path: string, lang: Lang, currency: CurrencyCode): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang.code}&currency=${currency}`);
  await waitForHydration(page);
}

const payInfo = (request: APIRequestContext, numbers: string[]) =>
  apiData<PayInfo>(request, 'GET', `/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${numbers.join(',')}`);

const orderStatus = async (request: APIRequestContext, number: string): Promise<number> =>
  (await apiData<OrderDetail>(request, 'GET', `/p/myOrder/orderDetail?orderNumber=${number}`)).status;

/** The enabled methods of the pay switch, in its order. */
async function enabledMethods(request: APIRequestContext): Promise<number[]> {
  const info = await apiData<PaySwitchInfo>(request, 'GET', '/sys/config/info/getSysPaySwitch');
  return info.paySwitches.filter((s) => s.enabled).map((s) => s.payType);
}

/** The Fluent key of a method's name (`app::payments::page::method_key`). */
const METHOD_KEYS: Record<number, string> = {
  0: 'payment-method-points',
  9: 'payment-method-balance',
  10: 'payment-method-paypal',
  12: 'payment-method-paypal-card',
  13: 'payment-method-stripe',
  15: 'payment-method-upay',
  16: 'payment-method-upay-app',
  17: 'payment-method-aba',
  18: 'payment-method-aba-app',
};
const GATEWAYS = [10, 12, 13, 15, 16, 17, 18];

/** Chooses a method by its radio's accessible name. */
async function chooseMethod(page: Page, lang: Lang, payType: number): Promise<void> {
  const radio = page.getByRole('radio', { name: t(lang, METHOD_KEYS[payType]), exact: true });
  await radio.check();
  await expect(radio).toBeChecked();
}

/** Pays with a gateway on the open counter and returns on the development gateway's page. */
async function goToGateway(page: Page, lang: Lang, payType: number): Promise<void> {
  await chooseMethod(page, lang, payType);
  await page.getByTestId('payment-pay').click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/dev/gateway/'));
}

/**
 * Decides on the development gateway's page and waits to be back at the counter; returns the
 * address the gateway sent the browser to (the counter may replace it once it knows more).
 */
async function decide(page: Page, decision: 'Approve' | 'Decline' | 'Abandon'): Promise<URL> {
  const back = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/payment');
  await page.getByRole('button', { name: decision, exact: true }).click();
  const url = new URL((await back).url());
  await page.waitForURL((u) => u.pathname === '/payment');
  await waitForHydration(page);
  return url;
}

/** A new buyer with an address, signed in on the page. */
async function newBuyer(page: Page): Promise<string> {
  const mail = await signUpBuyer(page.request, SIGN_IN_PASSWORD);
  await addAddress(page.request);
  return mail;
}

// ---------------------------------------------------------------------------------------------
// The balance.

for (const { lang, currency } of [
  { lang: EN, currency: 'USD' as CurrencyCode },
  { lang: KM, currency: 'KHR' as CurrencyCode },
]) {
  test(`two orders paid at once from the balance, with the payment password (${lang.code}, ${currency}) @cluster`, async ({ page }) => {
    test.setTimeout(90_000);
    await newBuyer(page);
    const numbers = await placeOrders(page.request, [10, 11]);
    expect(numbers).toHaveLength(2);
    const info = await payInfo(page.request, numbers);
    const due = toCents(info.totalFee);
    expect(due).toBe(info.orders.reduce((sum, o) => sum + toCents(o.actualTotal), 0));
    expect(info.hasPayPassword).toBe(false);
    await topUp(page.request, due + 500);

    await open(page, `/payment?orderNumbers=${numbers.join(',')}`, lang, currency);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'payment-title'));
    await expect(page.getByTestId('payment-amount')).toHaveText(formatMoney(due, currency));
    await expect(page.getByTestId('payment-order')).toHaveCount(2);
    for (const number of numbers) {
      await expect(page.locator(`[data-testid="payment-order"][data-order-number="${number}"]`)).toContainText(
        tf(lang, 'payment-order-link', { number }),
      );
    }
    await expect(page.getByTestId('payment-countdown')).toHaveText(/^(2\d|30):\d\d$/);
    const balance = page.locator(`[data-testid="payment-method"][data-pay-type="${BALANCEPAY}"]`);
    await expect(balance).toContainText(tf(lang, 'payment-balance-have', { amount: formatMoney(due + 500, currency) }));
    await chooseMethod(page, lang, BALANCEPAY);

    // No payment password yet: set one first (a mismatch is caught here).
    const pay = page.getByTestId('payment-pay');
    await pay.click();
    const setDialog = page.getByRole('dialog', { name: t(lang, 'payment-set-password-title') });
    await expect(setDialog).toBeVisible();
    // The counter's script makes the dialog the server rendered open modal (record 0191).
    const modal = page.locator('dialog:modal');
    await expect(modal).toHaveCount(1);
    await expect(page.locator('#pay-password-new')).toBeFocused();
    await page.keyboard.type('13a5790');
    await expect(page.locator('#pay-password-new')).toHaveValue(PAY_PASSWORD);
    await page.locator('#pay-password-again').fill('135791');
    await page.getByTestId('pay-sign-in-password').fill(SIGN_IN_PASSWORD);
    await page.getByTestId('pay-password-save').click();
    await expect(page.getByTestId('pay-dialog-error')).toHaveText(t(lang, 'payment-password-mismatch'));
    await page.locator('#pay-password-again').fill(PAY_PASSWORD);
    await page.getByTestId('pay-password-save').click();

    // Then the payment password: a wrong one is refused in the dialog, nothing is paid.
    const dialog = page.getByRole('dialog', { name: t(lang, 'payment-password-title') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(tf(lang, 'payment-password-amount', { amount: formatMoney(due, currency) }));
    const input = page.locator('#pay-password');
    await expect(modal).toHaveCount(1);
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('autocomplete', 'off');
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pay-dialog-error')).not.toBeEmpty();
    await expect(input).toHaveValue('');
    for (const number of numbers) expect(await orderStatus(page.request, number)).toBe(UNPAID);

    // Escape closes the dialog and gives the focus back to the pay button.
    await expect(modal).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(pay).toBeFocused();

    // The right one pays both orders, once, even when clicked twice. Both clicks land before
    // the answer: a second click after it would follow the order link that replaces the button.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await input.fill(PAY_PASSWORD);
    await page.getByTestId('pay-password-submit').evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    const paid = page.getByTestId('payment-paid');
    await expect(paid).toBeVisible();
    await expect(paid).toContainText(t(lang, 'payment-paid'));
    await expect(page.getByTestId('payment-order-link')).toHaveCount(2);
    for (const number of numbers) expect(await orderStatus(page.request, number)).toBe(PAID);
    const after = await payInfo(page.request, numbers);
    expect(toCents(after.balance)).toBe(500);
    expect(after.hasPayPassword).toBe(true);
  });
}

// ---------------------------------------------------------------------------------------------
// The gateways, through the development gateway.

for (const [index, { lang, currency }] of [
  { lang: EN, currency: 'USD' as CurrencyCode },
  { lang: KM, currency: 'KHR' as CurrencyCode },
].entries()) {
  test(`every enabled gateway pays through the development gateway (${lang.code}, ${currency}) @cluster`, async ({ page }) => {
    test.setTimeout(180_000);
    await newBuyer(page);
    const gateways = (await enabledMethods(page.request)).filter((m) => GATEWAYS.includes(m));
    expect(gateways.length, 'the demo mall enables gateways').toBeGreaterThan(0);
    for (const payType of gateways) {
      const [number] = await placeOrders(page.request, [8], index);
      await open(page, `/payment?orderNumbers=${number}`, lang, currency);
      await goToGateway(page, lang, payType);
      const back = await decide(page, 'Approve');
      expect(back.searchParams.get('payNo'), `${payType} comes back with its attempt`).toBeTruthy();
      await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 15_000 });
      // A single order: its page opens after a short pause, paid.
      await page.waitForURL((url) => url.pathname === '/order-detail' && url.searchParams.get('orderNumber') === number);
      await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', String(PAID));
      await expect(page.getByTestId('order-pay')).toHaveCount(0);
    }
  });

  test(`a declined payment is 'Payment failed' and paying again works (${lang.code}, ${currency})`, async ({ page }) => {
    test.setTimeout(90_000);
    await newBuyer(page);
    const gateways = (await enabledMethods(page.request)).filter((m) => GATEWAYS.includes(m) && m !== ABA_DEEPLINK);
    const [first, second] = [gateways[index % gateways.length], gateways[(index + 1) % gateways.length]];
    const [number] = await placeOrders(page.request, [9], index);
    await open(page, `/payment?orderNumbers=${number}`, lang, currency);
    await goToGateway(page, lang, first);
    await decide(page, 'Decline');
    const notice = page.getByTestId('payment-notice-failed');
    await expect(notice).toContainText(t(lang, 'payment-failed'));
    await expect(notice).toContainText(t(lang, 'payment-failed-text'));
    // The address bar names the order again, the declined method is offered first.
    await expect(page).toHaveURL(new RegExp(`/payment\\?orderNumbers=${number}$`));
    await expect(page.getByRole('radio', { name: t(lang, METHOD_KEYS[first]), exact: true })).toBeChecked();
    expect(await orderStatus(page.request, number)).toBe(UNPAID);

    await goToGateway(page, lang, second);
    await decide(page, 'Approve');
    await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 15_000 });
    expect(await orderStatus(page.request, number)).toBe(PAID);
  });

  test(`an abandoned payment leaves the order unpaid until it expires @clock (${lang.code}, ${currency})`, async ({ page }) => {
    test.setTimeout(90_000);
    const mail = await newBuyer(page);
    const [gateway] = (await enabledMethods(page.request)).filter((m) => GATEWAYS.includes(m) && m !== ABA_DEEPLINK);
    const [number] = await placeOrders(page.request, [13], index);
    await open(page, `/payment?orderNumbers=${number}`, lang, currency);
    await goToGateway(page, lang, gateway);
    const back = await decide(page, 'Abandon');
    expect(back.searchParams.get('cancel')).toBe('1');
    await expect(page.getByTestId('payment-notice-cancelled')).toContainText(t(lang, 'payment-cancelled'));
    await expect(page.getByTestId('payment-pay')).toBeVisible();
    expect(await orderStatus(page.request, number)).toBe(UNPAID);

    // The order's time runs out (30 minutes): it is cancelled and the counter says so. The
    // session idled as long, so the buyer signs in again.
    const info = await payInfo(page.request, [number]);
    await apiData(page.request, 'POST', '/dev/clock', { advanceMs: info.endTime! - info.now + 60_000 });
    await signInBuyer(page.request, mail, SIGN_IN_PASSWORD);
    await expect.poll(() => orderStatus(page.request, number)).toBe(CANCELED);
    await open(page, `/payment?orderNumbers=${number}`, lang, currency);
    const closed = page.getByTestId('payment-closed');
    await expect(closed).toContainText(t(lang, 'payment-closed-text'));
    await expect(page.getByTestId('payment-pay')).toHaveCount(0);
  });
}

// ---------------------------------------------------------------------------------------------
// A QR code: paid while the page asks, and expired then refreshed. The development gateway
// opens its page for the app; the counter is told to show the same attempt as a QR code.

/** Answers the counter's pay calls as QR codes, expiring `expiresInMs` after the answer when given. */
const payAsQr = (page: Page, expiresInMs?: number): Promise<QrAttempt[]> =>
  stepsAsQr(page, '**/api/p/order/pay', expiresInMs);

test('a QR code is paid while the counter asks, and an expired one is refreshed (en, KHR)', async ({ page }) => {
  test.setTimeout(90_000);
  const lang = EN;
  await newBuyer(page);
  test.skip(!(await enabledMethods(page.request)).includes(ABA_DEEPLINK), 'the ABA app is not enabled');
  const [number] = await placeOrders(page.request, [6]);

  // A code that expires 3 s after it is shown: 'QR code expired', then Refresh starts anew.
  // Pay Now is a form: the counter's script takes the attempt's step as the page loads, from
  // the attempt's status (record 0191).
  const statusUrl = '**/api/p/order/payStatus?*';
  const first = await stepsAsQr(page, statusUrl, 3_000);
  await open(page, `/payment?orderNumbers=${number}`, lang, 'KHR');
  await chooseMethod(page, lang, ABA_DEEPLINK);
  const toCounter = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/payment');
  await page.getByTestId('payment-pay').click();
  const sent = new URL((await toCounter).url());
  expect(sent.searchParams.get('gateway')).toBe('1');
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  await page.unroute(statusUrl);
  await expect(page.getByTestId('payment-qr-image')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect(page.getByTestId('payment-qr-countdown')).toHaveText(/^00:0[0-3]$/);
  const expired = page.getByTestId('payment-qr-expired');
  await expect(expired).toContainText(t(lang, 'payment-qr-expired'), { timeout: 10_000 });
  const fresh = await payAsQr(page);
  await expired.getByRole('button', { name: t(lang, 'payment-refresh') }).click();
  await expect(qr).toBeVisible();
  await expect(page.getByTestId('payment-qr-countdown')).toHaveText(/^1[45]:\d\d$/);
  expect(first.length).toBeGreaterThanOrEqual(1);
  expect(first[0].payNo).toBe(sent.searchParams.get('payNo'));
  expect(fresh).toHaveLength(1);
  // Only this page saw the code expire: at the server the attempt is open for 15 minutes, so
  // asking again answers the same attempt, no second checkout session (record 0151).
  expect(fresh[0].payNo).toBe(first[0].payNo);

  // Paid on another device (the development gateway's page of the code): the counter sees it.
  const decided = await page.request.post(fresh[0].gatewayPage, { form: { decision: 'approve' }, maxRedirects: 0 });
  expect(decided.status()).toBe(303);
  await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 15_000 });
  expect(await orderStatus(page.request, number)).toBe(PAID);
});

// ---------------------------------------------------------------------------------------------
// No method enabled.

for (const { lang, currency } of [
  { lang: EN, currency: 'USD' as CurrencyCode },
  { lang: KM, currency: 'KHR' as CurrencyCode },
]) {
  // Every switch off at the server for a moment: the other buyers of this server would see it
  // too, so the test runs alone (@serial). The server renders no method to choose, and the
  // counter's island, loading the switch itself, says why.
  test(`with no method enabled the counter says so ('not pay way tips') (${lang.code}, ${currency}) @serial`, async ({ page }) => {
    await newBuyer(page);
    const [number] = await placeOrders(page.request, [15]);
    const real = await apiData<PaySwitchInfo>(page.request, 'GET', '/sys/config/info/getSysPaySwitch');
    expect(real.paySwitches.some((s) => s.enabled)).toBe(true);
    sql('CREATE TABLE pay_switch_kept AS SELECT pay_type, enabled FROM pay_switch; UPDATE pay_switch SET enabled = 0;');
    try {
      // No switch cached from before in the browser.
      await page.goto('/');
      await page.evaluate(() => localStorage.clear());
      const dialog = page.getByRole('alertdialog', { name: t(lang, 'payment-no-way-title') });
      // A render may read the switch of up to five seconds ago (the shared answers).
      await expect(async () => {
        await open(page, `/payment?orderNumbers=${number}`, lang, currency);
        await expect(dialog).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
      await expect(dialog).toContainText(t(lang, 'payment-no-way'));
      await dialog.getByRole('button', { name: t(lang, 'payment-ok') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('payment-no-way')).toHaveText(t(lang, 'payment-no-way'));
      await expect(page.getByTestId('payment-pay')).toHaveCount(0);
      expect(await orderStatus(page.request, number)).toBe(UNPAID);
    } finally {
      sql(
        'UPDATE pay_switch SET enabled = (SELECT k.enabled FROM pay_switch_kept k WHERE k.pay_type = pay_switch.pay_type); DROP TABLE pay_switch_kept;',
      );
    }
  });
}
