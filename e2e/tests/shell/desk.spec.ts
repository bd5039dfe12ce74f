import { expect, test, type Locator, type Page } from '@playwright/test';
import { logoutByLink, signInAs } from '../../support/session';

/** The desk people sit at all day (issue 37): the refused page, the phone's targets and sign-out, the dark theme. */

test('the refused page names the missing right in words and links home', async ({ page }) => {
  await signInAs(page, 'warehouse-1');
  await page.goto('/purchase-orders');
  await expect(page.getByTestId('permission-denied')).toHaveText(
    'Your warehouse-1 role does not have permission for purchase-order:view',
  );
  await expect(page.getByTestId('permission-denied-words')).toHaveText(
    'This page needs the right to view purchase orders. An administrator can add it to your role.',
  );
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('permission-denied')).toHaveCount(0);
});

async function smallerThan44(targets: Locator): Promise<string[]> {
  const small: string[] = [];
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const box = (await target.boundingBox())!;
    if (box.height < 44 || box.width < 44)
      small.push(`${(await target.textContent())?.trim()}: ${box.width}x${box.height}`);
  }
  return small;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the app bar and the account menu hold targets of 44 px or more; the logout link asks "Sign out?"', async ({
    page,
  }) => {
    await signInAs(page, 'warehouse-2');
    await page.goto('/');
    const bar = page.getByRole('banner');
    await expect(bar.getByTestId('account-menu-button')).toBeVisible();
    expect(await smallerThan44(bar.locator('button, a[href]'))).toEqual([]);
    // The home page's links too (their height: a word may be narrower than 44 px, its row is not).
    const links = page.getByRole('link', { name: 'Purchase Orders' });
    expect((await links.first().boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await bar.getByTestId('account-menu-button').click();
    // The menu grows in (a scale transition): measured once it stands still.
    await expect.poll(() => smallerThan44(page.getByTestId('logout-link'))).toEqual([]);
    await page.getByTestId('logout-link').click();
    const question = page.getByRole('dialog', { name: 'Sign out?' });
    await expect.poll(() => smallerThan44(question.getByRole('button'))).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByLabel('Username')).toHaveCount(0);

    await page.keyboard.press('Escape');
    await logoutByLink(page);
  });
});

/** WCAG's contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((v) => {
        const s = Number(v) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

async function pageColours(page: Page) {
  return page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const heading = document.querySelector('h1, h4, h5, h6') ?? document.body;
    return { background: body.backgroundColor, text: getComputedStyle(heading).color };
  });
}

test('the theme follows the system setting, and text keeps its contrast in both', async ({ page }) => {
  await signInAs(page, 'warehouse-2');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/purchase-orders');
  await expect(page.getByRole('heading').first()).toBeVisible();
  const dark = await pageColours(page);
  expect(contrast(dark.background, 'rgb(0, 0, 0)')).toBeLessThan(2);
  expect(contrast(dark.text, dark.background)).toBeGreaterThanOrEqual(4.5);

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(async () => contrast((await pageColours(page)).background, 'rgb(255, 255, 255)')).toBeLessThan(1.1);
  const light = await pageColours(page);
  expect(contrast(light.text, light.background)).toBeGreaterThanOrEqual(4.5);
});

test('a detail page shows Home › list › record, and the list is one click away', async ({ page }) => {
  await signInAs(page, 'warehouse-2');
  await page.goto('/purchase-orders/review/1');
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('listitem')).toHaveText(['Home', '›Purchase Orders', '›Purchase Order 1']);
  await expect(trail.getByText('Purchase Order 1')).toHaveAttribute('aria-current', 'page');
  await trail.getByRole('link', { name: 'Purchase Orders' }).click();
  await expect(page).toHaveURL(/\/purchase-orders$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
});
