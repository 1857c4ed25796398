import { defineConfig } from '@playwright/test';

/** Where the storefront under test listens (loopback only). */
export const BASE_URL = 'http://127.0.0.1:3100';

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
    command:
      "bash -c 'rm -rf ../target/e2e && mkdir -p ../target/e2e && cd .. && DATABASE_URL=sqlite://target/e2e/mall.db LEPTOS_SITE_ADDR=127.0.0.1:3100 LEPTOS_SITE_ROOT=target/site LEPTOS_OUTPUT_NAME=mall exec ./target/release/server'",
    url: `${BASE_URL}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
