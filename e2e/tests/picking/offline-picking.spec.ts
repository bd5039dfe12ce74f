import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { deviceProfile, offlineDrill, refusedReplayDrill } from '../../support/offline';
import { pickSales, printSales } from '../../support/picking';
import { requestToken, wedgeScans } from '../../support/session';
import { shoot } from '../../support/shots';

const SHOTS = 'test-results/shots/offline';
const FIRST = 4;
const THEN = 2;

/**
 * Picking through a dead spot: the pick list items opened online (their reads kept), then picked by scan with no
 * network, each on its own page; a reload, more picks, the browser closed and opened again online: each item picked
 * once. A product of its own (pick 16, with no bins: the pick removes from no bin).
 */
async function openPick(page: Page, id: number, model: string) {
  await page.goto(`/pick-item/${id}`);
  await expect(page.getByTestId('pick-model')).toHaveText(model);
  await expect(page.getByTestId('pick-upc')).toBeFocused();
}

test('picks scanned offline through a reload and a closed browser: each item picked once when the network returns', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const { product, refs } = await pickSales(request, FIRST + THEN, 16);
  const ids = (await printSales(request, refs)).map((i) => i.id);
  const lead = await apiAs(request, 'warehouse-lead');
  const picks = async () =>
    Promise.all(
      ids.map(
        async (id) =>
          (
            await lead.get<{ picked_item: { picked_quantity: number } | null }>(
              `/api/ims/picklist/already-picked-item/${id}`,
            )
          ).picked_item,
      ),
    );
  const picked = async () => (await picks()).filter(Boolean).length;
  const device = deviceProfile();
  try {
    await offlineDrill(device, {
      token: await requestToken(request, 'warehouse-2'),
      first: FIRST,
      then: THEN,
      // Online, every item's page is opened once (its reads are kept); offline, each is opened again to pick it.
      open: async (page, online) => {
        if (online) for (const id of ids) await openPick(page, id, product.model_number);
      },
      scan: async (page, count, before) => {
        for (const id of ids.slice(before, before + count)) {
          await openPick(page, id, product.model_number);
          await wedgeScans(page, [product.upc!]);
          await expect(page.getByTestId('pick-waiting')).toHaveText(/^1 scan waiting/, { timeout: 15_000 });
        }
      },
      recorded: picked,
      afterReplay: async () => {
        // One unit each, picked by the person on the device.
        expect((await picks()).map((p) => p?.picked_quantity)).toEqual(ids.map(() => 1));
      },
    });
  } finally {
    await device.remove();
  }
});

test('a pick the server refuses on the replay (someone else picked it meanwhile) is listed with its reason and what to do', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { product, refs } = await pickSales(request, 1, 16);
  const [item] = await printSales(request, refs);
  const token = await requestToken(request, 'warehouse-2');
  const device = deviceProfile();
  const other = await apiAs(request, 'warehouse-lead');
  try {
    await refusedReplayDrill(device, {
      token,
      open: (page) => openPick(page, item!.id, product.model_number),
      scan: (page) => wedgeScans(page, [product.upc!]),
      // Meanwhile another picker, online, picks the item.
      meanwhile: () => other.send('POST', `/api/ims/picklist/item/${item!.id}/pick`, {}),
      refusedOnPage: async (page) => {
        await expect(page.getByTestId('pick-error')).toHaveText('Item has already been picked.', { timeout: 20_000 });
      },
      job: {
        link: `Pick ${item!.id}`,
        href: `/pick-item/${item!.id}`,
        item: product.model_number,
        reason: `Pick list item ${item!.id} has already been picked.`,
        advice: 'Open the pick: if the item is still to be picked',
      },
      afterRefusal: async (page) => {
        await shoot(page, SHOTS, 'scans-waiting-pick-refused');
        // Picked once, by the other picker.
        const picked = await other.get<{ picked_item: { picked_by: string | null } | null }>(
          `/api/ims/picklist/already-picked-item/${item!.id}`,
        );
        expect(picked.picked_item?.picked_by).toBe('warehouse-lead');
      },
      clear: /^Clear /,
    });
  } finally {
    await device.remove();
  }
});
