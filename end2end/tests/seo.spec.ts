/**
 * What crawlers read: one URL per language with its canonical and hreflang alternates,
 * JSON-LD checked against the schema.org types it claims, robots.txt and the sitemaps
 * (well-formed, every listed page answering 200), and private pages kept out of the index.
 */
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { EN, KM, LANGS, ZH, canonicalOf, t } from './support';

type Json = Record<string, unknown>;

/** Every JSON-LD object of the page (a `@graph` flattened). */
async function jsonLd(page: Page): Promise<Json[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const value = JSON.parse(text) as Json;
    expect(value['@context']).toBe('https://schema.org');
    return Array.isArray(value['@graph']) ? (value['@graph'] as Json[]) : [value];
  });
}

const AVAILABILITY = ['InStock', 'OutOfStock', 'Discontinued'].map((v) => `https://schema.org/${v}`);

/** A schema.org Product with an Offer as rich results require it. */
function checkProduct(product: Json): Json {
  expect(typeof product.name).toBe('string');
  expect((product.name as string).length).toBeGreaterThan(0);
  expect(Array.isArray(product.image) && (product.image as string[]).every((i) => /^https?:\/\//.test(i))).toBe(true);
  const offer = product.offers as Json;
  expect(offer['@type']).toBe('Offer');
  expect(offer.price).toMatch(/^\d+(\.\d{2})?$/);
  expect(['USD', 'KHR']).toContain(offer.priceCurrency);
  expect(AVAILABILITY).toContain(offer.availability);
  expect((offer.seller as Json)['@type']).toBe('Organization');
  expect(offer.url).toMatch(/^https?:\/\//);
  return offer;
}

/** A schema.org BreadcrumbList: positions 1..n, each with a name and an absolute item. */
function checkBreadcrumbs(list: Json): string[] {
  const items = list.itemListElement as Json[];
  expect(items.length).toBeGreaterThanOrEqual(2);
  items.forEach((item, i) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(i + 1);
    expect(item.item).toMatch(/^https?:\/\//);
  });
  return items.map((i) => i.name as string);
}

for (const lang of LANGS) {
  test(`each language has its own canonical URL and the others as alternates (${lang.code})`, async ({ page }) => {
    for (const path of ['/', '/detail?prodId=1', '/list?st=2', '/shop-index?sid=2']) {
      const sep = path.includes('?') ? '&' : '?';
      await page.goto(`${path}${sep}lang=${lang.code}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang.tag);
      const canonical = page.locator('link[rel="canonical"]');
      const want = `${path}${sep}lang=${lang.code}`;
      await expect(canonical).toHaveAttribute('href', canonicalOf(want));
      const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
        links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
      );
      expect(alternates.map(([h]) => h)).toEqual(['en', 'zh-CN', 'km', 'x-default']);
      for (const [, href] of alternates) expect(href).toMatch(new RegExp(`^${BASE_URL}/`));
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    }
  });
}

test('the detail page describes its product, offer and breadcrumbs in the shown currency', async ({ page }) => {
  for (const [lang, currency] of [[EN, 'USD'], [KM, 'KHR']] as const) {
    await page.goto(`/detail?prodId=1&lang=${lang.code}&currency=${currency}`);
    const data = await jsonLd(page);
    const product = data.find((d) => d['@type'] === 'Product')!;
    const offer = checkProduct(product);
    expect(offer.priceCurrency).toBe(currency);
    expect(product.name).toBe(await page.getByTestId('detail-name').innerText());
    // The price the share card shows (the running activity's, else the product's).
    const shown = ((await page.getByTestId('share-card').locator('.price').first().textContent()) ?? '').replace(/[^\d.]/g, '');
    expect(Number(offer.price)).toBe(Number(shown));
    const crumbs = checkBreadcrumbs(data.find((d) => d['@type'] === 'BreadcrumbList')!);
    expect(crumbs[0]).toBe(t(lang, 'home-title'));
    expect(crumbs.at(-1)).toBe(product.name);
    // The share card's fields for social sites.
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(String(product.name).slice(0, 10)));
    await expect(page.locator('meta[property="product:price:currency"]')).toHaveAttribute('content', currency);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description!.length).toBeGreaterThan(20);
  }
});

test('lists have breadcrumbs, the home names the site with its search, unknown categories are not found', async ({ page }) => {
  await page.goto('/list?st=2&lang=zh_CN');
  const list = await jsonLd(page);
  expect(checkBreadcrumbs(list.find((d) => d['@type'] === 'BreadcrumbList')!)[0]).toBe(t(ZH, 'home-title'));

  await page.goto('/?lang=en');
  const home = await jsonLd(page);
  expect(home.find((d) => d['@type'] === 'Organization')).toBeTruthy();
  const site = home.find((d) => d['@type'] === 'WebSite')!;
  const action = site.potentialAction as Json;
  expect(action['@type']).toBe('SearchAction');
  const template = (action.target as Json).urlTemplate as string;
  expect(template).toContain('{search_term_string}');
  expect(action['query-input']).toBe('required name=search_term_string');
  const search = await page.request.get(template.replace('{search_term_string}', 'phone'));
  expect(search.status()).toBe(200);

  const title = await page.title();
  expect(title.length).toBeLessThanOrEqual(60);

  for (const missing of ['/list?cpid=999', '/list?cpid=1&cid=99999&st=0']) {
    const response = await page.goto(missing);
    expect(response?.status(), missing).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  }
});

test('private pages are not indexed', async ({ page }) => {
  for (const path of ['/login', '/register', '/forget-password', '/cart', '/user-center/uc-home', '/404']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(0);
  }
});

test('robots.txt names the sitemap; every sitemap is well-formed and its pages answer', async ({ page, request }) => {
  // Hundreds of pages are rendered: more than a page test's time on a busy machine.
  test.setTimeout(120_000);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /user-center');
  expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  await page.goto('/?lang=en');
  /** The `<loc>`s of an XML document, parsed by the browser (a parse error fails). */
  const locs = async (url: string): Promise<string[]> => {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    return page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) throw new Error('not well-formed');
      return Array.from(doc.getElementsByTagName('loc')).map((l) => l.textContent ?? '');
    }, xml);
  };
  const files = await locs('/sitemap.xml');
  for (const lang of LANGS) {
    for (const kind of ['pages', 'products', 'shops', 'categories', 'deals', 'notices']) {
      expect(files).toContain(`${BASE_URL}/sitemaps/${lang.code}/${kind}-1.xml`);
    }
  }
  for (const file of files) {
    const urls = await locs(file);
    const lang = file.split('/').at(-2)!;
    // Every page of the small kinds; a sample of the products.
    const sample = file.includes('/products-') ? urls.filter((_, i) => i % 25 === 0) : urls;
    for (const url of sample) expect(url.endsWith(`lang=${lang}`), url).toBe(true);
    // A few at a time, as a crawler would ask.
    for (let i = 0; i < sample.length; i += 6) {
      const batch = sample.slice(i, i + 6);
      const statuses = await Promise.all(batch.map(async (url) => (await request.get(url)).status()));
      batch.forEach((url, j) => expect(statuses[j], url).toBe(200));
    }
  }
});
