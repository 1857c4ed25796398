/**
 * Language and currency switchers: the choice reloads the page with a query parameter and is
 * kept in a cookie (spec section 4 "Language").
 */
import { expect, test, type Page } from '@playwright/test';
import { EN, KM, ZH, t, type Lang } from './support';

async function switchLanguage(page: Page, to: Lang): Promise<void> {
  const switcher = page.getByTestId('language-switcher');
  await switcher.locator('summary').click();
  const option = switcher.getByRole('link', { name: to.nativeName, exact: true });
  await expect(option).toBeVisible();
  await option.click();
  await page.waitForURL((url) => url.searchParams.get('lang') === to.code);
}

async function expectLanguage(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang.tag);
  await expect(page.getByTestId('login-link')).toHaveText(t(lang, 'header-login'));
  await expect(page.getByTestId('register-link')).toHaveText(t(lang, 'header-register'));
  await expect(page.getByTestId('language-switcher').locator('summary')).toContainText(lang.nativeName);
  await expect(page.getByTestId('footer').getByRole('link', { name: t(lang, 'footer-hot-sale'), exact: true })).toBeVisible();
}

for (const to of [KM, ZH]) {
  test(`switching to ${to.nativeName} sets lang=${to.code}, <html lang="${to.tag}"> and a cookie`, async ({ page, context }) => {
    await page.goto(`/?lang=${EN.code}`);
    await expectLanguage(page, EN);

    await switchLanguage(page, to);
    expect(new URL(page.url()).pathname).toBe('/');
    await expectLanguage(page, to);
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe(to.code);

    // Without the query parameter the cookie keeps the choice.
    await page.goto('/');
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    await expectLanguage(page, to);
    await page.reload();
    await expectLanguage(page, to);

    // And back to English through the switcher.
    await switchLanguage(page, EN);
    await expectLanguage(page, EN);
    await page.goto('/');
    await expectLanguage(page, EN);
  });
}

test('Khmer text renders with the bundled Noto Sans Khmer font', async ({ page }) => {
  const fontResponses: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (/noto-sans-khmer.*\.woff2/.test(r.url())) fontResponses.push({ url: r.url(), status: r.status() });
  });
  await page.goto(`/?lang=${KM.code}`);
  await expect(page.getByTestId('login-link')).toHaveText(t(KM, 'header-login'));
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    const faces = [...document.fonts].map((f) => ({ family: f.family.replace(/["']/g, ''), weight: f.weight, status: f.status }));
    return { check: document.fonts.check('16px "Noto Sans Khmer"', 'ក'), faces };
  });
  const khmerFaces = fonts.faces.filter((f) => f.family === 'Noto Sans Khmer');
  expect(khmerFaces.length, 'an @font-face for Noto Sans Khmer').toBeGreaterThan(0);
  expect(khmerFaces.some((f) => f.status === 'loaded'), `a loaded Noto Sans Khmer face: ${JSON.stringify(khmerFaces)}`).toBe(true);
  expect(fonts.check).toBe(true);
  expect(fontResponses.length, 'the Khmer woff2 was fetched').toBeGreaterThan(0);
  for (const r of fontResponses) expect(r.status, r.url).toBe(200);

  // The login link's computed font stack starts with the Khmer face.
  const family = await page.getByTestId('login-link').evaluate((el) => getComputedStyle(el).fontFamily);
  expect(family).toMatch(/^"?Noto Sans Khmer"?/);
});

test('switching the currency to KHR shows ៛ KHR and survives a reload', async ({ page, context }) => {
  await page.goto(`/?lang=${EN.code}`);
  const switcher = page.getByTestId('currency-switcher');
  const summary = switcher.locator('summary');
  await expect(summary).toHaveText(/\$\s*USD/);

  await summary.click();
  const khr = switcher.getByRole('link', { name: /KHR/ });
  await expect(khr).toBeVisible();
  await expect(switcher.getByRole('link', { name: /USD/ })).toBeVisible();
  await khr.click();
  await page.waitForURL((url) => url.searchParams.get('currency') === 'KHR');
  await expect(page.getByTestId('currency-switcher').locator('summary')).toHaveText(/៛\s*KHR/);
  expect((await context.cookies()).find((c) => c.name === 'currency')?.value).toBe('KHR');

  await page.goto('/');
  await expect(page.getByTestId('currency-switcher').locator('summary')).toHaveText(/៛\s*KHR/);
  await page.reload();
  await expect(page.getByTestId('currency-switcher').locator('summary')).toHaveText(/៛\s*KHR/);
  // The language stayed English.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByTestId('currency-switcher').locator('summary').click();
  await page.getByTestId('currency-switcher').getByRole('link', { name: /USD/ }).click();
  await page.waitForURL((url) => url.searchParams.get('currency') === 'USD');
  await page.goto('/');
  await expect(page.getByTestId('currency-switcher').locator('summary')).toHaveText(/\$\s*USD/);
});

test('an unknown lang parameter falls back to the saved language', async ({ page }) => {
  await page.goto(`/?lang=${ZH.code}`);
  await expect(page.locator('html')).toHaveAttribute('lang', ZH.tag);
  await page.goto('/?lang=xx');
  await expect(page.locator('html')).toHaveAttribute('lang', ZH.tag);
});

test('zh_HK reads as Simplified Chinese', async ({ page }) => {
  await page.goto('/?lang=zh_HK');
  await expect(page.locator('html')).toHaveAttribute('lang', ZH.tag);
  await expect(page.getByTestId('login-link')).toHaveText(t(ZH, 'header-login'));
});

/** Fonts able to draw Chinese; anything else draws the text as empty boxes. */
const CJK_FONT = /CJK|Hei|Song|Ming|PingFang|YaHei|WenQuanYi|Droid Sans Fallback|Source Han|Noto Sans SC|Noto Serif SC/i;

for (const [lang, fontRe] of [
  [EN, /./],
  [ZH, CJK_FONT],
  [KM, /Khmer/i],
] as [Lang, RegExp][]) {
  test(`the login link's text is drawn with a font that has its glyphs (${lang.code})`, async ({ page }) => {
    await page.goto(`/?lang=${lang.code}`);
    await expect(page.getByTestId('login-link')).toHaveText(t(lang, 'header-login'));
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    // The fonts Chromium actually used for the node (system fonts included).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-testid="login-link"]' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const used = fonts.map((f) => f.familyName);
    expect(used.length).toBeGreaterThan(0);
    for (const family of used) {
      expect(family, `fonts used: ${used.join(', ')} (for Chinese install a CJK font, e.g. fonts-noto-cjk)`).toMatch(fontRe);
    }
  });
}
