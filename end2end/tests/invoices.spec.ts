/**
 * Invoices of orders (spec sections 2 `/invoice-detail`, 3 "invoice (type personal or unit,
 * title, taxpayer ID)", 4 "Invoice: invoiced, application, fail"): a new buyer with a paid order
 * goes from My Orders to the invoice page, chooses a unit by keyboard, is told beside the field
 * that a taxpayer ID is malformed, requests the invoice; the shop issues it with the development
 * command `server invoice issue` on this run's database; the page shows it invoiced and its PDF
 * downloads. In English and Khmer; screenshots of the page (and of the PDF, when `pdftoppm` is
 * there) in English, Chinese and Khmer.
 *
 * The buyers buy in shops 16, 17 and 18, which no other test counts orders of.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EN,
  KM,
  ZH,
  addAddress,
  apiData,
  picture,
  TAKING_PICTURES,
  placeOrders,
  signUpBuyer,
  t,
  topUp,
  type Lang,
  waitForHydration,
} from './support';
import { BASE_URL } from '../playwright.config';

const ROOT = join(__dirname, '..', '..');
const E2E_PORT = process.env.MALL_E2E_PORT ?? '3100';
const PASSWORD = 'Secret#2024';
const PAY_PASSWORD = '135790';
/** `api::config::pay_type::BALANCEPAY`. */
const BALANCEPAY = 9;

/** Runs `server ARGS...` on this run's database, as the shop's side would. */
function server(args: string[]): string {
  return execFileSync(join(ROOT, 'target', 'release', 'server'), args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: process.env.MALL_E2E_DATABASE_URL ?? `sqlite://target/e2e-${E2E_PORT}/mall.db`, RUST_LOG: 'warn' },
    stdio: 'pipe',
  }).toString();
}

/** A new buyer (signed in on `page`) with one paid order in `shop`; its number. */
async function buyerWithPaidOrder(page: Page, shop: number): Promise<string> {
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
  return number;
}

