/**
 * The points mall (spec sections 1, 2 `/member-center/integral-mall` and
 * `/submit-integral-order`, 5 points in multiples of 10, 9 SCOREPAY).
 *
 * A guest is sent to /login and comes back. A new buyer earns 10 points by the daily sign-in on
 * My Points, opens the points mall (their points, the grid, a sold-out item), redeems the
 * 10-point item (adding a delivery address on the page), lands on the new order's page marked
 * as a points order and paid, finds it in My Orders, and sees the points record of the
 * payment; an item they cannot afford shows the shortfall and no Redeem. In English and Khmer;
 * axe on both pages in three languages; screenshots in three languages.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  EN,
  KM,
  LANGS,
  addAddress,
  apiData,
  openHydrated,
  picture,
  signUpBuyer,
  t,
  tf,
  waitForHydration,
} from './support';

const MALL = '/member-center/integral-mall';

interface ScoreProd {
  scoreProdId: number;
  prodName: string;
  scorePrice: number;
  stocks: number;
}

/** The items on offer, through the API. */
async function items(page: Page): Promise<ScoreProd[]> {
  const list = await apiData<{ records: ScoreProd[] }>(page.request, 'GET', '/score/prodList?size=100');
  return list.records;
}

test('a guest opening the points mall is sent to sign in and comes back', async ({ page }) => {
  await page.goto(`${MALL}?lang=en`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toContain(MALL);
  await page.goto('/submit-integral-order?scoreProdId=1');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

for (const lang of [EN, KM]) {
  test(`a new buyer earns points, redeems an item and sees the order and the record (${lang.code})`, async ({ page }) => {
    await signUpBuyer(page.request);
    // Earn: today's sign-in on My Points (10 points on the first day).
    await openHydrated(page, `/user-center/uc-integral?lang=${lang.code}`);
    await page.getByTestId('wallet-sign-in-submit').click();
    await expect(page.getByTestId('wallet-points')).toHaveText('10');

    // The points mall: the buyer's points, the grid, a sold-out item without Redeem.
    await openHydrated(page, `${MALL}?lang=${lang.code}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'points-mall-title'));
    await expect(page.getByTestId('points-mall-points')).toHaveText('10');
    const cards = page.getByTestId('points-mall-item');
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const soldOut = cards.filter({ has: page.locator('[data-testid="points-mall-stock"]', { hasText: t(lang, 'points-mall-sold-out') }) });
    await expect(soldOut).toHaveCount(1);
    await expect(soldOut.getByTestId('points-mall-redeem')).toHaveCount(0);
    const cheap = page.locator('[data-testid="points-mall-item"][data-points="10"]');
    await expect(cheap.getByTestId('points-mall-price')).toHaveText(tf(lang, 'points-mall-points', { points: 10 }));
    const stocks = Number(await cheap.getAttribute('data-stocks'));

    // Redeem it: the page shows the item, the points needed and held; the buyer adds an address.
    await cheap.getByTestId('points-mall-redeem').click();
    await page.waitForURL((u) => u.pathname === '/submit-integral-order');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'points-redeem-title'));
    await expect(page.getByTestId('points-redeem-needed')).toHaveText(tf(lang, 'points-mall-points', { points: 10 }));
    await expect(page.getByTestId('points-redeem-held')).toHaveText(tf(lang, 'points-mall-points', { points: 10 }));
    // Two units are more than the buyer holds: the shortfall, and no submission.
    await page.getByRole('button', { name: t(lang, 'points-redeem-more') }).click();
    await expect(page.getByTestId('points-redeem-short')).toContainText(tf(lang, 'points-redeem-short', { points: 10 }));
    await expect(page.getByTestId('points-redeem-submit')).toBeDisabled();
    await page.getByRole('button', { name: t(lang, 'points-redeem-less') }).click();
    await expect(page.getByTestId('points-redeem-count')).toHaveValue('1');
    await expect(page.getByTestId('points-redeem-short')).toHaveCount(0);

    await page.getByTestId('points-redeem-address-add').click();
    const form = page.getByTestId('address-form');
    const receiver = `Redeemer ${lang.code} ${Date.now() % 100000}`;
    await form.locator('input[name="receiver"]').fill(receiver);
    await form.locator('input[name="mobile"]').fill('012 345 678');
    await form.locator('input[name="postCode"]').fill('12000');
    await form.locator('input[name="addr"]').fill('No. 7, Street 240, Daun Penh, Phnom Penh');
    await form.getByTestId('address-save').click();
    const addresses = page.getByTestId('points-redeem-address');
    await expect(addresses).toHaveCount(1);
    await expect(addresses.locator('input')).toBeChecked();
    await page.getByTestId('points-redeem-remarks').fill('Please wrap it');
    // Submitted from the keyboard.
    await page.getByTestId('points-redeem-submit').focus();
    await page.keyboard.press('Enter');

    // The order's page: paid, a points order, delivered to the new address.
    await page.waitForURL((u) => u.pathname === '/order-detail');
    const number = new URL(page.url()).searchParams.get('orderNumber') ?? '';
    expect(number).toMatch(/^\d+$/);
    await expect(page.getByTestId('order-status')).toHaveText(t(lang, 'order-status-paid'));
    await expect(page.getByTestId('points-order-tag')).toHaveText(t(lang, 'points-mall-order'));
    await expect(page.getByTestId('order-address')).toContainText(receiver);
    await expect(page.getByTestId('order-remarks')).toHaveText('Please wrap it');

    // My Orders lists it; the points record names the order; the mall shows the new figures.
    await openHydrated(page, `/user-center/uc-order?lang=${lang.code}`);
    await expect(page.locator(`a[href*="orderNumber=${number}"]`).first()).toBeVisible();
    await openHydrated(page, `/user-center/uc-integral?lang=${lang.code}`);
    await expect(page.getByTestId('wallet-points')).toHaveText('0');
    const records = page.getByTestId('wallet-points-record');
    await expect(records).toHaveCount(2);
    await expect(records.first()).toContainText(t(lang, 'wallet-points-paid-order'));
    await expect(records.first()).toContainText('−10');
    await expect(records.first().locator(`a[href="/order-detail?orderNumber=${number}"]`)).toBeVisible();
    await openHydrated(page, `${MALL}?lang=${lang.code}`);
    await expect(page.getByTestId('points-mall-points')).toHaveText('0');
    const after = await items(page);
    const item = after.find((i) => i.scorePrice === 10);
    expect(item?.stocks).toBe(stocks - 1);
  });
}

test('an unknown item and an item the buyer cannot afford are explained', async ({ page }) => {
  await signUpBuyer(page.request);
  await addAddress(page.request);
  await openHydrated(page, '/submit-integral-order?scoreProdId=999999&lang=en');
  await expect(page.getByTestId('points-redeem-missing')).toContainText(t(EN, 'points-redeem-missing'));
  const dear = (await items(page)).find((i) => i.scorePrice > 10 && i.stocks > 0);
  if (!dear) throw new Error('no dearer item');
  await openHydrated(page, `${MALL}?lang=en`);
  await expect(page.locator(`[data-testid="points-mall-item"][data-id="${dear.scoreProdId}"]`)).toContainText(
    tf(EN, 'points-mall-short', { points: dear.scorePrice.toLocaleString('en-US') }),
  );
  await openHydrated(page, `/submit-integral-order?scoreProdId=${dear.scoreProdId}&lang=en`);
  await expect(page.getByTestId('points-redeem-short')).toBeVisible();
  await expect(page.getByTestId('points-redeem-submit')).toBeDisabled();
});

/** The serious and critical violations of the page as it is now, described for the report. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test.describe('points mall accessibility', () => {
  for (const lang of LANGS) {
    test(`the points mall and a redemption have no serious accessibility violation (${lang.code})`, async ({ page }) => {
      test.setTimeout(90_000);
      await signUpBuyer(page.request);
      await addAddress(page.request);
      await apiData(page.request, 'POST', '/p/score/signIn');
      const item = (await items(page)).find((i) => i.scorePrice === 10);
      const found: string[] = [];
      for (const path of [`${MALL}?lang=${lang.code}`, `/submit-integral-order?scoreProdId=${item?.scoreProdId}&lang=${lang.code}`]) {
        await openHydrated(page, path);
        found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
      }
      expect(found).toEqual([]);
    });
  }
});

test.describe('points mall screenshots', () => {
  test('the points mall and a redemption in three languages', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpBuyer(page.request);
    await addAddress(page.request);
    await apiData(page.request, 'POST', '/p/score/signIn');
    const item = (await items(page)).find((i) => i.scorePrice === 10);
    for (const lang of LANGS) {
      await openHydrated(page, `${MALL}?lang=${lang.code}`);
      await picture(page, `integral-mall-${lang.code}`, { fullPage: true, hideToasts: true });
      await openHydrated(page, `/submit-integral-order?scoreProdId=${item?.scoreProdId}&lang=${lang.code}`);
      await picture(page, `submit-integral-order-${lang.code}`, { fullPage: true, hideToasts: true });
    }
  });
});
