import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * Screenshots for a person to look at (desk 1440×900 and phone 390×844), taken only with `E2E_SHOTS=1`: they assert
 * nothing, and a full-page pair costs a second or more on a loaded machine, so `npm test` does not pay for them.
 * `E2E_SHOTS=1 npx playwright test tests/<domain>` writes `<dir>/<name>-<width>.png`.
 */
export async function shoot(page: Page, dir: string, name: string): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** One screenshot of the page as it is, only with `E2E_SHOTS=1` (see `shoot`). */
export async function snapshot(page: Page, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  await page.screenshot({ path, ...options });
}
