/**
 * The HTML-first actions with JavaScript off: plain forms the server answers with a redirect
 * and a message the next page shows once (`api::forms`).
 */
import { expect, test } from '@playwright/test';
import { addAddress, apiData, EN, KM, type Lang, placeOrders, signInBuyer, signUpBuyer, t, tf, topUp, waitForHydration } from './support';
import type { APIRequestContext, Page } from '@playwright/test';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of [EN, KM]) {
    test(`a guest's Add to Cart signs in on /login and comes back to add it (${lang.code})`, async ({ page, request }) => {
      // The buyer's account, made beside this browser: the page itself is a guest's.
      const mail = await signUpBuyer(request);
      const product = `/detail?prodId=1&lang=${lang.code}`;
      await page.goto(product);
      await page.getByTestId('add-to-cart').click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(product);

      // A wrong password is refused on the same page, translated, with the return kept.
      await page.getByTestId('login-form-account').fill(mail);
      await page.getByTestId('login-form-password').fill('Wrong#2024');
      await page.getByTestId('login-form-submit').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await expect(page.getByTestId('flash-error')).toHaveText(t(lang, 'error-login-failed', 'server.ftl'));

      await page.getByTestId('login-form-account').fill(mail);
      await page.getByTestId('login-form-password').fill('Secret#2024');
      await page.getByTestId('login-form-submit').click();
      await page.waitForURL((url) => url.pathname === '/detail');
      expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(product);

      // Signed in: the second size, two of them, added with one post.
      const sizes = page.getByTestId('sku-option');
      const second = (await sizes.count()) > 1 ? sizes.nth(1) : sizes.first();
      await second.click();
      await page.getByTestId('quantity').fill('2');
      await page.getByTestId('add-to-cart').click();
      await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'cart-added'));
      // Shown once: the same page again has no message.
      await page.reload();
      await expect(page.getByTestId('flash-success')).toHaveCount(0);

      // The cart's quantity and removal are forms too: a stepper button, the field and Enter.
      await page.goto(`/cart?lang=${lang.code}`);
      const count = page.getByTestId('cart-line-count');
      await expect(count).toHaveValue('2');
      await page.getByRole('button', { name: t(lang, 'cart-increase'), exact: true }).click();
      await expect(count).toHaveValue('3');
      await count.fill('1');
      await count.press('Enter');
      await expect(count).toHaveValue('1');
      await expect(page.getByTestId('topbar-cart-count')).toHaveText('1');
      await page.getByTestId('cart-line-remove').click();
      await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'cart-removed'));
      await expect(page.getByTestId('cart-line')).toHaveCount(0);
    });
  }

  test('a buyer collects a product and follows its shop with plain forms', async ({ page }) => {
    await signUpBuyer(page.request);
    await page.goto('/detail?prodId=1&lang=en');
    const collect = page.getByTestId('collect-product');
    await expect(collect).toHaveAttribute('aria-pressed', 'false');
    await collect.click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(EN, 'detail-collection-success'));
    await expect(collect).toHaveAttribute('aria-pressed', 'true');

    const shopId = new URL(await page.getByTestId('detail-shop').getByRole('link').first().getAttribute('href') ?? '', 'http://x').searchParams.get('sid');
    await page.goto(`/shop-index?sid=${shopId}&lang=en`);
    await page.getByTestId('collect-shop').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(EN, 'shop-collect-success'));
    await expect(page.getByTestId('collect-shop')).toHaveText(t(EN, 'shop-collected'));
  });
});

/** Two products of two shops, each the only one of its name in the demo mall. */
const SEARCHES = ['Angkor Casual Backpack', 'Angkor Classic Cookbook'];
const PAY_PASSWORD = '135790';

/** A new buyer's account, made beside the browser, with an address, a balance and a payment password. */
async function newBuyerWithBalance(request: APIRequestContext): Promise<string> {
  const mail = await signUpBuyer(request);
  await addAddress(request);
  await topUp(request, 50_000);
  await apiData(request, 'PUT', '/p/user/payPassword', { payPassword: PAY_PASSWORD, password: 'Secret#2024' });
  return mail;
}

