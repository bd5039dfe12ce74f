import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { selectOption } from '../../support/select';
import { signInAs, signInAtHome } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';

/**
 * The role editor (issue 13 item 7; 002 §2 /role-editor): the developer changes another user's role, confirmed, and
 * sees it among the recent changes; that user, signed in before the change in another browser context, gets the
 * new menu at their next call. The user's role is put back at the end. Screenshots in /tmp/wt-role-editor-shots/.
 */
const SHOTS = '/tmp/wt-role-editor-shots';
const SUBJECT = 'customer-service-2';

const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);

test('the developer changes a user’s role; that user’s menu changes at their next call', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const dev = await apiAs(request, 'developer');
  const roles = (await dev.get<{ data: { id: number; role_name: string }[] }>('/api/role')).data;
  const users = (await dev.get<{ data: { id: number; username: string }[] }>('/api/user/all')).data;
  const subject = users.find((u) => u.username === SUBJECT)!;
  const roleId = (name: string) => roles.find((r) => r.role_name === name)!.id;

  // The subject signs in first, in a browser of their own: no Admin menu.
  // Wide enough for every group on the app bar (narrower, those without room are under More).
  const other = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const theirs = await other.newPage();
  try {
    await signInAtHome(theirs, SUBJECT);
    const theirNav = theirs.getByRole('navigation', { name: 'Main menu' });
    await expect(theirNav.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(theirNav.getByRole('button', { name: 'Admin' })).toHaveCount(0);

    await signInAs(page, 'developer');
    await page.goto('/role-editor');
    await expect(page.getByRole('heading', { name: 'Role Editor' })).toBeVisible();
    await expect(page.getByTestId('user-row-developer')).toBeVisible({ timeout: 30_000 });
    // One's own role cannot be changed.
    await expect(page.getByTestId('user-row-developer').getByRole('combobox')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('user-row-developer')).toContainText('You cannot change your own role.');
    // Sorted by username.
    const names = await page
      .locator('[data-testid^="user-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('user-row-'.length)));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await shoot(page, 'role-editor');

    await page.getByTestId('role-editor-search').fill(SUBJECT);
    await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(1);
    const row = page.getByTestId(`user-row-${SUBJECT}`);
    await selectOption(page, row.getByRole('combobox'), 'admin');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Change the role of ${SUBJECT} from ${SUBJECT} to admin?`);
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(row.getByRole('combobox')).toHaveText('admin');
    const latest = page.getByTestId('role-changes').getByRole('row').nth(1);
    await expect(latest).toContainText(SUBJECT);
    await expect(latest).toContainText(`${SUBJECT} → admin`);
    await expect(latest).toContainText('developer');
    await expect(latest.getByRole('cell').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // The subject made no call yet: the menu is as it was. Their next call (a reload's first request) brings the role.
    await expect(theirNav.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    await theirs.reload();
    await expect(
      theirs.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Admin' }),
    ).toBeVisible({ timeout: 30_000 });
    await theirs.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Admin' }).click();
    await expect(theirs.getByRole('menuitem', { name: 'Bucket Updater' })).toBeVisible();
  } finally {
    await other.close();
    await dev.send('PUT', `/api/role/${subject.id}`, { newRoleID: roleId(SUBJECT) });
  }
});

test('without role-editor:view the page says so', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/role-editor');
  await expect(page.getByTestId('permission-denied')).toHaveText('You do not have access to this page.');
});
