/**
 * Unknown paths answer 404 with the not-found page (spec section 2, route /404).
 */
import { expect, test } from '@playwright/test';
import { LANGS, t } from './support';

for (const path of ['/no/such/page', '/404']) {
  test(`${path} answers 404 with the not-found page`, async ({ page }) => {
    const response = await page.goto(`${path}?lang=en`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/text\/html/);
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(notFound).toContainText(/the page you are looking for does not exist/);
    // The frame is still there, with a way home.
    await expect(page.getByTestId('main-header')).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
    await notFound.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByTestId('topbar')).toBeVisible();
  });
}

for (const lang of LANGS) {
  test(`the not-found page is translated (${lang.code})`, async ({ page }) => {
    const response = await page.goto(`/no/such/page?lang=${lang.code}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: t(lang, 'not-found-title') })).toBeVisible();
  });
}
