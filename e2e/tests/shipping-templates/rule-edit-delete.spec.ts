import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { selectOption } from '../../support/select';
import { signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';

/**
 * A rule is edited and deleted on the Rules tab (issue 32 part 4: PUT ims/shipping-templates/rule and our
 * DELETE …/rule/{id}); a rule without template compositions says why Publish Rule checks nothing for it.
 */
const SHOTS = '/tmp/wt-shipping-shots';
const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);

test('edit a rule, publish one without compositions knowingly, and delete a rule with its rule map', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = `E2E-RULE-${Date.now().toString(36).toUpperCase()}`;
  const api = await apiAs(request, 'purchasing-admin');
  await api.send('POST', '/api/ims/shipping-templates/rule', {
    ruleCode: code,
    fallbackShippingTemplate: 'WM-STANDARD',
    groupShippingTemplate: 'WM-COMBO',
  });
  await api.send('POST', '/api/ims/shipping-templates/rule/mapping', {
    ruleCode: code,
    shippingTemplate: 'WM-STANDARD',
  });

  await signInAs(page, 'purchasing-admin');
  await page.goto('/shipping-templates/create');
  await page.getByRole('tab', { name: 'Rules' }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('WM-STANDARD');
  await expect(page.getByText(/only for a rule that uses template compositions/)).toBeVisible();

  // Publish Rule on a rule without compositions says that nothing is checked.
  await row.getByRole('button', { name: 'Publish Rule' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'It does not use template compositions, so its templates are not checked for composite templates.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Edit: the code is shown, not changed; the fallback and the flag are.
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Rule ${code}` });
  await expect(dialog.getByLabel('Rule Code')).toBeDisabled();
  await expect(dialog.getByLabel('Rule Code')).toHaveValue(code);
  await selectOption(page, dialog.getByLabel('Fallback Shipping Template'), 'WM-TWO-DAY');
  await dialog.getByLabel('Uses Template Compositions').check();
  await shoot(page, 'rule-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(1)).toHaveText('WM-TWO-DAY');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Yes');
  await shoot(page, 'rules-tab');

  // Delete, with its rule map.
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Are you sure you want to delete? Rule ${code} and its 1 rule map are deleted.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('tab', { name: '(Legacy) Rule Maps' }).click();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByRole('row', { name: /RULE-WALMART/ })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
});
