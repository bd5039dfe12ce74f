import { expect, test } from '@playwright/test';
import { login } from '../../support/session';

test('four hours without activity clear the session; mouse movement resets the timer', async ({ page }) => {
  await page.clock.install();
  await login(page, 'sales-1');
  // 3h59m idle, then a mouse movement resets the timer: two more hours later the user is still signed in.
  await page.clock.fastForward('03:59:00');
  await page.mouse.move(200, 200);
  await page.mouse.move(220, 240);
  await page.clock.fastForward('02:00:00');
  await expect(page.getByTestId('logout-link')).toBeVisible();
  // Then 4 hours with no activity: back to the login screen.
  await page.clock.fastForward('04:00:01');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
});
