/**
 * Price comparison (spec sections 2, 4, 5, 8, 9): the sidebar opened from a product card and
 * from the detail page, its sorts, removing and restoring an offer, adding suppliers (and
 * refusing one already compared), adding a similar product at position 1, buying from a row,
 * the empty state with Refresh Data, Escape giving the page its scroll back; in English and
 * Khmer, in USD and KHR. Screenshots of the sidebar (open, picker, similar modal, empty state)
 * and of /product-comparison in every language.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  EN,
  KM,
  LANGS,
  apiData,
  formatMoney,
  openHydrated,
  picture,
  signUpBuyer,
  t,
  tf,
  toCents,
  tw,
  type CurrencyCode,
  type Lang,
} from './support';


interface Offer {
  prodId: number;
  name: string;
  price: number;
  shopId: number;
  shopName: string;
  shop: { rating: number };
}
interface ComparisonPage {
  product: Offer;
  records: Offer[];
  total: number;
}

/** `/comparison/matchProducts` of a product, every offer. */
const offersOf = (request: APIRequestContext, prodId: number) =>
  apiData<ComparisonPage>(request, 'GET', `/comparison/matchProducts?productId=${prodId}&size=50`);

/**
 * A product of the seeded articles (ids after the 2,000 generated products) that `minOffers`
 * other shops offer; `skip` of them are passed over, so tests running side by side take
 * different products.
 */
async function productWithOffers(request: APIRequestContext, minOffers: number, skip = 0): Promise<ComparisonPage> {
  let found = 0;
  for (let id = 2001; id < 3400; id += 3) {
    const page = await offersOf(request, id);
    if (page.total >= minOffers && page.total <= 11 && found++ >= skip) return page;
  }
  throw new Error(`no product with ${minOffers} offers`);
}

/** An on-shelf product no other shop offers. */
async function productAlone(request: APIRequestContext): Promise<number> {
  for (let id = 60; id < 400; id++) {
    const p = await apiData<{ status: number }>(request, 'GET', `/prod/prodInfo?prodId=${id}`);
    if (p.status === 1 && (await offersOf(request, id)).total === 0) return id;
  }
  throw new Error('no product without offers');
}

const sidebar = (page: Page) => page.getByTestId('price-compare');
const rows = (page: Page) => page.getByTestId('pc-row');
const rowIds = async (page: Page) =>
  (await rows(page).evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.prodId))));
const toast = (page: Page, text: string) => page.locator('.mall-toast', { hasText: text });

/** Waits for the sidebar's table after its artificial delay (2 s). */
async function loaded(page: Page): Promise<void> {
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByTestId('pc-skeleton')).toBeHidden({ timeout: 10_000 });
}

/** Opens `/detail` and the sidebar from its compare button. */
async function openFromDetail(page: Page, prodId: number, lang: Lang, currency: CurrencyCode): Promise<void> {
  await openHydrated(page, `/detail?prodId=${prodId}&lang=${lang.code}&currency=${currency}`);
  const button = page.getByTestId('detail-page').getByTestId('compare-button');
  await expect(button).toHaveText(t(lang, 'compare-button'));
  await button.click();
  await expect(page).toHaveURL(/\/detail\?/);
  await expect(page.getByTestId('pc-skeleton')).toBeVisible();
  await loaded(page);
}

const CASES: { lang: Lang; currency: CurrencyCode; skip: number }[] = [
  { lang: EN, currency: 'USD', skip: 0 },
  { lang: KM, currency: 'KHR', skip: 1 },
];

