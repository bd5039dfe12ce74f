import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';

/**
 * axe on the twelve most used screens and receiving's scan dialog (issue 37), in the light and the dark colour scheme: no violation of moderate
 * impact or worse (WCAG 2.0/2.1 A and AA and axe's best practices). A failure prints each violation's rule, the
 * elements it found and its help text.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING = new Set(['moderate', 'serious', 'critical']);

interface Screen {
  name: string;
  /** The role of the screen's usual user. */
  user: string;
  path: (request: APIRequestContext) => Promise<string>;
  /** What the screen shows once its data is in (a live board's stream stays open, so no "network idle" there). */
  ready: (page: Page) => Promise<void>;
}

const heading = (name?: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name }).first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 15_000 });
};
const live = (name: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
};
const at = (path: string) => () => Promise.resolve(path);

/** A PO with one line, so that the detail page shows a line card with its Receive button (receiving's floor screen). */
async function poWithLine(request: APIRequestContext): Promise<string> {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Axe ${Date.now()}`,
    vendor_type: 'sales',
    rep: 'Pat Rep',
    rep_email: 'pat@vendor.example',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'KY01' });
  const product = (
    await api.send<{ data: { id: number }[] }>('POST', '/api/product/search', {
      searchKey: 'model_number',
      searchValue: 'G',
    })
  ).data[0]!;
  await api.send('POST', '/api/purchase/orderItem', {
    productId: product.id,
    cost: 25,
    qty: 2,
    purchaseOrderId: po.id,
  });
  return `/purchase-orders/review/${po.id}`;
}

async function aProductModel(request: APIRequestContext): Promise<string> {
  const api = await apiAs(request, 'warehouse-1');
  const model = (await api.get<{ data: { model: string }[] }>('/api/ims/products/models?model=GE')).data[0]!.model;
  return `/inventory/detail/model/${encodeURIComponent(model)}`;
}

const SCREENS: Screen[] = [
  { name: 'home', user: 'purchasing-admin', path: at('/'), ready: heading() },
  {
    name: 'PO list',
    user: 'purchasing-admin',
    path: at('/purchase-orders'),
    ready: async (page) => {
      await expect(page.getByTestId('po-row').first()).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 15_000 });
    },
  },
  {
    name: 'PO detail (receiving)',
    user: 'warehouse-lead',
    path: poWithLine,
    ready: async (page) => {
      await expect(page.getByTestId('po-line-card').first()).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 15_000 });
    },
  },
  {
    name: 'receiving (the scan dialog)',
    user: 'warehouse-lead',
    path: poWithLine,
    ready: async (page) => {
      await page.getByTestId('po-line-card').first().getByRole('button', { name: 'Receive', exact: true }).click();
      await expect(page.getByTestId('receiving-dialog').getByTestId('receiving-upc')).toBeFocused({ timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 15_000 });
    },
  },
  {
    name: 'inventory search',
    user: 'warehouse-1',
    path: at('/inventory/search?searchBy=model&searchValue=GE'),
    ready: async (page) => {
      await expect(page.getByTestId('inventory-result-card').first()).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 15_000 });
    },
  },
  {
    name: 'product detail',
    user: 'warehouse-1',
    path: aProductModel,
    ready: async (page) => {
      await expect(page.getByTestId('product-summary')).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 15_000 });
    },
  },
  {
    name: 'AP invoices',
    user: 'finance-lead',
    path: at('/accounts-payable-invoices'),
    ready: heading('Accounts Payable Invoices'),
  },
  {
    name: 'committed transfers',
    user: 'warehouse-1',
    path: at('/committed-transfers'),
    ready: live('Committed Transfers'),
  },
  {
    name: 'Committed Sales board',
    user: 'warehouse-1',
    path: at('/boards/committed-sales'),
    ready: live('Committed Sales'),
  },
  { name: 'audits', user: 'warehouse-lead', path: at('/inventory/audit-scans'), ready: heading() },
  { name: 'pick lists', user: 'warehouse-lead', path: at('/boards/pick'), ready: live('Pick Lists') },
  { name: 'bins', user: 'warehouse-admin', path: at('/inventory/bins'), ready: heading() },
  {
    name: 'contacts',
    user: 'customer-service-lead',
    path: at('/contacts'),
    ready: async (page) => {
      await page.getByLabel('First Name').fill('a');
      await page.getByLabel('First Name').press('Enter');
      await expect(page.getByTestId('contact-result').first()).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 15_000 });
    },
  },
];

/** axe's failures of moderate impact or worse on the page as it is now, one paragraph a rule (none: empty). */
async function failures(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 8)
          .map((n) => `  ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`)
          .join('\n')}`,
    );
}

/** The body's computed background colour (the theme's background.default, set by CssBaseline). */
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * Switches the loaded page to the dark scheme and waits until the theme has really switched: the body's background
 * is no longer the light one and no CSS transition (a button's or a chip's colour easing to the new theme) still runs,
 * so axe reads the dark colours and not a frame between the two.
 */
async function switchToDark(page: Page): Promise<void> {
  const light = await bodyBackground(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => bodyBackground(page), { timeout: 15_000 }).not.toBe(light);
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState !== 'finished').length,
        ),
      { timeout: 15_000 },
    )
    .toBe(0);
}

// One load a screen: axe in the light scheme, then on the same page in the dark one (the theme follows
// prefers-color-scheme live, apps/web/src/app/theme.ts). Each scheme's failures are reported on their own.
for (const screen of SCREENS) {
  test(`axe finds nothing moderate or worse on ${screen.name} (light and dark)`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.emulateMedia({ colorScheme: 'light' });
    await signInAs(page, screen.user);
    await page.goto(await screen.path(request));
    await screen.ready(page);
    await test.step('light', async () => {
      const report = await failures(page);
      expect.soft(report.length, `${screen.name} (light):\n${report.join('\n\n')}`).toBe(0);
    });
    await test.step('dark', async () => {
      await switchToDark(page);
      const report = await failures(page);
      expect.soft(report.length, `${screen.name} (dark):\n${report.join('\n\n')}`).toBe(0);
    });
  });
}