/** The buying path, by plain forms and links only: each step is a page the server answered. */
async function buyFromTwoShopsAndPay(page: Page, lang: Lang, mail: string, enhanced: boolean): Promise<void> {
  // Signs in on /login (with scripts, /login opens the sign-in popup, the login popup's tests' part).
  if (enhanced) {
    await signInBuyer(page.request, mail, 'Secret#2024');
    await page.goto(`/?lang=${lang.code}`);
  } else {
    await page.goto(`/login?lang=${lang.code}`);
    await page.getByTestId('login-form-account').fill(mail);
    await page.getByTestId('login-form-password').fill('Secret#2024');
    await page.getByTestId('login-form-submit').click();
    await page.waitForURL((url) => url.pathname === '/');
  }

  // Searches, opens each product and adds it to the cart.
  for (const words of SEARCHES) {
    const input = page.getByTestId('main-search').getByTestId('search-input');
    await input.fill(words);
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/list' && url.searchParams.get('pn') === words);
    // A product card opens the product in a new tab: here, in this one.
    const product = await page.getByTestId('product-card').first().getByRole('link').first().getAttribute('href');
    expect(product).toMatch(/^\/detail\?prodId=\d+$/);
    await page.goto(product!);
    if (enhanced) await waitForHydration(page);
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByText(t(lang, 'cart-added'))).toBeVisible();
  }

  // The cart: two shops; one more of the first line.
  await page.goto(`/cart?lang=${lang.code}`);
  if (enhanced) await waitForHydration(page);
  await expect(page.getByTestId('cart-shop')).toHaveCount(2);
  const first = page.getByTestId('cart-line').first();
  await first.getByRole('button', { name: t(lang, 'cart-increase'), exact: true }).click();
  await expect(first.getByTestId('cart-line-count')).toHaveValue('2');
  await expect(page.getByTestId('topbar-cart-count')).toHaveText('3');

  // Both lines ticked, Settle, then Submit Order: the confirmation names both; on to the counter.
  for (const check of await page.getByTestId('cart-line-check').all()) await check.check();
  await page.getByTestId('cart-settle').click();
  await page.waitForURL((url) => url.pathname === '/submit-order');
  if (enhanced) await waitForHydration(page);
  await expect(page.getByTestId('checkout-item')).toHaveCount(2);
  await page.getByTestId('checkout-remarks').first().fill('Leave it at the door');
  await page.getByTestId('checkout-submit').click();
  await page.waitForURL((url) => url.pathname === '/payment');
  if (enhanced) await waitForHydration(page);
  await expect(page.getByTestId('payment-order')).toHaveCount(2);
  const numbers = (new URL(page.url()).searchParams.get('orderNumbers') ?? '').split(',');
  expect(numbers).toHaveLength(2);

  // Pay by balance: the password is asked for; a wrong one is refused, the right one pays.
  await page.locator('#pay-method-9').check();
  await page.getByTestId('payment-pay').click();
  const password = page.locator('#pay-password');
  await expect(password).toBeVisible();
  await password.fill('000000');
  await page.getByTestId('pay-password-submit').click();
  // The refusal: the next page's message, or the enhanced dialog's.
  await expect(page.locator('[data-testid="flash-error"], [data-testid="pay-dialog-error"]:not(:empty)').first()).toBeVisible();
  await expect(page.getByTestId('payment-paid')).toHaveCount(0);
  await password.fill(PAY_PASSWORD);
  await page.getByTestId('pay-password-submit').click();
  await expect(page.getByTestId('payment-paid')).toBeVisible();

  // The orders are paid.
  for (const number of numbers) {
    await page.goto(`/order-detail?orderNumber=${number}&lang=${lang.code}`);
    await expect(page.getByTestId('order-status')).toHaveText(t(lang, 'order-status-paid'));
  }
}

