/**
 * The header search box (spec sections 2 "Main header", 4 "Search", 5 "Search") and the
 * sticky header that appears past 200 px of scroll.
 */
import { expect, test } from '@playwright/test';
import { EN, LANGS, openHydrated, t } from './support';

for (const lang of LANGS) {
  test(`empty search shows the product and shop errors for about a second (${lang.code})`, async ({ page }) => {
    await openHydrated(page, `/?lang=${lang.code}`);
    const search = page.getByTestId('main-search');
    const error = search.getByTestId('search-error');
    await expect(error).toBeHidden();

    await search.getByTestId('search-button').click();
    await expect(error).toBeVisible();
    await expect(error).toHaveText(t(lang, 'search-empty-goods'));
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(error).toBeHidden({ timeout: 2_500 });

    // Blank text counts as empty too; Enter submits.
    await search.getByTestId('search-input').fill('   ');
    await search.getByTestId('search-input').press('Enter');
    await expect(error).toHaveText(t(lang, 'search-empty-goods'));
    await expect(error).toBeHidden({ timeout: 2_500 });

    await search.getByRole('radio', { name: t(lang, 'search-type-shop') }).click();
    await expect(search.getByRole('radio', { name: t(lang, 'search-type-shop') })).toHaveAttribute('aria-checked', 'true');
    await expect(search.getByTestId('search-input')).toHaveAttribute('placeholder', t(lang, 'search-placeholder-shop'));
    await search.getByTestId('search-input').fill('');
    await search.getByTestId('search-button').click();
    await expect(error).toBeVisible();
    await expect(error).toHaveText(t(lang, 'search-empty-shop'));
    await expect(error).toBeHidden({ timeout: 2_500 });
    expect(new URL(page.url()).pathname).toBe('/');
  });
}

test('the error is shown for about one second, not much shorter', async ({ page }) => {
  await openHydrated(page, `/?lang=${EN.code}`);
  const search = page.getByTestId('main-search');
  const error = search.getByTestId('search-error');
  await search.getByTestId('search-button').click();
  await expect(error).toHaveText('product name cannot be empty');
  const shownAt = Date.now();
  await expect(error).toBeHidden({ timeout: 2_500 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(600);
});

test('typing a product name and pressing Enter goes to /list?pn= @cluster', async ({ page }) => {
  await openHydrated(page, `/?lang=${EN.code}`);
  const input = page.getByTestId('main-search').getByTestId('search-input');
  await input.fill('word');
  await input.press('Enter');
  await page.waitForURL('**/list?pn=word');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/list');
  expect(url.searchParams.get('pn')).toBe('word');
});

test('the search button searches too, and text is trimmed and encoded', async ({ page }) => {
  await openHydrated(page, `/?lang=${EN.code}`);
  const search = page.getByTestId('main-search');
  await search.getByTestId('search-input').fill('  tea cup ');
  await search.getByTestId('search-button').click();
  await page.waitForURL((url) => url.pathname === '/list');
  expect(new URL(page.url()).searchParams.get('pn')).toBe('tea cup');
});

test('the shop type searches /shop-list?shopName=', async ({ page }) => {
  await openHydrated(page, `/?lang=${EN.code}`);
  const search = page.getByTestId('main-search');
  await search.getByRole('radio', { name: 'Shops' }).click();
  await search.getByTestId('search-input').fill('mekong');
  await search.getByTestId('search-input').press('Enter');
  await page.waitForURL((url) => url.pathname === '/shop-list');
  expect(new URL(page.url()).searchParams.get('shopName')).toBe('mekong');
});

test('sticky header appears after scrolling down and hides at the top', async ({ page }) => {
  await openHydrated(page, `/?lang=${EN.code}`);
  const sticky = page.getByTestId('sticky-header');
  await expect(sticky).toBeHidden();

  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the page scrolls past 200 px' }).toBeGreaterThan(200);
  await expect(sticky).toBeVisible();
  await expect(sticky.getByTestId('search-input')).toBeVisible();
  await expect(sticky.getByTestId('header-cart-count')).toHaveText('0');

  await page.mouse.wheel(0, -5000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(sticky).toBeHidden();
});
