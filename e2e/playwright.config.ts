import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';

const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser tests in Debian's Chromium (Playwright's own browser download cannot work on these machines).
 * The server is the real product on a fresh embedded database with demo data, in a temporary folder.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/results.json' }]],
  // The ledger check after every test has run, on the same server (docs/decisions.md, "A model-based test of the whole ledger").
  globalTeardown: './support/ledger-teardown.ts',
  use: {
    baseURL,
    headless: true,
    // A failed test keeps its trace (actions, network, console, sources), a screenshot of the moment it failed and
    // Playwright's error context (the page's accessibility snapshot). Not recorded for every test: the trace's
    // screencast (45% of the browser tests' time, tests/receiving 140 s → 83 s) and its DOM snapshots (22%:
    // tests/inventory + tests/receiving 171 s with them, 135 s without; docs/performance.md "Browser test time").
    // E2E_TRACE_SNAPSHOTS=1 records the DOM snapshots again when a failure needs them.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1',
      sources: true,
    },
    screenshot: 'only-on-failure',
    // No service worker in the tests' own contexts: it would take over the page's requests part-way through a test
    // (its precache, the floor reads network first) where a test routes or counts them. The offline tests open
    // contexts of their own that allow it (support/offline.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node support/start-server.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
