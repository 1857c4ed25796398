/**
 * What testers reported about words, numbers, crawlers and demo data, each where it was
 * seen: home banners that lead to what they advertise; amounts inside texts in the chosen
 * currency; canonicals, titles and search pages for crawlers; the header after the session
 * ends, a shop's own hot words, the bind-email dialog; plurals, points, the unread count.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { join } from 'node:path';
import {
  EN,
  KM,
  ZH,
  addAddress,
  apiData,
  canonicalOf,
  mailboxCode,
  openHydrated,
  openLoginPopup,
  picture,
  signInBuyer,
  signUpBuyer,
  t,
  tf,
  type Lang,
  waitForHydration,
} from './support';

const DESKTOP = { width: 1366, height: 900 };

interface Category {
  categoryId: number;
  categoryName: string;
  categories?: Category[];
}

/** The name of the top-level category holding category `id`, in English. */
async function topCategoryOf(request: APIRequestContext, id: number): Promise<string | undefined> {
  const tree = await apiData<{ categoryInfo: Category[] }>(request, 'GET', '/category/categoryInfo?parentId=0');
  const holds = (c: Category): boolean => c.categoryId === id || (c.categories ?? []).some(holds);
  return tree.categoryInfo.find(holds)?.categoryName;
}

test.describe('item 7: home banners', () => {
  test.use({ viewport: DESKTOP });

  test('each banner links a product of what it advertises (en, 1366)', async ({ page }) => {
    await page.goto('/?lang=en');
    const advertised: Record<string, string> = {
      'New Season Fashion': 'Fashion',
      'Smart Gadgets': 'Electronics',
      'Taste of Cambodia': 'Food & Drinks',
      'Back to School': 'Books & Stationery',
    };
    const slides = page.locator('.carousel__slide[data-prod-id]');
    await expect(slides).toHaveCount(5);
    for (const [headline, top] of Object.entries(advertised)) {
      const slide = slides.filter({ has: page.locator(`img[alt="${headline}"]`) });
      await expect(slide, headline).toHaveCount(1);
      const prodId = Number(await slide.getAttribute('data-prod-id'));
      const product = await apiData<{ categoryId: number; prodName: string }>(page.request, 'GET', `/prod/prodInfo?prodId=${prodId}`);
      expect(await topCategoryOf(page.request, product.categoryId), `${headline} → ${product.prodName}`).toBe(top);
    }
  });
});

test.describe('item 9: amounts inside texts', () => {
  test.use({ viewport: DESKTOP });

  for (const lang of [EN, ZH]) {
    test(`coupon titles and briefs read riel with KHR chosen (${lang.code}, 1366)`, async ({ page }) => {
      await page.goto(`/coupons?lang=${lang.code}&currency=KHR`);
      const names = page.locator('[data-testid="coupon-card"] .coupon-card__name');
      await expect(names.first()).toBeVisible();
      const texts = await names.allTextContents();
      const withAmounts = texts.filter((name) => /៛/.test(name));
      expect(withAmounts.length, texts.join(' | ')).toBeGreaterThan(0);
      for (const name of texts) expect(name, 'no dollars beside riel').not.toMatch(/\$|美元/);
      // "$5 off orders over $50": 5 × 4100 and 50 × 4100 riel.
      expect(texts.join(' ')).toContain('៛20,500');
      expect(texts.join(' ')).toContain('៛205,000');
      await picture(page, `content-coupons-khr-${lang.code}`);

      // A product whose brief names an amount ("Free shipping over $20").
      let found = 0;
      for (let id = 1; id <= 200 && !found; id++) {
        const info = await apiData<{ brief?: string; status: number }>(page.request, 'GET', `/prod/prodInfo?prodId=${id}`).catch(() => null);
        if (info?.status === 1 && info.brief?.includes('$')) found = id;
      }
      expect(found, 'a product with an amount in its brief').toBeGreaterThan(0);
      await page.goto(`/detail?prodId=${found}&lang=${lang.code}&currency=KHR`);
      await expect(page.getByTestId('detail-brief')).toContainText('៛82,000');
      await expect(page.getByTestId('detail-brief')).not.toContainText('$');
      await page.goto(`/detail?prodId=${found}&lang=${lang.code}&currency=USD`);
      await expect(page.getByTestId('detail-brief')).toContainText('$20');
    });
  }
});

