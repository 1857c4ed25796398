/**
 * A buyer's browsing journey: home → category → list → detail → shop, in English and Khmer,
 * in USD and KHR; countdowns tick; the carousel moves by dots and by swipe.
 */
import { expect, test, type Page } from '@playwright/test';
import { EN, KM, apiData, formatMoney, openHydrated, t, tf, toCents, waitForHydration } from './support';

for (const lang of [EN, KM]) {
  test(`home → category → list → detail → shop (${lang.code})`, async ({ page }) => {
    await openHydrated(page, `/?lang=${lang.code}`);
    const menu = page.getByTestId('category-menu');
    await expect(menu).toBeVisible();
    // Hovering the first top category loads the menu widget and opens its groups.
    await menu.locator('[data-category-id]').first().hover();
    const panel = page.getByTestId('category-panel');
    await expect(panel).toBeVisible();
    // The first leaf category of the first top category.
    const leaf = panel.locator('.mega-menu__leaves a').first();
    await expect(leaf).toBeVisible();
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

test('the category menu works by keyboard: focus opens the groups, Escape closes them', async ({ page }) => {
  await openHydrated(page, '/');
  const first = page.getByTestId('category-menu').locator('[data-category-id] a.category-menu__name').first();
  await first.focus();
  const panel = page.getByTestId('category-panel');
  await expect(panel.locator('.mega-menu__group-title').first()).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(panel.locator('.mega-menu__group-title').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(first).toBeFocused();
  // Without the widget, every top category and its first subcategories are plain links.
  await expect(page.getByTestId('category-menu').locator('.category-menu__subs a').first()).toHaveAttribute(
    'href',
    /^\/list\?cpid=\d+&cid=\d+&st=0$/,
  );
});

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
  await openHydrated(page, '/detail?prodId=1');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('login-popup')).toBeVisible();
});

test("a guest's buy box follows the size chosen without any wasm: price, stock, quantity, sign-in first", async ({ page }) => {
  type Sku = { skuId: number; price: number; oriPrice: number; stocks: number };
  type Product = { prodId: number; skuList: Sku[]; groupActivitySearchVO: unknown; seckillId: unknown };
  let product: Product | undefined;
  for (let prodId = 1; prodId <= 60 && !product; prodId++) {
    const info = await apiData<Product>(page.request, 'GET', `/prod/prodInfo?prodId=${prodId}`).catch(() => undefined);
    const [first, second] = info?.skuList ?? [];
    const plain = info && !info.groupActivitySearchVO && !info.seckillId;
    if (plain && first && second && first.price !== second.price && first.stocks > 0 && second.stocks > 1) product = info;
  }
  expect(product, 'a seeded product with two SKUs of different prices in stock').toBeDefined();
  const second = product!.skuList[1]!;
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(new URL(r.url()).pathname);
  });
  // With the wasm held back, the box still answers: its behaviours are the page's script.
  await page.route(/\.wasm$/, () => undefined);
  await page.goto(`/detail?prodId=${product!.prodId}&lang=${EN.code}`);
  await page.getByTestId('sku-option').nth(1).click();
  await expect(page.getByTestId('sku-price').locator('strong')).toHaveText(formatMoney(toCents(second.price), 'USD'));
  await expect(page.getByTestId('stock')).toHaveText(tf(EN, 'detail-stock', { count: second.stocks }));
  const increase = page.getByRole('button', { name: t(EN, 'detail-increase') });
  for (let i = 0; i < second.stocks + 2; i++) await increase.click();
  await expect(page.getByTestId('quantity')).toHaveValue(String(second.stocks));
  await page.getByRole('button', { name: t(EN, 'detail-decrease') }).click();
  await expect(page.getByTestId('quantity')).toHaveValue(String(second.stocks - 1));
  // The gallery's thumbnails choose the large picture.
  const thumbs = page.getByTestId('gallery').locator('[data-gallery-src]');
  if ((await thumbs.count()) > 1) {
    await thumbs.nth(1).click();
    await expect(page.getByTestId('gallery').locator('.gallery__main')).toHaveAttribute('src', (await thumbs.nth(1).getAttribute('data-gallery-src'))!);
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  }
  await page.unroute(/\.wasm$/);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('login-popup')).toBeVisible();
  expect(wasm.filter((file) => /split_|chunk_/.test(file))).toEqual([]);
});

/** Opens `url` and expects a 404 answer whose page shows `testId`. */
async function expectNotFound(page: Page, url: string, testId: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId(testId)).toBeVisible();
}

test('a missing product answers 404 with the not-found page', async ({ page }) => {
  await expectNotFound(page, '/detail?prodId=99999999', 'not-found');
});

test('countdowns tick every second', async ({ page }) => {
  await openHydrated(page, '/');
  const timer = page.getByTestId('countdown').first();
  await expect(timer).toBeVisible();
  const before = await timer.innerText();
  await expect(timer).not.toHaveText(before, { timeout: 3000 });
});

test('the carousel moves by its dots and by a swipe over 50 px', async ({ page }) => {
  await openHydrated(page, '/');
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
  await expectNotFound(page, '/select-decorate?renovationId=999999&sid=0', 'page-not-found');
});

test('a category list has a breadcrumb and a category bar; sorting shows skeletons until the next page', async ({ page }) => {
  await page.goto('/');
  const top = page.getByTestId('category-menu').locator('a.category-menu__name').first();
  const topName = (await top.innerText()).trim();
  await page.goto((await top.getAttribute('href'))!);
  const crumbs = page.getByTestId('breadcrumb');
  await expect(crumbs.locator('li')).toHaveCount(2);
  await expect(crumbs.locator('li').last()).toHaveText(topName);
  const chip = page.getByTestId('category-chips').locator('a').first();
  const chipName = (await chip.innerText()).trim();
  await chip.click();
  await expect(crumbs.locator('li').last()).toHaveText(chipName);
  await expect(page).toHaveURL(/cpid=\d+&cid=\d+&st=0$/);

  await waitForHydration(page);
  // Note in the tab's session storage when the results region turns into skeletons (the
  // note survives the navigation that follows).
  await page.evaluate(() => {
    const region = document.getElementById('list-results')!;
    new MutationObserver(() => {
      if (region.getAttribute('aria-busy') === 'true' && region.querySelector('.skeleton--card')) {
        sessionStorage.setItem('skeleton-seen', String(region.querySelectorAll('.skeleton--card').length));
      }
    }).observe(region, { attributes: true, childList: true });
  });
  await page.getByTestId('sort-bar').locator('a').nth(1).click();
  await expect(page).toHaveURL(/sort=2/);
  expect(Number(await page.evaluate(() => sessionStorage.getItem('skeleton-seen')))).toBeGreaterThan(0);
  await expect(page.getByTestId('list-results')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('the shop header lists the shop categories in two levels; a category narrows the shop list', async ({ page }) => {
  await page.goto('/shop-index?sid=2');
  const menu = page.getByTestId('shop-categories');
  await menu.hover();
  const group = menu.locator('.shop-cats__group').first();
  await expect(group).toBeVisible();
  await group.hover();
  const leaf = group.locator('.shop-cats__leaves a').first();
  await expect(leaf).toBeVisible();
  const name = (await leaf.innerText()).trim();
  await leaf.click();
  await expect(page).toHaveURL(/\/shop-prod-list\?sid=2&cid=\d+$/);
  await expect(page.locator('.list-page__title')).toHaveText(name);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});
