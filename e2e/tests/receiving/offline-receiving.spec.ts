import { expect, test, type Locator, type Page } from '@playwright/test';
import { deviceProfile, offlineDrill, refusedReplayDrill } from '../../support/offline';
import { setupPo } from '../../support/receiving';
import { requestToken, wedgeScans } from '../../support/session';
import { shoot } from '../../support/shots';

const SHOTS = 'test-results/shots/offline';

/**
 * Receiving a PO through a dead spot (the installable client): the PO is opened online, then the network is cut;
 * the scans are kept on the device, survive a reload (the page comes from the service worker, the PO's reads from
 * its cache) and a closed browser, and are recorded once each when the network returns.
 */

async function openReceiving(page: Page) {
  await page.getByTestId('po-line-card').first().getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  await expect(dialog.getByTestId('receiving-upc')).toBeFocused();
  return dialog;
}

test('a PO received offline: 20 scans, a reload, 10 more, the browser closed and opened again: 30 receipts once each when the network returns', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 30, tracked: false, pick: 12 });
  const token = await requestToken(request, 'warehouse-2');
  const device = deviceProfile();
  const dialog = (page: Page) => page.getByTestId('receiving-dialog');
  try {
    await offlineDrill(device, {
      token,
      first: 20,
      then: 10,
      open: async (page, online) => {
        // Opened online: the PO and its line's scan settings are read, and kept. Offline: back from the list.
        if (online) await page.goto(`/purchase-orders/review/${po.id}`);
        await openReceiving(page);
        if (!online) await expect(dialog(page).getByTestId('scanned-item')).toHaveCount(20);
      },
      scan: async (page, count, before) => {
        await wedgeScans(
          page,
          Array.from({ length: count }, () => product.upc!),
        );
        await expect(dialog(page).getByTestId('scanned-item')).toHaveCount(before + count);
      },
      recorded: receivedCount,
      afterReload: async (page) => {
        await expect(page.getByTestId('po-line-card').first()).toBeVisible();
        await shoot(page, SHOTS, 'po-offline-20-waiting');
        // The shell's list of what waits, by job.
        await page.getByTestId('scans-waiting').click();
        await expect(page.getByTestId('network-state')).toHaveText('Offline');
        const job = page.getByTestId('waiting-job');
        await expect(job).toHaveCount(1);
        await expect(job.getByRole('link', { name: `Receiving PO ${po.id}` })).toBeVisible();
        await expect(job.locator('[data-testid="waiting-scan"][data-state="pending"]')).toHaveCount(20);
        await shoot(page, SHOTS, 'scans-waiting-offline');
        await job.getByRole('link', { name: `Receiving PO ${po.id}` }).click();
        await expect(page.getByTestId('po-line-card').first()).toBeVisible();
      },
      afterReplay: async () => {
        // Exactly 30 receipts, none twice.
        const receipts = await api.get<{ data: { ims_transaction_reference_id: string }[] }>(
          `/api/transacted-receipts/can-be-unreceived?poApiPoItemId=${lineId}`,
        );
        expect(receipts.data).toHaveLength(30);
        expect(new Set(receipts.data.map((r) => r.ims_transaction_reference_id)).size).toBe(30);
      },
    });
  } finally {
    await device.remove();
  }

  async function receivedCount() {
    const full = await api.get<{ data: { PO_LINES: { id: number; qty_received: number }[] } }>(
      `/api/purchase/getFull/${po.id}`,
    );
    return full.data.PO_LINES.find((l) => l.id === lineId)!.qty_received;
  }
});

test('a scan the server refuses on the replay (the PO was finished meanwhile) is listed with its reason and what to do, until cleared', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 3, tracked: false, pick: 13 });
  const token = await requestToken(request, 'warehouse-2');
  const device = deviceProfile();
  try {
    let dialog: Locator;
    await refusedReplayDrill(device, {
      token,
      open: async (page) => {
        await page.goto(`/purchase-orders/review/${po.id}`);
        dialog = await openReceiving(page);
      },
      scan: (page) => wedgeScans(page, [product.upc!]),
      // Meanwhile, at the office, the PO is finished.
      meanwhile: () => api.get(`/api/purchase/finish/${po.id}`),
      refusedOnPage: async (page) => {
        await expect(dialog.locator('[data-testid="scanned-item"][data-state="refused"]')).toHaveCount(1, {
          timeout: 20_000,
        });
        await page.keyboard.press('Escape');
      },
      job: {
        link: `Receiving PO ${po.id}`,
        href: `/purchase-orders/review/${po.id}`,
        item: product.model_number,
        reason: 'This purchase order is Complete: receiving is locked.',
        advice: 'Open the PO: if the line still needs the unit',
      },
      afterRefusal: async (page) => {
        await shoot(page, SHOTS, 'scans-waiting-refused');
        const full = await api.get<{ data: { PO_LINES: { id: number; qty_received: number }[] } }>(
          `/api/purchase/getFull/${po.id}`,
        );
        expect(full.data.PO_LINES.find((l) => l.id === lineId)!.qty_received).toBe(0);
      },
      clear: `Clear ${product.model_number}`,
    });
  } finally {
    await device.remove();
  }
});
