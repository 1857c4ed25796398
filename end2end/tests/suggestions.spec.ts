/** Search suggestions as the buyer types, in three languages, picked with the keyboard. */
import { expect, test } from '@playwright/test';
import { EN, KM, ZH, openHydrated, t } from './support';

const QUERIES = [
  { lang: EN, text: 'earb' },
  { lang: ZH, text: '耳机' },
  { lang: KM, text: 'ឥតខ្សែ' },
];

for (const { lang, text } of QUERIES) {
  test(`typing "${text}" shows grouped suggestions; ArrowDown + Enter opens one (${lang.code})`, async ({ page }) => {
    await openHydrated(page, `/?lang=${lang.code}`);
    const box = page.getByTestId('main-search');
    const input = box.getByTestId('search-input');
    await input.fill(text);
    const dropdown = box.getByTestId('suggestions');
    await expect(dropdown).toBeVisible();
    await expect(dropdown.getByText(t(lang, 'search-group-products'), { exact: true })).toBeVisible({ timeout: 5000 });
    await expect(box.getByTestId('suggestion').first()).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await input.press('ArrowDown');
    await expect(box.getByTestId('suggestion').first()).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/detail\?prodId=\d+$/);
  });
}

test('no suggestions shows its empty card; Escape closes the dropdown', async ({ page }) => {
  await openHydrated(page, '/');
  const box = page.getByTestId('main-search');
  const input = box.getByTestId('search-input');
  await input.fill('zzqqxxjj');
  await expect(box.getByText('No suggestions found')).toBeVisible({ timeout: 5000 });
  await input.press('Escape');
  await expect(box.getByTestId('suggestions')).toBeHidden();
});

test('shop search lists shops', async ({ page }) => {
  await page.goto('/shop-list?shopName=harbor');
  await expect(page.getByTestId('shop-card').first()).toBeVisible();
});