for (const { lang, currency, skip } of CASES) {
  test.describe(`comparison sidebar (${lang.code}, ${currency})`, () => {
    test('opens from a product card and from the detail page, sorts both ways, and Escape gives the scroll back', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const compared = await productWithOffers(page.request, 6, skip);
      const prodId = compared.product.prodId;
      // From a card of the list where the product is found by its name.
      await openHydrated(page, `/list?pn=${encodeURIComponent(compared.product.name)}&lang=${lang.code}&currency=${currency}`);
      const card = page.getByTestId('product-card').filter({ has: page.locator(`a[href="/detail?prodId=${prodId}"]`) });
      await card.getByTestId('compare-button').click();
      await expect(page).toHaveURL(/\/list\?/);
      await loaded(page);
      await expect(page.getByTestId('pc-banner')).toBeVisible();
      await expect(page.getByTestId('pc-banner-price')).toHaveText(formatMoney(toCents(compared.product.price), currency));
      await expect(rows(page)).toHaveCount(6);
      expect((await rowIds(page))[0]).toBe(prodId);
      await expect(page.locator('html')).toHaveAttribute('lang', lang.tag);
      await expect(page.getByTestId('pc-sort-rating')).toHaveText(tw(lang, 'pc-sort-rating-high'));
      // Prices in the chosen currency, the offers the API answered, cheapest first.
      const prices = (await rows(page).getByTestId('pc-row-price').allTextContents()).slice(1);
      expect(prices).toEqual(compared.records.slice(0, 5).map((o) => formatMoney(toCents(o.price), currency)));

      const numbers = async (attr: string, selector: string) =>
        (await page.locator(`[data-testid="pc-row"] ${selector}`).evaluateAll(
          (els, a) => els.map((e) => Number(e.getAttribute(a))),
          attr,
        )).slice(1);
      const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
      const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! >= x);
      await page.getByTestId('pc-sort-rating').click();
      expect(descending(await numbers('data-rating', '.pc-table__supplier'))).toBe(true);
      await page.getByTestId('pc-sort-rating').click();
      await expect(page.getByTestId('pc-sort-rating')).toHaveText(tw(lang, 'pc-sort-rating-low'));
      expect(ascending(await numbers('data-rating', '.pc-table__supplier'))).toBe(true);
      await page.getByTestId('pc-sort-price').click();
      expect(ascending(await numbers('data-price', '[data-testid="pc-row-price"]'))).toBe(true);
      await page.getByTestId('pc-sort-price').click();
      expect(descending(await numbers('data-price', '[data-testid="pc-row-price"]'))).toBe(true);
      expect((await rowIds(page))[0]).toBe(prodId);

      // The page behind does not scroll while open; Escape closes and gives the scroll back.
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
      await page.keyboard.press('Escape');
      await expect(sidebar(page)).toBeHidden();
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      // From the detail page; the X and the mask close it too.
      // (The banner names the product in the page's language; the API above answered in English.)
      await openFromDetail(page, prodId, lang, currency);
      await expect(page.getByTestId('pc-banner-price')).toHaveText(formatMoney(toCents(compared.product.price), currency));
      expect((await rowIds(page))[0]).toBe(prodId);
      await page.getByTestId('pc-close').click();
      await expect(sidebar(page)).toBeHidden();
      await page.getByTestId('detail-page').getByTestId('compare-button').click();
      await loaded(page);
      await page.getByTestId('pc-mask').click({ position: { x: 10, y: 300 } });
      await expect(sidebar(page)).toBeHidden();
    });

    test('removes and restores an offer, adds suppliers, refuses one already compared, adds a similar product at position 1', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const compared = await productWithOffers(page.request, 8, skip);
      await openFromDetail(page, compared.product.prodId, lang, currency);
      // Remove the first offer: it leaves the table with its message.
      const removed = (await rowIds(page))[1]!;
      await rows(page).nth(1).getByTestId('pc-row-remove').click();
      await expect(toast(page, tw(lang, 'pc-msg-removed'))).toBeVisible();
      expect(await rowIds(page)).not.toContain(removed);

      // The picker: the removed offer is back with another one, the add button counts them.
      await page.getByTestId('pc-add-supplier').click();
      const picker = page.getByTestId('pc-picker');
      await expect(picker).toBeVisible();
      await expect(page.getByTestId('pc-picker-add')).toBeDisabled();
      const cards = picker.getByTestId('pc-picker-card');
      const removedCard = picker.locator(`[data-testid="pc-picker-card"][data-prod-id="${removed}"]`);
      await expect(removedCard).toContainText(tw(lang, 'pc-picker-removed'));
      const prices = await picker.getByTestId('pc-picker-price').allTextContents();
      expect(prices.every((p) => p.startsWith(currency === 'USD' ? '$' : '៛'))).toBe(true);
      const waiting = picker.locator('[data-testid="pc-picker-card"]:not([data-added])');
      const other = Number(await waiting.nth(1).getAttribute('data-prod-id'));
      await removedCard.click();
      await waiting.nth(1).click();
      await expect(page.getByTestId('pc-picker-add')).toHaveText(tf(lang, 'pc-picker-add', { count: 2 }, 'widgets.ftl'));
      await page.getByTestId('pc-picker-add').click();
      await expect(toast(page, tf(lang, 'pc-msg-added-many', { count: 2 }, 'widgets.ftl'))).toBeVisible();
      await expect(picker).toBeHidden();
      expect(await rowIds(page)).toEqual(expect.arrayContaining([removed, other]));

      // One already compared: the warning, and nothing changes.
      await page.getByTestId('pc-add-supplier').click();
      await expect(cards.first()).toBeVisible();
      const present = picker.locator('[data-testid="pc-picker-card"][data-added]').first();
      await expect(present).toContainText(tw(lang, 'pc-already-added'));
      const before = await rowIds(page);
      await present.click();
      await page.getByTestId('pc-picker-add').click();
      await expect(page.locator('.mall-toast--warning')).toBeVisible();
      expect(await rowIds(page)).toEqual(before);
      // Searching: a name that matches nothing says so.
      await page.getByTestId('pc-picker-search').fill('zzz-nothing');
      await expect(page.getByTestId('pc-picker-empty')).toHaveText(tw(lang, 'pc-picker-not-found'));
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();
      await expect(sidebar(page)).toBeVisible();

      // A similar product goes in at position 1, right after the compared product.
      await page.getByTestId('pc-similar-open').click();
      const modal = page.getByTestId('pc-similar-modal');
      await expect(modal).toBeVisible();
      await expect(page.getByTestId('pc-similar-add')).toBeDisabled();
      const option = modal.locator('[data-testid="pc-similar-option"]:not([disabled])').first();
      const similarId = Number(await option.getAttribute('data-prod-id'));
      await option.click();
      await expect(modal.getByTestId('pc-similar-tag')).toHaveCount(1);
      await page.getByTestId('pc-similar-add').click();
      await expect(modal).toBeHidden();
      expect((await rowIds(page)).slice(0, 2)).toEqual([compared.product.prodId, similarId]);
      await expect(rows(page).nth(1)).toHaveAttribute('data-user-added', 'true');
    });

    test('buys from a row: Add to Cart, then Buy Now', async ({ page }) => {
      test.setTimeout(60_000);
      await signUpBuyer(page.request);
      const compared = await productWithOffers(page.request, 3, skip + 4);
      await openFromDetail(page, compared.product.prodId, lang, currency);
      const row = rows(page).nth(1);
      const offerId = Number(await row.getAttribute('data-prod-id'));
      await row.getByTestId('pc-row-add-to-cart').click();
      await expect(toast(page, tw(lang, 'pc-cart-added'))).toBeVisible();
      const cart = await apiData<{ shopCartItems: { prodId: number }[] }[]>(page.request, 'GET', '/p/shopCart/info');
      expect(cart.flatMap((s) => s.shopCartItems.map((i) => i.prodId))).toContain(offerId);
      await row.getByTestId('pc-row-buy-now').click();
      await page.waitForURL(/\/submit-order\?orderEntry=1/);
      const entry = await page.evaluate(() => JSON.parse(sessionStorage.getItem('mall.buyNow') ?? 'null'));
      expect(entry).toMatchObject({ prodCount: 1, prodId: offerId });
    });

    test('shows the empty state without offers, and Refresh Data asks again', async ({ page }) => {
      const alone = await productAlone(page.request);
      await openFromDetail(page, alone, lang, currency);
      await expect(page.getByTestId('pc-empty')).toContainText(tw(lang, 'pc-empty'));
      await page.getByTestId('pc-refresh').click();
      await expect(toast(page, tw(lang, 'pc-refreshing'))).toBeVisible();
      await expect(page.getByTestId('pc-skeleton')).toBeVisible();
      await loaded(page);
      await expect(page.getByTestId('pc-empty')).toBeVisible();
    });
  });
}

