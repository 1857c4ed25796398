/**
 * The address book and opening a shop (spec sections 2 uc-address and uc-freeshop, 4 the shop
 * states and the my-shop link, 5 the form rules, 6, 8 the shop link tips, 9 the address limit).
 *
 * A new buyer adds an address on the address book's plain form (the frame's check of an empty
 * name first, then a refusal of the server under its field with the typed values kept), adds a
 * second, edits it, makes it the default, deletes the other after the browser's dialog, and at
 * 20 addresses finds the add button disabled with the reason (record 0189). A new
 * buyer applies to open a shop (the header's my-shop link first leads to the form), uploads a
 * qualification picture, sees "under review"; the review command rejects it with a reason, the
 * buyer sees it and applies again; the command approves it, the buyer sets the store account
 * and password and sees the sellers' centre; the command takes the shop offline. The my-shop
 * link follows each state (a tip, or the shop). Every flow in English, Chinese and Khmer, with
 * screenshots of each state.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BASE_URL } from '../playwright.config';
import {
  LANGS,
  apiData,
  openHydrated,
  picture,
  signUpBuyer,
  t,
  tf,
  type Lang,
  waitForHydration,
} from './support';

const ROOT = join(__dirname, '..', '..');
const PORT = new URL(BASE_URL).port;

/** A 1×1 PNG: a real picture for the qualification upload. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108020000009077' +
    '53de0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
  'hex',
);

/** The server's texts (`locales/{tag}/server.ftl`) with their placeables filled in. */
const ts = (lang: Lang, key: string, args: Record<string, string | number> = {}) => tf(lang, key, args, 'server.ftl');

