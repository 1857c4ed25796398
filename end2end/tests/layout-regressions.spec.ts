/**
 * What buyers see on shop, product, comparison, decorated and cart pages, at the width and in
 * the language where each defect was found (issue 47): the shop's contact link, the comparison
 * table and the group-buy detail at 375 px, banners in the page's language, a flash sale's
 * stock, the top bar of a new account, decorated modules' pictures, off-shelf cards and the
 * quick menu over the cart's Settle button. Screenshots go to `end2end/screenshots/layout/`.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  EN,
  KM,
  LANGS,
  ZH,
  addToCart,
  apiData,
  openHydrated,
  picture,
  signUpBuyer,
  sql,
  t,
  tf,
  type Lang,
  waitForHydration,
} from './support';


const PHONE = { width: 375, height: 812 };

/** Nothing on the page reaches past the viewport's right edge: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${what}: page width ${JSON.stringify(widths)}`).toBeLessThanOrEqual(widths.viewport);
  expect(widths.body, `${what}: body width ${JSON.stringify(widths)}`).toBeLessThanOrEqual(widths.viewport);
}


test.describe('layout regressions', () => {
  // 1. "Contact service" opens the storefront's own chat with the shop.
  test('the shop page contact link opens the shop chat, a guest signs in first (en)', async ({ page }) => {
    const head = await apiData<{ mosChatSupportUrl: string | null }>(page.request, 'GET', '/shop/headInfo?shopId=2');
    expect(head.mosChatSupportUrl).toBeNull();
    await openHydrated(page, '/shop-index?sid=2&lang=en');
    const contact = page.getByTestId('shop-contact');
    await expect(contact).toHaveText(t(EN, 'shop-contact'));
    await expect(contact).toHaveAttribute('href', '/chat?shopId=2');
    await expect(contact).not.toHaveAttribute('target', /.+/);
    await contact.click();
    await expect(page.getByTestId('login-popup')).toBeVisible({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/shop-index');
  });

  // 2. The comparison table scrolls inside its own box; the page never scrolls sideways.
  test('/product-comparison fits a 375 px phone, before and after the sidebar (en)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openHydrated(page, '/product-comparison?prodId=1&lang=en');
    await expect(page.getByTestId('comparison-page')).toBeVisible();
    await expectNoSidewaysScroll(page, 'comparison page');
    const scroller = page.locator('.compare-table__scroll');
    if (await scroller.count()) {
      const box = await scroller.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth, right: el.getBoundingClientRect().right }));
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
      expect(box.scroll, 'the table scrolls inside its box').toBeGreaterThanOrEqual(box.client);
    }
    await picture(page, 'layout/comparison-375-en', { fullPage: true });
    // The sidebar, opened from the page and closed again, leaves the page where it was.
    // The page may open the sidebar itself; otherwise it is opened from the page's button.
    if (!(await page.getByTestId('price-compare').isVisible())) {
      await page.getByTestId('comparison-page').getByTestId('compare-button').first().click();
    }
    await expect(page.getByTestId('price-compare')).toBeVisible();
    await expectNoSidewaysScroll(page, 'comparison page with the sidebar');
    await page.getByTestId('pc-close').click();
    await expect(page.getByTestId('price-compare')).toBeHidden();
    await expectNoSidewaysScroll(page, 'comparison page after the sidebar');
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });

  // 3. The group-buy detail's buttons wrap inside their column.
  for (const lang of LANGS) {
    for (const width of [375, 1366]) {
      test(`the group-buy detail fits at ${width} px (${lang.code})`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/detail?prodId=1295&lang=${lang.code}`);
        await expect(page.getByTestId('detail-page')).toBeVisible();
        await expectNoSidewaysScroll(page, `detail ${width}`);
        const panel = await page.locator('.detail-top').boundingBox();
        const shop = await page.locator('.detail-shop').boundingBox();
        const actions = await page.locator('.buy-box__actions').boundingBox();
        expect(panel && shop && actions).toBeTruthy();
        if (panel && shop && actions) {
          expect(shop.x + shop.width, 'the shop card stays in the panel').toBeLessThanOrEqual(panel.x + panel.width + 0.5);
          expect(actions.x + actions.width, 'the buttons stay in the panel').toBeLessThanOrEqual(panel.x + panel.width + 0.5);
        }
        await picture(page, `layout/group-detail-${width}-${lang.code}`);
      });
    }
  }

  // 4. A banner drawn in a language carries the language in its URL.
  test('home banners follow a language switch (en then km, zh_CN)', async ({ page, request }) => {
    await page.goto('/?lang=en');
    const bannerSrcs = () =>
      page.locator('.carousel__slide img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src') ?? ''));
    const en = await bannerSrcs();
    expect(en.length).toBeGreaterThan(0);
    for (const lang of [KM, ZH]) {
      await page.goto(`/?lang=${lang.code}`);
      await page.reload();
      const srcs = await bannerSrcs();
      for (const src of srcs.filter((s) => s.startsWith('/media/banner/'))) {
        expect(new URL(src, 'http://x').searchParams.get('lang')).toBe(lang.code);
        expect(en).not.toContain(src);
      }
      const first = srcs.find((s) => s.startsWith('/media/banner/'));
      if (first) {
        const answer = await request.get(first);
        expect(answer.headers()['vary'] ?? '').not.toMatch(/cookie/i);
        expect(await answer.text()).toContain(`xml:lang="${lang.tag}"`);
      }
      const shown = await page.locator('.carousel__slide img').first().evaluate((img) => (img as HTMLImageElement).currentSrc);
      expect(shown).toContain(`lang=${lang.code}`);
    }
  });

  // 5. A flash sale shows what is left of its stock; the per-buyer limit is said apart.
  test('a flash sale shows its remaining stock, not the per-buyer limit (en)', async ({ page }) => {
    interface Detail {
      seckill: { seckillId: number; seckillStocks: number; maxNum: number; startTime: number; endTime: number } | null;
      skuList: { stocks: number }[];
    }
    const detail = await apiData<Detail>(page.request, 'GET', '/prod/prodInfo?prodId=340');
    test.skip(!detail.seckill || detail.seckill.startTime > Date.now(), 'product 340 has no running flash sale');
    const sale = detail.seckill!;
    const expected = Math.min(sale.seckillStocks, detail.skuList[0].stocks);
    expect(expected, 'the sale has more units left than one buyer may take').toBeGreaterThan(sale.maxNum);
    await page.goto(`/detail?prodId=340&seckillId=${sale.seckillId}&lang=en`);
    await expect(page.getByTestId('stock')).toHaveText(tf(EN, 'detail-stock', { count: expected }));
    await expect(page.getByTestId('flash-limit')).toHaveText(tf(EN, 'detail-flash-limit', { count: sale.maxNum }));
    await waitForHydration(page);
    await expect(page.getByTestId('stock')).toHaveText(tf(EN, 'detail-stock', { count: expected }));
  });

  // 6. The top bar stays one row for a new account and for long nicknames.
  test('the top bar of a new account stays on one row at 1280, 1366 and 1440 px', async ({ page }) => {
    // Twelve home pages and four screenshots: more than a page test's time on a busy machine.
    test.setTimeout(60_000);
    await signUpBuyer(page.request);
    const oneRow = async (what: string) => {
      const left = await page.getByTestId('welcome').boundingBox();
      const right = await page.getByTestId('seller-centre').boundingBox();
      const bar = await page.getByTestId('topbar').boundingBox();
      expect(left && right && bar, what).toBeTruthy();
      if (left && right && bar) {
        expect(Math.abs(left.y + left.height / 2 - (right.y + right.height / 2)), `${what}: one row`).toBeLessThan(6);
        expect(bar.height, `${what}: the bar's height`).toBeLessThan(48);
      }
      await expectNoSidewaysScroll(page, what);
    };
    for (const width of [1280, 1366, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/?lang=en');
      await expect(page.getByTestId('account-menu')).toContainText(t(EN, 'header-no-nickname'));
      await oneRow(`no nickname, ${width}`);
      if (width === 1280) await picture(page, 'layout/topbar-1280-en');
    }
    const nicknames: [Lang, string][] = [
      [EN, 'WWWWWWWWWWWWWWW'],
      [ZH, '欢迎来到湄公商城购物的新朋友们好呀'.slice(0, 15)],
      [KM, 'សួស្តីអ្នកទិញថ្មីនៅផ្សារមេគង្គ'.slice(0, 15)],
    ];
    for (const [lang, nick] of nicknames) {
      await apiData(page.request, 'PUT', '/p/user/setUserInfo', { nickName: nick, pic: null });
      for (const width of [1280, 1366, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/?lang=${lang.code}`);
        await expect(page.getByTestId('account-menu')).toContainText(nick);
        await oneRow(`${lang.code} nickname, ${width}`);
        if (width === 1280) await picture(page, `layout/topbar-1280-${lang.code}`);
      }
    }
  });

  // 8. A decorated module's title never sits on its picture, which is shown whole.
  for (const lang of LANGS) {
    test(`decorated modules show their pictures whole, titles beside them (${lang.code})`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`/select-decorate?renovationId=1&sid=0&lang=${lang.code}`);
      const modules = page.locator('.block-module__banner.has-picture, .block-module__main');
      expect(await modules.count()).toBeGreaterThan(0);
      for (const module of await modules.all()) {
        await module.scrollIntoViewIfNeeded();
        const img = module.locator('img');
        await expect(img).toHaveJSProperty('complete', true);
        const title = await module.locator('.block-module__title').boundingBox();
        const picture = await img.boundingBox();
        const natural = await img.evaluate((i) => (i as HTMLImageElement).naturalWidth / (i as HTMLImageElement).naturalHeight);
        expect(title && picture).toBeTruthy();
        if (title && picture) {
          const overlaps = title.y + title.height > picture.y && picture.y + picture.height > title.y;
          expect(overlaps, 'the title is not on the picture').toBe(false);
          // Shown whole: the box has the picture's own proportions (nothing cropped).
          expect(Math.abs(picture.width / picture.height - natural)).toBeLessThan(0.02);
        }
      }
      await picture(page, `layout/decorated-1366-${lang.code}`, { fullPage: true });
    });
  }

  // 10. An off-shelf card warns instead of opening the product.
  test('an off-shelf card on a decorated page warns and opens nothing (en)', async ({ page, context }) => {
    await page.goto('/select-decorate?renovationId=1&sid=0&lang=en');
    const href = await page.locator('.block-module [data-testid="product-card"] a.product-card__link').last().getAttribute('href');
    const prodId = Number(new URL(href ?? '', 'http://x').searchParams.get('prodId'));
    expect(prodId).toBeGreaterThan(0);
    sql(`UPDATE product SET status = 0 WHERE prod_id = ${prodId}`);
    try {
      const card = page.locator('[data-testid="product-card"].is-off-shelf');
      await expect
        .poll(async () => {
          await page.goto('/select-decorate?renovationId=1&sid=0&lang=en');
          return card.count();
        }, { timeout: 30_000, intervals: [1_000, 2_000, 5_000] })
        .toBeGreaterThan(0);
      await expect(card.first()).toContainText(t(EN, 'card-off-shelf'));
      await expect(card.first().locator('a[href]')).toHaveCount(0);
      const pages = context.pages().length;
      await card.first().scrollIntoViewIfNeeded();
      await card.first().click();
      await expect(page.getByTestId('off-shelf-warning')).toBeVisible();
      await expect(page.getByTestId('off-shelf-warning')).toHaveText(t(EN, 'detail-off-shelf'));
      expect(context.pages().length, 'no tab opened').toBe(pages);
      expect(new URL(page.url()).pathname).toBe('/select-decorate');
      await picture(page, 'layout/off-shelf-warning-en');
    } finally {
      sql(`UPDATE product SET status = 1 WHERE prod_id = ${prodId}`);
    }
  });

  // 18. On a phone the quick menu never covers the cart's Settle button.
  for (const lang of [EN, KM]) {
    test(`the quick menu leaves the cart's Settle button free at 375 px (${lang.code})`, async ({ page }) => {
      await signUpBuyer(page.request);
      await addToCart(page.request);
      await page.setViewportSize(PHONE);
      await openHydrated(page, `/cart?lang=${lang.code}`);
      await page.getByTestId('cart-line-check').first().check();
      const settle = page.getByTestId('cart-settle');
      await expect(settle).toBeEnabled();
      for (const at of ['top', 'bottom'] as const) {
        // At the top the bar sticks to the viewport's bottom edge, above the quick menu; further
        // down, the button in the bar's own place, brought just above that edge.
        // At once: the page scrolls smoothly, and a box read mid-scroll is not where it ends.
        if (at === 'top') await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        else await settle.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
        const box = await settle.boundingBox();
        expect(box).toBeTruthy();
        if (!box) continue;
        const hit = await page.evaluate(
          ([x, y]) => {
            const el = document.elementFromPoint(x, y);
            return el?.closest('[data-testid="cart-settle"]') ? 'settle' : el?.closest('[data-testid="quick-menu"]') ? 'quick-menu' : el?.tagName ?? 'none';
          },
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(hit, `scrolled to the ${at}`).toBe('settle');
        // Its right end (the rounded corner itself is outside the button for hit testing).
        const corner = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="cart-settle"]') !== null,
          [box.x + box.width - 4, box.y + box.height / 2],
        );
        expect(corner, `the button's corner, scrolled to the ${at}`).toBe(true);
      }
      await expectNoSidewaysScroll(page, 'cart');
      await picture(page, `layout/cart-375-${lang.code}`);
    });
  }
});