test.describe('item 11: crawlers', () => {
  test.use({ viewport: DESKTOP });

  test('preferred shops, lists and search results as crawlers read them (en, 1366)', async ({ page }) => {
    await page.goto('/shop-list?type=1&lang=en');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalOf('/shop-list?type=1&lang=en'));
    await page.goto('/list?st=2&lang=en');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalOf('/list?st=2&lang=en'));
    for (const search of ['/list?pn=phone&lang=en', '/shop-list?shopName=Lotus&lang=en', '/shop-prod-list?sid=2&pn=case&lang=en']) {
      await page.goto(search);
      await expect(page.locator('meta[name="robots"]'), search).toHaveAttribute('content', 'noindex, follow');
      await expect(page.locator('link[rel="canonical"]'), search).toHaveCount(0);
    }
  });

  test('the sitemap lists each page by its canonical (en)', async ({ request }) => {
    const pages = await (await request.get('/sitemaps/en/pages-1.xml')).text();
    const urls = [...pages.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) {
      const html = await (await request.get(url)).text();
      // The canonical link, whatever the order of its attributes.
      const link = /<link\b[^>]*\brel="canonical"[^>]*>/.exec(html)?.[0] ?? '';
      const canonical = /\bhref="([^"]+)"/.exec(link)?.[1]?.replace(/&amp;/g, '&');
      expect(canonical, url).toBe(url);
    }
  });

  for (const lang of [EN, ZH, KM]) {
    test(`every page title ends with the site name (${lang.code})`, async ({ page }) => {
      const site = t(lang, 'site-name');
      for (const path of ['/', '/list?st=2', '/detail?prodId=1', '/shop-index?sid=2', '/shop-list?type=1', '/coupons', '/list?pn=tea']) {
        const sep = path.includes('?') ? '&' : '?';
        await page.goto(`${path}${sep}lang=${lang.code}`);
        const title = await page.title();
        // The seeded logo text of zh and km is the site name with a zero-width space.
        expect(title.replace(/\u200b/g, ''), path).toMatch(new RegExp(` - ${site.replace(/\u200b/g, '')}$`));
      }
    });
  }
});

