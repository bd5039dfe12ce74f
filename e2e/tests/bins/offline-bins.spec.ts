import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { deviceProfile, offlineDrill } from '../../support/offline';
import { receiveUnits, setupPo } from '../../support/receiving';
import { requestToken, wedgeScans } from '../../support/session';

/**
 * Bin contents through a dead spot: a new bin opened online, 20 units scanned into it and submitted with no network,
 * a reload (the page from the service worker, the bin from its cache), 10 more submitted, the browser closed and
 * opened again online: the bin holds 30, added once each. Units of their own: a PO of 30 received at KY01 (pick 15).
 */
const suffix = () => Math.floor(Math.random() * 90) + 10;

test('bin contents submitted offline through a reload and a closed browser: the bin holds 30 when the network returns', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 30, tracked: false, pick: 15 });
  await receiveUnits(api, { poId: po.id, lineId, product }, { units: 30 });
  const admin = await apiAs(request, 'warehouse-admin');
  const bin = await admin.send<{ id: number; binName: string }>('POST', '/api/ims/bins', {
    row: 79,
    bay: suffix(),
    shelf: suffix(),
    locationCode: 'KY01',
    conditionCode: 'NEW',
  });
  const held = async () => {
    const page = await admin.get<{ data: { id: number; items: { model: string; quantity: number }[] }[] }>(
      `/api/bins?searchTerm=${bin.binName}&locationCode=KY01&includeItems=1&perPage=50`,
    );
    const found = page.data.find((b) => b.id === bin.id)!;
    return found.items.filter((i) => i.model === product.model_number).reduce((n, i) => n + i.quantity, 0);
  };
  const openBin = async (page: Page) => {
    await expect(page.getByRole('heading', { name: `Bin ${bin.binName}` })).toBeVisible();
    await page.getByTestId('bin-upc-input').focus();
  };
  const device = deviceProfile();
  try {
    await offlineDrill(device, {
      token: await requestToken(request, 'warehouse-2'),
      first: 20,
      then: 10,
      // One submit of the scans staged before the reload, one of those after: two entries in the outbox.
      entries: (scans) => (scans > 20 ? 2 : 1),
      open: async (page, online) => {
        if (online) await page.goto(`/inventory/bins/assignment/KY01/${bin.binName}`);
        await openBin(page);
      },
      scan: async (page, count) => {
        await wedgeScans(
          page,
          Array.from({ length: count }, () => product.upc!),
        );
        const line = page.locator(`[data-testid="staged-line"][data-upc="${product.upc}"]`);
        await expect(line.getByTestId('staged-qty')).toHaveValue(String(count));
        await page.getByTestId('submit-bin-items').click();
        // The lines are kept on the device, waiting: the next ones can be staged.
        await expect(page.getByTestId('staged-line')).toHaveCount(0);
        await expect(page.getByTestId('bin-waiting')).toBeVisible({ timeout: 15_000 });
      },
      recorded: held,
    });
  } finally {
    await device.remove();
  }
});
