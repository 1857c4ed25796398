/**
 * Accounts: a buyer signs up by e-mail code (read from the development mailbox), sees the
 * header change, signs out, and signs in again by password through the popup.
 */
import { expect, test } from '@playwright/test';
import { mailboxCode, waitForHydration } from './support';

const PASSWORD = 'Secret#2024';

test('sign up by e-mail code, sign out, sign in by password', async ({ page, request }) => {
  const mail = `buyer${Date.now()}@example.com`;
  const sent = await request.post('/api/sms/sendLoginCode', { form: { mail } });
  expect((await sent.json()).code).toBe('00000');
  const validCode = await mailboxCode(request, mail);
  const signup = await request.post('/api/user/signup', { data: { mail, validCode, password: PASSWORD } });
  expect((await signup.json()).code).toBe('00000');

  await page.goto('/');
  await waitForHydration(page);
  await page.getByTestId('login-link').click();
  const popup = page.getByTestId('login-popup');
  await expect(popup).toBeVisible();
  await popup.locator('input[type="email"]').fill(mail);
  await popup.locator('input[type="password"]').first().fill(PASSWORD);
  await popup.getByTestId('login-terms').check();
  await popup.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 10000 });
  await expect(page.getByTestId('login-link')).toHaveCount(0);

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
  await page.goto('/register');
  await waitForHydration(page);
  await expect(page.getByTestId('login-popup')).toBeVisible();
  await expect(page.getByTestId('login-send-code')).toBeVisible();
  await page.goto('/forget-password');
  await waitForHydration(page);
  await page.getByTestId('forgot-account').fill('not-an-account');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'valid email address or phone number' })).toBeVisible();
});
