/**
 * Pages whose islands wait for the visitor (`app/src/islands_loader.js`, `shell::HYDRATE_ON_INTENT`):
 * a page with only the frame's islands fetches no wasm until the visitor's first move, still
 * counts the visit, works as plain HTML meanwhile, and plays a click meant for an island again
 * once the islands are interactive. A page with a carousel or a countdown hydrates at load.
 */
import { expect, test, type Page } from '@playwright/test';
import { EN, t, waitForHydration } from './support';

const isWasm = (url: string) => new URL(url).pathname.endsWith('.wasm');
const isFlowLog = (url: string) => new URL(url).pathname === '/api/flowAnalysisLog';

/** Every URL the page requests from now on. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(r.url()));
  return seen;
}

const hydrated = (page: Page) => page.evaluate(() => (window as unknown as { __mallHydrated?: boolean }).__mallHydrated === true);

test('a list fetches no wasm before the first move, and counts the visit at once', async ({ page }) => {
  const seen = requests(page);
  await page.goto(`/list?st=2&lang=${EN.code}`, { waitUntil: 'networkidle' });
  await expect.poll(() => seen.some(isFlowLog)).toBe(true);
  expect(seen.filter(isWasm)).toEqual([]);
  expect(await hydrated(page)).toBe(false);

  await page.mouse.move(200, 300);
  await page.waitForFunction(() => (window as unknown as { __mallHydrated?: boolean }).__mallHydrated === true);
  expect(seen.filter(isWasm).length).toBeGreaterThan(0);
  // Hydrated once only: the visit was not posted again.
  expect(seen.filter(isFlowLog)).toHaveLength(1);
});

test('a click on the login link before hydration opens the login popup once the islands are ready', async ({ page }) => {
  await page.goto(`/list?st=2&lang=${EN.code}`, { waitUntil: 'networkidle' });
  expect(await hydrated(page)).toBe(false);
  // A keyboard click: no pointer move comes before it.
  await page.getByTestId('login-link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-popup')).toBeVisible({ timeout: 10_000 });
  expect(new URL(page.url()).pathname).toBe('/list');
});

test('a compare link clicked before hydration opens the sidebar, not the comparison page', async ({ page }) => {
  await page.goto(`/list?st=2&lang=${EN.code}`, { waitUntil: 'networkidle' });
  expect(await hydrated(page)).toBe(false);
  await page.getByTestId('compare-button').first().dispatchEvent('click', { button: 0 });
  await expect(page.getByTestId('price-compare')).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/list');
});

test('the search box works as a plain form before hydration', async ({ page }) => {
  await page.goto(`/list?st=2&lang=${EN.code}`, { waitUntil: 'networkidle' });
  const box = page.getByTestId('search-input').first();
  await expect(box).toHaveAttribute('placeholder', t(EN, 'search-placeholder-goods'));
  await box.fill('phone');
  await box.press('Enter');
  await page.waitForURL((u) => u.pathname === '/list' && u.searchParams.get('pn') === 'phone');
});

test('the home page hydrates at load, without any input', async ({ page }) => {
  await page.goto(`/?lang=${EN.code}`);
  await page.waitForFunction(() => (window as unknown as { __mallHydrated?: boolean }).__mallHydrated === true);
  expect(await page.evaluate(() => (window as unknown as { __mallIslandsAwaitVisitor?: boolean }).__mallIslandsAwaitVisitor)).toBeUndefined();
  // And the helper every other test uses still finds it hydrated.
  await waitForHydration(page);
});
