/**
 * Favourites and footprints (spec sections 2 uc-collection and uc-footprint, 6, 7, 8): a new
 * buyer collects a product from its detail page (the success notice, the button's pressed
 * state, rendered so again by the server) and uncollects it, sees it in My Collection and
 * removes it there; follows a shop and finds it in the shops tab; views two products and finds
 * them in My Footprints under today, newest first, deletes one and then all. A guest clicking
 * collect gets the login popup. In English and Khmer; screenshots of both tabs of My
 * Collection and of My Footprints in English, Chinese and Khmer.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  EN,
  KM,
  LANGS,
  apiData,
  openHydrated,
  picture,
  signUpBuyer,
  t,
  type Lang,
  waitForHydration,
} from './support';


interface Card {
  prodId: number;
  prodName: string;
  shopId: number;
}

/** On-shelf products of online shops (the first search page), `n` of them. */
async function products(request: APIRequestContext, n: number, offset = 0): Promise<Card[]> {
  const found = await apiData<{ records: { products: Card[] }[] }>(
    request,
    'GET',
    '/search/page?current=1&size=40&sort=0',
  );
  const list = (found.records[0]?.products ?? []).slice(offset, offset + n);
  expect(list.length).toBe(n);
  return list;
}

/** An online shop other tests do not count the followers of. */
async function onlineShop(request: APIRequestContext): Promise<{ shopId: number; shopName: string }> {
  for (const shopId of [33, 32, 34, 35, 19, 18]) {
    const head = await (await request.get(`/api/shop/headInfo?shopId=${shopId}`)).json();
    if (head.code === '00000' && head.data.shopStatus === 1) return head.data;
  }
  throw new Error('no online shop');
}

/** The buyer's footprints (product ids, newest first) once there are `count` of them. */
async function footprintsReach(request: APIRequestContext, count: number): Promise<number[]> {
  let ids: number[] = [];
  await expect
    .poll(async () => {
      const page = await apiData<{ records: { prodId: number }[] }>(request, 'GET', '/p/user/recentBrowse/page');
      ids = page.records.map((r) => r.prodId);
      return ids.length;
    })
    .toBe(count);
  return ids;
}

/** Accepts the next browser confirm dialog. */
const acceptNextConfirm = (page: Page) => page.once('dialog', (dialog) => void dialog.accept());

for (const lang of [EN, KM]) {
  test(`a buyer collects a product from its page, finds it in My Collection and removes it (${lang.code})`, async ({
    page,
  }) => {
    await signUpBuyer(page.request);
    const [product] = await products(page.request, 1, 3);
    await openHydrated(page, `/detail?prodId=${product.prodId}&lang=${lang.code}`);
    const button = page.getByTestId('collect-product');
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button).toContainText(t(lang, 'detail-collect'));

    await button.click();
    await expect(page.getByText(t(lang, 'detail-collection-success'))).toBeVisible();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(button).toContainText(t(lang, 'detail-collected'));
    // Uncollect and collect again.
    await button.click();
    await expect(page.getByText(t(lang, 'detail-uncollected'))).toBeVisible();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(await apiData<number>(page.request, 'GET', '/p/user/collection/count')).toBe(1);

    // The server renders the buyer's state.
    await page.reload();
    await expect(page.getByTestId('collect-product')).toHaveAttribute('aria-pressed', 'true');

    // My Collection, from the header's link.
    await page.goto('/user-center/uc-collection');
    await expect(page.locator('.user-center__nav a[aria-current="page"]')).toHaveText(t(lang, 'uc-nav-collection'));
    await expect(page.getByTestId('uc-collection-tab-products')).toHaveAttribute('aria-current', 'page');
    const entries = page.getByTestId('favourite');
    await expect(entries).toHaveCount(1);
    const link = entries.first().getByTestId('favourite-link');
    await expect(link).toHaveAttribute('href', `/detail?prodId=${product.prodId}`);
    const name = await apiData<{ prodName: string }>(page.request, 'GET', `/prod/prodInfo?prodId=${product.prodId}`);
    expect(name.prodName.length).toBeGreaterThan(0);
    await waitForHydration(page);
    await entries.first().getByTestId('favourite-remove').click();
    await expect(page.getByText(t(lang, 'detail-uncollected'))).toBeVisible();
    // The emptied page shows the empty state with a way to browse.
    const empty = page.getByTestId('uc-collection-empty-products');
    await expect(empty).toBeVisible();
    await expect(empty.getByRole('link')).toHaveAttribute('href', '/list?st=2');
    expect(await apiData<number>(page.request, 'GET', '/p/user/collection/count')).toBe(0);
  });

  test(`a buyer follows a shop and finds it in the shops tab (${lang.code})`, async ({ page }) => {
    await signUpBuyer(page.request);
    const shop = await onlineShop(page.request);
    await openHydrated(page, `/shop-index?sid=${shop.shopId}&lang=${lang.code}`);
    await page.getByTestId('collect-shop').click();
    await expect(page.getByTestId('collect-shop')).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/user-center/uc-collection');
    // The products tab is empty; the shops tab is a plain link.
    await expect(page.getByTestId('uc-collection-empty-products')).toBeVisible();
    await page.getByTestId('uc-collection-tab-shops').click();
    await expect(page).toHaveURL(/\/user-center\/uc-collection\?tab=shops$/);
    await expect(page.getByTestId('uc-collection-tab-shops')).toHaveAttribute('aria-current', 'page');
    const entry = page.getByTestId('favourite');
    await expect(entry).toHaveCount(1);
    await expect(entry.getByTestId('favourite-link')).toHaveAttribute('href', `/shop-index?sid=${shop.shopId}`);
    await expect(entry.getByTestId('favourite-link')).toHaveText(shop.shopName);
    await waitForHydration(page);
    await entry.getByTestId('favourite-remove').click();
    await expect(page.getByTestId('uc-collection-empty-shops')).toBeVisible();
    await expect(page.getByTestId('uc-collection-empty-shops').getByRole('link')).toHaveAttribute(
      'href',
      '/shop-list?type=1',
    );
  });

  test(`a buyer's viewed products show in My Footprints by day; one and then all are deleted (${lang.code})`, async ({
    page,
  }) => {
    await signUpBuyer(page.request);
    const [first, second] = await products(page.request, 2, 5);
    await openHydrated(page, `/detail?prodId=${first.prodId}&lang=${lang.code}`);
    await footprintsReach(page.request, 1);
    await openHydrated(page, `/detail?prodId=${second.prodId}`);
    expect(await footprintsReach(page.request, 2)).toEqual([second.prodId, first.prodId]);
    // A second view the same day moves it up, still one entry.
    await openHydrated(page, `/detail?prodId=${first.prodId}`);
    await expect
      .poll(async () => (await footprintsReach(page.request, 2))[0])
      .toBe(first.prodId);

    await openHydrated(page, '/user-center/uc-footprint');
    const days = page.getByTestId('footprint-day');
    await expect(days).toHaveCount(1);
    await expect(days.first().locator('h2')).toHaveText(t(lang, 'uc-footprint-today'));
    const links = page.getByTestId('footprint-link');
    await expect(links).toHaveCount(2);
    await expect(links.nth(0)).toHaveAttribute('href', `/detail?prodId=${first.prodId}`);
    await expect(links.nth(1)).toHaveAttribute('href', `/detail?prodId=${second.prodId}`);

    // Delete one, after the confirm.
    acceptNextConfirm(page);
    await page.getByTestId('footprint').nth(1).getByTestId('footprint-delete').click();
    await expect(page.getByText(t(lang, 'uc-footprint-deleted'))).toBeVisible();
    await expect(page.getByTestId('footprint')).toHaveCount(1);
    expect(await footprintsReach(page.request, 1)).toEqual([first.prodId]);
    await expect(page.locator('.footprints__note')).toContainText('1');
    // A dismissed confirm deletes nothing.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByTestId('footprint-clear').click();
    await expect(page.getByTestId('footprint')).toHaveCount(1);
    // Then all.
    acceptNextConfirm(page);
    await page.getByTestId('footprint-clear').click();
    await expect(page.getByTestId('uc-footprint-empty')).toBeVisible();
    await expect(page.getByTestId('uc-footprint-empty').getByRole('link')).toHaveAttribute('href', '/list?st=2');
    await footprintsReach(page.request, 0);
  });
}

