/**
 * A buyer's browsing journey: home → category → list → detail → shop, in English and Khmer,
 * in USD and KHR; countdowns tick; the carousel moves by dots and by swipe.
 */
import { expect, test } from '@playwright/test';
import { EN, KM, t, waitForHydration } from './support';

for (const lang of [EN, KM]) {
  test(`home → category → list → detail → shop (${lang.code})`, async ({ page }) => {
    await page.goto(`/?lang=${lang.code}`);
    const menu = page.getByTestId('category-menu');
    await expect(menu).toBeVisible();
    // The first leaf category of the first top category.
    const leaf = menu.locator('.category-menu__leaves a').first();
    const href = await leaf.getAttribute('href');
    expect(href).toMatch(/^\/list\?cpid=\d+&cid=\d+&thCid=\d+&st=0$/);
    await page.goto(href!);
    await expect(page.getByTestId('list-page')).toBeVisible();
    const card = page.getByTestId('product-card').first();
    await expect(card).toBeVisible();
    const detailHref = await card.locator('a').first().getAttribute('href');
    expect(detailHref).toMatch(/^\/detail\?prodId=\d+$/);
    await page.goto(detailHref!);
    await expect(page.getByTestId('detail-name')).toBeVisible();
    await expect(page.getByTestId('sku-price')).toContainText('$');
    await expect(page.getByTestId('add-to-cart')).toHaveText(t(lang, 'detail-add-to-cart'));
    const shopHref = await page.getByTestId('detail-shop').locator('a').getAttribute('href');
    expect(shopHref).toMatch(/^\/shop-index\?sid=\d+$/);
    await page.goto(shopHref!);
    await expect(page.getByTestId('shop-name')).toBeVisible();
    await expect(page.getByTestId('collect-shop')).toHaveText(t(lang, 'shop-collect'));
  });
}

test('prices follow the currency: KHR is the USD price times 4100', async ({ page }) => {
  await page.goto('/detail?prodId=1&currency=USD');
  const usd = (await page.getByTestId('sku-price').locator('strong').innerText()).trim();
  await page.goto('/detail?prodId=1&currency=KHR');
  const khr = (await page.getByTestId('sku-price').locator('strong').innerText()).trim();
  expect(khr.startsWith('៛')).toBe(true);
  const dollars = Number(usd.replace(/[$,]/g, ''));
  const riel = Number(khr.replace(/[៛,]/g, ''));
  expect(riel).toBe(Math.round(dollars * 4100));
});

test('a guest adding to the cart gets the login popup', async ({ page }) => {
  await page.goto('/detail?prodId=1');
  await waitForHydration(page);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('login-popup')).toBeVisible();
});

test('a missing product answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/detail?prodId=99999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('countdowns tick every second', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const timer = page.getByTestId('countdown').first();
  await expect(timer).toBeVisible();
  const before = await timer.innerText();
  await expect(timer).not.toHaveText(before, { timeout: 3000 });
});

test('the carousel moves by its dots and by a swipe over 50 px', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const carousel = page.getByTestId('carousel');
  const track = carousel.locator('.carousel__track');
  await carousel.locator('.carousel__dot').nth(2).click();
  await expect(track).toHaveAttribute('style', /translateX\(-200%\)/);
  const swipe = (fromX: number, toX: number) =>
    carousel.evaluate(
      (el, [a, b]) => {
        const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 100 });
        el.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(a)], changedTouches: [touch(a)], bubbles: true }));
        el.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(b)], bubbles: true }));
      },
      [fromX, toX],
    );
  await swipe(400, 380); // 20 px: not a swipe
  await expect(track).toHaveAttribute('style', /translateX\(-200%\)/);
  await swipe(400, 300); // 100 px to the left: next
  await expect(track).toHaveAttribute('style', /translateX\(-300%\)/);
});

test('the decorated page renders its blocks; a missing one warns pageNotFound', async ({ page }) => {
  const response = await page.goto('/select-decorate?renovationId=999999&sid=0');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('page-not-found')).toBeVisible();
});
