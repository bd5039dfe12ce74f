import { expect, test } from '@playwright/test';
import { login } from '../../support/session';

test.describe('login', () => {
  test('wrong password shows the invalid credentials message and clears the password', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill('sales-1');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid username / password');
    await expect(page.getByLabel('Password')).toHaveValue('');
  });

  test('a refused client shows the invalid client message', async ({ page }) => {
    // The server really refuses: the request reaches it with a client secret it does not know.
    await page.route('**/oauth/token', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ ...body, client_secret: 'wrong-secret' }) });
    });
    await page.goto('/');
    await page.getByLabel('Username').fill('sales-1');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid token. Probably a problem on the server');
  });

  test('a successful login shows the welcome screen with the username as logout link', async ({ page }) => {
    await login(page, 'warehouse-lead');
    await expect(page.getByRole('heading', { name: 'Welcome to Keystone POS' })).toBeVisible();
    await expect(page.getByTestId('permitted-routes')).toContainText('Bin Locations');
  });

  test('logout clears storage and shows the login screen; the token no longer works', async ({ page }) => {
    await login(page, 'sales-1');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('keystone.session') ?? '{}').accessToken as string);
    expect(token).toBeTruthy();
    await page.getByTestId('logout-link').click();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const answer = await page.request.get('/api/user/role', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(401);
  });
});