test.describe('comparison page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const lang of [EN, KM]) {
    test(`/product-comparison shows every offer in the HTML (${lang.code})`, async ({ page }) => {
      const compared = await productWithOffers(page.request, 5);
      const response = await page.goto(`/product-comparison?prodId=${compared.product.prodId}&lang=${lang.code}`);
      expect(response?.status()).toBe(200);
      const table = page.getByTestId('comparison-offers');
      await expect(table).toBeVisible();
      await expect(table.getByTestId('comparison-offer')).toHaveCount(compared.total);
      await expect(table.getByTestId('comparison-main')).toContainText(t(lang, 'compare-this-product'));
      for (const offer of compared.records) await expect(table).toContainText(offer.shopName);
      await expect(page.getByTestId('price-history')).toBeVisible();
      // Sorting works as links.
      await page.getByTestId('compare-sort-rating-desc').click();
      await expect(page).toHaveURL(/sort=rating-desc/);
      await expect(page.getByTestId('comparison-offer')).toHaveCount(compared.total);
    });
  }
  test('a compare link on a card goes to the comparison page', async ({ page }) => {
    await page.goto('/detail?prodId=1');
    await page.getByTestId('detail-page').getByTestId('compare-button').click();
    await expect(page).toHaveURL(/\/product-comparison\?prodId=1$/);
    await expect(page.getByTestId('comparison-page')).toBeVisible();
  });
});