/** Runs `server shop-review ...` on the database of the server under test. */
function shopReview(...args: string[]): string {
  const run = spawnSync('./target/release/server', ['shop-review', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `sqlite://target/e2e-${PORT}/mall.db`, RUST_LOG: 'warn' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status, `${args.join(' ')}: ${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout;
}

/** The toast stack's newest message. */
const toast = (page: Page) => page.locator('.mall-toast').last();

interface Info {
  applyId: number;
  status: number;
  shopId: number | null;
}

for (const lang of LANGS) {
  test(`a buyer keeps an address book: add, check, edit, default, delete, the limit (${lang.code})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signUpBuyer(page.request);
    await openHydrated(page, `/user-center/uc-address?lang=${lang.code}`);
    const nav = page.locator('.user-center__nav a[aria-current="page"]');
    await expect(nav).toHaveText(t(lang, 'uc-nav-address'));
    await expect(page.getByTestId('uc-address-empty')).toBeVisible();
    await expect(page.getByTestId('uc-address-count')).toHaveText(tf(lang, 'uc-address-count', { count: 0, max: 20 }));
    await picture(page, `uc-address-empty-${lang.code}`, { fullPage: true, hideToasts: true });

    // The form opens on the same page, its first field focused; the frame checks an empty name.
    await page.getByTestId('uc-address-add').click();
    await page.waitForURL((url) => url.searchParams.get('add') === '1');
    await waitForHydration(page);
    const form = page.getByTestId('address-form');
    await expect(page.getByTestId('uc-address-editor')).toContainText(t(lang, 'uc-address-add-title'));
    await expect(form.locator('input[name="receiver"]')).toBeFocused();
    await form.getByTestId('address-save').click();
    await expect(form.getByTestId('address-error-receiver')).toHaveText(t(lang, 'order-address-receiver-missing'));
    await expect(form.locator('input[name="receiver"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/add=1$/);

    // The server's refusal comes back under its field, the typed values kept, the field focused.
    const first = lang.code === 'km' ? 'សុខ ដារា' : lang.code === 'zh_CN' ? '王小明' : 'Dara Sok';
    await form.locator('input[name="receiver"]').fill(first);
    await form.locator('input[name="mobile"]').fill('012 345 678');
    await form.locator('input[name="postCode"]').fill('12000');
    await form.locator('input[name="addr"]').fill('abcd');
    await form.getByTestId('address-save').click();
    await page.waitForURL((url) => url.searchParams.get('addr') === 'abcd');
    await waitForHydration(page);
    await expect(form.getByTestId('address-error-addr')).toHaveText(ts(lang, 'error-address-detail', { min: 5, max: 50 }));
    await expect(form.locator('input[name="addr"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('input[name="addr"]')).toBeFocused();
    await expect(form.locator('input[name="receiver"]')).toHaveValue(first);
    await expect(form.locator('input[name="mobile"]')).toHaveValue('012 345 678');
    await expect(form.getByTestId('address-error-receiver')).toBeEmpty();
    await expect(page.getByTestId('flash-error')).toHaveCount(0);
    await picture(page, `uc-address-form-${lang.code}`, { fullPage: true, hideToasts: true });

    await form.locator('input[name="addr"]').fill('No. 12, Street 240, Phnom Penh');
    await form.getByTestId('address-save').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'order-address-saved'));
    const cards = page.getByTestId('uc-address-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(first);
    await expect(cards.first().getByTestId('uc-address-default')).toHaveText(t(lang, 'order-address-default'));
    await expect(page.getByTestId('address-form')).toHaveCount(0);

    // A second one, by keyboard: Enter saves.
    await page.getByTestId('uc-address-add').click();
    await expect(form.locator('input[name="receiver"]')).toBeFocused();
    await form.locator('input[name="receiver"]').fill('Chan Vanna');
    await form.locator('input[name="mobile"]').fill('+855 97 765 4321');
    await form.locator('input[name="addr"]').fill('Street 51, Siem Reap');
    await form.locator('input[name="addr"]').press('Enter');
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'order-address-saved'));
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('uc-address-count')).toHaveText(tf(lang, 'uc-address-count', { count: 2, max: 20 }));
    const second = cards.filter({ hasText: 'Chan Vanna' });
    await expect(second.getByTestId('uc-address-default')).toHaveCount(0);

    // Edit: the same form, filled in.
    await second.getByTestId('uc-address-edit').click();
    await expect(page.getByTestId('uc-address-editor')).toContainText(t(lang, 'uc-address-edit-title'));
    await expect(form.locator('input[name="receiver"]')).toHaveValue('Chan Vanna');
    await expect(form.locator('input[name="mobile"]')).toHaveValue('+855977654321');
    await form.locator('input[name="receiver"]').fill('Chan Sopheap');
    await form.getByTestId('address-save').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'uc-address-updated'));
    const changed = cards.filter({ hasText: 'Chan Sopheap' });
    await expect(changed).toHaveCount(1);
    await expect(cards).toHaveCount(2);

    // The default moves, and the default comes first.
    await changed.getByTestId('uc-address-set-default').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'uc-address-default-set'));
    await expect(cards.first()).toContainText('Chan Sopheap');
    await expect(cards.first().getByTestId('uc-address-default')).toBeVisible();
    await expect(cards.filter({ hasText: first }).getByTestId('uc-address-default')).toHaveCount(0);
    await picture(page, `uc-address-${lang.code}`, { fullPage: true, hideToasts: true });

    // Delete asks first (the browser's dialog); keeping it changes nothing.
    await waitForHydration(page);
    const old = cards.filter({ hasText: first });
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await old.getByTestId('uc-address-delete').click();
    await expect.poll(() => asked).toEqual([t(lang, 'uc-address-delete-confirm')]);
    await expect(cards).toHaveCount(2);
    page.once('dialog', (dialog) => void dialog.accept());
    await old.getByTestId('uc-address-delete').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'uc-address-deleted'));
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Chan Sopheap');
    const stored = await apiData<{ receiver: string; commonAddr: number }[]>(page.request, 'GET', '/p/address/list');
    expect(stored.map((a) => [a.receiver, a.commonAddr])).toEqual([['Chan Sopheap', 1]]);

    // At the limit the add button is disabled and says why.
    for (let i = 0; i < 19; i++) {
      await apiData(page.request, 'POST', '/p/address/addAddr', {
        receiver: `Receiver ${i}`,
        mobile: '012345678',
        postCode: '',
        addr: `No. ${i}, Street 63, Phnom Penh`,
      });
    }
    await page.reload();
    await waitForHydration(page);
    await expect(cards).toHaveCount(20);
    await expect(page.getByTestId('uc-address-add')).toBeDisabled();
    await expect(page.getByTestId('uc-address-limit')).toHaveText(ts(lang, 'error-address-limit', { max: 20 }));
    await expect(page.getByTestId('uc-address-add')).toHaveAttribute('aria-describedby', 'uc-address-limit');
    await picture(page, `uc-address-limit-${lang.code}`, { hideToasts: true });
    page.once('dialog', (dialog) => void dialog.accept());
    await cards.last().getByTestId('uc-address-delete').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'uc-address-deleted'));
    await expect(cards).toHaveCount(19);
    await expect(page.getByTestId('uc-address-add')).toBeEnabled();
    await expect(page.getByTestId('uc-address-limit')).toHaveCount(0);
  });

  test(`a buyer applies to open a shop and follows every review state (${lang.code})`, async ({ page }) => {
    test.setTimeout(120_000);
    // A guest clicking the my-shop link is asked to sign in.
    await openHydrated(page, `/?lang=${lang.code}`);
    await page.getByTestId('my-shop-link').click();
    await expect(page.getByTestId('login-popup')).toBeVisible({ timeout: 10_000 });

    await signUpBuyer(page.request);
    await openHydrated(page, `/?lang=${lang.code}`);
    const myShop = page.getByTestId('my-shop-link');
    await expect(myShop).toHaveText(t(lang, 'header-my-shop'));
    // Neither shop nor application: the link leads to the form.
    await myShop.click();
    await page.waitForURL((url) => url.pathname === '/user-center/uc-freeshop');
    await waitForHydration(page);
    const form = page.getByTestId('uc-freeshop-form');
    await expect(form).toBeVisible();
    await expect(page.locator('.user-center__nav a[aria-current="page"]')).toHaveText(t(lang, 'uc-nav-freeshop'));

    // Every rule, beside its field, in the server's words.
    await form.getByTestId('uc-freeshop-submit').click();
    await expect(form.getByTestId('uc-freeshop-error-shop-name')).toHaveText(ts(lang, 'error-shop-apply-name', { max: 20 }));
    await expect(form.getByTestId('uc-freeshop-error-shop-intro')).toHaveText(
      ts(lang, 'error-shop-apply-intro', { min: 10, max: 200 }),
    );
    await expect(form.getByTestId('uc-freeshop-error-shop-address')).toHaveText(
      ts(lang, 'error-shop-apply-address', { min: 5, max: 100 }),
    );
    await expect(form.getByTestId('uc-freeshop-error-shop-tel')).toHaveText(ts(lang, 'error-shop-apply-tel', { min: 6, max: 15 }));
    await expect(form.getByTestId('uc-freeshop-error-shop-category')).toHaveText(ts(lang, 'error-shop-apply-category'));
    await expect(form.getByTestId('uc-freeshop-error-shop-qualifications')).toHaveText(
      ts(lang, 'error-shop-apply-pictures', { min: 1, max: 5 }),
    );
    await expect(page.locator('#shop-name')).toBeFocused();
    await picture(page, `uc-freeshop-form-${lang.code}`, { fullPage: true, hideToasts: true });

    await page.locator('#shop-name').fill("Dara's Silk!");
    await page.locator('#shop-intro').fill('          ');
    await form.getByTestId('uc-freeshop-submit').click();
    await expect(form.getByTestId('uc-freeshop-error-shop-name')).toHaveText(ts(lang, 'error-shop-apply-name', { max: 20 }));
    await expect(form.getByTestId('uc-freeshop-error-shop-intro')).not.toBeEmpty();

    const name = lang.code === 'km' ? 'ហាងសូត្រដារា' : lang.code === 'zh_CN' ? '达拉丝绸店' : 'Dara Silk';
    await page.locator('#shop-name').fill(name);
    await page.locator('#shop-intro').fill('Handmade silk scarves woven in Takeo province.');
    await page.locator('#shop-address').fill('No. 12, Street 240, Phnom Penh');
    await page.locator('#shop-tel').fill('012 345 678');
    const category = page.locator('#shop-category option').nth(1);
    await page.locator('#shop-category').selectOption((await category.getAttribute('value'))!);
    const upload = page.getByTestId('uc-freeshop-pictures');
    await upload.getByTestId('image-upload-input').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
    await expect(upload.getByTestId('image-upload-item')).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
    await expect(form.getByTestId('uc-freeshop-error-shop-qualifications')).toBeEmpty();
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/p/shop/apply');
    await form.getByTestId('uc-freeshop-submit').click();
    expect((await sent).status()).toBe(200);

    // Under review, on return (the page reloads).
    const review = page.getByTestId('uc-freeshop-review');
    await expect(review).toContainText(t(lang, 'collection-store-review-tips1'), { timeout: 10_000 });
    await waitForHydration(page);
    await expect(page.getByTestId('uc-freeshop-summary')).toContainText(name);
    await picture(page, `uc-freeshop-review-${lang.code}`, { fullPage: true, hideToasts: true });
    await myShop.click();
    await expect(toast(page)).toHaveText(t(lang, 'collection-store-review-tips1'));
    expect(new URL(page.url()).pathname).toBe('/user-center/uc-freeshop');
    let info = await apiData<Info>(page.request, 'GET', '/p/shop/apply/info');
    expect(info.status).toBe(0);

    // Rejected with a reason; apply again with the previous answers.
    const reason = 'The licence picture is not readable.';
    shopReview('reject', String(info.applyId), reason);
    await page.reload();
    await waitForHydration(page);
    const rejected = page.getByTestId('uc-freeshop-rejected');
    await expect(rejected).toContainText(t(lang, 'collection-store-review-tips2'));
    await expect(page.getByTestId('uc-freeshop-reason')).toContainText(reason);
    await picture(page, `uc-freeshop-rejected-${lang.code}`, { fullPage: true, hideToasts: true });
    await myShop.click();
    await expect(toast(page)).toHaveText(t(lang, 'collection-store-review-tips2'));
    await page.getByTestId('uc-freeshop-apply-again').click();
    await expect(page.locator('#shop-name')).toBeFocused();
    await expect(page.locator('#shop-name')).toHaveValue(name);
    await expect(page.getByTestId('uc-freeshop-pictures').getByTestId('image-upload-item')).toHaveCount(1);
    await page.locator('#shop-name').fill(`${name} 2`);
    const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/p/shop/apply');
    await page.getByTestId('uc-freeshop-submit').click();
    expect((await again).status()).toBe(200);
    await expect(page.getByTestId('uc-freeshop-review')).toBeVisible({ timeout: 10_000 });
    info = await apiData<Info>(page.request, 'GET', '/p/shop/apply/info');

    // Approved: the store account and password.
    shopReview('approve', String(info.applyId));
    info = await apiData<Info>(page.request, 'GET', '/p/shop/apply/info');
    expect(info.shopId).toBeGreaterThan(0);
    await page.reload();
    await waitForHydration(page);
    const approved = page.getByTestId('uc-freeshop-approved');
    await expect(approved).toContainText(t(lang, 'uc-freeshop-approved-title'));
    await picture(page, `uc-freeshop-approved-${lang.code}`, { fullPage: true, hideToasts: true });
    const accountForm = page.getByTestId('uc-freeshop-account-form');
    await page.locator('#store-account').fill('ab');
    await page.locator('#store-password').fill('abc12');
    await accountForm.getByTestId('uc-freeshop-account-submit').click();
    await expect(accountForm.getByTestId('uc-freeshop-error-store-account')).toHaveText(
      ts(lang, 'error-store-account', { min: 4, max: 16 }),
    );
    await expect(accountForm.getByTestId('uc-freeshop-error-store-password')).toHaveText(
      ts(lang, 'error-store-password', { min: 6, max: 12 }),
    );
    const account = `dara_${lang.code.replace('_', '')}${Date.now() % 100000}`;
    await page.locator('#store-account').fill(account);
    await page.locator('#store-password').fill('silk2026');
    await page.locator('#store-password-confirm').fill('silk2027');
    await accountForm.getByTestId('uc-freeshop-account-submit').click();
    await expect(accountForm.getByTestId('uc-freeshop-error-confirm')).toHaveText(t(lang, 'uc-freeshop-store-password-mismatch'));
    await page.locator('#store-password-confirm').fill('silk2026');
    const set = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/p/shop/apply/storeAccount');
    await page.locator('#store-password-confirm').press('Enter');
    expect((await set).status()).toBe(200);
    await expect(page.getByTestId('uc-freeshop-ready')).toBeVisible({ timeout: 10_000 });
    await waitForHydration(page);
    await expect(page.getByTestId('uc-freeshop-account')).toContainText(account);
    const sellers = page.getByTestId('uc-freeshop-seller-centre');
    await expect(sellers).toHaveAttribute('href', '/seller-centre');
    await expect(sellers).toHaveAttribute('target', '_blank');
    await expect(page.getByTestId('uc-freeshop-shop-link')).toHaveAttribute('href', `/shop-index?sid=${info.shopId}`);
    await picture(page, `uc-freeshop-ready-${lang.code}`, { fullPage: true, hideToasts: true });

    // Open: the link opens the shop.
    await myShop.click();
    await page.waitForURL((url) => url.pathname === '/shop-index');
    expect(new URL(page.url()).searchParams.get('sid')).toBe(String(info.shopId));
    await waitForHydration(page);

    // Offline: the link tells so, and so does the page.
    shopReview('offline', String(info.applyId));
    await openHydrated(page, `/user-center/uc-freeshop?lang=${lang.code}`);
    await expect(page.getByTestId('uc-freeshop-offline')).toContainText(t(lang, 'user-center-the-store-offline'));
    await expect(page.getByTestId('uc-freeshop-account')).toContainText(account);
    await picture(page, `uc-freeshop-offline-${lang.code}`, { fullPage: true, hideToasts: true });
    await myShop.click();
    await expect(toast(page)).toHaveText(t(lang, 'user-center-the-store-offline'));
    const center = await apiData<{ shopStatus: number; shopId: number }>(page.request, 'GET', '/p/user/centerInfo');
    expect(center).toEqual({ shopStatus: 2, shopId: info.shopId });
  });
}
