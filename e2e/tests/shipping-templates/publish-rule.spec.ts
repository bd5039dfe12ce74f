import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';

/**
 * Publish Rule (issue 13, 002 §4, §8) on the tabbed shipping templates view: a rule missing a composition lists
 * the groups in 'Missing Composite Shipping Template Groups'; a complete one becomes 'Published' and disabled.
 */
const SHOTS = '/tmp/wt-shipping-shots';

const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);

test('publish a rule both ways: the missing groups table, then Published', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'purchasing-admin');
  await page.goto('/shipping-templates');
  // Without 'create' in the route: only the templates table.
  await expect(page.getByTestId('template-row-WM-STANDARD')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab')).toHaveCount(0);
  await shoot(page, 'shipping-templates');

  await page.goto('/shipping-templates/create');
  await expect(page.getByRole('tab')).toHaveText(['Shipping Templates', 'Rules', '(Legacy) Rule Maps', 'Compositions']);
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByRole('button', { name: 'New Rule' })).toBeVisible();

  const missing = page.getByRole('row', { name: /RULE-AMAZON/ });
  await missing.getByRole('button', { name: 'Publish Rule' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { name: 'Missing Composite Shipping Template Groups' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Missing Composite Shipping Template Groups' })).toContainText(
    'AMZ-PRIME, AMZ-STANDARD',
  );
  await expect(missing.getByRole('button', { name: 'Publish Rule' })).toBeEnabled();
  await shoot(page, 'publish-missing');

  const complete = page.getByRole('row', { name: /RULE-WALMART/ });
  await complete.getByRole('button', { name: 'Publish Rule' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(complete.getByRole('button', { name: 'Published' })).toBeDisabled();
  await expect(page.getByText('Missing Composite Shipping Template Groups')).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(
    page.getByRole('row', { name: /RULE-WALMART/ }).getByRole('button', { name: 'Published' }),
  ).toBeDisabled();
});
