/**
 * Cart and orders (spec sections 2, 6, 7 "Cart and orders", 8): the live cart count in every
 * badge of the frame; a guest who signs in from Add to Cart, fills a cart from two shops, works
 * it (selection per line, per shop and all, a quantity, a removal), settles it and submits one
 * order per shop with an address, a coupon and points. In English and Khmer, in USD and KHR.
 * Buying now, cancelling and group buys are in cart-orders-deals.spec.ts.
 *
 * Every test uses its own buyer: the two demo buyers with points (README) for the cart journey
 * (one per language, their carts emptied first), a new one for the cart count.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  EN,
  KM,
  apiData,
  firstConfirmation,
  formatMoney,
  signInBuyer,
  signUpBuyer,
  t,
  tf,
  toCents,
  waitForHydration,
  type CurrencyCode,
  type Lang,
} from './support';
import {
  DEMO_PASSWORD,
  UNPAID,
  type Confirmation,
  type OrderDetail,
  open,
  search,
  ordinaryProduct,
  unitCents,
  answerOf,
  expectCartCount,
  markDocument,
  expectSameDocument,
  signInWithPopup,
  addToCart,
  cartLine,
  expectSelection,
  freight,
  expectConfirmationShown,
  expectUnpaidOrderShown,
  submitOrder,
  emptyCart,
} from './cart-orders-support';

/**
 * Does `action`, which sends the confirmation's choices back (its Update), and answers the
 * confirmation the new page shows: asked of the API with the choices in the page's address, and
 * `points` (what the server makes of the points typed).
 */
async function reconfirmed(page: Page, action: () => Promise<unknown>, points = 0): Promise<Confirmation> {
  const before = page.url();
  await action();
  // Every Update names a new confirmation (its token), so the address changes.
  await page.waitForURL((url) => url.pathname === '/submit-order' && url.href !== before);
  const query = new URL(page.url()).searchParams;
  const coupons = query.getAll('couponIds');
  return apiData<Confirmation>(page.request, 'POST', '/p/order/confirm', {
    basketIds: query.getAll('basketId').map(Number),
    addrId: Number(query.get('addrId') ?? 0),
    userChangeCoupon: coupons.length > 0 ? 1 : 0,
    couponIds: coupons.map(Number).filter((id) => id > 0),
    usePoints: points,
  });
}

// ---------------------------------------------------------------------------------------------
// Part 1: the live cart count.

test('every cart count of the frame follows mall:cart-changed, from the API or from detail.count', async ({ page }) => {
  await signUpBuyer(page.request);
  await open(page, '/shop-index?sid=1', EN, 'USD');
  await expect(page.getByTestId('shop-cart-count')).toBeAttached();
  await expectCartCount(page, 0);
  await markDocument(page);

  // Another tab adds to the cart; this page hears of it and asks the API.
  const p = await ordinaryProduct(page.request, 1, 0);
  await apiData(page.request, 'POST', '/p/shopCart/changeItem', {
    basketId: 0,
    count: 3,
    prodId: p.prodId,
    shopId: p.shopId,
    shopName: p.shop.shopName,
    skuId: p.skuList[0].skuId,
  });
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed')));
  await expectCartCount(page, 3);

  // A count in the event is shown as it is, within each badge's cap.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed', { detail: { count: 1000 } })));
  await expectCartCount(page, 1000);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed', { detail: { count: 120 } })));
  await expectCartCount(page, 120);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed', { detail: { count: 0 } })));
  await expectCartCount(page, 0);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mall:cart-changed', { detail: {} })));
  await expectCartCount(page, 3);
  await expectSameDocument(page);

  // The count of a reload agrees.
  await page.reload();
  await expectCartCount(page, 3);
});

// ---------------------------------------------------------------------------------------------
// Journey 1: from a guest's Add to Cart to two orders.

const JOURNEYS: { lang: Lang; currency: CurrencyCode; buyer: string; offset: number }[] = [
  { lang: EN, currency: 'USD', buyer: 'demo.buyer@example.com', offset: 0 },
  { lang: KM, currency: 'KHR', buyer: 'li.wei@example.com', offset: 2 },
];

