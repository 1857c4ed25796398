/**
 * The login popup widget: on a guest's page React and its chunk load once the page has
 * hydrated and the browser is idle (so the first tap renders from memory), and it mounts only
 * when the guest asks to sign in; it opens from the header login link and closes with the X
 * and Escape.
 */
import { expect, test, type Page } from '@playwright/test';
import { EN, KM, ZH, openHydrated, openLoginPopup, t, tw, type Lang } from './support';

/** Collects the URLs of widget assets the page requests. */
function recordWidgetRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/widgets/assets/')) urls.push(url.pathname);
  });
  return urls;
}

const POPUP_CHUNK = /\/widgets\/assets\/login-popup-[\w-]+\.js$/;
const REACT_CHUNK = /\/widgets\/assets\/react-[\w-]+\.js$/;

for (const lang of [EN, ZH, KM] as Lang[]) {
  test(`login link opens the popup only on demand (${lang.code})`, async ({ page }) => {
    const widgetRequests = recordWidgetRequests(page);
    await openHydrated(page, `/?lang=${lang.code}`);
    await page.waitForLoadState('networkidle');

    // The loader is on the page; the popup's chunk and React are fetched ahead of the tap,
    // but nothing is mounted until it.
    expect(widgetRequests.some((u) => /\/widgets\/assets\/loader-[\w-]+\.js$/.test(u)), widgetRequests.join('\n')).toBe(true);
    await expect.poll(() => widgetRequests.filter((u) => POPUP_CHUNK.test(u)).length, { message: 'popup chunk warmed' }).toBe(1);
    await expect.poll(() => widgetRequests.filter((u) => REACT_CHUNK.test(u)).length, { message: 'React warmed' }).toBe(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('login-popup-host')).toHaveAttribute('data-state', 'waiting');

    const heading = tw(lang, 'login-heading-welcome');
    await page.getByTestId('login-link').click();
    // A guest stays on the page: the popup replaces the navigation to /login.
    const dialog = page.getByRole('dialog', { name: heading });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toHaveAttribute('data-testid', 'login-popup');
    await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(widgetRequests.filter((u) => POPUP_CHUNK.test(u)).length, 'popup chunk fetched once').toBe(1);

    // Close with the X.
    await dialog.getByTestId('login-close').click();
    await expect(page.getByTestId('login-popup')).toBeHidden();

    // Open again and close with Escape.
    await page.getByTestId('login-link').click();
    await expect(page.getByRole('dialog', { name: heading })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('login-popup')).toBeHidden();

    // The page is still the home page in the same language.
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByTestId('login-link')).toHaveText(t(lang, 'header-login'));
  });
}

test('the popup closes by clicking the mask', async ({ page }) => {
  await openHydrated(page, `/?lang=${EN.code}`);
  await page.getByTestId('login-link').click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('login-mask').click({ position: { x: 5, y: 5 } });
  await expect(page.getByTestId('login-popup')).toBeHidden();
});

test('protected links of the header open the popup for guests', async ({ page }) => {
  await openHydrated(page, `/?lang=${EN.code}`);
  await page.getByTestId('main-search-cart').click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible({ timeout: 10_000 });
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the popup explains every mistake in Khmer, and a refused sign-in too', async ({ page }) => {
  const dialog = await openLoginPopup(page, `/?lang=${KM.code}`);
  // Nothing entered, terms not ticked.
  await dialog.getByTestId('login-submit').click();
  await expect(dialog.getByTestId('login-terms-error')).toHaveText(tw(KM, 'error-terms'));
  await expect(dialog.getByTestId('login-identifier-error')).toHaveText(tw(KM, 'error-invalid-email'));
  await expect(dialog.getByTestId('login-password-error')).toHaveText(tw(KM, 'error-password-empty'));
  // A wrong password is refused by the server in Khmer.
  await dialog.getByTestId('login-identifier').fill(`nobody${Date.now()}@example.com`);
  await dialog.getByTestId('login-password').fill('Wrong#2024');
  await dialog.getByTestId('login-terms').check();
  // Submit clicks closer than 600 ms to the previous one are ignored (spec section 5).
  await page.waitForTimeout(700);
  await dialog.getByTestId('login-submit').click();
  await expect(page.getByText(t(KM, 'error-login-failed', 'server.ftl')).first()).toBeVisible();
});

for (const lang of [EN, KM] as Lang[]) {
  test(`the one-time-code tab explains its mistakes (${lang.code})`, async ({ page }) => {
    const dialog = await openLoginPopup(page, `/?lang=${lang.code}`);
    await dialog.getByTestId('login-tab-otp').click();

    // Phone: a number too short.
    await dialog.getByTestId('login-subtab-phone').click();
    await dialog.getByTestId('login-identifier').fill('123');
    await dialog.getByTestId('login-submit').click();
    await expect(dialog.getByTestId('login-identifier-error')).toHaveText(tw(lang, 'error-invalid-phone'));

    // E-mail of a new account: the notice, then the Set Password step with its own checks.
    await dialog.getByTestId('login-subtab-email').click();
    await dialog.getByTestId('login-identifier').fill(`newcomer${Date.now()}@example.com`);
    await dialog.getByTestId('login-identifier').press('Tab');
    await expect(dialog.getByTestId('login-new-account-notice')).toBeVisible();
    await expect(dialog.getByTestId('login-set-password')).toHaveText(tw(lang, 'login-set-password-enter-code'));
    await dialog.getByTestId('login-code').fill('123456');
    await expect(dialog.getByTestId('login-set-password')).toHaveText(tw(lang, 'login-set-password'));
    await dialog.getByTestId('login-terms').check();
    await dialog.getByTestId('login-set-password').click();
    await expect(dialog.getByRole('heading')).toHaveText(tw(lang, 'login-heading-set-password'));
    await dialog.getByTestId('login-new-password').fill('Secret#2024');
    await page.waitForTimeout(700); // submit clicks closer than 600 ms are ignored
    await dialog.getByTestId('login-submit').click();
    await expect(dialog.getByTestId('login-confirm-password-error')).toHaveText(tw(lang, 'error-confirm-empty'));
    await dialog.getByTestId('login-confirm-password').fill('Secret#2025');
    await page.waitForTimeout(700);
    await dialog.getByTestId('login-confirm-password').press('Enter'); // Enter in a field submits
    await expect(dialog.getByTestId('login-confirm-password-error')).toHaveText(tw(lang, 'error-password-mismatch'));
  });
}
