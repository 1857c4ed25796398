/**
 * Orders beyond the cart (spec sections 6, 7 "Cart and orders", 8): buying a running flash sale
 * now, cancelling an unpaid order, which returns its stock, and group buys, started or joined.
 * In English and Khmer, in USD and KHR; every test with a new buyer of its own.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  EN,
  KM,
  addAddress,
  apiData,
  firstConfirmation,
  formatMoney,
  signUpBuyer,
  t,
  tf,
  toCents,
  waitForHydration,
  type CurrencyCode,
} from './support';
import {
  CANCELED,
  FLASH_SALE,
  type Product,
  type Confirmation,
  type OrderDetail,
  open,
  product,
  search,
  ordinaryProduct,
  unitCents,
  setQuantity,
  expectConfirmationShown,
  expectUnpaidOrderShown,
  submitOrder,
} from './cart-orders-support';

// ---------------------------------------------------------------------------------------------
// Journey 2: buying a running flash sale now.

/** A flash sale running for a while yet, with stock, its product bought by no other test. */
async function runningFlashSale(request: APIRequestContext, index: number): Promise<Product> {
  const found: Product[] = [];
  const now = Date.now();
  for (const card of await search(request, 'prodType=1&isActive=1')) {
    const p = await product(request, card.prodId);
    const sale = p.seckill;
    const running = sale && sale.startTime <= now && sale.endTime > now + 10 * 60_000;
    if (running && p.status === 1 && p.shop.shopStatus === 1 && p.skuList[0]?.stocks > 0) found.push(p);
    if (found.length > index) return found[index];
  }
  throw new Error('no running flash sale found');
}

for (const [index, { lang, currency }] of [
  { lang: EN, currency: 'KHR' as CurrencyCode },
  { lang: KM, currency: 'USD' as CurrencyCode },
].entries()) {
  test(`buy now of a running flash sale orders it at the flash-sale price (${lang.code}, ${currency})`, async ({ page }) => {
    test.setTimeout(90_000);
    const sale = await runningFlashSale(page.request, index);
    const seckill = sale.seckill!;
    const price = toCents(seckill.seckillPrice);
    expect(price).toBeLessThan(unitCents(sale));
    await signUpBuyer(page.request);
    await addAddress(page.request);

    await open(page, `/detail?prodId=${sale.prodId}&seckillId=${seckill.seckillId}`, lang, currency);
    await expect(page.getByTestId('flash-sale-bar')).toContainText(t(lang, 'home-flash-sale'));
    await expect(page.getByTestId('sku-price').locator('strong')).toHaveText(formatMoney(price, currency));
    await page.getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('orderEntry') === '1');
    const conf = await firstConfirmation<Confirmation>(page);
    await waitForHydration(page);
    expect(conf.orderType, 'a flash-sale order').toBe(FLASH_SALE);
    expect(conf.shopCartOrders.flatMap((s) => s.items).map((i) => [i.prodId, toCents(i.price), i.prodCount])).toEqual([
      [sale.prodId, price, 1],
    ]);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    await expect(page.getByTestId('checkout-item')).toContainText(`${formatMoney(price, currency)} × 1`);
    await expectConfirmationShown(page, lang, currency, conf);
    // A new buyer holds no points: nothing to spend.
    expect(conf.points.userPoints).toBe(0);
    await expect(page.getByTestId('checkout-points')).toHaveCount(0);

    const [number, ...more] = await submitOrder(page, lang);
    expect(more).toEqual([]);
    const order = await apiData<OrderDetail>(page.request, 'GET', `/p/myOrder/orderDetail?orderNumber=${number}`);
    expect(order.orderType).toBe(FLASH_SALE);
    expect(order.orderItemDtos.map((i) => [i.prodId, toCents(i.price), i.prodCount])).toEqual([[sale.prodId, price, 1]]);
    expect(toCents(order.actualTotal)).toBe(toCents(conf.actualTotal));
    await waitForHydration(page);
    await expectUnpaidOrderShown(page, lang, currency, order);
  });
}

// ---------------------------------------------------------------------------------------------
// Journey 3: cancelling an unpaid order returns its stock.

