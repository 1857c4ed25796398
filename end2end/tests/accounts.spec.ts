/**
 * Accounts: a buyer signs up by e-mail code (read from the development mailbox), sees the
 * header change, signs out, and signs in again by password through the popup; signs in by
 * e-mail code and by phone code; recovers a password by code.
 */

import { expect, test, type Page } from '@playwright/test';
import { apiData, EN, KM, mailboxCode, nextMailboxCode, openHydrated, openLoginPopup, signUpBuyer, type Lang } from './support';

/** A new code for the same account and purpose may be sent 60 s after the previous one. */
const RESEND_WAIT_MS = 61_000;

const PASSWORD = 'Secret#2024';

test('sign up by e-mail code, sign out, sign in by password @cluster', async ({ page, request }) => {
  const mail = `buyer${Date.now()}@example.com`;
  const sent = await request.post('/api/sms/sendLoginCode', { form: { mail } });
  expect((await sent.json()).code).toBe('00000');
  const validCode = await mailboxCode(request, mail);
  const signup = await request.post('/api/user/signup', { data: { mail, validCode, password: PASSWORD } });
  expect((await signup.json()).code).toBe('00000');

  await openHydrated(page, '/');
  await page.getByTestId('login-link').click();
  const popup = page.getByTestId('login-popup');
  await expect(popup).toBeVisible();
  await popup.locator('input[type="email"]').fill(mail);
  await popup.locator('input[type="password"]').first().fill(PASSWORD);
  await popup.getByTestId('login-terms').check();
  await popup.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 10000 });
  await expect(page.getByTestId('login-link')).toBeHidden();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('login-link')).toBeVisible();
});

test('a wrong password is refused with a clear message and no session', async ({ request }) => {
  const answer = await (await request.post('/api/login', { data: { userName: 'nobody@example.com', passWord: 'Wrong#2024' } })).json();
  expect(answer.code).toBe('A00001');
  expect(answer.msg).toBeTruthy();
  const profile = await (await request.get('/api/p/user/userInfo')).json();
  expect(profile.code).toBe('A00004');
});

test('/register opens the popup on the one-time-code tab; /forget-password validates', async ({ page }) => {
  await openHydrated(page, '/register');
  await expect(page.getByTestId('login-popup')).toBeVisible();
  await expect(page.getByTestId('login-send-code')).toBeVisible();
  await openHydrated(page, '/forget-password');
  await expect(page.getByTestId('forgot-submit')).toBeEnabled();
  await page.getByTestId('forgot-account').fill('not-an-account');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'valid email address or phone number' })).toBeVisible();
});

/** Opens the popup on the OTP Login tab, on the given sub-tab. */
async function openOtpLogin(page: Page, lang: Lang, channel: 'email' | 'phone') {
  const popup = await openLoginPopup(page, `/?lang=${lang.code}`);
  await popup.getByTestId('login-tab-otp').click();
  if (channel === 'phone') await popup.getByTestId('login-subtab-phone').click();
  return popup;
}

for (const [lang, channel] of [
  [EN, 'email'],
  [KM, 'phone'],
] as const) {
  // The resend interval passes on the server's clock, moved forward (@clock) rather than waited for.
  test(`sign in by ${channel} code through the popup @clock (${lang.code})`, async ({ page, request }) => {
    // An account, signed up with a first code ...
    const local = `012${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    let identifier: string;
    if (channel === 'email') {
      identifier = await signUpBuyer(request);
    } else {
      // +855 and a local number with a leading 0 name the same phone as 855 without the 0.
      identifier = `855${local.slice(1)}`;
      expect((await (await request.post('/api/sms/sendLoginCode', { form: { mobile: identifier } })).json()).code).toBe('00000');
      const validCode = await mailboxCode(request, identifier);
      const signup = await (await request.post('/api/user/signup', { data: { mobile: identifier, validCode, password: PASSWORD } })).json();
      expect(signup.code).toBe('00000');
    }
    // ... then signing in with a second one, once the resend window has passed.
    await apiData(request, 'POST', '/dev/clock', { advanceMs: RESEND_WAIT_MS });
    const popup = await openOtpLogin(page, lang, channel);
    if (channel === 'phone') await expect(popup.getByTestId('login-dial-code')).toHaveValue('+855');
    await popup.getByTestId('login-identifier').fill(channel === 'email' ? identifier : local);
    await popup.getByTestId('login-terms').check();
    await popup.getByTestId('login-send-code').click();
    await expect(popup.getByTestId('login-send-code')).toBeDisabled();
    // An existing account: no new-account notice, no Set Password step.
    await expect(popup.getByTestId('login-new-account-notice')).toHaveCount(0);
    const code = await nextMailboxCode(request, identifier);
    await popup.getByTestId('login-code').fill(code);
    await page.waitForTimeout(700); // submit clicks closer than 600 ms are ignored
    await popup.getByTestId('login-submit').click();
    await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('login-link')).toBeHidden();
  });
}

test('password recovery by e-mail code, then sign in with the new password', async ({ page, request }) => {
  const mail = await signUpBuyer(request);
  await openHydrated(page, '/forget-password');
  // The form's island loads lazily; its buttons are enabled once it is interactive.
  await expect(page.getByTestId('forgot-send-code')).toBeEnabled();
  await page.getByTestId('forgot-account').fill(mail);
  await page.getByTestId('forgot-send-code').click();
  await expect(page.getByTestId('forgot-send-code')).toBeDisabled();
  // The newest of the two messages to this address is the reset code.
  const code = await nextMailboxCode(request, mail);
  const fresh = 'Renewed#2025';
  await page.getByTestId('forgot-code').fill(code);
  await page.getByTestId('forgot-password').fill(fresh);
  await page.getByTestId('forgot-confirm').fill(fresh);
  await page.getByTestId('forgot-submit').click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  const old = await (await request.post('/api/login', { data: { userName: mail, passWord: PASSWORD } })).json();
  expect(old.code).toBe('A00001');
  const renewed = await (await request.post('/api/login', { data: { userName: mail, passWord: fresh } })).json();
  expect(renewed.code).toBe('00000');
});

test('the development mailbox page shows the codes sent to an address', async ({ page, request }) => {
  const mail = `reader${Date.now()}@example.com`;
  expect((await (await request.post('/api/sms/sendLoginCode', { form: { mail } })).json()).code).toBe('00000');
  const code = await mailboxCode(request, mail);
  await page.goto('/dev/mailbox');
  await page.locator('.dev-mailbox__form input').fill(mail);
  await page.locator('.dev-mailbox__form button').click();
  await expect(page.getByTestId('dev-mailbox-code').first()).toHaveText(code);
});
