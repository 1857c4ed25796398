/**
 * Full-page pictures of the home, list, detail, shop and coupon pages in each language, of a
 * new buyer's cart, order confirmation, checkout counter and order in Chinese and Khmer, and of
 * the checkout counter with its payment password dialogs and a QR code in English, written to
 * end2end/screenshots/ for a person to look at (`make screenshots`). Without pictures (CI), the
 * journeys still run with their checks; the plain page pictures, which check nothing else, are
 * skipped.
 */
import { expect, test } from '@playwright/test';
import {
  EN,
  KM,
  LANGS,
  ZH,
  addAddress,
  apiData,
  picture,
  TAKING_PICTURES,
  placeOrders,
  signUpBuyer,
  stepsAsQr,
  t,
  topUp,
  waitForHydration,
} from './support';

const PAGES = [
  { name: 'home', url: '/' },
  { name: 'list', url: '/list?st=2' },
  { name: 'detail', url: '/detail?prodId=1' },
  { name: 'shop', url: '/shop-index?sid=2' },
  { name: 'coupon', url: '/coupon/3' },
];

for (const lang of LANGS) for (const shot of PAGES) {
  test(`screenshot of ${shot.url} (${lang.code})`, async ({ page }) => {
    test.skip(!TAKING_PICTURES, 'a picture only, taken by make screenshots');
    await page.goto(`${shot.url}${shot.url.includes('?') ? '&' : '?'}lang=${lang.code}`);
    await waitForHydration(page);
    await expect(page.getByTestId('login-link')).toHaveText(t(lang, 'header-login'));
    await picture(page, `${shot.name}-${lang.code}`, { fullPage: true });
  });
}

/** The buyer's side of an order: the cart, the order confirmation and the order placed. */
for (const lang of [ZH, KM]) {
  test(`screenshots of /cart, /submit-order, /payment and /order-detail (${lang.code})`, async ({ page }) => {
    test.setTimeout(60_000);
    await signUpBuyer(page.request);
    await addAddress(page.request, lang === ZH ? '王小明' : 'សុខ ដារា');
    // One product of two shops each, two units of the first.
    for (const [shopId, count] of [[3, 2], [4, 1]]) {
      const list = await apiData<{ records: { products: { prodId: number; prodType: number }[] }[] }>(
        page.request,
        'GET',
        `/search/page?current=1&size=10&shopId=${shopId}`,
      );
      const card = list.records[0].products.find((p) => p.prodType === 0)!;
      const p = await apiData<{ shopId: number; skuList: { skuId: number }[] }>(
        page.request,
        'GET',
        `/prod/prodInfo?prodId=${card.prodId}`,
      );
      await apiData(page.request, 'POST', '/p/shopCart/changeItem', {
        basketId: 0,
        count,
        prodId: card.prodId,
        shopId: p.shopId,
        shopName: '',
        skuId: p.skuList[0].skuId,
      });
    }

    await page.goto(`/cart?lang=${lang.code}`);
    await waitForHydration(page);
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await page.getByTestId('cart-select-all').check();
    await expect(page.getByTestId('cart-total')).not.toBeEmpty();
    await picture(page, `cart-${lang.code}`, { fullPage: true });

    await page.getByTestId('cart-settle').click();
    await page.waitForURL((url) => url.pathname === '/submit-order');
    await waitForHydration(page);
    await expect(page.getByTestId('checkout-actual-total')).toBeVisible();
    await expect(page.getByTestId('checkout-submit')).toBeEnabled();
    await picture(page, `submit-order-${lang.code}`, { fullPage: true });

    await page.getByTestId('checkout-submit').click();
    await page.waitForURL((url) => url.pathname === '/payment');
    await waitForHydration(page);
    await expect(page.getByTestId('payment-pay')).toBeVisible();
    await picture(page, `payment-${lang.code}`, { fullPage: true });
    const [first] = (new URL(page.url()).searchParams.get('orderNumbers') ?? '').split(',');
    await page.goto(`/order-detail?orderNumber=${first}`);
    await waitForHydration(page);
    await expect(page.getByTestId('order-status')).toHaveText(t(lang, 'order-status-unpaid'));
    await picture(page, `order-detail-${lang.code}`, { fullPage: true });
  });
}

/** The checkout counter of two orders, its payment password dialogs and a QR code (English). */
test('screenshots of /payment, its payment password dialogs and a QR code (en)', async ({ page }) => {
  test.setTimeout(60_000);
  const lang = EN;
  await signUpBuyer(page.request);
  await addAddress(page.request);
  const numbers = await placeOrders(page.request, [3, 4]);
  await topUp(page.request, 50_000);
  await page.goto(`/payment?orderNumbers=${numbers.join(',')}&lang=${lang.code}&currency=USD`);
  await waitForHydration(page);
  await expect(page.getByTestId('payment-pay')).toBeVisible();
  await picture(page, `payment-${lang.code}`, { fullPage: true });

  // Pay Now with the balance comes back asking for the payment password, or to set one first.
  const counter = `/payment?orderNumbers=${numbers.join(',')}&lang=${lang.code}&currency=USD`;
  await page.getByRole('radio', { name: t(lang, 'payment-method-balance'), exact: true }).check();
  await page.getByTestId('payment-pay').click();
  await expect(page.getByTestId('pay-set-password-dialog')).toBeVisible();
  await expect(page.locator('dialog:modal')).toHaveCount(1);
  await picture(page, `payment-set-password-${lang.code}`);
  await apiData(page.request, 'PUT', '/p/user/payPassword', { payPassword: '135790', password: 'Secret#2024' });
  await page.goto(counter);
  await waitForHydration(page);
  await page.getByRole('radio', { name: t(lang, 'payment-method-balance'), exact: true }).check();
  await page.getByTestId('payment-pay').click();
  await expect(page.getByTestId('pay-password-dialog')).toBeVisible();
  await expect(page.locator('dialog:modal')).toHaveCount(1);
  await page.keyboard.type('123');
  await picture(page, `payment-password-${lang.code}`);
  await page.keyboard.press('Escape');

  // The ABA app's attempt shown as a QR code (the development gateway opens a page instead):
  // Pay Now sends the buyer to the counter taking the attempt's step.
  await stepsAsQr(page, '**/api/p/order/payStatus?*');
  await page.getByRole('radio', { name: t(lang, 'payment-method-aba-app'), exact: true }).check();
  await page.getByTestId('payment-pay').click();
  await expect(page.getByTestId('payment-qr-image')).toBeVisible();
  await picture(page, `payment-qr-${lang.code}`, { fullPage: true });
});
