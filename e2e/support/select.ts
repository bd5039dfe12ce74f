import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of an MUI Select: opens it with a click on `trigger`, clicks the option, and checks that the
 * menu closed. On a loaded machine a click can land while the menu is still opening and be lost; the menu then
 * stays open, with the page behind it aria-hidden, and every later step waits in vain (one CI run timed out so).
 * Here the pick is checked and, if the menu is still open, the option is clicked again.
 */
export async function selectOption(page: Page, trigger: Locator, option: string | RegExp) {
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if ((await listbox.count()) === 0) await trigger.click({ timeout: 5_000 });
    await listbox.getByRole('option', { name: option, exact: typeof option === 'string' }).click({ timeout: 5_000 });
    await expect(listbox).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