test('a day of footprints is deleted at once', async ({ page }) => {
  await signUpBuyer(page.request);
  for (const product of await products(page.request, 3, 8)) {
    await page.request.post('/api/p/user/recentBrowse', { form: { prodId: String(product.prodId) } });
  }
  await footprintsReach(page.request, 3);
  await openHydrated(page, '/user-center/uc-footprint?lang=en');
  await expect(page.getByTestId('footprint')).toHaveCount(3);
  acceptNextConfirm(page);
  await page.getByTestId('footprint-delete-day').click();
  await expect(page.getByTestId('uc-footprint-empty')).toBeVisible();
  await footprintsReach(page.request, 0);
});

test('a guest clicking collect gets the login popup, and no footprint is recorded', async ({ page }) => {
  const [product] = await products(page.request, 1);
  await openHydrated(page, `/detail?prodId=${product.prodId}&lang=en`);
  await expect(page.getByTestId('collect-product')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('collect-product').click();
  await expect(page.getByTestId('login-popup')).toBeVisible({ timeout: 10_000 });
  // A guest's page sends no record of the view.
  await expect(page.locator('[data-footprint]')).toHaveCount(0);
});

for (const lang of LANGS) {
  test(`screenshots of My Collection and My Footprints (${lang.code})`, async ({ page }) => {
    await signUpBuyer(page.request);
    const cards = await products(page.request, 5, 10);
    for (const card of cards.slice(0, 4)) {
      await apiData(page.request, 'POST', '/p/user/collection/addOrCancel', { prodId: card.prodId });
    }
    for (const card of cards) {
      await page.request.post('/api/p/user/recentBrowse', { form: { prodId: String(card.prodId) } });
    }
    for (const shopId of [2, 3]) {
      await apiData(page.request, 'POST', '/p/shop/collection/addOrCancel', { shopId });
    }
    await openHydrated(page, `/user-center/uc-collection?lang=${lang.code}`);
    await expect(page.getByTestId('favourite')).toHaveCount(4);
    await expect(page.getByTestId('favourite-remove').first()).toBeEnabled();
    await picture(page, `uc-collection-products-${lang.code}`, { fullPage: true });
    await openHydrated(page, '/user-center/uc-collection?tab=shops');
    await expect(page.getByTestId('favourite')).toHaveCount(2);
    await expect(page.getByTestId('favourite-remove').first()).toBeEnabled();
    await picture(page, `uc-collection-shops-${lang.code}`, { fullPage: true });
    await openHydrated(page, '/user-center/uc-footprint');
    await expect(page.getByTestId('footprint')).toHaveCount(5);
    await expect(page.getByTestId('footprint-clear')).toBeEnabled();
    await picture(page, `uc-footprint-${lang.code}`, { fullPage: true });
    // The collect button of a collected product, as the server renders it.
    await openHydrated(page, `/detail?prodId=${cards[0].prodId}`);
    await expect(page.getByTestId('collect-product')).toHaveAttribute('aria-pressed', 'true');
    await picture(page.locator('.detail-top'), `detail-collected-${lang.code}`);
  });
}
