import { defineConfig } from '@playwright/test';

/** Where the storefront under test listens (loopback only). */
/** The port can be moved (MALL_E2E_PORT) so a second run on the same machine does not collide. */
const PORT = process.env.MALL_E2E_PORT ?? '3100';
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium; Playwright's own browser downloads are not used. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 720 },
    // Pages at rest: no notice turning, no transitions, for the suite's two browsers the whole
    // run. The pages honour the setting (style/main.css, widgets/src/ticker.ts); tests of
    // motion ask for it.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // A fresh SQLite database per run; the server creates, migrates and seeds it at start.
    // MALL_DEV=1: the tests read one-time codes from the development mailbox.
    // MALL_TRUSTED_PROXIES=1: the suite plays many buyers, each from its own address
    // (`X-Forwarded-For`, see support.ts), so the per-address limits hold as in production.
    command:
      `bash -c 'rm -rf ../target/e2e-${PORT} && mkdir -p ../target/e2e-${PORT} && cd .. && MALL_DEV=1 MALL_TRUSTED_PROXIES=1 DATABASE_URL=sqlite://target/e2e-${PORT}/mall.db LEPTOS_SITE_ADDR=127.0.0.1:${PORT} LEPTOS_SITE_ROOT=target/site LEPTOS_OUTPUT_NAME=mall exec ./target/release/server'`,
    url: `${BASE_URL}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