for (const { lang, currency, buyer, offset } of JOURNEYS) {
  test(`a guest signs in from Add to Cart, fills and works the cart, and submits one order per shop (${lang.code}, ${currency}) @cluster`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // The buyer's cart starts empty (the demo seed fills it).
    await signInBuyer(request, buyer, DEMO_PASSWORD);
    await emptyCart(request);
    const a = await ordinaryProduct(request, 1, offset);
    const c = await ordinaryProduct(request, 1, offset + 1);
    const b = await ordinaryProduct(request, 2, offset);
    expect(new Set([a.shopId, b.shopId]).size).toBe(2);

    // A guest's Add to Cart opens the login popup; signing in there reloads the page signed in.
    await open(page, `/detail?prodId=${a.prodId}`, lang, currency);
    await expectCartCount(page, 0);
    await page.getByTestId('add-to-cart').click();
    await signInWithPopup(page, lang, buyer, DEMO_PASSWORD);
    expect(new URL(page.url()).searchParams.get('prodId')).toBe(String(a.prodId));
    await expect(page.locator('html')).toHaveAttribute('lang', lang.tag);
    await expect(page.getByTestId('currency-switcher').locator('summary')).toContainText(currency);
    await expectCartCount(page, 0);

    // Each addition updates every badge without a reload.
    await markDocument(page);
    await addToCart(page, lang, 2);
    await expectCartCount(page, 2);
    await expectSameDocument(page);

    await open(page, `/detail?prodId=${c.prodId}`, lang, currency);
    await expectCartCount(page, 2);
    await markDocument(page);
    await addToCart(page, lang, 1);
    await expectCartCount(page, 3);
    await expectSameDocument(page);

    await open(page, `/detail?prodId=${b.prodId}`, lang, currency);
    await markDocument(page);
    await addToCart(page, lang, 1);
    await expectCartCount(page, 4);
    await expectSameDocument(page);

    // The cart: three lines in two shops, nothing selected yet.
    await page.getByTestId('main-search-cart').click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: t(lang, 'cart-title') })).toBeVisible();
    await expect(page.getByTestId('cart-shop')).toHaveCount(2);
    await expect(page.getByTestId('cart-line')).toHaveCount(3);
    const [lineA, lineB, lineC] = [cartLine(page, a.prodId), cartLine(page, b.prodId), cartLine(page, c.prodId)];
    await expect(lineA.getByTestId('cart-line-count')).toHaveValue('2');
    await expect(lineA.getByTestId('cart-line-subtotal')).toHaveText(formatMoney(2 * unitCents(a), currency));
    await expectSelection(page, lang, currency, 0, 0);

    // Per line.
    await lineA.getByTestId('cart-line-check').check();
    await expectSelection(page, lang, currency, 1, 2 * unitCents(a));
    await lineA.getByTestId('cart-line-check').uncheck();
    await expectSelection(page, lang, currency, 0, 0);

    // Per shop.
    const shopOne = page.getByTestId('cart-shop').filter({ has: lineA });
    await expect(shopOne.getByTestId('cart-line')).toHaveCount(2);
    await shopOne.getByTestId('cart-shop-check').check();
    await expect(lineA.getByTestId('cart-line-check')).toBeChecked();
    await expect(lineC.getByTestId('cart-line-check')).toBeChecked();
    await expect(lineB.getByTestId('cart-line-check')).not.toBeChecked();
    await expectSelection(page, lang, currency, 2, 2 * unitCents(a) + unitCents(c));
    await shopOne.getByTestId('cart-shop-check').uncheck();
    await expectSelection(page, lang, currency, 0, 0);

    // All.
    await page.getByTestId('cart-select-all').check();
    await expectSelection(page, lang, currency, 3, 2 * unitCents(a) + unitCents(c) + unitCents(b));
    await expect(shopOne.getByTestId('cart-shop-check')).toBeChecked();

    // A quantity: B goes to 2, and the badges follow.
    await markDocument(page);
    await answerOf(page, '/p/shopCart/changeItem', () =>
      lineB.getByRole('button', { name: t(lang, 'cart-increase'), exact: true }).click(),
    );
    await expect(lineB.getByTestId('cart-line-count')).toHaveValue('2');
    await expect(lineB.getByTestId('cart-line-subtotal')).toHaveText(formatMoney(2 * unitCents(b), currency));
    await expectSelection(page, lang, currency, 3, 2 * unitCents(a) + unitCents(c) + 2 * unitCents(b));
    await expectCartCount(page, 5);

    // A removal: C goes, and the badges follow.
    await answerOf(page, '/p/shopCart/deleteItem', () => lineC.getByTestId('cart-line-remove').click());
    await expect(page.getByText(t(lang, 'cart-removed'))).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expectSelection(page, lang, currency, 2, 2 * unitCents(a) + 2 * unitCents(b));
    await expectCartCount(page, 4);
    await expectSameDocument(page);

    // Settle.
    const goods = 2 * unitCents(a) + 2 * unitCents(b);
    await page.getByTestId('cart-settle').click();
    await page.waitForURL((url) => url.pathname === '/submit-order');
    let conf = await firstConfirmation<Confirmation>(page);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: t(lang, 'order-confirm-title') })).toBeVisible();
    await expect(page.getByTestId('checkout-shop')).toHaveCount(2);
    await expect(page.getByTestId('checkout-item')).toHaveCount(2);
    expect(toCents(conf.total)).toBe(goods);
    await expectConfirmationShown(page, lang, currency, conf);

    // The address: another of the buyer's, then a new one. Each choice is sent back by the
    // confirmation's Update, which the page's script presses (record 0192).
    const cards = page.getByTestId('checkout-address');
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('checkout-update')).toBeHidden();
    const other = cards.filter({ has: page.locator('input:not(:checked)') }).first();
    const otherId = Number(await other.locator('input').getAttribute('value'));
    conf = await reconfirmed(page, () => other.click());
    expect(conf.userAddr?.addrId).toBe(otherId);
    await expect(cards.filter({ has: page.locator('input:checked') }).locator('input')).toHaveAttribute('value', String(otherId));
    await expect(cards.filter({ has: page.locator('input:checked') }).locator('input')).toBeFocused();
    await expectConfirmationShown(page, lang, currency, conf);

    // A new address is added in the address book, which comes back with it chosen.
    await page.getByTestId('address-add').click();
    await page.waitForURL((url) => url.pathname === '/user-center/uc-address');
    const form = page.getByTestId('address-form');
    await form.getByRole('button', { name: t(lang, 'order-address-save') }).click();
    await expect(form).toContainText(t(lang, 'order-address-receiver-missing'));
    const receiver = `Receiver ${lang.code} ${Date.now() % 100000}`;
    await form.locator('input[name="receiver"]').fill(receiver);
    await form.locator('input[name="mobile"]').fill('012 345 678');
    await form.locator('input[name="postCode"]').fill('12000');
    await form.locator('input[name="addr"]').fill('No. 7, Street 240, Daun Penh, Phnom Penh');
    conf = await reconfirmed(page, () => form.getByTestId('address-save').click());
    await expect(page.getByText(t(lang, 'order-address-saved'))).toBeVisible();
    expect(conf.userAddr?.receiver).toBe(receiver);
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: receiver }).locator('input')).toBeChecked();
    await expectConfirmationShown(page, lang, currency, conf);

    // A coupon of shop one: none first, then one of the usable ones.
    const shopOneOrder = page.getByTestId('checkout-shop').filter({ has: page.locator(`a[href="/shop-index?sid=${a.shopId}"]`) });
    const couponSelect = shopOneOrder.getByTestId('checkout-coupon');
    await expect(couponSelect).toBeVisible();
    // A message typed before a choice stands across it.
    const message = shopOneOrder.getByTestId('checkout-remarks');
    await message.fill('Ring twice, please');
    conf = await reconfirmed(page, () => couponSelect.selectOption('0'));
    await expect(message).toHaveValue('Ring twice, please');
    const shopOneCoupon = (c: Confirmation) => toCents(c.shopCartOrders.find((s) => s.shopId === a.shopId)!.couponReduce);
    expect(shopOneCoupon(conf)).toBe(0);
    await expectConfirmationShown(page, lang, currency, conf);
    await expect(couponSelect).toHaveValue('0');
    await expect(couponSelect).toBeFocused();
    const usable = conf.shopCartOrders.find((s) => s.shopId === a.shopId)!.coupons.filter((cp) => cp.canUse);
    expect(usable.length, 'the buyer holds a coupon usable on shop one').toBeGreaterThan(0);
    const coupon = usable[usable.length - 1];
    conf = await reconfirmed(page, () => couponSelect.selectOption(String(coupon.couponId)));
    const shopOneConf = conf.shopCartOrders.find((s) => s.shopId === a.shopId)!;
    expect(shopOneConf.coupons.find((cp) => cp.couponId === coupon.couponId)?.choose).toBe(true);
    expect(shopOneCoupon(conf)).toBeGreaterThan(0);
    expect(toCents(conf.couponReduce)).toBeGreaterThanOrEqual(toCents(shopOneConf.couponReduce));
    await expect(couponSelect).toHaveValue(String(coupon.couponId));
    await expectConfirmationShown(page, lang, currency, conf);

    // Points, in multiples of 10: 105 asked is 100 used (or the most this order takes).
    // The order's cap, within the points the buyer holds.
    const held = conf.points.userPoints - (conf.points.userPoints % 10);
    const maxPoints = Math.min(conf.points.maxUsablePoints, held);
    expect(maxPoints, 'the buyer can use points on this order').toBeGreaterThanOrEqual(10);
    const wantedPoints = Math.min(105, maxPoints);
    const expectedPoints = wantedPoints - (wantedPoints % 10);
    const points = page.getByTestId('checkout-points');
    await points.fill('105');
    conf = await reconfirmed(page, () => points.press('Enter'), expectedPoints);
    expect(conf.points.usePoints).toBe(expectedPoints);
    await expect(points).toHaveValue(String(expectedPoints));
    expect(toCents(conf.pointsReduce)).toBe(expectedPoints);
    // The coupon stayed chosen.
    await expect(couponSelect).toHaveValue(String(coupon.couponId));
    await expect(page.getByTestId('checkout-discounts')).toContainText(
      tf(lang, 'order-points-have', { points: conf.points.userPoints, max: maxPoints }),
    );
    await expectConfirmationShown(page, lang, currency, conf);

    // Submit: one order per shop, all of them at the checkout counter.
    const numbers = await submitOrder(page, lang);
    expect(numbers).toHaveLength(2);
    await waitForHydration(page);
    await expectCartCount(page, 0);

    const orders: OrderDetail[] = [];
    for (const number of numbers) {
      const order = await apiData<OrderDetail>(page.request, 'GET', `/p/myOrder/orderDetail?orderNumber=${number}`);
      orders.push(order);
      const shop = conf.shopCartOrders.find((s) => s.shopId === order.shopId)!;
      expect(shop, `order ${number} is of a shop of the confirmation`).toBeTruthy();
      expect(order.status).toBe(UNPAID);
      // The shop's goods as they were in the cart, its freight and its coupon.
      const expectedGoods = order.shopId === a.shopId ? 2 * unitCents(a) : 2 * unitCents(b);
      expect(toCents(order.total)).toBe(expectedGoods);
      expect(order.orderItemDtos.map((i) => [i.prodId, i.prodCount])).toEqual([
        [order.shopId === a.shopId ? a.prodId : b.prodId, 2],
      ]);
      expect(toCents(order.transfee)).toBe(toCents(shop.transfee));
      expect(order.remarks).toBe(order.shopId === a.shopId ? 'Ring twice, please' : '');
      expect(toCents(order.actualTotal)).toBe(
        toCents(order.total) +
          toCents(order.transfee) -
          toCents(order.couponReduce) -
          toCents(order.memberReduce) -
          toCents(order.pointsReduce),
      );
      await open(page, `/order-detail?orderNumber=${number}`, lang, currency);
      await expectUnpaidOrderShown(page, lang, currency, order);
    }
    // Together the orders are exactly the confirmation.
    const sum = (pick: (o: OrderDetail) => number) => orders.reduce((s, o) => s + pick(o), 0);
    expect(sum((o) => toCents(o.couponReduce))).toBe(toCents(conf.couponReduce));
    expect(sum((o) => toCents(o.pointsReduce))).toBe(toCents(conf.pointsReduce));
    expect(sum((o) => o.usePoints)).toBe(conf.points.usePoints);
    expect(sum((o) => toCents(o.actualTotal))).toBe(toCents(conf.actualTotal));
    expect(new Set(orders.map((o) => o.shopId))).toEqual(new Set([a.shopId, b.shopId]));
  });
}
