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
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('keystone.session') ?? '{}').accessToken as string,
    );
    expect(token).toBeTruthy();
    await page.getByTestId('logout-link').click();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The revoke is sent as the session is forgotten, not waited for: it lands a moment later.
    await expect
      .poll(async () =>
        (await page.request.get('/api/user/role', { headers: { authorization: `Bearer ${token}` } })).status(),
      )
      .toBe(401);
  });

  test('logout does not wait for the server: with the revoke held, the session is gone at once and the next page asks to sign in; the revoke lands after', async ({
    page,
  }) => {
    await login(page, 'warehouse-1');
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('keystone.session') ?? '{}').accessToken as string,
    );
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let revokes = 0;
    await page.route('**/api/auth/logout', async (route) => {
      revokes += 1;
      await held;
      await route.continue();
    });
    await page.getByTestId('logout-link').click();
    // Read straight after the click, while the server has not been reached: nothing of the session is left.
    expect(await page.evaluate(() => localStorage.getItem('keystone.session'))).toBeNull();
    await page.goto('/purchase-orders');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(revokes).toBe(1);
    // The token still works until the held revoke goes through (it was sent with the token, as keepalive).
    expect((await page.request.get('/api/user/role', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
      200,
    );
    release();
    await expect
      .poll(async () =>
        (await page.request.get('/api/user/role', { headers: { authorization: `Bearer ${token}` } })).status(),
      )
      .toBe(401);
  });
});
