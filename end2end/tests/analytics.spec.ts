/**
 * Visit analytics (spec section 4 "Visit session", section 7 "Analytics"): each tracked page
 * load posts one flow-log record; the step rises by one within a session.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { EN } from './support';

const isFlowLog = (r: Request) => new URL(r.url()).pathname === '/api/flowAnalysisLog' && r.method() === 'POST';

async function loadAndCaptureFlowLog(page: Page, load: () => Promise<unknown>) {
  const [request] = await Promise.all([page.waitForRequest(isFlowLog, { timeout: 15_000 }), load()]);
  const response = await request.response();
  expect(response?.status()).toBe(200);
  expect((await response?.json())?.code).toBe('00000');
  return request.postDataJSON() as Record<string, unknown>;
}

test('the home page posts a visit with pageId 1 and a rising step', async ({ page }) => {
  const first = await loadAndCaptureFlowLog(page, () => page.goto(`/?lang=${EN.code}`));
  expect(first.pageId).toBe(1);
  expect(typeof first.step).toBe('number');
  expect(first.step as number).toBeGreaterThanOrEqual(1);
  expect(first.visitType).toBe(1);
  expect(typeof first.uuid).toBe('string');
  expect(typeof first.uuidSession).toBe('string');
  expect(first.uuid).not.toBe('');
  expect(first.uuidSession).not.toBe('');

  const second = await loadAndCaptureFlowLog(page, () => page.goto('/'));
  expect(second.pageId).toBe(1);
  expect(second.step).toBe((first.step as number) + 1);
  expect(second.uuid).toBe(first.uuid);
  expect(second.uuidSession).toBe(first.uuidSession);
  expect(second.prevPageId).toBe(1);

  const third = await loadAndCaptureFlowLog(page, () => page.reload());
  expect(third.step).toBe((first.step as number) + 2);
});

test('a new browser profile starts a new session at step 1', async ({ page }) => {
  const record = await loadAndCaptureFlowLog(page, () => page.goto(`/?lang=${EN.code}`));
  expect(record.step).toBe(1);
});
