import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isSuperUser } from '@keystone/contracts';

export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the login screen as a demo user (username = role string). */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSignedIn(page, username);
}

/** The shell shows the user signed in. On a phone the user's name (the logout link) is under the account button. */
async function expectSignedIn(page: Page, username: string): Promise<void> {
  const account = page.getByRole('button', { name: `Account: ${username}`, exact: true });
  await expect(page.getByTestId('logout-link').or(account)).toBeVisible();
  if (!(await account.isVisible())) await expect(page.getByTestId('logout-link')).toHaveText(username);
}

/**
 * Signs out through the shell's logout link and waits for the login screen, so the next step starts signed out
 * (stop 28's CI failure: a `page.goto` straight after the click, when the link still waited for the server before
 * clearing the session, loaded the next page signed in).
 */
export async function logoutByLink(page: Page): Promise<void> {
  const account = page.getByTestId('account-menu-button');
  const phone = await account.isVisible();
  if (phone) await account.click();
  await page.getByTestId('logout-link').click();
  // On a phone the link asks first (docs/decisions.md, "The desk").
  if (phone) await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
}

/** Asks /oauth/token for a demo user's token as the login screen does (password grant, the web client). */
export async function requestToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const res = await request.post('/oauth/token', {
    data: {
      grant_type: 'password',
      username,
      password,
      client_id: 'keystone-web',
      client_secret: 'keystone-web-public',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { access_token: string; username: string; role: string };
}

/** Sign-ins made by signInAs in this worker (each writes its session under a flag of its own). */
let signIns = 0;

/**
 * Signs in as a demo user without the login screen, for tests about another screen (the login screen has its own
 * tests, tests/shell/login.spec.ts): the token is asked of /oauth/token as the login screen asks it, and the page
 * starts with the session the login screen would have stored (what `useSession.signIn` writes). Nothing is loaded
 * here: the test's own first `page.goto` opens its screen signed in, saving the home page's load and the form.
 * The session is written once per tab and call (a flag in sessionStorage), so a sign-out or an expiry in the test
 * sticks across reloads.
 */
export async function signInAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const token = await requestToken(page.request, username, password);
  await page.addInitScript(
    ({ accessToken, username: name, role, superUser, flag }) => {
      if (sessionStorage.getItem(flag)) return;
      sessionStorage.setItem(flag, '1');
      localStorage.setItem('keystone.session', JSON.stringify({ accessToken, username: name }));
      localStorage.setItem('keystone.lastActivityAt', String(Date.now()));
      localStorage.setItem(`role:${name}`, role);
      if (superUser) localStorage.setItem(`superUser:${name}`, '1');
    },
    // A flag of its own per call: a second sign-in in the same tab (another user) is written at the next load too.
    {
      accessToken: token.access_token,
      username: token.username,
      role: token.role,
      superUser: isSuperUser(token.role),
      flag: `e2e.signedIn.${++signIns}`,
    },
  );
}

/**
 * `signInAs`, then the home page open with the shell signed in (where `login` leaves the page), for tests that start
 * on the home page (a global scan, the menus) and are not about the login screen.
 */
export async function signInAtHome(page: Page, username: string): Promise<void> {
  await signInAs(page, username);
  await page.goto('/');
  await expectSignedIn(page, username);
}

/**
 * Emulates a keyboard-wedge scanner: trusted key events stamped 10 ms apart, then Enter, sent through the
 * DevTools protocol with explicit timestamps. A USB scanner's keystrokes carry the device's own timing, so
 * the browser sees them 10 ms apart however busy the machine is; stamping the events reproduces exactly
 * that, where real-time typing from the test runner would be stretched by scheduling on a loaded machine.
 * Goes to whatever has focus (the page body for global scans, an input for a dialog's scan field).
 */
export async function wedgeScan(page: Page, value: string, gapMs = 10): Promise<void> {
  await wedgeScans(page, [value], gapMs);
}

/**
 * Several scans back to back, as a scanner sends them when the user scans label after label: each value's keys
 * and its Enter, the next value's first key right after (no pause for the page to move focus).
 */
export async function wedgeScans(page: Page, values: string[], gapMs = 10): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    let i = 0;
    for (const key of values.flatMap((value) => [...value, 'Enter'])) {
      const timestamp = start + (i++ * gapMs) / 1000;
      const enter = key === 'Enter';
      const common = enter ? { key, code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 } : { key };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...common, text: enter ? '\r' : key, timestamp });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: timestamp + 0.001 });
    }
  } finally {
    await cdp.detach();
  }
}

/** Moves focus off any field, so keys go to the page as a whole. */
export async function focusPage(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}
