/**
 * Smoke tests of the provider API under /api (spec sections 7 and 8): the envelope
 * `{success, code, msg, data}` and its codes.
 */
import { expect, test } from '@playwright/test';

interface Envelope<T = unknown> {
  success: boolean;
  code: string;
  msg: string | null;
  data: T;
}

test('GET /api/currency/list offers USD and KHR', async ({ request }) => {
  const response = await request.get('/api/currency/list');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/application\/json/);
  const body = (await response.json()) as Envelope<{ currencyCode: string; symbol: string; exchangeRate: unknown }[]>;
  expect(body.code).toBe('00000');
  expect(body.success).toBe(true);
  const codes = body.data.map((c) => c.currencyCode);
  expect(codes).toContain('USD');
  expect(codes).toContain('KHR');
  expect(body.data.find((c) => c.currencyCode === 'KHR')?.symbol).toBe('៛');
  expect(body.data.find((c) => c.currencyCode === 'USD')?.symbol).toBe('$');
});

for (const type of [1, 2]) {
  test(`GET /api/search/hotSearch?type=${type} lists hot words`, async ({ request }) => {
    const body = (await (await request.get(`/api/search/hotSearch?type=${type}`)).json()) as Envelope<{ title: string; content: string }[]>;
    expect(body.code).toBe('00000');
    expect(body.data.length).toBeGreaterThanOrEqual(1);
    for (const word of body.data) {
      expect(word.title.trim()).not.toBe('');
      expect(word.content.trim()).not.toBe('');
    }
  });
}

test('GET /api/search/hotSearch with an unknown type is a business error', async ({ request }) => {
  const response = await request.get('/api/search/hotSearch?type=9');
  const body = (await response.json()) as Envelope;
  expect(body.code).toBe('A00001');
  expect(body.success).toBe(false);
  expect(typeof body.msg).toBe('string');
  expect((body.msg ?? '').trim()).not.toBe('');
});

test('an unknown /api path answers HTTP 404 with the envelope', async ({ request }) => {
  const response = await request.get('/api/no/such');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/application\/json/);
  const body = (await response.json()) as Envelope;
  expect(body.success).toBe(false);
  expect(typeof body.code).toBe('string');
  expect(body.code).not.toBe('00000');
  expect(body).toHaveProperty('msg');
});

test('POST /api/flowAnalysisLog with malformed JSON is A00001', async ({ request, baseURL }) => {
  const response = await request.post('/api/flowAnalysisLog', {
    headers: { 'content-type': 'application/json', origin: baseURL ?? '' },
    data: '{"pageId": 1, "step": ',
  });
  expect(response.status()).toBeLessThan(500);
  const body = (await response.json()) as Envelope;
  expect(body.code).toBe('A00001');
  expect(body.success).toBe(false);
  expect((body.msg ?? '').trim()).not.toBe('');
});

test('POST /api/flowAnalysisLog with an unknown pageId is A00001', async ({ request, baseURL }) => {
  const response = await request.post('/api/flowAnalysisLog', {
    headers: { origin: baseURL ?? '' },
    data: { pageId: 999, step: 1, visitType: 1, bizType: 0, uuid: 'u-1', uuidSession: 's-1' },
  });
  expect(((await response.json()) as Envelope).code).toBe('A00001');
});

test('a valid flow log from a guest is accepted', async ({ request, baseURL }) => {
  const response = await request.post('/api/flowAnalysisLog', {
    headers: { origin: baseURL ?? '' },
    data: { pageId: 1, step: 1, visitType: 1, bizType: 0, uuid: 'e2e-visitor', uuidSession: 'e2e-session', systemType: 1 },
  });
  const body = (await response.json()) as Envelope;
  expect(body.code).toBe('00000');
  expect(body.success).toBe(true);
});

test('API messages follow the locale header', async ({ request }) => {
  const en = (await (await request.get('/api/search/hotSearch?type=9', { headers: { locale: 'en' } })).json()) as Envelope;
  const km = (await (await request.get('/api/search/hotSearch?type=9', { headers: { locale: 'km' } })).json()) as Envelope;
  expect(en.code).toBe('A00001');
  expect(km.code).toBe('A00001');
  expect(km.msg).not.toBe(en.msg);
});
