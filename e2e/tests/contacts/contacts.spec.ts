import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../../support/session';
import { selectOption } from '../../support/select';

/** A suffix unique to this run, so the tests find only the contacts they created. */
function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.replace(
    /\d/g,
    (d) => 'abcdefghij'[Number(d)]!,
  );
}

function randomDigits(n: number): string {
  return Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
}

async function chooseOption(page: Page, testId: string, option: string) {
  await selectOption(page, page.getByTestId(testId).locator('..'), option);
}

/** A toast by its text (a CSS locator: while the modal dialog is open, the rest of the page is aria-hidden). */
const toast = (page: Page, text: string) => page.getByTestId('toasts').locator('[role=alert]', { hasText: text });

test.describe('contacts', () => {
  test('a search with no match shows No Results', async ({ page }) => {
    await signInAs(page, 'developer');
    await page.goto('/contacts');
    await page.getByLabel('Last Name').fill(`Nobody${uniqueSuffix()}`);
    await page.getByLabel('Last Name').press('Enter');
    await expect(page.getByTestId('contact-no-results')).toContainText('No Results');
    await expect(page).toHaveURL(/searchBy=name/);
  });

  test('create a contact, find it by name and by phone, update it and see the history', async ({ page }) => {
    test.setTimeout(90_000);
    const last = `Lovelace${uniqueSuffix()}`;
    const phone = `502${randomDigits(7)}`;
    await signInAs(page, 'developer');
    await page.goto('/contacts');

    // Create through the dialog.
    await page.getByRole('button', { name: 'Create New Customer' }).click();
    await expect(page).toHaveURL(/\/contacts\/create$/);
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByLabel('Last Name').fill(last);
    await dialog.getByLabel('Address', { exact: true }).fill('12 Analytical Way');
    await dialog.getByLabel('City').fill('Louisville');
    await chooseOption(page, 'contact-state', 'KY — Kentucky');
    await dialog.getByLabel('Zip').fill('40202');
    await dialog.getByLabel('Primary Phone').fill(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
    await dialog.getByLabel('Email').fill('ada@example.com');
    await chooseOption(page, 'contact-source', 'In Store');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(toast(page, 'Contact Created!')).toBeVisible();
    await expect(page).toHaveURL(/\/contacts\/details\?id=\d+$/);
    const detailsUrl = page.url();
    await expect(page.getByTestId('contact-name')).toHaveText(`Ada ${last}`);
    const entries = page.getByRole('region', { name: 'History' }).getByTestId('history-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Created');
    await expect(entries.first()).toContainText(`Last Name: ${last}`);

    // The id is in the URL: a reload shows the same contact.
    await page.reload();
    await expect(page.getByTestId('contact-name')).toHaveText(`Ada ${last}`);

    // Find it by name, with Enter.
    await page.goto('/contacts');
    await page.getByLabel('First Name').fill('ad');
    await page.getByLabel('Last Name').fill(last.slice(0, -2).toLowerCase());
    await page.getByLabel('Last Name').press('Enter');
    const byName = page.getByTestId('contact-result');
    await expect(byName).toHaveCount(1);
    await expect(byName.first()).toContainText(`Ada ${last}`);
    await expect(byName.first()).toContainText('12 Analytical Way, Louisville, KY 40202');
    await expect(byName.first()).toContainText('ada@example.com');

    // Find it by phone, typed with other punctuation.
    await chooseOption(page, 'contact-search-by', 'Phone Number');
    await page.getByLabel('Phone Number').fill(`+1 ${phone.slice(0, 3)}.${phone.slice(3, 6)}.${phone.slice(6)}`);
    await page.getByLabel('Phone Number').press('Enter');
    await expect(page).toHaveURL(/searchBy=phone/);
    const byPhone = page.getByTestId('contact-result').filter({ hasText: last });
    await expect(byPhone).toHaveCount(1);

    // Open it: its details and history.
    await byPhone.click();
    await expect(page).toHaveURL(detailsUrl);
    await expect(page.getByTestId('contact-name')).toHaveText(`Ada ${last}`);

    // Update a field.
    const form = page.getByTestId('contact-edit-form');
    await expect(form.getByLabel('City')).toHaveValue('Louisville');
    await form.getByLabel('City').fill('Lexington');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Contact Info Updated!')).toBeVisible();
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('City: Louisville → Lexington');
    await expect(entries.nth(1)).toContainText('Created');

    // Back on the search, the change shows.
    await page.getByRole('button', { name: 'Back to Search' }).click();
    await expect(page).toHaveURL(/searchBy=phone/);
    await expect(page.getByTestId('contact-result').filter({ hasText: last })).toContainText('Lexington');
  });

  test('a create the server refuses shows Contact Create Failed! and the server error data; Cancel returns to /contacts', async ({
    page,
  }) => {
    await signInAs(page, 'developer');
    await page.goto('/contacts/create');
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    // No client-side checks: the empty form is sent, and the server answers with its field errors.
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(toast(page, 'Contact Create Failed!')).toBeVisible();
    await expect(toast(page, 'Contact Create Failed!')).toContainText('422: Unprocessable Entity');
    const alert = dialog.getByTestId('contact-server-error');
    await expect(alert).toContainText('Contact could not be created');
    await expect(alert).toContainText('First Name: A first or last name is required');
    await expect(alert).toContainText('Email: must be an e-mail address');
    await expect(page).toHaveURL(/\/contacts\/create$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(dialog).toHaveCount(0);
  });

  test('an update the server refuses shows Contact Update Failed! and changes nothing', async ({ page }) => {
    const last = `Hopper${uniqueSuffix()}`;
    await signInAs(page, 'developer');
    await page.goto('/contacts/create');
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    await dialog.getByLabel('Last Name').fill(last);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/contacts\/details\?id=\d+$/);
    const form = page.getByTestId('contact-edit-form');
    await form.getByLabel('Last Name').fill('');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Contact Update Failed!')).toBeVisible();
    await expect(form.getByTestId('contact-server-error')).toContainText('Last Name: A first or last name is required');
    await page.reload();
    await expect(page.getByTestId('contact-name')).toHaveText(last);
    await expect(page.getByRole('region', { name: 'History' }).getByTestId('history-entry')).toHaveCount(1);
  });

  test('a role without sales-desk:manage sees the refusal text on /contacts', async ({ page }) => {
    await signInAs(page, 'warehouse-1');
    await page.goto('/contacts');
    await expect(page.getByTestId('permission-denied')).toHaveText(
      'Your warehouse-1 role does not have permission for sales-desk:manage',
    );
    await expect(page.getByRole('button', { name: 'Create New Customer' })).toHaveCount(0);
  });
});
