import { expect, test, type Locator } from '@playwright/test';
import { apiAs } from '../../support/api';
import { receiveUnits, setupPo } from '../../support/receiving';
import { selectOption } from '../../support/select';
import { focusPage, signInAs, wedgeScans } from '../../support/session';
import { shoot } from '../../support/shots';

const SHOTS = 'test-results/shots/history';
const suffix = () => Math.floor(Math.random() * 90) + 10;

/** Adds a note in a history panel and sees it on top. */
async function addNote(panel: Locator, text: string) {
  await panel.getByLabel('Add a note').fill(text);
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByTestId('history-entry').first()).toContainText(text);
  await expect(panel.getByLabel('Add a note')).toHaveValue('');
}

test("a contact's page shows its creation, an edit and a note in the history panel", async ({ page, request }) => {
  const cs = await apiAs(request, 'customer-service-1');
  const last = `Hist${Date.now()}`;
  const contact = await cs.send<{ id: number }>('POST', '/api/contact/store', {
    first_name: 'Grace',
    last_name: last,
    city: 'Arlington',
  });

  await signInAs(page, 'customer-service-1');
  await page.goto(`/contacts/details?id=${contact.id}`);
  const panel = page.getByRole('region', { name: 'History' });
  const entries = panel.getByTestId('history-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`Created (First Name: Grace, Last Name: ${last}, City: Arlington)`);

  const form = page.getByTestId('contact-edit-form');
  await form.getByLabel('City').fill('Louisville');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(entries.first()).toContainText('City: Arlington → Louisville');
  await expect(entries.first()).toContainText('customer-service-1');
  await addNote(panel, 'Called back about the order.');
  await expect(entries).toHaveCount(3);
  await shoot(page, SHOTS, 'contact-history');
});

test("a bin's contents change shows in its history panel, with a note", async ({ page, request }) => {
  const api = await apiAs(request, 'warehouse-admin');
  // A unit of its own, received and not yet in a bin (demo stock may all be binned by other tests by now).
  const { api: buyer, po, product, lineId } = await setupPo(request, { qty: 1, tracked: false, pick: 7 });
  await receiveUnits(buyer, { poId: po.id, lineId, product }, { units: 1 });
  const source = { upc: product.upc, model: product.model_number };
  const bin = await api.send<{ id: number; binName: string }>('POST', '/api/ims/bins', {
    row: 77,
    bay: suffix(),
    shelf: suffix(),
    locationCode: 'KY01',
    conditionCode: 'NEW',
  });

  await signInAs(page, 'warehouse-admin');
  await page.goto(`/inventory/bins/assignment/KY01/${bin.binName}`);
  const panel = page.getByRole('region', { name: 'History' });
  const entries = panel.getByTestId('history-entry');
  await expect(entries.first()).toContainText(`Created (Bin Name: ${bin.binName}, Location: KY01`);
  await focusPage(page);
  await wedgeScans(page, [source.upc!]);
  await expect(page.locator(`[data-testid="staged-line"][data-upc="${source.upc}"]`)).toBeVisible();
  await page.getByTestId('submit-bin-items').click();
  await expect(page.getByTestId('bin-submit-message')).toContainText('Added 1 unit');
  await expect(entries.first()).toContainText(`Units of ${source.model}: (empty) → 1`);
  await expect(entries.first()).toContainText('warehouse-admin');
  await addNote(panel, 'Top shelf, left side.');
  await shoot(page, SHOTS, 'bin-history-phone');
});

test("the role editor's History of a role shows a user moved into it, and takes a note", async ({ page, request }) => {
  const subjectName = 'customer-service-3';
  const dev = await apiAs(request, 'developer');
  const roles = (await dev.get<{ data: { id: number; role_name: string }[] }>('/api/role')).data;
  const users = (await dev.get<{ data: { id: number; username: string }[] }>('/api/user/all')).data;
  const subject = users.find((u) => u.username === subjectName)!;
  const roleId = (name: string) => roles.find((r) => r.role_name === name)!.id;
  try {
    await signInAs(page, 'developer');
    await page.goto('/role-editor');
    await page.getByTestId('role-editor-search').fill(subjectName);
    const row = page.getByTestId(`user-row-${subjectName}`);
    // customer-service-1 holds the same permissions: no other test sees the move.
    await selectOption(page, row.getByRole('combobox'), 'customer-service-1');
    await page.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
    await expect(row.getByRole('combobox')).toHaveText('customer-service-1');

    await page.getByRole('button', { name: 'History of Role customer-service-1' }).click();
    const drawer = page.getByRole('dialog', { name: 'Role customer-service-1' });
    const panel = drawer.getByRole('region', { name: 'History' });
    const first = panel.getByTestId('history-entry').first();
    await expect(first).toContainText(`User ${subjectName}: customer-service-3 → customer-service-1`);
    await expect(first).toContainText('developer');
    await addNote(panel, 'Moved to the day shift.');
    await shoot(page, SHOTS, 'role-history-drawer');
    await drawer.getByRole('button', { name: 'Close history' }).click();
    await expect(drawer).toHaveCount(0);
  } finally {
    await dev.send('PUT', `/api/role/${subject.id}`, { newRoleID: roleId(subjectName) });
  }
});