for (const [index, { lang, currency }] of [
  { lang: EN, currency: 'USD' as CurrencyCode },
  { lang: KM, currency: 'KHR' as CurrencyCode },
].entries()) {
  test(`cancelling an unpaid order returns its stock (${lang.code}, ${currency})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    // A product of its own: shop 5's, one per language.
    const p = await ordinaryProduct(request, 5, index);
    const stockOf = async () => (await product(request, p.prodId)).skuList[0].stocks;
    const before = await stockOf();
    await signUpBuyer(page.request);
    await addAddress(page.request);

    await open(page, `/detail?prodId=${p.prodId}`, lang, currency);
    await setQuantity(page, 3);
    await page.getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('orderEntry') === '1');
    await waitForHydration(page);
    await expect(page.getByTestId('checkout-item')).toContainText(`${formatMoney(unitCents(p), currency)} × 3`);
    const [number] = await submitOrder(page, lang);
    await waitForHydration(page);
    await expect(page.getByTestId('order-status')).toHaveText(t(lang, 'order-status-unpaid'));
    await expect.poll(stockOf, { message: 'the order took its stock' }).toBe(before - 3);

    // Cancel, after the buyer confirms.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByTestId('order-cancel').click();
    await expect(page.getByTestId('order-status')).toHaveText(t(lang, 'order-status-canceled'));
    expect(asked).toBe(t(lang, 'order-cancel-confirm'));
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', String(CANCELED));
    await expect(page.getByTestId('order-timeline')).toContainText(t(lang, 'order-time-canceled'));
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
    const order = await apiData<OrderDetail>(page.request, 'GET', `/p/myOrder/orderDetail?orderNumber=${number}`);
    expect(order.status).toBe(CANCELED);
    await expect.poll(stockOf, { message: 'the cancellation returned the stock' }).toBe(before);
  });
}

// ---------------------------------------------------------------------------------------------
// Journey 4: group buy: starting a group, and joining one of the listed open groups (the
// demo buyers' groups; paying, which fills a group, comes with the checkout counter).

const GROUP_BUY = 1;

interface GroupProduct extends Product {
  groupActivity: { groupActivityId: number; groupNumber: number; groupPrice: number; startTime: number; endTime: number } | null;
}
interface GroupTeam {
  groupTeamId: number;
  leaderNickName: string;
  groupNumber: number;
  joinedCount: number;
  status: number;
}

/** A group buy running for a while yet whose product has stock and open groups to join. */
async function runningGroupBuy(request: APIRequestContext): Promise<{ product: GroupProduct; teams: GroupTeam[] }> {
  const now = Date.now();
  const cards: { prodId: number }[] = [];
  for (let current = 1; current <= 5; current++) {
    const found = await apiData<{ records: { products: { prodId: number }[] }[] }>(
      request,
      'GET',
      `/search/page?current=${current}&size=20&prodType=2&isActive=1`,
    );
    cards.push(...(found.records[0]?.products ?? []));
  }
  for (const card of cards) {
    const p = await apiData<GroupProduct>(request, 'GET', `/prod/prodInfo?prodId=${card.prodId}`);
    const group = p.groupActivity;
    if (!group || group.startTime > now || group.endTime < now + 10 * 60_000) continue;
    if (p.status !== 1 || p.shop.shopStatus !== 1 || !(p.skuList[0]?.stocks > 2)) continue;
    const teams = await apiData<GroupTeam[]>(request, 'GET', `/groupTeam/joinList?groupActivityId=${group.groupActivityId}`);
    if (teams.length > 0) return { product: p, teams };
  }
  throw new Error('no running group buy with open groups (the demo buyers open some)');
}

for (const [index, { lang, currency }] of [
  { lang: EN, currency: 'USD' as CurrencyCode },
  { lang: KM, currency: 'KHR' as CurrencyCode },
].entries()) {
  test(`a buyer starts a group or joins an open one at the group price (${lang.code}, ${currency})`, async ({ page }) => {
    test.setTimeout(120_000);
    const { product: p, teams } = await runningGroupBuy(page.request);
    // Each language joins a group of its own (the demo buyers open two).
    const team = teams[index % teams.length];
    const group = p.groupActivity!;
    const price = toCents(group.groupPrice);
    await signUpBuyer(page.request);
    await addAddress(page.request);

    // The open groups are listed with masked openers; buying alone stays possible.
    await open(page, `/detail?prodId=${p.prodId}&groupActivityId=${group.groupActivityId}`, lang, currency);
    await expect(page.getByTestId('group-buy-bar')).toContainText(t(lang, 'home-group-buy'));
    await expect(page.getByTestId('add-to-cart')).toBeVisible();
    await expect(page.getByTestId('buy-now')).toHaveText(t(lang, 'detail-buy-alone'));
    await expect(page.getByTestId('start-group')).toContainText(formatMoney(price, currency));
    const row = page.locator(`[data-testid="group-team"][data-team-id="${team.groupTeamId}"]`);
    await expect(row).toContainText(team.leaderNickName);
    expect(team.leaderNickName).toMatch(/^.\*\*\*$/u);

    // Start a group: a group-buy order at the group price, its group waiting for payment.
    await page.getByTestId('start-group').click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('orderEntry') === '1');
    await waitForHydration(page);
    await expect(page.getByTestId('checkout-item')).toContainText(`${formatMoney(price, currency)} × 1`);
    const [started] = await submitOrder(page, lang);
    const order = await apiData<OrderDetail & { groupTeam: GroupTeam }>(
      page.request,
      'GET',
      `/p/myOrder/orderDetail?orderNumber=${started}`,
    );
    expect([order.orderType, toCents(order.orderItemDtos[0].price)]).toEqual([GROUP_BUY, price]);
    expect(order.groupTeam.status).toBe(0);
    await waitForHydration(page);
    await expect(page.getByTestId('order-group-state')).toHaveText(t(lang, 'order-group-waiting'));

    // Join the first listed group: an order in that group.
    await open(page, `/detail?prodId=${p.prodId}&groupActivityId=${group.groupActivityId}`, lang, currency);
    await row.getByTestId('join-group').click();
    await page.waitForURL((url) => url.pathname === '/submit-order' && url.searchParams.get('orderEntry') === '1');
    await waitForHydration(page);
    const [joined] = await submitOrder(page, lang);
    const joinedOrder = await apiData<OrderDetail & { groupTeam: GroupTeam }>(
      page.request,
      'GET',
      `/p/myOrder/orderDetail?orderNumber=${joined}`,
    );
    expect(joinedOrder.groupTeam.groupTeamId).toBe(team.groupTeamId);
    await waitForHydration(page);
    const needed = Math.max(joinedOrder.groupTeam.groupNumber - joinedOrder.groupTeam.joinedCount, 0);
    await expect(page.getByTestId('order-group-state')).toHaveText(tf(lang, 'order-group-open', { count: needed }));
  });
}
