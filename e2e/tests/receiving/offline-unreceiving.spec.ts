import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { deviceProfile, offlineDrill } from '../../support/offline';
import { receiveUnits, setupPo } from '../../support/receiving';
import { requestToken, wedgeScans } from '../../support/session';
import { shoot } from '../../support/shots';

const SHOTS = 'test-results/shots/offline';
const RECEIVED = 8;

/**
 * Un-receiving through a dead spot: a PO line of 8 received units, its Un-Receiving dialog opened online; 5 units
 * un-received with no network (each scanned, noted, submitted), a reload, 3 more, the browser closed and opened
 * again online: exactly 8 un-receipts, the line back to 0 received, the ledger clean. A product of its own (pick 14).
 */
test('un-receipts made offline through a reload and a closed browser: each applied once when the network returns', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: RECEIVED, tracked: false, pick: 14 });
  await receiveUnits(api, { poId: po.id, lineId, product }, { units: RECEIVED });
  const open = async () =>
    (await api.get<{ data: unknown[] }>(`/api/transacted-receipts/can-be-unreceived?poApiPoItemId=${lineId}`)).data
      .length;
  const unreceived = async () => RECEIVED - (await open());
  const dialog = (page: Page) => page.getByTestId('unreceiving-dialog');
  const device = deviceProfile();
  try {
    await offlineDrill(device, {
      token: await requestToken(request, 'warehouse-admin'),
      first: 5,
      then: 3,
      open: async (page, online) => {
        if (online) await page.goto(`/purchase-orders/review/${po.id}`);
        const card = page.getByTestId('po-line-card').first();
        await card.getByRole('button', { name: 'Un-Receive' }).click();
        await expect(dialog(page).getByTestId('unreceive-upc')).toBeVisible();
      },
      scan: async (page, count, before) => {
        const un = dialog(page);
        for (let i = before; i < before + count; i++) {
          // A receipt waiting to be un-received is no longer offered: the next scan matches another.
          await expect(un.getByTestId('unreceive-receipt')).toHaveCount(RECEIVED - i);
          const first = (await un.getByTestId('unreceive-receipt').first().locator('td').first().textContent())!;
          await un.getByTestId('unreceive-upc').focus();
          await wedgeScans(page, [product.upc!]);
          await expect(un.getByTestId('unreceive-feedback')).toContainText(`Matched ${first}`);
          await un.getByTestId('unreceive-notes').fill(`Damaged box ${i + 1}`);
          await un.getByRole('button', { name: 'Submit Un-Receive' }).click();
          await expect(un.getByTestId('unreceive-receipt')).toHaveCount(RECEIVED - i - 1);
          await expect(un.getByTestId('unreceive-receipt').filter({ hasText: first })).toHaveCount(0);
          await expect(un.getByTestId('unreceive-notes')).toHaveValue('');
        }
        await expect(un.getByTestId('unreceive-waiting')).toContainText(`${before + count} scans waiting`, {
          timeout: 15_000,
        });
        if (before === 0) await shoot(page, SHOTS, 'unreceive-offline-waiting');
      },
      recorded: unreceived,
      afterReload: async (page) => {
        await page.getByTestId('scans-waiting').click();
        const job = page.getByTestId('waiting-job');
        await expect(job.getByRole('link', { name: `Un-receiving PO ${po.id}` })).toBeVisible();
        await expect(job.locator('[data-testid="waiting-scan"][data-state="pending"]')).toHaveCount(5);
        await job.getByRole('link', { name: `Un-receiving PO ${po.id}` }).click();
        await expect(page.getByTestId('po-line-card').first()).toBeVisible();
      },
      afterReplay: async () => {
        const full = await api.get<{ data: { PO_LINES: { id: number; qty_received: number }[] } }>(
          `/api/purchase/getFull/${po.id}`,
        );
        expect(full.data.PO_LINES.find((l) => l.id === lineId)!.qty_received).toBe(0);
        const check = await (await apiAs(request, 'developer')).get<{ clean: boolean }>('/api/ledger/check');
        expect(check.clean).toBe(true);
      },
    });
  } finally {
    await device.remove();
  }
});