test.describe('item 12: the header, shop headers and the bind dialog', () => {
  test.use({ viewport: DESKTOP });

  test('the header drops the nickname once the session has ended (en, 1366)', async ({ page, playwright }) => {
    await signUpBuyer(page.request);
    await openHydrated(page, '/detail?prodId=1&lang=en');
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await expect(page.getByTestId('login-link')).toBeHidden();
    // The session ends elsewhere (signed out on another device).
    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    const elsewhere = await playwright.request.newContext({ baseURL: page.url().split('/detail')[0], extraHTTPHeaders: { cookie: `token=${token}` } });
    await elsewhere.post('/api/logOut');
    await elsewhere.dispose();
    // The next call answers A00004: the login popup opens and the header is a guest's.
    await page.getByTestId('collect-product').click();
    await expect(page.getByTestId('account-menu')).toBeHidden();
    await expect(page.getByTestId('header-chat')).toBeHidden();
    await expect(page.getByTestId('login-link')).toBeVisible();
    await expect(page.getByTestId('register-link')).toBeVisible();
  });

  for (const lang of [EN, KM]) {
    test(`the category menu shows each category's first four subcategory names (${lang.code}, 1366)`, async ({ page }) => {
      await page.goto(`/?lang=${lang.code}`);
      await page.evaluate(() => document.fonts.ready);
      const answer = await page.request.get('/api/category/categoryInfo?parentId=0', { headers: { locale: lang.code } });
      const tree = (await answer.json()).data as { categoryInfo: Category[] };
      const items = page.getByTestId('category-menu').locator('.category-menu__item');
      await expect(items).toHaveCount(tree.categoryInfo.length);
      for (const [index, top] of tree.categoryInfo.entries()) {
        const names = (top.categories ?? []).slice(0, 4).map((c) => c.categoryName);
        const links = items.nth(index).locator('.category-menu__subs a');
        await expect(links).toHaveCount(names.length);
        for (const [at, name] of names.entries()) {
          const link = links.nth(at);
          await expect(link).toHaveAttribute('title', name);
          // Shown inside the menu, not cut off by it: each name's box lies within the list.
          await expect(link).toBeInViewport();
          const box = (await link.boundingBox())!;
          const menu = (await items.nth(index).boundingBox())!;
          expect(box.width).toBeGreaterThan(12);
          expect(box.y + box.height).toBeLessThanOrEqual(menu.y + menu.height + 0.5);
          expect(box.x + box.width).toBeLessThanOrEqual(menu.x + menu.width + 0.5);
        }
      }
      await picture(page.getByTestId('category-menu'), `category-menu-${lang.code}`);
    });
  }

  test("a shop's header shows its own hot words, not the mall's (en, 1366)", async ({ page }) => {
    await page.goto('/shop-index?sid=2&lang=en');
    const words = page.getByTestId('shop-hot-words').locator('a');
    await expect(words).toHaveCount(4);
    const shown = await words.allTextContents();
    const own = await apiData<{ title: string }[]>(page.request, 'GET', '/search/hotSearch?type=1&shopId=2');
    expect(shown).toEqual(own.slice(0, 4).map((w) => w.title));
    expect(shown).not.toContain('Dress');
    // The main header keeps the mall's words.
    await page.goto('/?lang=en');
    await expect(page.locator('body')).toContainText('Dress');
  });

  test('the bind-email dialog starts from the address the provider returned (en, 1366)', async ({ page, request }) => {
    const mail = `provider${Date.now()}@example.com`;
    const popup = await openLoginPopup(page, '/?lang=en');
    await popup.getByTestId('login-terms').check();
    await popup.getByTestId('login-google').click();
    await page.waitForURL((url) => url.pathname === '/api/dev/oauth/authorize');
    await page.getByTestId('dev-oauth-subject').fill(`e2e-prefill-${Date.now()}`);
    await page.getByTestId('dev-oauth-email').fill(mail);
    await page.getByTestId('dev-oauth-approve').click();
    await page.waitForURL((url) => url.pathname === '/google/callback');
    await expect(page.getByTestId('bind-dialog')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('bind-email')).toHaveValue(mail);
    // It binds with that address as it stands.
    await page.getByTestId('bind-get-code').click();
    await page.getByTestId('bind-code').fill(await mailboxCode(request, mail));
    await page.getByTestId('bind-submit').click();
    await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('item 20: counts, points, dates and messages', () => {
  test.use({ viewport: DESKTOP });

  test('one item is "1 item" on the submit page (en, 1366)', async ({ page }) => {
    await signUpBuyer(page.request);
    await addAddress(page.request);
    await openHydrated(page, '/detail?prodId=1&lang=en');
    await page.getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname === '/submit-order');
    const count = page.getByTestId('checkout-shop').first().locator('.checkout-shop__count');
    await expect(count).toHaveText(tf(EN, 'order-item-count', { count: 1 }));
    await expect(count).toHaveText('1 item');
  });

  for (const lang of [EN, KM] as Lang[]) {
    test(`signing in today reads "1 day in a row" and lists the record at once (${lang.code}, 1366)`, async ({ page }) => {
      await signUpBuyer(page.request);
      await openHydrated(page, `/user-center/uc-integral?lang=${lang.code}`);
      await expect(page.getByTestId('wallet-points-empty')).toBeVisible();
      await page.getByTestId('wallet-sign-in-submit').click();
      const status = page.getByTestId('wallet-sign-in-status');
      await expect(status).toContainText(tf(lang, 'wallet-sign-in-streak', { days: 1 }));
      if (lang === EN) await expect(status).toContainText('1 day in a row.');
      await expect(page.getByTestId('wallet-points-record')).toHaveCount(1);
      await expect(page.getByTestId('wallet-points-empty')).toHaveCount(0);
    });
  }

  test('points read as the overview shows them, and are explained in riel with KHR (en, 1366)', async ({ page }) => {
    await signInBuyer(page.request, 'demo.buyer@example.com', 'Demo1234!');
    await page.goto('/user-center/uc-home?lang=en&currency=KHR');
    const overview = await page.getByTestId('uc-home-points').textContent();
    await page.goto('/user-center/uc-integral?lang=en&currency=KHR');
    const points = await page.getByTestId('wallet-points').textContent();
    expect(points).toMatch(/^\d{1,3}(,\d{3})+$/);
    expect(points).toBe(overview);
    const rules = page.getByTestId('wallet-points-rules');
    await expect(rules).toContainText('៛');
    await expect(rules).not.toContainText('$');
    await page.goto('/user-center/uc-home?lang=en&currency=KHR');
    await expect(page.locator('.uc-level__how')).toContainText('៛4,100');
  });

  test('the header counts a message that arrives while a page is open (en, 1366)', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signUpBuyer(page.request);
    const shop = await apiData<{ shop: { shopId: number } }>(page.request, 'GET', '/prod/prodInfo?prodId=1');
    const conversation = await apiData<{ conversationId: number }>(page.request, 'POST', '/p/chat/conversation', {
      shopId: shop.shop.shopId,
    });
    // A product page: its quick menu has the chat item too (the home's has none).
    await page.goto('/detail?prodId=1&lang=en');
    const badge = page.getByTestId('header-chat-unread');
    await expect(badge).toBeHidden();

    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await signInBuyer(agent.request, 'shop.agent@example.com', 'Demo1234!');
    await openHydrated(agent, '/chat-agent?lang=en');
    const item = agent.locator(`[data-testid="chat-conversation"][data-conversation-id="${conversation.conversationId}"]`);
    await item.click({ timeout: 15_000 });
    const input = agent.getByTestId('chat').getByTestId('chat-input');
    await input.fill('Your parcel ships today');
    await input.press('Enter');
    await expect(agent.getByTestId('chat').getByTestId('chat-pending')).toHaveCount(0);
    await agentContext.close();

    // No reload, no chat opened: the header's count follows.
    await expect(badge).toHaveText('1', { timeout: 30_000 });
    await expect(page.getByTestId('quick-chat-unread')).toHaveText('1');
    await waitForHydration(page);
  });
});
