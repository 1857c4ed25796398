import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The journeys tagged @cluster (sign in, search, a cart over two shops and its orders, paying
 * from the balance and through the development gateway, a refund application, the chat both
 * ways) against `make cluster`: HAProxy on 127.0.0.1:3400 (MALL_E2E_PORT=3400) in front of three
 * nodes on PostgreSQL, started and stopped by `make test-cluster`, not by Playwright. One test
 * at a time, so that `cluster-reporter.ts` can tell from HAProxy's log which nodes answered
 * each journey's requests: at least two different ones, or the run fails.
 */
export default defineConfig({
  ...base,
  grep: /@cluster/,
  grepInvert: /@clock|@serial/,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['./cluster-reporter.ts']],
  webServer: undefined,
});
