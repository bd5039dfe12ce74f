import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { setupPo } from '../../support/receiving';
import { signInAs, wedgeScans } from '../../support/session';

/**
 * Scanner guns that send a prefix and a suffix around every code (Zebra DataWedge, Honeywell): the site's scan
 * settings name them and the scan fields strip them. The codes come as one burst, 1 ms between keys, as a gun in
 * "keystroke delay 0" sends them: read the same as at typing speed.
 */
test('a site whose guns send "]C1" before and "#" after each code receives as one whose guns send the code alone, in a 1 ms burst', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 3, tracked: false, pick: 15 });
  const admin = await apiAs(request, 'admin');
  try {
    // The site's settings, on the Scanner Settings page.
    await signInAs(page, 'admin');
    await page.goto('/scan-settings');
    const site = page.locator('[data-testid="scan-settings-site"][data-location="KY01"]');
    await site.getByTestId('wedge-prefix').fill(']C1');
    await site.getByTestId('wedge-suffix').fill('#');
    await site.getByTestId('save-scan-settings').click();
    await expect(site.getByText('Saved')).toBeVisible();
    expect(
      (
        await admin.get<{ data: { location_code: string; wedge_prefix: string; wedge_suffix: string }[] }>(
          '/api/scan-settings',
        )
      ).data.find((s) => s.location_code === 'KY01'),
    ).toMatchObject({ wedge_prefix: ']C1', wedge_suffix: '#' });

    await signInAs(page, 'warehouse-2');
    // The settings are read once the shell has started.
    const settingsRead = page.waitForResponse((r) => r.url().endsWith('/api/scan-settings') && r.ok());
    await page.goto(`/purchase-orders/review/${po.id}`);
    await settingsRead;
    await page.getByTestId('po-line-card').first().getByRole('button', { name: 'Receive', exact: true }).click();
    const dialog = page.getByTestId('receiving-dialog');
    await expect(dialog.getByTestId('receiving-upc')).toBeFocused();
    await wedgeScans(page, [`]C1${product.upc}#`, `]C1${product.upc}#`, `]C1${product.upc}#`], 1);
    await expect(dialog.locator('[data-testid="scanned-item"][data-state="received"]')).toHaveCount(3, {
      timeout: 15_000,
    });
    const full = await api.get<{ data: { PO_LINES: { id: number; qty_received: number }[] } }>(
      `/api/purchase/getFull/${po.id}`,
    );
    expect(full.data.PO_LINES.find((l) => l.id === lineId)!.qty_received).toBe(3);
  } finally {
    await admin.send('PUT', '/api/scan-settings/KY01', { wedge_prefix: '', wedge_suffix: '' });
  }
});