test.describe('the buying path without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of [EN, KM]) {
    test(`a new buyer signs in, searches, buys from two shops and pays by balance (${lang.code})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const mail = await newBuyerWithBalance(request);
      await buyFromTwoShopsAndPay(page, lang, mail, false);
    });
  }

  test('Buy Now opens the confirmation of that item, and a guest signs in first', async ({ page, request }) => {
    const mail = await newBuyerWithBalance(request);
    await page.goto('/detail?prodId=1&lang=en');
    await page.getByTestId('quantity').fill('2');
    await page.getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('login-form-account').fill(mail);
    await page.getByTestId('login-form-password').fill('Secret#2024');
    await page.getByTestId('login-form-submit').click();
    await page.waitForURL((url) => url.pathname === '/submit-order');
    const url = new URL(page.url());
    expect([url.searchParams.get('orderEntry'), url.searchParams.get('prodId'), url.searchParams.get('count')]).toEqual(['1', '1', '2']);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    await expect(page.getByTestId('checkout-item')).toContainText('× 2');
  });

  test('cancelling an order asks first, then cancels it', async ({ page }) => {
    await signUpBuyer(page.request);
    await addAddress(page.request);
    const [number] = await placeOrders(page.request, [10]);
    await page.goto(`/order-detail?orderNumber=${number}&lang=km`);
    await page.getByTestId('order-cancel').click();
    await expect(page.getByTestId('order-action-question')).toHaveText(t(KM, 'order-cancel-confirm'));
    await expect(page.getByTestId('order-status')).toHaveText(t(KM, 'order-status-unpaid'));
    await page.getByTestId('order-cancel').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(KM, 'order-cancel-done'));
    await expect(page.getByTestId('order-status')).toHaveText(t(KM, 'order-status-canceled'));
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
  });

  test("My Points' daily sign-in is a form: the page comes back with the points (km)", async ({ page }) => {
    await signUpBuyer(page.request);
    await page.goto(`/user-center/uc-integral?lang=${KM.code}`);
    const box = page.getByTestId('wallet-sign-in');
    await expect(box.getByTestId('wallet-sign-in-status')).toHaveText(tf(KM, 'wallet-sign-in-today', { points: 10 }));
    await box.getByTestId('wallet-sign-in-submit').click();
    await page.waitForURL((url) => url.pathname === '/user-center/uc-integral');
    await expect(page.getByTestId('flash-success')).toHaveText(tf(KM, 'wallet-sign-in-done', { points: 10 }));
    await expect(box.getByTestId('wallet-points')).toHaveText('10');
    await expect(box.locator('[data-signed="true"]')).toHaveCount(1);
    await expect(box.getByTestId('wallet-sign-in-submit')).toBeDisabled();
    await expect(box.getByTestId('wallet-sign-in-submit')).toHaveText(t(KM, 'wallet-sign-in-signed'));
    await expect(page.getByTestId('wallet-points-record')).toHaveCount(1);
  });

  test("My Balance's top-up is a form: a refusal comes back, a good amount goes to the gateway (en)", async ({ page }) => {
    await signUpBuyer(page.request);
    await page.goto(`/user-center/uc-balance?lang=${EN.code}`);
    const form = page.getByTestId('wallet-top-up-form');
    await form.getByTestId('wallet-top-up-amount').fill('12.345');
    await form.getByTestId('wallet-top-up-submit').click();
    await page.waitForURL((url) => url.pathname === '/user-center/uc-balance');
    await expect(page.getByTestId('flash-error')).toHaveText(t(EN, 'wallet-top-up-amount-invalid'));
    await expect(form.getByTestId('wallet-top-up-error')).toHaveText(t(EN, 'wallet-top-up-amount-invalid'));
    // The amount comes back as typed, to be corrected rather than typed again.
    await expect(form.getByTestId('wallet-top-up-amount')).toHaveValue('12.345');
    await expect(page.getByTestId('wallet-balance-empty')).toBeVisible();

    // Stripe's page is the gateway's own: the buyer pays there and the balance grows.
    await form.getByTestId('wallet-top-up-amount').fill('25.50');
    await form.getByTestId('wallet-top-up-method-13').check();
    await form.getByTestId('wallet-top-up-submit').click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/dev/gateway/'));
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/payment');
    await expect(async () => {
      await page.goto(`/user-center/uc-balance?lang=${EN.code}`);
      await expect(page.getByTestId('wallet-balance')).toHaveText('$25.50', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('wallet-balance-record')).toHaveCount(1);
  });

  test("the confirmation's choices are sent by its Update: an address, a new one from the address book, a message that stands (km)", async ({
    page,
  }) => {
    await signUpBuyer(page.request);
    const firstAddress = await addAddress(page.request, 'First Buyer');
    const product = await apiData<{ prodId: number; shopId: number; skuList: { skuId: number }[] }>(page.request, 'GET', '/prod/prodInfo?prodId=1');
    const line = { basketId: 0, count: 1, prodId: product.prodId, shopId: product.shopId, shopName: '', skuId: product.skuList[0]!.skuId };
    await apiData(page.request, 'POST', '/p/shopCart/changeItem', line);
    const cart = await apiData<{ shopCartItems: { basketId: number }[] }[]>(page.request, 'GET', '/p/shopCart/info');
    const basketId = cart[0]!.shopCartItems[0]!.basketId;
    const secondAddress = await addAddress(page.request, 'Second Buyer');

    // As the cart's Settle sends it.
    await page.goto(`/submit-order?basketId=${basketId}&lang=km`);
    const cards = page.getByTestId('checkout-address');
    await expect(cards).toHaveCount(2);
    const chosen = () => cards.locator('input:checked');
    await expect(chosen()).toHaveAttribute('value', String(firstAddress));

    // Another address and a message: Update asks the server again, and the message stands.
    await page.locator(`input[name="addrId"][value="${secondAddress}"]`).check();
    await page.getByTestId('checkout-remarks').fill('ចុចកណ្ដឹងពីរដង');
    const update = page.getByTestId('checkout-update');
    await expect(update).toHaveText(t(KM, 'order-update'));
    await update.click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('addrId') === String(secondAddress));
    await expect(chosen()).toHaveAttribute('value', String(secondAddress));
    await expect(page.getByTestId('checkout-remarks')).toHaveValue('ចុចកណ្ដឹងពីរដង');

    // A new address: the address book's form, then back here with it chosen.
    await page.getByTestId('address-add').click();
    await page.waitForURL((url) => url.pathname === '/user-center/uc-address' && url.searchParams.get('add') === '1');
    const form = page.getByTestId('address-form');
    await form.locator('input[name="receiver"]').fill('Third Buyer');
    await form.locator('input[name="mobile"]').fill('012 345 678');
    await form.locator('input[name="postCode"]').fill('12000');
    await form.locator('input[name="addr"]').fill('No. 7, Street 240, Phnom Penh');
    await form.getByTestId('address-save').click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('basketId') === String(basketId));
    await expect(page.getByTestId('flash-success')).toHaveText(t(KM, 'order-address-saved'));
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: 'Third Buyer' }).locator('input')).toBeChecked();

    // Submitted with that address, on to the counter.
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL((url) => url.pathname === '/payment');
    const [number] = (new URL(page.url()).searchParams.get('orderNumbers') ?? '').split(',');
    const order = await apiData<{ userAddr: { receiver: string } }>(page.request, 'GET', `/p/myOrder/orderDetail?orderNumber=${number}`);
    expect(order.userAddr.receiver).toBe('Third Buyer');
  });

  test('a shop search goes to the shop list', async ({ page }) => {
    await page.goto('/?lang=en');
    const search = page.getByTestId('main-search');
    await search.getByTestId('search-input').fill('mekong');
    await search.getByRole('radio', { name: t(EN, 'search-type-shop') }).click();
    await page.waitForURL((url) => url.pathname === '/shop-list');
    expect(new URL(page.url()).searchParams.get('shopName')).toBe('mekong');
  });
});

test.describe('the buying path with JavaScript', () => {
  test('the same forms, enhanced in place', async ({ page, request }) => {
    test.setTimeout(120_000);
    const mail = await newBuyerWithBalance(request);
    await buyFromTwoShopsAndPay(page, EN, mail, true);
  });

  test('a tap as soon as Add to Cart shows is acted on once', async ({ page }) => {
    await signUpBuyer(page.request);
    await page.goto('/detail?prodId=1&lang=en', { waitUntil: 'commit' });
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByText(t(EN, 'cart-added'))).toBeVisible();
    await waitForHydration(page);
    const cart = await apiData<{ shopCartItems: { prodCount: number }[] }[]>(page.request, 'GET', '/p/shopCart/info');
    const lines = cart.flatMap((s) => s.shopCartItems);
    expect(lines.map((l) => l.prodCount)).toEqual([1]);
  });
});
