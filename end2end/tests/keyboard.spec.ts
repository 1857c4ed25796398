/**
 * Keyboard-only journeys (WCAG 2.1.1, 2.4.3, 2.4.7): a buyer without a mouse reaches the login
 * popup, signs in, searches products and shops and walks the category mega-menu, with Tab,
 * Enter, Space, the arrow keys and Escape only. Each step checks where the focus is.
 */
import { expect, test, type Page } from '@playwright/test';
import { EN, KM, openHydrated, signUpBuyer, type Lang } from './support';

const PASSWORD = 'Secret#2024';

/** Whether the focused element matches `selector`. */
const focused = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/**
 * Presses Tab until the focused element matches `selector` (at most `max` presses); with
 * `inside`, the focus must never leave that container on the way (a focus trap).
 */
async function tabTo(page: Page, selector: string, { max = 60, inside }: { max?: number; inside?: string } = {}) {
  for (let i = 0; i < max; i++) {
    if (await focused(page, selector)) return;
    await page.keyboard.press('Tab');
    if (inside) {
      const within = await page.evaluate((s) => !!document.activeElement?.closest(s), inside);
      expect(within, `focus left ${inside} while tabbing to ${selector}`).toBe(true);
    }
  }
  throw new Error(`${selector} was not reached with ${max} presses of Tab`);
}

for (const lang of [EN, KM] as Lang[]) {
  test(`the login popup by keyboard: opens with Enter, keeps the focus, closes with Escape, signs in (${lang.code})`, async ({
    page,
    request,
  }) => {
    const mail = await signUpBuyer(request);
    await openHydrated(page, `/?lang=${lang.code}`);
    await tabTo(page, '[data-testid="login-link"]');
    await page.keyboard.press('Enter');
    const popup = page.getByTestId('login-popup');
    await expect(popup).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="login-popup"]'))).toBe(true);
    // Around the whole dialog and back: the focus stays inside.
    for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="login-popup"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect.poll(() => focused(page, '[data-testid="login-link"]')).toBe(true);

    // Again, and this time sign in with the keyboard only.
    await page.keyboard.press('Enter');
    await expect(popup).toBeVisible();
    const trap = '[data-testid="login-popup"]';
    await tabTo(page, `${trap} [data-testid="login-identifier"]`, { inside: trap });
    await page.keyboard.type(mail);
    await tabTo(page, `${trap} input[type="password"]`, { inside: trap });
    await page.keyboard.type(PASSWORD);
    await tabTo(page, `${trap} [data-testid="login-terms"]`, { inside: trap });
    await page.keyboard.press('Space');
    await expect(popup.getByTestId('login-terms')).toBeChecked();
    await tabTo(page, `${trap} [data-testid="login-submit"]`, { inside: trap });
    await page.keyboard.press('Enter');
    await expect(popup).toBeHidden({ timeout: 10_000 });
    await expect(page.getByTestId('login-link')).toBeHidden();
  });

  test(`search by keyboard: a suggestion with the arrows, then a shop search (${lang.code})`, async ({ page }) => {
    await openHydrated(page, `/?lang=${lang.code}`);
    const box = '[data-testid="main-search"]';
    await tabTo(page, `${box} [data-testid="search-input"]`);
    await page.keyboard.type('earb');
    const first = page.locator(`${box} [data-testid="suggestion"]`).first();
    await expect(first).toBeVisible({ timeout: 10_000 });
    await page.keyboard.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/detail\?prodId=\d+$/);

    // The shop type chosen with Space, the text typed, Enter searches shops.
    await openHydrated(page, `/?lang=${lang.code}`);
    await tabTo(page, `${box} [data-testid="search-type-shop"]`);
    await page.keyboard.press('Space');
    await expect(page.locator(`${box} [data-testid="search-type-shop"]`)).toHaveAttribute('aria-checked', 'true');
    await tabTo(page, `${box} [data-testid="search-input"]`, { max: 5 });
    await page.keyboard.type('mekong');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop-list');
    expect(new URL(page.url()).searchParams.get('shopName')).toBe('mekong');
  });

  test(`the category mega-menu by keyboard: focus opens, arrows move, Escape closes (${lang.code})`, async ({ page }) => {
    await openHydrated(page, `/?lang=${lang.code}`);
    const tops = page.locator('[data-testid="category-menu"] .category-menu__name');
    await tabTo(page, '[data-testid="category-menu"] .category-menu__name');
    const panel = page.getByTestId('category-panel');
    await expect(panel).toBeVisible({ timeout: 10_000 });
    const firstName = (await tops.first().textContent())!.trim();
    await expect(panel).toHaveAttribute('aria-label', firstName);
    // Into the panel and back.
    await expect(panel.locator('a').first()).toBeVisible({ timeout: 10_000 });
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="category-panel"]'))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(firstName);
    // Down to the next top category: its panel opens.
    await page.keyboard.press('ArrowDown');
    const secondName = (await tops.nth(1).textContent())!.trim();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(secondName);
    await expect(panel).toHaveAttribute('aria-label', secondName);
    // Escape closes and leaves the focus on that category; Enter follows its link.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(secondName);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/list\?cpid=\d+&st=0/);
  });
}