async function open(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang.code}`);
  await waitForHydration(page);
}

/** A picture of the PDF's page, when poppler's `pdftoppm` is installed (not needed otherwise). */
function pdfPicture(pdf: string, name: string): void {
  if (!TAKING_PICTURES) return;
  try {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, join(__dirname, '..', 'screenshots', name)], { stdio: 'pipe' });
  } catch {
    // No pdftoppm here: the PDF itself was checked above.
  }
}

/** Downloads the invoice from the page: the file's name and bytes. */
async function download(page: Page): Promise<{ name: string; bytes: Buffer; path: string }> {
  const started = page.waitForEvent('download');
  await page.getByTestId('invoice-download').click();
  const file = await started;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path), path };
}

for (const [lang, shop] of [
  [EN, 16],
  [KM, 17],
] as const) {
  test(`a buyer requests the invoice of a paid order, the shop issues it and its PDF downloads (${lang.code})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const number = await buyerWithPaidOrder(page, shop);

    // My Orders leads to the invoice page.
    await open(page, '/user-center/uc-order', lang);
    const card = page.locator(`[data-testid="uc-order"][data-order-number="${number}"]`);
    await expect(card.getByTestId('uc-order-invoice')).toHaveText(t(lang, 'invoice-action'));
    await card.getByTestId('uc-order-invoice').click();
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/invoice-detail');
    await expect(page.locator('h1')).toHaveText(t(lang, 'invoice-detail-title'));
    await expect(page.getByTestId('invoice-state')).toHaveText(t(lang, 'invoice-state-none'));

    // A unit, chosen by keyboard: its taxpayer ID field appears.
    const form = page.getByTestId('invoice-form');
    await expect(form.getByTestId('invoice-tax')).toHaveCount(0);
    await form.getByTestId('invoice-personal').focus();
    await page.keyboard.press('ArrowRight');
    await expect(form.getByTestId('invoice-unit')).toBeChecked();
    const title = lang.code === 'km' ? 'ក្រុមហ៊ុន មេគង្គ ពាណិជ្ជកម្ម' : 'Mekong Trading Co., Ltd.';
    await form.getByTestId('invoice-title').fill(title);

    // A malformed taxpayer ID: said beside the field, the focus there, nothing sent.
    await form.getByTestId('invoice-tax').fill('12345');
    await form.getByTestId('invoice-submit').click();
    await expect(form.getByTestId('invoice-tax-error')).toHaveText(t(lang, 'error-invoice-tax-number', 'server.ftl'));
    await expect(form.getByTestId('invoice-tax')).toBeFocused();
    await expect(form.getByTestId('invoice-tax')).toHaveAttribute('aria-invalid', 'true');
    await form.getByTestId('invoice-tax').fill('k001-901234567');
    await picture(page, `invoice-detail-form-${lang.code}`, { fullPage: true });

    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/p/orderInvoice');
    await page.keyboard.press('Enter');
    expect((await sent).status()).toBe(200);
    await expect(page.getByTestId('invoice-state')).toHaveText(t(lang, 'invoice-state-application'), {
      timeout: 10_000,
    });
    await waitForHydration(page);
    await expect(page.getByTestId('invoice-form')).toHaveCount(0);
    await expect(page.getByTestId('invoice-header-name')).toHaveText(title);
    await expect(page.getByTestId('invoice-tax-number')).toHaveText('K001-901234567');
    await expect(page.getByTestId('invoice-download')).toHaveCount(0);

    // A second request is refused in the buyer's language.
    const again = await page.request.post('/api/p/orderInvoice', {
      data: { orderNumber: number, headerType: 2, headerName: 'Again', invoiceTaxNumber: '' },
      headers: { locale: lang.code },
    });
    const refused = await again.json();
    expect(refused.code).toBe('A00001');
    expect(refused.msg).toBe(t(lang, 'error-invoice-duplicate', 'server.ftl'));

    // The shop issues it.
    const id = Number(await page.getByTestId('invoice-id').textContent());
    expect(server(['invoice', 'issue', String(id)])).toContain(`invoice ${id} issued`);
    await open(page, `/invoice-detail?orderNumber=${number}`, lang);
    await expect(page.getByTestId('invoice-state')).toHaveText(t(lang, 'invoice-state-invoiced'));
    await expect(page.getByTestId('invoice-issued-at')).toBeVisible();
    await picture(page, `invoice-detail-${lang.code}`, { fullPage: true });

    // The PDF downloads.
    const pdf = await download(page);
    expect(pdf.name).toBe(`invoice-${number}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes.subarray(-8).toString()).toContain('%%EOF');
    pdfPicture(pdf.path, `invoice-pdf-${lang.code}`);

    // Another buyer gets no PDF of it.
    const other = await page.context().browser()!.newContext({ baseURL: BASE_URL });
    await signUpBuyer(other.request);
    const theirs = await other.request.get(`/api/p/orderInvoice/pdf?orderNumber=${number}`);
    expect(theirs.headers()['content-type']).toContain('application/json');
    expect((await theirs.json()).code).toBe('A00001');
    await other.close();

    // The order page offers to view it.
    await open(page, `/order-detail?orderNumber=${number}`, lang);
    await expect(page.getByTestId('order-invoice')).toHaveText(t(lang, 'invoice-view'));
  });
}

test('the invoice page in Chinese, failed and then issued (screenshots)', async ({ page }) => {
  test.setTimeout(120_000);
  const number = await buyerWithPaidOrder(page, 18);
  await open(page, `/invoice-detail?orderNumber=${number}`, ZH);
  await expect(page.getByTestId('invoice-form')).toBeVisible();
  await picture(page, `invoice-detail-form-${ZH.code}`, { fullPage: true });
  const invoice = await apiData<{ orderInvoiceId: number }>(page.request, 'POST', '/p/orderInvoice', {
    orderNumber: number,
    headerType: 1,
    headerName: '湄公贸易有限公司',
    invoiceTaxNumber: '91310000MA1K3YJ12X',
  });
  server(['invoice', 'fail', String(invoice.orderInvoiceId), '纳税人识别号与单位名称不符']);
  await open(page, `/invoice-detail?orderNumber=${number}`, ZH);
  await expect(page.getByTestId('invoice-state')).toHaveText(t(ZH, 'invoice-state-fail'));
  await expect(page.getByTestId('invoice-fail-reason')).toContainText('纳税人识别号与单位名称不符');
  await expect(page.getByTestId('invoice-title')).toHaveValue('湄公贸易有限公司');
  await picture(page, `invoice-detail-fail-${ZH.code}`, { fullPage: true });

  await page.getByTestId('invoice-submit').click();
  await expect(page.getByTestId('invoice-state')).toHaveText(t(ZH, 'invoice-state-application'), { timeout: 10_000 });
  server(['invoice', 'issue', String(invoice.orderInvoiceId)]);
  await open(page, `/invoice-detail?orderNumber=${number}`, ZH);
  await expect(page.getByTestId('invoice-state')).toHaveText(t(ZH, 'invoice-state-invoiced'));
  await picture(page, `invoice-detail-${ZH.code}`, { fullPage: true });
  const pdf = await download(page);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  pdfPicture(pdf.path, `invoice-pdf-${ZH.code}`);
});
