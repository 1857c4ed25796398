/**
 * The address book without JavaScript (record 0189): every action is a plain form or a link the
 * server answers. A new buyer adds an address (a refused field first: its message under the
 * field, the typed values kept, nothing stored), edits it, adds a second and makes it the
 * default, then deletes the first after the page's own question; in English and Khmer.
 */
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { EN, KM, TAKING_PICTURES, apiData, signUpBuyer, t, tf } from './support';

test.use({ javaScriptEnabled: false });

interface Stored {
  receiver: string;
  addr: string;
  commonAddr: number;
}

for (const lang of [EN, KM]) {
  test(`without JavaScript, a buyer adds, edits, chooses the default and deletes an address (${lang.code})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpBuyer(page.request);
    const list = () => apiData<Stored[]>(page.request, 'GET', '/p/address/list');
    await page.goto(`/user-center/uc-address?lang=${lang.code}`);
    await expect(page.getByTestId('uc-address-empty')).toBeVisible();
    await page.getByTestId('uc-address-add').click();
    const form = page.getByTestId('address-form');
    await expect(page.getByTestId('uc-address-editor')).toContainText(t(lang, 'uc-address-add-title'));

    // A detail too short: back with its message under the field, the typed values kept.
    const name = lang === KM ? 'សុខ ដារា' : 'Dara Sok';
    await form.locator('input[name="receiver"]').fill(name);
    await form.locator('input[name="mobile"]').fill('012 345 678');
    await form.locator('input[name="postCode"]').fill('12000');
    await form.locator('input[name="addr"]').fill('abc');
    await form.getByTestId('address-save').click();
    await page.waitForURL((url) => url.searchParams.get('add') === '1' && url.searchParams.get('addr') === 'abc');
    const detail = tf(lang, 'error-address-detail', { min: 5, max: 50 }, 'server.ftl');
    await expect(form.getByTestId('address-error-addr')).toHaveText(detail);
    const addr = form.locator('input[name="addr"]');
    await expect(addr).toHaveAttribute('aria-invalid', 'true');
    await expect(addr).toHaveAttribute('aria-describedby', 'address-new-addr-error');
    await expect(addr).toBeFocused();
    await expect(form.locator('input[name="receiver"]')).toHaveValue(name);
    await expect(form.locator('input[name="mobile"]')).toHaveValue('012 345 678');
    await expect(page.getByTestId('flash-error')).toHaveCount(0);
    expect(await list()).toEqual([]);
    if (TAKING_PICTURES) {
      // Without script the shared `picture` cannot settle the page; nothing on it loads late.
      const path = join(__dirname, '..', 'screenshots', `uc-address-nojs-refused-${lang.code}.png`);
      await page.screenshot({ path, fullPage: true });
    }

    await addr.fill('No. 12, Street 240, Phnom Penh');
    await form.getByTestId('address-save').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'order-address-saved'));
    const cards = page.getByTestId('uc-address-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByTestId('uc-address-default')).toHaveText(t(lang, 'order-address-default'));

    // Edit: the same form, filled in.
    await cards.first().getByTestId('uc-address-edit').click();
    await expect(page.getByTestId('uc-address-editor')).toContainText(t(lang, 'uc-address-edit-title'));
    await expect(form.locator('input[name="receiver"]')).toHaveValue(name);
    await expect(form.locator('input[name="mobile"]')).toHaveValue('012345678');
    await form.locator('input[name="addr"]').fill('No. 14, Street 240, Phnom Penh');
    await form.getByTestId('address-save').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'uc-address-updated'));
    await expect(cards.first()).toContainText('No. 14, Street 240');

    // A second one, then made the default.
    await page.getByTestId('uc-address-add').click();
    await form.locator('input[name="receiver"]').fill('Chan Vanna');
    await form.locator('input[name="mobile"]').fill('+855 97 765 4321');
    await form.locator('input[name="addr"]').fill('Street 51, Siem Reap');
    await form.getByTestId('address-save').click();
    await expect(cards).toHaveCount(2);
    await cards.filter({ hasText: 'Chan Vanna' }).getByTestId('uc-address-set-default').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'uc-address-default-set'));
    await expect(cards.first()).toContainText('Chan Vanna');
    await expect(cards.first().getByTestId('uc-address-default')).toBeVisible();

    // Delete: the page asks first; keeping it changes nothing, confirming deletes it.
    const old = cards.filter({ hasText: name });
    await old.getByTestId('uc-address-delete').click();
    await expect(old.getByTestId('uc-address-confirm')).toContainText(t(lang, 'uc-address-delete-confirm'));
    await expect(old.getByTestId('uc-address-delete-no')).toBeFocused();
    await old.getByTestId('uc-address-delete-no').click();
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('uc-address-confirm')).toHaveCount(0);
    await old.getByTestId('uc-address-delete').click();
    await old.getByTestId('uc-address-delete-yes').click();
    await expect(page.getByTestId('flash-success')).toHaveText(t(lang, 'uc-address-deleted'));
    await expect(cards).toHaveCount(1);
    expect((await list()).map((a) => [a.receiver, a.commonAddr])).toEqual([['Chan Vanna', 1]]);
  });
}
