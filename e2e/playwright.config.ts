import { defineConfig } from '@playwright/test';

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
  use: {
    baseURL,
    headless: true,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot of the moment it
    // failed. The trace's screencast is off: recording it for every test took 45% of the browser tests' time
    // (tests/receiving: 140 s with it, 83 s without, docs/performance.md "Browser test time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage', '--disable-component-update', '--disable-sync', '--no-first-run'],
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