test.describe('comparison screenshots', () => {
  for (const lang of LANGS) {
    test(`sidebar and /product-comparison (${lang.code})`, async ({ page }) => {
      test.setTimeout(60_000);
      const compared = await productWithOffers(page.request, 8, 2);
      const shot = async (name: string, target?: Locator) =>
        picture(target ?? page, `comparison-${name}-${lang.code}`);
      await openFromDetail(page, compared.product.prodId, lang, lang === KM ? 'KHR' : 'USD');
      await expect(page.getByTestId('pc-history-summary')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await shot('sidebar');
      await page.getByTestId('pc-add-supplier').click();
      await expect(page.getByTestId('pc-picker')).toBeVisible();
      await page.locator('[data-testid="pc-picker-card"]:not([data-added])').first().click();
      await page.waitForTimeout(350);
      await shot('picker');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('pc-picker')).toBeHidden();
      await page.getByTestId('pc-similar-open').click();
      await page.locator('[data-testid="pc-similar-option"]:not([disabled])').first().click();
      await page.waitForTimeout(350);
      await shot('similar');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      const alone = await productAlone(page.request);
      await openFromDetail(page, alone, lang, 'USD');
      await expect(page.getByTestId('pc-empty')).toBeVisible();
      await shot('empty');
      await page.keyboard.press('Escape');
      await page.goto(`/product-comparison?prodId=${compared.product.prodId}&lang=${lang.code}`);
      await page.evaluate(() => document.fonts.ready);
      await page.getByTestId('pc-close').click();
      await picture(page, `comparison-page-${lang.code}`, { fullPage: true });
    });
  }
});
