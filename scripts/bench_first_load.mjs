// First load as a browser pays it, for the pages that carry compare buttons: everything
// Chromium fetched (HTML, CSS, JS, wasm with its lazily loaded chunks, API calls; images and
// fonts excluded) until the page is hydrated and the network is idle, then what opening the
// comparison sidebar adds. The sidebar's chunk and React must not be part of the first load.
//
// Usage: node scripts/bench_first_load.mjs http://127.0.0.1:3200 (a running, seeded server).
import { chromium } from 'playwright-core';

const base = process.argv[2];
if (!base) throw new Error('usage: bench_first_load.mjs BASE_URL');
const PAGES = ['/', '/list?st=2', '/detail?prodId=1'];
const SKIPPED = new Set(['Image', 'Font', 'Media']);

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

/** Counts the bytes on the wire per request, from Chromium's own network events. */
async function recorder(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  return {
    take() {
      const list = [...requests.values()].filter((r) => !SKIPPED.has(r.type));
      requests.clear();
      return list;
    },
  };
}

const sum = (list) => list.reduce((n, r) => n + r.bytes, 0);
const isCompareChunk = (r) => /price-compare|react/i.test(new URL(r.url).pathname);
let failed = false;

console.log('== First load in Chromium, before any interaction (images and fonts excluded) ==');
for (const path of PAGES) {
  const page = await browser.newPage();
  const net = await recorder(page);
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => window.__mallHydrated === true, null, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const first = net.take();
  const leaked = first.filter(isCompareChunk);
  const compare = page.locator('[data-testid="compare-button"]').first();
  let opened = 'no compare button on this page';
  if ((await compare.count()) > 0) {
    await compare.scrollIntoViewIfNeeded();
    await compare.click();
    await page.locator('[data-testid="price-compare"]').waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const added = net.take();
    const chunk = added.filter((r) => /\/widgets\//.test(r.url));
    opened = `opening the sidebar then fetched ${sum(chunk)} B of widget code in ${chunk.length} files (${sum(added)} B in all)`;
  }
  console.log(
    `  ${path.padEnd(20)} ${String(sum(first)).padStart(9)} B in ${String(first.length).padStart(2)} requests; ` +
      `sidebar code in the first load: ${leaked.length === 0 ? 'none' : leaked.map((r) => r.url).join(', ')}`,
  );
  console.log(`  ${''.padEnd(20)} ${opened}`);
  if (leaked.length > 0) failed = true;
  await page.close();
}
await browser.close();
if (failed) {
  console.error('bench: the comparison sidebar was loaded before it was opened');
  process.exitCode = 1;
}
