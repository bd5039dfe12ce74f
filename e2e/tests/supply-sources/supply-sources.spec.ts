import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { selectOption } from '../../support/select';
import { signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';

/**
 * Amazon supply sources (issue 13 item 4; 002 §2, §4, §5, §8): choose a location, edit alias and pickup hours with
 * the field rules shown as alerts, submit, toggle the status through the confirmation (unsaved changes discarded),
 * and the fetch-failure message. Only the developer holds supply-sources:manage. Screenshots at 1440 and 390 px in
 * /tmp/wt-supply-sources-shots/.
 */
const SHOTS = '/tmp/wt-supply-sources-shots';

const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);

/**
 * Opens the MUI select whose native input has this test id and picks an option, through the shared helper that
 * clicks again while a previous menu is still leaving (the CI run of f234263 timed out here waiting for '3 hours').
 */
async function choose(page: Page, testId: string, option: string) {
  await selectOption(page, page.getByTestId(testId).locator('..').getByRole('combobox'), option);
}
const selectText = (page: Page, testId: string) => page.getByTestId(testId).locator('..').getByRole('combobox');

interface Details {
  alias: string;
  status: string;
  capabilities: {
    outbound: {
      operationalConfiguration: { operatingHoursByDay: Record<string, { startTime: string; endTime: string }[]> };
    };
  };
}

test('choose a location, edit alias and hours with the field rules, submit, and toggle the status with the confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'developer');
  await page.goto('/supply-sources');
  await expect(page.getByRole('heading', { name: 'Amazon Supply Sources (ISPU)' })).toBeVisible();
  await choose(page, 'supply-source-location', 'TX01');
  await expect(page.getByTestId('supply-source-alias')).toHaveValue('Dallas pickup (TX01)');
  await expect(selectText(page, 'hours-sunday-start')).toHaveText('00:00');
  await expect(page.getByTestId('hours-sunday-closed-chip')).toBeVisible();
  await shoot(page, 'supply-source');

  // The alias rule, shown as an alert; Submit is disabled while it stands.
  await page.getByTestId('supply-source-alias').fill('');
  await expect(page.getByTestId('alias-error')).toHaveText('The alias cannot be empty.');
  await expect(page.getByTestId('supply-source-submit')).toBeDisabled();
  const alias = `Dallas ISPU ${Date.now() % 100000}`;
  await page.getByTestId('supply-source-alias').fill(alias);
  await expect(page.getByTestId('alias-error')).toBeHidden();

  // A day closing before it opens: the error sits on that day's time selects.
  await choose(page, 'hours-tuesday-end', '08:00');
  await expect(page.getByTestId('hours-tuesday-error')).toContainText(
    'The closing time must be after the opening time',
  );
  await expect(page.getByTestId('supply-source-submit')).toBeDisabled();
  await shoot(page, 'supply-source-errors');
  await choose(page, 'hours-tuesday-end', '20:00');
  await expect(page.getByTestId('hours-tuesday-error')).toBeHidden();
  // Saturday closed (00:00-00:00), Sunday opened.
  await page.getByTestId('hours-saturday-closed').click();
  await expect(selectText(page, 'hours-saturday-end')).toHaveText('00:00');
  await expect(page.getByTestId('hours-saturday-closed-chip')).toBeVisible();
  await choose(page, 'hours-sunday-start', '11:00');
  await choose(page, 'hours-sunday-end', '15:30');
  await choose(page, 'supply-source-hold-period', '5 days');
  await choose(page, 'supply-source-handling-time', '3 hours');
  await page.getByTestId('supply-source-submit').click();
  await expect(page.getByTestId('supply-source-success')).toHaveText('Supply source details saved.');

  const api = await apiAs(request, 'developer');
  const saved = await api.get<Details>('/api/ims/sp-api/supply-source/details/TX01/');
  expect(saved.alias).toBe(alias);
  expect(saved.capabilities.outbound.operationalConfiguration.operatingHoursByDay).toMatchObject({
    tuesday: [{ startTime: '09:00', endTime: '20:00' }],
    saturday: [{ startTime: '00:00', endTime: '00:00' }],
    sunday: [{ startTime: '11:00', endTime: '15:30' }],
  });
  await page.reload();
  await choose(page, 'supply-source-location', 'TX01');
  await expect(page.getByTestId('supply-source-alias')).toHaveValue(alias);
  await expect(selectText(page, 'supply-source-hold-period')).toHaveText('5 days');

  // The status toggle asks first (unsaved changes are discarded); Cancel changes nothing.
  await expect(page.getByTestId('supply-source-status')).toHaveText('Active');
  await page.getByTestId('supply-source-alias').fill('Unsaved alias');
  await page.getByTestId('supply-source-toggle').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Any unsaved changes will be discarded.');
  await shoot(page, 'supply-source-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('supply-source-status')).toHaveText('Active');
  await expect(page.getByTestId('supply-source-alias')).toHaveValue('Unsaved alias');

  await page.getByTestId('supply-source-toggle').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Set Inactive' }).click();
  await expect(page.getByTestId('supply-source-success')).toHaveText('The supply source is now Inactive.');
  await expect(page.getByTestId('supply-source-status')).toHaveText('Inactive');
  await expect(page.getByTestId('supply-source-alias')).toHaveValue(alias);
  expect((await api.get<Details>('/api/ims/sp-api/supply-source/details/TX01/')).status).toBe('Inactive');
  // The success message goes after 6 seconds.
  await expect(page.getByTestId('supply-source-success')).toBeHidden({ timeout: 10_000 });

  await page.getByTestId('supply-source-toggle').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Set Active' }).click();
  await expect(page.getByTestId('supply-source-success')).toHaveText('The supply source is now Active.');
  await expect(page.getByTestId('supply-source-status')).toHaveText('Active');
});

test('a supply source that cannot be fetched shows the spec message', async ({ page }) => {
  await signInAs(page, 'developer');
  // The server's answer when the marketplace cannot be reached (a 502 in the API's error shape).
  await page.route('**/api/ims/sp-api/supply-source/details/KY01/', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'Unable to fetch supply source details for location KY01.',
        errors: { location: ['Login with Amazon: no answer within 10000 ms'] },
      }),
    }),
  );
  await page.goto('/supply-sources');
  await choose(page, 'supply-source-location', 'KY01');
  await expect(page.getByTestId('supply-source-fetch-error')).toHaveText(
    'Unable to fetch supply source details for location KY01.',
  );
  await expect(page.getByTestId('supply-source-editor')).toBeHidden();
  await shoot(page, 'supply-source-fetch-error');
  // Another location still loads.
  await choose(page, 'supply-source-location', 'RUBY');
  await expect(page.getByTestId('supply-source-alias')).toHaveValue('Austin pickup (RUBY)');
});
