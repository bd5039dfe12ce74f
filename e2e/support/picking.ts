import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiAs } from './api';
import { receiveUnits, setupPo } from './receiving';

export interface PickItem {
  pickListItemId: number | null;
  transactionReferenceId: string;
  invoice: string;
  model: string;
  quantity: number;
  upc: string | null;
  alternateUpc: string | null;
  availableBins: { binId: number; binName: string; quantity: number }[];
  suggestedBin: { binId: number; binName: string } | null;
  warehouse: string;
  warning: string | null;
  pickListId: number | null;
}

/** `n` open committed sales (one unit each, KY01, no bins) of a demo product received for them; `pick` chooses the product. */
export async function pickSales(request: APIRequestContext, n: number, pick: number, priorities: object[] = []) {
  const { api, po, product, lineId } = await setupPo(request, { qty: n, tracked: false, pick });
  await receiveUnits(api, { poId: po.id, lineId, product }, { units: n });
  const pos = await apiAs(request, 'sales-1');
  const invoice = `E2E-PICK-${randomUUID().slice(0, 6).toUpperCase()}`;
  const refs: string[] = [];
  for (let i = 0; i < n; i++) {
    const sale = await pos.send<{ ims_transaction_reference_id: string }>('POST', '/api/ims/committed-sales', {
      legacyPosInvoiceId: `${invoice}-${i + 1}`,
      model: product.model_number,
      quantity: 1,
      sourceBucket: 'KY01',
      // The board sorts by ship-by, empty last, 25 a page: an early date keeps the test's sales on its first page
      // however many other tests' sales wait unprinted.
      shipByDate: '2026-01-01',
      ...(priorities[i] ?? {}),
    });
    refs.push(sale.ims_transaction_reference_id);
  }
  return { product, invoice, refs };
}

/** Prints sales through the API (as warehouse-admin) and answers their pick list items. */
export async function printSales(request: APIRequestContext, refs: string[]) {
  const api = await apiAs(request, 'warehouse-admin');
  return api.send<{ id: number; ims_pick_list_id: number; ims_transaction_reference_id: string }[]>(
    'POST',
    '/api/picklist/items',
    { printedBy: 'warehouse-admin', items: refs.map((r) => ({ imsTransactionReferenceId: r })) },
  );
}

/** A demo unprinted item of the warehouse with a bin to pick from (the demo data bins two per warehouse), printed now. */
export async function printedBinnedItem(
  request: APIRequestContext,
  warehouse: string,
  nth = 0,
): Promise<PickItem & { pickListItemId: number }> {
  const api = await apiAs(request, 'warehouse-admin');
  const list = (await api.get<{ unprinted_pick_list: PickItem[] }>(`/api/picklist/unprinted?warehouse=${warehouse}`))
    .unprinted_pick_list;
  const item = list.filter((i) => i.suggestedBin && !i.warning && i.upc)[nth];
  expect(item, `a demo item with a bin in ${warehouse}`).toBeTruthy();
  const [printed] = await printSales(request, [item!.transactionReferenceId]);
  return { ...item!, pickListItemId: printed!.id, pickListId: printed!.ims_pick_list_id };
}
