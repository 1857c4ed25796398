/**
 * Without JavaScript the server HTML alone shows the frame of the page.
 */
import { expect, test } from '@playwright/test';
import { LANGS, apiData, signUpBuyer, t } from './support';

test.use({ javaScriptEnabled: false });

for (const lang of LANGS) {
  test(`the server HTML of / has header, hot words and footer (${lang.code})`, async ({ page }) => {
    const response = await page.goto(`/?lang=${lang.code}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', lang.tag);
    await expect(page.getByTestId('topbar')).toBeVisible();
    await expect(page.getByTestId('login-link')).toHaveText(t(lang, 'header-login'));
    await expect(page.getByTestId('main-header')).toBeVisible();
    await expect(page.getByTestId('main-search').getByTestId('search-input')).toBeVisible();
    const hotWords = page.getByTestId('hot-words').getByRole('link');
    expect(await hotWords.count()).toBeGreaterThanOrEqual(1);
    await expect(hotWords.first()).toBeVisible();
    const footer = page.getByTestId('footer');
    await expect(footer).toBeVisible();
    await expect(footer).toContainText(t(lang, 'footer-hot-sale'));
    await expect(footer).toContainText(t(lang, 'footer-limited-offer'));
    await expect(footer.getByTestId('copyright')).toBeVisible();
    await expect(page.getByTestId('sticky-header')).toBeHidden();
  });
}

test('without JavaScript the search box is a plain GET form to /list', async ({ page }) => {
  await page.goto('/?lang=en');
  const input = page.getByTestId('main-search').getByTestId('search-input');
  await input.fill('tea');
  await input.press('Enter');
  await page.waitForURL((url) => url.pathname === '/list');
  expect(new URL(page.url()).searchParams.get('pn')).toBe('tea');
});

test('without JavaScript the login link goes to the /login page', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.getByTestId('login-link').click();
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test("the server HTML holds the fields' starting values: the search text, a cart line's quantity", async ({ page }) => {
  await page.goto('/list?pn=tea&lang=en');
  await expect(page.getByTestId('main-search').getByTestId('search-input')).toHaveValue('tea');
  await signUpBuyer(page.request);
  const product = await apiData<{ prodId: number; shopId: number; skuList: { skuId: number }[] }>(
    page.request,
    'GET',
    '/prod/prodInfo?prodId=1',
  );
  await apiData(page.request, 'POST', '/p/shopCart/changeItem', {
    basketId: 0,
    count: 3,
    prodId: product.prodId,
    shopId: product.shopId,
    shopName: '',
    skuId: product.skuList[0]!.skuId,
  });
  await page.goto('/cart?lang=en');
  await expect(page.getByTestId('cart-line-count')).toHaveValue('3');
});
