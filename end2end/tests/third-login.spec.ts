/**
 * Third-party sign-in against the development OAuth provider (served on loopback when no
 * client id is configured): Google from the login popup, the provider's Approve, the return
 * page, the bind-email dialog with a code from the development mailbox, signed in; the same
 * provider account signs in directly next time. A refused sign-in shows the error and
 * clears the address query.
 */
import { expect, test, type Page } from '@playwright/test';
import { EN, KM, mailboxCode, openLoginPopup, t, tw, type Lang } from './support';

/** Opens the popup on `path`, ticks the terms and goes to the provider with `button`. */
async function toProvider(page: Page, path: string, button: 'login-google' | 'login-facebook', lang: Lang = EN) {
  const popup = await openLoginPopup(page, path);
  await expect(popup.getByTestId(button)).toHaveText(tw(lang, button === 'login-google' ? 'login-google' : 'login-facebook'));
  await popup.getByTestId('login-terms').check();
  await popup.getByTestId(button).click();
  await page.waitForURL((url) => url.pathname === '/api/dev/oauth/authorize');
}

test('Google: a new identity binds an e-mail by code, then signs in directly', async ({ page, request }) => {
  const subject = `e2e-google-${Date.now()}`;
  const mail = `social${Date.now()}@example.com`;

  // The terms come first.
  const popup = await openLoginPopup(page, '/?lang=en');
  await popup.getByTestId('login-google').click();
  await expect(popup.getByTestId('login-terms-error')).toHaveText(tw(EN, 'error-terms'));
  await expect(page).toHaveURL(/\/\?lang=en$/);

  await toProvider(page, '/?lang=en', 'login-google');
  await page.getByTestId('dev-oauth-subject').fill(subject);
  await page.getByTestId('dev-oauth-approve').click();
  await page.waitForURL((url) => url.pathname === '/google/callback');

  const dialog = page.getByTestId('bind-dialog');
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('heading')).toHaveText(t(EN, 'bind-title'));
  await expect(page.getByTestId('bind-code')).toHaveAttribute('maxlength', '6');

  // Validation of the dialog (spec section 5).
  await page.getByTestId('bind-submit').click();
  await expect(page.getByTestId('bind-email-error')).toHaveText(t(EN, 'bind-email-invalid'));
  await expect(page.getByTestId('bind-code-error')).toHaveText(t(EN, 'bind-code-empty'));
  await page.getByTestId('bind-email').fill('not-an-email');
  await page.getByTestId('bind-get-code').click();
  await expect(page.getByTestId('bind-email-error')).toHaveText('Please enter a valid email address');

  await page.getByTestId('bind-email').fill(mail);
  await page.getByTestId('bind-get-code').click();
  await expect(page.getByTestId('bind-get-code')).toBeDisabled();
  await expect(page.getByTestId('bind-get-code')).toHaveText(/^\d+ s$/);
  const code = await mailboxCode(request, mail);
  await page.getByTestId('bind-code').fill(code);
  await page.getByTestId('bind-submit').click();

  await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 10_000 });
  expect(new URL(page.url()).pathname).toBe('/');

  // Signed out, the same Google account signs in without the dialog and returns to its page.
  await page.goto('/logout');
  await expect(page.getByTestId('login-link')).toBeVisible();
  await toProvider(page, '/terms-page?sts=1', 'login-google');
  await page.getByTestId('dev-oauth-subject').fill(subject);
  await page.getByTestId('dev-oauth-approve').click();
  await page.waitForURL((url) => url.pathname === '/terms-page');
  expect(new URL(page.url()).search).toBe('?sts=1');
  await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 10_000 });
});

test('Facebook returns to /oauth-callback and asks for an e-mail (km)', async ({ page }) => {
  await toProvider(page, '/?lang=km', 'login-facebook', KM);
  await page.getByTestId('dev-oauth-approve').click();
  await page.waitForURL((url) => url.pathname === '/oauth-callback');
  const dialog = page.getByTestId('bind-dialog');
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('heading')).toHaveText(t(KM, 'bind-title'));
  await page.getByTestId('bind-submit').click();
  await expect(page.getByTestId('bind-email-error')).toHaveText(t(KM, 'bind-email-invalid'));
});

test('a refused sign-in shows the error, clears the address query and links to /login', async ({ page }) => {
  await toProvider(page, '/?lang=en', 'login-google');
  await page.getByTestId('dev-oauth-deny').click();
  await page.waitForURL((url) => url.pathname === '/google/callback');
  const error = page.getByTestId('third-login-error');
  await expect(error).toBeVisible({ timeout: 10_000 });
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(error).toContainText(t(EN, 'error-third-login-denied', 'server.ftl'));
  expect(new URL(page.url()).search).toBe('');
  expect(new URL(page.url()).pathname).toBe('/google/callback');
  await expect(page.getByTestId('bind-dialog')).toHaveCount(0);
  await error.getByRole('link', { name: t(EN, 'third-login-back') }).click();
  await page.waitForURL((url) => url.pathname === '/login');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the return page says that sign-in needs JavaScript', async ({ page }) => {
    const response = await page.goto('/oauth-callback?code=x&state=y');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('third-login-nojs')).toHaveText(t(EN, 'third-login-nojs'));
  });
});
