import fs from 'node:fs';

/**
 * The browsers the tests drive, both Debian's (scripts/ensure-chromium.sh installs them; Playwright's own download
 * cannot work on these machines).
 *
 * Debian's `chromium-headless-shell`: the same build's headless shell, the browser Playwright itself uses for headless
 * runs; the full browser in headless mode cost about 30% more browser test time on two cores (docs/decisions.md
 * "Browser tests in Debian's headless shell"). CHROMIUM_PATH picks another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The full browser: for what the shell lacks (its PDF viewer, in content-security-policy.spec.ts). */
export const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // V8's optimizing tiers off (Maglev, Turbofan): a test's page lives seconds, and compiling its hot code for speed
  // cost more than it saved: 7-10% less CPU for the same tests (docs/performance.md, "npm test time, session 28").
  // The interpreter and Sparkplug run the same JavaScript; only its speed differs.
  '--js-flags=--no-maglev --no-turbofan',
];
