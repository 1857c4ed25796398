/**
 * The user centre's profile, passwords and binding, in English and Khmer: a new buyer changes
 * the nickname and the avatar (a real PNG made here, uploaded through the image-upload widget),
 * and with JavaScript off the nickname (the profile is a plain form, record 0187);
 * changes the sign-in password, and a second browser signed in with the old session is signed
 * out; sets and changes a payment password; binds a phone by a code from the development
 * mailbox. Then pictures of the four pages in en, zh_CN and km for a person to look at.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  EN,
  KM,
  LANGS,
  apiData,
  mailboxCode,
  picture,
  png,
  signInBuyer,
  signUpBuyer,
  t,
  type Lang,
  waitForHydration,
} from './support';

const PASSWORD = 'Secret#2024';

async function open(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang.code}`);
  await waitForHydration(page);
}

interface AccountInfo {
  nickName: string;
  pic: string | null;
  userMobile: string | null;
  hasPayPassword: boolean;
}

const accountInfo = (request: APIRequestContext) => apiData<AccountInfo>(request, 'GET', '/p/user/accountInfo');

/** Eight random digits after a Cambodian 0: a phone nobody else in this run has. */
const newPhone = () => `0${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

for (const lang of [EN, KM]) {
  test(`a new buyer changes the nickname and the avatar (${lang.code})`, async ({ page }) => {
    await signUpBuyer(page.request);
    await open(page, '/user-center/uc-account', lang);
    await expect(page.getByRole('link', { name: t(lang, 'uc-nav-account') })).toHaveAttribute('aria-current', 'page');
    // A plain form (record 0187): an empty nickname is refused by the frame's script before it
    // is sent, with the spec's message next to the field; typing clears it.
    const nickname = page.getByTestId('uc-nickname-input');
    await nickname.fill('   ');
    await page.getByTestId('uc-profile-save').click();
    await expect(page.getByTestId('uc-nickname-error')).toHaveText(t(lang, 'error-nickname-empty', 'server.ftl'));
    await expect(page).toHaveURL(/\/user-center\/uc-account\?lang=/);
    await expect(nickname).toHaveAttribute('aria-invalid', 'true');
    await nickname.press('D');
    await expect(page.getByTestId('uc-nickname-error')).toBeHidden();

    const name = lang === KM ? 'ដារ៉ា' : 'Dara Test';
    await nickname.fill(name);
    // The avatar: a real picture through the widget (mounted when visible).
    const widget = page.getByTestId('image-upload-pic');
    await expect(widget).toBeVisible({ timeout: 10_000 });
    await page.getByTestId('image-upload-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
    const item = widget.getByTestId('image-upload-item');
    await expect(item).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
    const path = (await item.getAttribute('data-path')) ?? '';
    expect(path).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const served = await page.request.get(path);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await served.body(), png())).toBe(0);
    // The form's hidden field follows the widget.
    await expect(page.getByTestId('uc-avatar-path')).toHaveValue(path);

    await page.getByTestId('uc-profile-save').click();
    await expect(page).toHaveURL(/\/user-center\/uc-account\?saved=1/);
    await expect(page.getByTestId('uc-account-saved')).toHaveText(t(lang, 'uc-account-saved'));
    // The header's nickname and the page follow; the server has both.
    await expect(page.getByTestId('account-menu').locator('summary')).toHaveText(name);
    await expect(page.getByTestId('uc-nickname-input')).toHaveValue(name);
    const info = await accountInfo(page.request);
    expect(info.nickName).toBe(name);
    expect(info.pic).toBe(path);
    await waitForHydration(page);
    await expect(page.getByTestId('image-upload-pic').getByTestId('image-upload-item')).toHaveAttribute('data-path', path, {
      timeout: 10_000,
    });
  });

  test(`without JavaScript, a buyer saves a nickname; an empty one is refused under the field (${lang.code})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signUpBuyer(page.request);
    const before = await accountInfo(page.request);
    await page.goto(`/user-center/uc-account?lang=${lang.code}`);
    const nickname = page.getByTestId('uc-nickname-input');
    await nickname.fill('   ');
    await page.getByTestId('uc-profile-save').click();
    await page.waitForURL((url) => url.pathname === '/user-center/uc-account' && url.search === '');
    await expect(page.getByTestId('uc-nickname-error')).toHaveText(t(lang, 'error-nickname-empty', 'server.ftl'));
    await expect(page.getByTestId('flash-error')).toHaveCount(0);
    expect((await accountInfo(page.request)).nickName).toBe(before.nickName);

    const name = lang === KM ? 'សុខា' : 'Sokha';
    await nickname.fill(name);
    await page.getByTestId('uc-profile-save').click();
    await expect(page).toHaveURL(/\/user-center\/uc-account\?saved=1$/);
    await expect(page.getByTestId('uc-account-saved')).toHaveText(t(lang, 'uc-account-saved'));
    await expect(page.getByTestId('uc-nickname-error')).toBeHidden();
    await expect(page.getByTestId('uc-nickname-input')).toHaveValue(name);
    await expect(page.getByTestId('account-menu').locator('summary')).toHaveText(name);
    const info = await accountInfo(page.request);
    expect([info.nickName, info.pic]).toEqual([name, before.pic]);
    await context.close();
  });

  test(`changing the password signs the other browser out (${lang.code})`, async ({ page, browser }) => {
    const mail = await signUpBuyer(page.request);
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await signInBuyer(other.request, mail, PASSWORD);
    await other.goto('/user-center/uc-home');
    await expect(other).toHaveURL(/\/user-center\/uc-home/);

    await open(page, '/user-center/uc-password', lang);
    await expect(page.getByTestId('uc-password-submit')).toBeEnabled();
    await page.getByTestId('uc-password-current').fill(PASSWORD);
    await page.getByTestId('uc-password-new').fill('newpass1');
    await page.getByTestId('uc-password-confirm').fill('newpass2');
    await page.getByTestId('uc-password-submit').click();
    await expect(page.getByTestId('uc-password-error')).toHaveText(t(lang, 'uc-password-mismatch'));
    await page.getByTestId('uc-password-confirm').fill('newpass1');
    await page.getByTestId('uc-password-submit').click();
    const done = page.getByTestId('uc-password-done');
    await expect(done).toBeVisible();
    await expect(done).toContainText(/[0-3]/);
    await expect(page).toHaveURL(/\/user-center\/uc-home/, { timeout: 6_000 });

    // The other browser's session ended: the user centre sends it to sign in.
    await other.goto('/user-center/uc-home');
    await expect(other).toHaveURL(/\/login\?redirect=/);
    await elsewhere.close();
    // This one is still signed in, and the new password is the one.
    await page.goto('/user-center/uc-account');
    await expect(page).toHaveURL(/\/user-center\/uc-account/);
    const fresh = await browser.newContext();
    await signInBuyer(fresh.request, mail, 'newpass1');
    await fresh.close();
  });

  test(`a buyer sets and changes the payment password (${lang.code})`, async ({ page }) => {
    await signUpBuyer(page.request);
    await open(page, '/user-center/uc-pay-password', lang);
    await expect(page.getByTestId('uc-pay-password-submit')).toBeEnabled();
    await expect(page.getByTestId('uc-pay-password-status')).toHaveText(t(lang, 'uc-pay-password-status-unset'));
    await page.getByTestId('uc-pay-sign-in').fill(PASSWORD);
    await page.getByTestId('uc-pay-new').fill('12a345');
    await expect(page.getByTestId('uc-pay-new')).toHaveValue('12345');
    await page.getByTestId('uc-pay-new').fill('135790');
    await page.getByTestId('uc-pay-confirm').fill('135790');
    await page.getByTestId('uc-pay-password-submit').click();
    await expect(page.getByTestId('uc-pay-password-done')).toBeVisible();
    await expect(page.getByTestId('uc-pay-password-status')).toHaveText(t(lang, 'uc-pay-password-status-set'));
    expect((await accountInfo(page.request)).hasPayPassword).toBe(true);

    // Changed with the current one: a wrong one is refused by the server.
    await expect(page.getByTestId('uc-pay-mode-change')).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('uc-pay-current').fill('000000');
    await page.getByTestId('uc-pay-new').fill('246802');
    await page.getByTestId('uc-pay-confirm').fill('246802');
    await page.getByTestId('uc-pay-password-submit').click();
    await expect(page.getByTestId('uc-pay-password-error')).toHaveText(t(lang, 'error-pay-password-wrong', 'server.ftl'));
    await page.getByTestId('uc-pay-current').fill('135790');
    await page.getByTestId('uc-pay-password-submit').click();
    await expect(page.getByTestId('uc-pay-password-done')).toBeVisible();
    // The new one is the one.
    await apiData(page.request, 'PUT', '/p/user/updatePayPassword', { oldPayPassword: '246802', payPassword: '975310' });
  });

  test(`a buyer binds a phone by a code (${lang.code})`, async ({ page }) => {
    await signUpBuyer(page.request);
    await open(page, '/user-center/uc-bind', lang);
    await expect(page.getByTestId('uc-bind-mobile-current')).toHaveText(t(lang, 'uc-bind-not-bound'));
    await expect(page.getByTestId('uc-bind-mobile-open')).toBeEnabled();
    await page.getByTestId('uc-bind-mobile-open').click();
    await page.getByTestId('uc-bind-mobile-address').fill('12ab');
    await page.getByTestId('uc-bind-mobile-send-code').click();
    await expect(page.getByTestId('uc-bind-mobile-error')).toHaveText(t(lang, 'uc-bind-invalid-phone'));
    const phone = newPhone();
    await page.getByTestId('uc-bind-mobile-address').fill(`${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
    await page.getByTestId('uc-bind-mobile-send-code').click();
    const digits = `855${phone.slice(1)}`;
    const code = await mailboxCode(page.request, digits);
    await page.getByTestId('uc-bind-mobile-code').fill(code);
    await page.getByTestId('uc-bind-mobile-submit').click();
    await expect(page).toHaveURL(/\/user-center\/uc-bind\?saved=mobile/);
    await expect(page.getByTestId('uc-bind-notice')).toHaveText(t(lang, 'uc-bind-phone-saved'));
    const masked = `+855 ${digits.slice(3, 5)}***${digits.slice(-3)}`;
    await expect(page.getByTestId('uc-bind-mobile-current')).toHaveText(masked);
    expect((await accountInfo(page.request)).userMobile).toBe(masked);
  });
}

test('a buyer binds a Google account through the provider and unbinds it (en)', async ({ page }) => {
  await signUpBuyer(page.request);
  await open(page, '/user-center/uc-bind', EN);
  const google = page.getByTestId('uc-bind-social-google');
  await expect(google).toHaveAttribute('data-bound', 'false');
  const bind = google.getByRole('button', { name: t(EN, 'uc-bind-social-bind') });
  await expect(bind).toBeEnabled();
  await bind.click();
  // The development provider stands in for Google: approve as an account of our choosing.
  await page.getByTestId('dev-oauth-subject').fill(`google-${Date.now()}`);
  await page.getByTestId('dev-oauth-approve').click();
  await expect(page).toHaveURL(/\/user-center\/uc-bind\?bound=3/, { timeout: 10_000 });
  await expect(page.getByTestId('uc-bind-notice')).toHaveText(t(EN, 'uc-bind-social-done').replace('{ $name }', 'Google'));
  await expect(page.getByTestId('uc-bind-social-google')).toHaveAttribute('data-bound', 'true');
  // Still this buyer's own session.
  expect((await accountInfo(page.request)).userMobile).toBeNull();

  await waitForHydration(page);
  page.once('dialog', (dialog) => void dialog.accept());
  const unbind = page.getByTestId('uc-bind-social-google').getByRole('button', { name: t(EN, 'uc-bind-social-unbind') });
  await expect(unbind).toBeEnabled();
  await unbind.click();
  await expect(page.getByTestId('uc-bind-social-google')).toHaveAttribute('data-bound', 'false', { timeout: 10_000 });
});

test.describe('pictures of the profile, password and binding pages', () => {
  for (const lang of LANGS) {
    test(`screenshots (${lang.code})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signUpBuyer(page.request);
      const path = await (async () => {
        const response = await page.request.post('/api/p/file/upload?kind=avatar', {
          multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: png(96) } },
        });
        return ((await response.json()) as { data: string }).data;
      })();
      await apiData(page.request, 'PUT', '/p/user/setUserInfo', { nickName: 'Sokha', pic: path });
      const phone = `855${newPhone().slice(1)}`;
      await apiData(page.request, 'POST', '/p/user/sendBindCode', { mobile: phone });
      await apiData(page.request, 'PUT', '/p/user/bindAccount', { mobile: phone, validCode: await mailboxCode(page.request, phone) });
      for (const shot of ['uc-account', 'uc-password', 'uc-pay-password', 'uc-bind']) {
        await open(page, `/user-center/${shot}`, lang);
        if (shot === 'uc-account') {
          await expect(page.getByTestId('image-upload-item')).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
        }
        if (shot === 'uc-bind') {
          await expect(page.getByTestId('uc-bind-mail-open')).toBeEnabled();
          await page.getByTestId('uc-bind-mail-open').click();
        }
        if (shot === 'uc-pay-password') {
          await expect(page.getByTestId('uc-pay-password-submit')).toBeEnabled();
          await page.getByTestId('uc-pay-mode-reset').click();
        }
        await page.evaluate(() => document.fonts.ready);
        await picture(page, `${shot}-${lang.code}`, { fullPage: true });
      }
    });
  }
});
