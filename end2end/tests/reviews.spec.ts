/**
 * Product reviews (spec sections 2 `/write-comments`, `/user-center/uc-comments`, 5 "review
 * text ≤ 150 characters, ≤ 9 images"): a new buyer with a received order writes a review with
 * two real pictures through the image-upload widget, with the stars chosen by keyboard; it
 * appears on the product's detail page with its pictures and the average, in the buyer's
 * reviews, and a second review of the same item is refused. In English and Khmer; screenshots
 * of the three pages in English, Chinese and Khmer.
 *
 * The order is shipped with the development command `server order-ship` on this run's
 * database. The buyers buy in shops 32 and 33, whose products no other test reviews.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  EN,
  KM,
  LANGS,
  addAddress,
  apiData,
  picture,
  placeOrders,
  png,
  shipOrder,
  signUpBuyer,
  t,
  tf,
  topUp,
  type Lang,
  waitForHydration,
} from './support';

const PASSWORD = 'Secret#2024';
const PAY_PASSWORD = '135790';
/** `api::config::pay_type::BALANCEPAY`. */
const BALANCEPAY = 9;

/** A new buyer (signed in on `page`) with one received order in `shop`; its number. */
async function buyerWithReceivedOrder(page: Page, shop: number): Promise<string> {
  const request = page.request;
  await signUpBuyer(request);
  await addAddress(request);
  const [number] = await placeOrders(request, [shop]);
  await topUp(request, 100_000);
  await apiData(request, 'PUT', '/p/user/payPassword', { payPassword: PAY_PASSWORD, password: PASSWORD });
  await apiData(request, 'POST', '/p/order/pay', {
    orderNumbers: number,
    payType: BALANCEPAY,
    payPassword: PAY_PASSWORD,
    currency: 'USD',
  });
  shipOrder(number);
  await apiData(request, 'PUT', `/p/myOrder/receipt/${number}`);
  return number;
}

