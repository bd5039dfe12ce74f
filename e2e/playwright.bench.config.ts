import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Browser benchmarks (not tests: `npm run bench:scan` at the root, never part of `npm test`). One worker, so the
 * figures are the product's and not the contention of parallel browsers.
 */
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '**/*.bench.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 300_000,
  reporter: [['list']],
});
