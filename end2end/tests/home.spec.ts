/**
 * What a guest sees on `/` in each language: top bar, main header, footer and quick menu.
 */
import { expect, test } from '@playwright/test';
import { EN, LANGS, openHydrated, t, waitForHydration } from './support';

for (const lang of LANGS) {
  test.describe(`home page frame (${lang.code})`, () => {
    test.beforeEach(async ({ page }) => {
      const response = await page.goto(`/?lang=${lang.code}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang.tag);
    });

    test('top bar: notices, welcome, guest links, switchers, empty cart', async ({ page }) => {
      const topbar = page.getByTestId('topbar');
      await expect(topbar).toBeVisible();

      const ticker = topbar.getByTestId('notice-ticker');
      await expect(ticker).toBeVisible();
      const notices = ticker.getByRole('link');
      expect(await notices.count()).toBeGreaterThanOrEqual(1);
      await expect(notices.first()).toHaveAttribute('href', /^\/notice-detail\?id=\d+&shopId=0$/);
      await expect(notices.first()).not.toHaveText('');

      const welcome = topbar.getByTestId('welcome');
      await expect(welcome).toBeVisible();
      await expect(welcome).not.toHaveText(/^\s*$/);

      const login = topbar.getByTestId('login-link');
      await expect(login).toBeVisible();
      await expect(login).toHaveText(t(lang, 'header-login'));
      await expect(login).toHaveAttribute('href', '/login');
      const register = topbar.getByTestId('register-link');
      await expect(register).toBeVisible();
      await expect(register).toHaveText(t(lang, 'header-register'));
      await expect(register).toHaveAttribute('href', '/register');

      const languages = topbar.getByTestId('language-switcher');
      await expect(languages).toBeVisible();
      await expect(languages.locator('summary')).toContainText(lang.nativeName);
      await expect(topbar.getByTestId('currency-switcher').locator('summary')).toHaveText(/\$\s*USD/);

      await expect(topbar.getByTestId('topbar-cart-count')).toHaveText('0');
      await expect(page.getByTestId('main-header').getByTestId('header-cart-count')).toHaveText('0');
    });

    test('main header: logo, search box and hot words', async ({ page }) => {
      const header = page.getByTestId('main-header');
      await expect(header).toBeVisible();
      await expect(header.getByRole('link').first()).toHaveAttribute('href', '/');
      const search = header.getByTestId('main-search');
      await expect(search.getByTestId('search-input')).toBeVisible();
      await expect(search.getByRole('radio', { name: t(lang, 'search-type-goods') })).toHaveAttribute('aria-checked', 'true');
      await expect(search.getByRole('radio', { name: t(lang, 'search-type-shop') })).toHaveAttribute('aria-checked', 'false');
      await expect(search.getByTestId('search-button')).toHaveText(t(lang, 'search-button'));

      const hotWords = header.getByTestId('hot-words').getByRole('link');
      const count = await hotWords.count();
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(4);
      for (let i = 0; i < count; i++) {
        await expect(hotWords.nth(i)).toBeVisible();
        await expect(hotWords.nth(i)).toHaveAttribute('href', /^\/list\?pn=.+/);
      }
      // The sticky variant is in the page but not shown at the top.
      await expect(page.getByTestId('sticky-header')).toBeHidden();
    });

    test('footer and quick menu', async ({ page }) => {
      const footer = page.getByTestId('footer');
      await expect(footer).toBeVisible();
      const links: [string, string][] = [
        ['footer-hot-sale', '/list?st=2'],
        ['footer-new-arrival', '/list?st=1'],
        ['footer-group-discount', '/group-buy'],
        ['footer-voucher-center', '/coupons'],
        ['footer-limited-offer', '/flash-sale'],
      ];
      for (const [key, href] of links) {
        const link = footer.getByRole('link', { name: t(lang, key), exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', href);
      }
      await expect(footer.getByTestId('copyright')).toBeVisible();
      await expect(footer.getByTestId('copyright')).toContainText('©');

      const quick = page.getByTestId('quick-menu');
      await expect(quick).toBeVisible();
      await expect(quick.getByTestId('quick-account')).toBeVisible();
      await expect(quick.getByTestId('quick-cart')).toBeVisible();
      await expect(quick.getByTestId('quick-shop')).toBeVisible();
      await expect(quick.getByTestId('quick-chat')).toHaveCount(0);
    });
  });
}

test('the English footer names the five shopping links', async ({ page }) => {
  await page.goto(`/?lang=${EN.code}`);
  const footer = page.getByTestId('footer');
  for (const name of ['Hot Sale', 'New Arrival', 'Group Discount', 'Voucher Center', 'Limited Time Offer']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
});

test.describe('islands loading', () => {
  test('the wasm module is preloaded from the head, fetched once, and the page hydrates', async ({ page }) => {
    await openHydrated(page, '/');
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const wasm = performance.getEntriesByType('resource').filter((entry) => /\/pkg\/mall\.[^/]+\.wasm$/.test(entry.name));
      return { contentLoaded: navigation.domContentLoadedEventEnd, wasmStarts: wasm.map((entry) => entry.startTime) };
    });
    // One request: the preload is the one the glue uses.
    expect(timing.wasmStarts).toHaveLength(1);
    // Started by the head's preload, beside the page rather than after it.
    expect(timing.wasmStarts[0]).toBeLessThan(timing.contentLoaded);
  });

  test('a picture that never arrives does not hold the islands back', async ({ page }) => {
    const held: Array<() => Promise<void>> = [];
    await page.route('**/static/logo.svg', (route) => {
      held.push(() => route.abort());
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    await waitForHydration(page);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    await Promise.all(held.map((release) => release()));
  });
});