async function open(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang.code}`);
  await waitForHydration(page);
}

interface CommOrder {
  items: { orderItemId: number; prodId: number; commented: boolean }[];
}

for (const [lang, shop] of [
  [EN, 32],
  [KM, 33],
] as const) {
  test(`a buyer reviews a received item with two pictures, once, and the product shows it (${lang.code})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const number = await buyerWithReceivedOrder(page, shop);
    const order = await apiData<CommOrder>(page.request, 'GET', `/p/prodComm/orderItems?orderNumber=${number}`);
    const item = order.items[0];

    // My Orders leads to the review.
    await open(page, '/user-center/uc-order', lang);
    const card = page.locator(`[data-testid="uc-order"][data-order-number="${number}"]`);
    await card.getByTestId('uc-order-review').click();
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/write-comments');
    await expect(page.locator('h1')).toHaveText(t(lang, 'reviews-write-title'));

    const form = page.locator(`[data-testid="review-form"][data-item="${item.orderItemId}"]`);
    // Four stars by keyboard: the radio group starts at five.
    await form.getByTestId('review-score-5').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(form.getByTestId('review-score-4')).toBeChecked();

    const text = lang.code === 'km' ? 'ក្រណាត់ទន់ ពណ៌ស្អាត ដឹកជញ្ជូនលឿន។' : 'Soft fabric, true colours <b>and</b> fast delivery.';
    await form.getByTestId('review-text').fill(text);
    await expect(form.getByTestId('review-count')).toHaveText(`${[...text].length}/150`);
    // Too long: said beside the field, and nothing is sent.
    await form.getByTestId('review-text').fill('a'.repeat(151));
    await expect(form.getByTestId('review-text-error')).toHaveText(tf(lang, 'reviews-text-too-long', { max: 150 }));
    await form.getByTestId('review-text').fill(text);
    await expect(form.getByTestId('review-text-error')).toBeEmpty();

    const upload = form.getByTestId('review-pictures');
    await upload
      .getByTestId('image-upload-input')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(48, [228, 57, 60], [43, 108, 176]) });
    await expect(upload.getByTestId('image-upload-item')).toHaveCount(1);
    await upload
      .getByTestId('image-upload-input')
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png(40, [40, 160, 80], [250, 200, 40]) });
    await expect(upload.getByTestId('image-upload-item')).toHaveCount(2);
    for (const i of [0, 1]) {
      await expect(upload.getByTestId('image-upload-item').nth(i)).toHaveAttribute('data-status', 'done', {
        timeout: 10_000,
      });
    }
    await form.getByTestId('review-anonymous').check();
    await picture(page, `write-comments-${lang.code}`, { fullPage: true });

    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/p/prodComm');
    await form.getByTestId('review-submit').click();
    expect((await sent).status()).toBe(200);
    // (The page reloads at once; the review is read back.)
    const written = await apiData<{ records: { pics: string[]; score: number; isAnonymous: number }[] }>(
      page.request,
      'GET',
      '/p/prodComm/prodCommPageByUser',
    );
    expect(written.records).toHaveLength(1);
    const answer = { data: written.records[0] };
    expect(answer.data.pics).toHaveLength(2);
    expect(answer.data.score).toBe(4);
    expect(answer.data.isAnonymous).toBe(1);

    // The page comes back with the item reviewed.
    await expect(page.getByTestId('write-comments-reviewed')).toHaveText(t(lang, 'reviews-reviewed'), { timeout: 10_000 });
    await expect(page.getByTestId('review-form')).toHaveCount(0);

    // A second review of the same item is refused, in the buyer's language.
    const again = await page.request.post('/api/p/prodComm', {
      data: { orderItemId: item.orderItemId, score: 5, content: 'again', pics: [], isAnonymous: 0 },
      headers: { locale: lang.code },
    });
    const refused = await again.json();
    expect(refused.code).toBe('A00001');
    expect(refused.msg).toBe(t(lang, 'error-review-done', 'server.ftl'));

    // The detail page: the review with its two pictures, the average, the rating in JSON-LD.
    await open(page, `/detail?prodId=${item.prodId}&commPage=1`, lang);
    const reviews = page.getByTestId('detail-reviews');
    const mine = reviews.getByTestId('detail-review').filter({ hasText: text.replace(/<\/?b>/g, '').slice(0, 12) });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('review-text')).toHaveText(text);
    await expect(mine.getByTestId('review-pics').locator('img')).toHaveCount(2);
    for (const pic of answer.data.pics as string[]) {
      await expect(mine.locator(`img[src="${pic}"]`)).toBeVisible();
      expect((await page.request.get(pic)).status()).toBe(200);
    }
    const data = await apiData<{ number: number; averageScore: number }>(
      page.request,
      'GET',
      `/prodComm/prodCommData?prodId=${item.prodId}`,
    );
    await expect(reviews.getByTestId('detail-reviews-average')).toHaveText(data.averageScore.toFixed(1));
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = ld.map((s) => JSON.parse(s)).find((j) => j['@type'] === 'Product');
    expect(product.aggregateRating.reviewCount).toBe(data.number);
    expect(product.aggregateRating.ratingValue).toBe(data.averageScore);
    await picture(reviews, `detail-reviews-${lang.code}`);

    // The buyer's reviews.
    await open(page, '/user-center/uc-comments', lang);
    await expect(page.getByTestId('uc-comment')).toHaveCount(1);
    await expect(page.getByTestId('uc-comment').getByTestId('review-pics').locator('img')).toHaveCount(2);
    await picture(page, `uc-comments-${lang.code}`, { fullPage: true });
  });
}

test('the review pages in Chinese (screenshots)', async ({ page }) => {
  test.setTimeout(120_000);
  const zh = LANGS.find((l) => l.code === 'zh_CN')!;
  const number = await buyerWithReceivedOrder(page, 34);
  await open(page, `/write-comments?orderNumber=${number}`, zh);
  await expect(page.locator('h1')).toHaveText(t(zh, 'reviews-write-title'));
  await picture(page, `write-comments-${zh.code}`, { fullPage: true });
  const order = await apiData<CommOrder>(page.request, 'GET', `/p/prodComm/orderItems?orderNumber=${number}`);
  const item = order.items[0];
  await apiData(page.request, 'POST', '/p/prodComm', {
    orderItemId: item.orderItemId,
    score: 5,
    content: '质量很好，做工精细，物流也很快。',
    pics: [],
    isAnonymous: 0,
  });
  await open(page, '/user-center/uc-comments', zh);
  await expect(page.getByTestId('uc-comment')).toHaveCount(1);
  await picture(page, `uc-comments-${zh.code}`, { fullPage: true });
  await open(page, `/detail?prodId=${item.prodId}&commPage=1`, zh);
  const reviews = page.getByTestId('detail-reviews');
  await expect(reviews.getByTestId('detail-review').first()).toBeVisible();
  await picture(reviews, `detail-reviews-${zh.code}`);
});
