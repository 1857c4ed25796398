/**
 * Discount and coupon pages, claiming a coupon (login-gated, changes the buyer's coupons), the
 * detail page's other URLs and share card, and the banner's status check before detail opens.
 */
import { expect, test } from '@playwright/test';
import { EN, KM, canonicalOf, openHydrated, signUpBuyer, t } from './support';

test('a guest claiming a coupon gets the login popup', async ({ page }) => {
  await openHydrated(page, '/coupons');
  const claim = page.getByTestId('coupon-card').first().getByTestId('claim-coupon');
  await expect(claim).toHaveText(t(EN, 'coupon-claim'));
  await expect(claim).toBeEnabled();
  await claim.click();
  await expect(page.getByTestId('login-popup')).toBeVisible();
});

test('a buyer claims a coupon once; it shows in their coupons', async ({ page }) => {
  await signUpBuyer(page.request);
  await openHydrated(page, '/coupons');
  const card = page.getByTestId('coupon-card').first();
  const couponHref = await card.locator('.coupon-card__name').getAttribute('href');
  const couponId = Number(couponHref!.split('/').pop());
  const claim = card.getByTestId('claim-coupon');
  await expect(claim).toBeEnabled();
  await claim.click();
  await expect(claim).toHaveText(t(EN, 'coupon-claimed'));
  await expect(claim).toBeDisabled();
  await expect(page.getByText(t(EN, 'coupon-claimed-toast'))).toBeVisible();
  const mine = await (await page.request.get('/api/p/myCoupon/page?status=0')).json();
  expect(mine.data.records.map((r: { coupon: { couponId: number } }) => r.coupon.couponId)).toEqual([couponId]);

  // The coupon's own page knows it is claimed, after a reload too.
  await page.goto(couponHref!);
  await expect(page.getByTestId('coupon-page')).toBeVisible();
  await expect(page.getByTestId('claim-coupon')).toHaveText(t(EN, 'coupon-claimed'));
  // Claiming again through the API is refused and changes nothing.
  const again = await (await page.request.post('/api/p/myCoupon/receive', { data: { couponId } })).json();
  expect(again.code).toBe('A00001');
  const still = await (await page.request.get('/api/p/myCoupon/page?status=0')).json();
  expect(still.data.total).toBe(1);
});

for (const lang of [EN, KM]) {
  test(`the coupon page shows value, condition, shop and products (${lang.code})`, async ({ page }) => {
    await page.goto(`/coupons?lang=${lang.code}`);
    const href = await page.getByTestId('coupon-card').first().locator('.coupon-card__name').getAttribute('href');
    expect(href).toMatch(/^\/coupon\/\d+$/);
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('coupon-value')).toBeVisible();
    await expect(page.getByText(t(lang, 'coupon-products'))).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalOf(`${href}?lang=${lang.code}`));
  });
}

test('a discount card opens its page with countdown and products; unknown ids are 404', async ({ page }) => {
  await page.goto('/special-discount');
  const card = page.getByTestId('discount-card').first();
  const href = await card.getAttribute('href');
  expect(href).toMatch(/^\/discount\/\d+$/);
  await page.goto(href!);
  await expect(page.getByTestId('discount-page')).toBeVisible();
  await expect(page.getByTestId('discount-value')).toBeVisible();
  await expect(page.getByTestId('countdown')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // The same discount by query; the canonical URL is the path form.
  const id = href!.split('/').pop();
  await page.goto(`/discount-detail?discountId=${id}`);
  await expect(page.getByTestId('discount-page')).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalOf(`${href}?lang=en`));
  for (const missing of ['/discount/999999', '/coupon/999999', '/discount/abc', '/discount-detail']) {
    const response = await page.goto(missing);
    expect(response?.status(), missing).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
});

test('the detail page answers at its other URLs', async ({ page }) => {
  await page.goto('/detail?prodId=1');
  const name = await page.getByTestId('detail-name').innerText();
  for (const url of ['/detail/1', '/detail/components/combine-detail?prodId=1', '/secdetail?prodId=1&seckillId=1']) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await expect(page.getByTestId('detail-name')).toHaveText(name);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalOf('/detail?prodId=1&lang=en'));
  }
  const response = await page.goto('/detail/99999999');
  expect(response?.status()).toBe(404);
});

test('the share card shows the product, its link and QR code; the link can be copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openHydrated(page, '/detail?prodId=1');
  await page.getByText(t(EN, 'share'), { exact: true }).click();
  const card = page.getByTestId('share-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText(await page.getByTestId('detail-name').innerText());
  await expect(card.getByTestId('share-link')).toHaveAttribute('href', '/detail?prodId=1');
  const qr = card.locator('.share-card__qr');
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await card.getByTestId('copy-link').click();
  await expect(page.getByText(t(EN, 'share-copied'))).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/[^/]+\/detail\?prodId=1$/);
});

test('a product banner checks the status, then opens detail in a new tab', async ({ page, context }) => {
  await openHydrated(page, '/');
  const slide = page.getByTestId('carousel').locator('a.carousel__slide').first();
  const href = await slide.getAttribute('href');
  expect(href).toMatch(/^\/detail\?prodId=\d+&bannerEnter=1$/);
  const checked = page.waitForRequest((r) => r.url().includes('/api/prod/isStatus'));
  const opened = context.waitForEvent('page');
  await slide.click();
  await checked;
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}$`));
  await expect(tab.getByTestId('detail-name')).toBeVisible();
});

test('a banner whose product is off the shelves says so and opens nothing', async ({ page, context }) => {
  await page.route('**/api/prod/isStatus**', (route) =>
    route.fulfill({ json: { success: true, code: '00000', msg: null, data: false } }),
  );
  await openHydrated(page, '/');
  const pagesBefore = context.pages().length;
  await page.getByTestId('carousel').locator('a.carousel__slide').first().click();
  // The toast (the cards' popover with the same words stays closed).
  await expect(page.getByRole('status').getByText(t(EN, 'detail-off-shelf'))).toBeVisible();
  await expect.poll(() => context.pages().length).toBe(pagesBefore);
});
