/**
 * The HTML-first actions with JavaScript off: plain forms the server answers with a redirect
 * and a message the next page shows once (`api::forms`).
 */
import { expect, test } from '@playwright/test';
import { EN, KM, signUpBuyer, t } from './support';

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
