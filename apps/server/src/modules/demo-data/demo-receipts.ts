import { PO_STATUS, PO_STATUSES } from '@keystone/contracts';
import type { Services } from '../services.js';
import { createRandom } from './demo-catalogue.js';

export interface DemoReceiptsSummary {
  units: number;
  purchaseOrders: number;
}

const DAY_MS = 86_400_000;

/**
 * Receives demo POs through the receiving service, exactly as the scan screens do (never by writing rows), so the
 * demo database has POs Received, Partially Received and received-then-Complete, and its ledger check is clean.
 * Each PO's truck arrived on one day in the past: two to four days after the vendor confirmed it, and before
 * yesterday, the receipts posted at that time (the receiving service's `at`), so the sales history that sells these
 * units (demo-sales.ts) comes after them (docs/decisions.md "Demo data: one dated history").
 */
export async function loadDemoReceipts(
  services: Services,
  actor: { id: number; username: string; role: string },
  now = new Date(),
): Promise<DemoReceiptsSummary> {
  const random = createRandom(4_20261121);
  const confirmed = await services.purchaseOrders.list({
    status: PO_STATUSES.find((s) => s.status_name === PO_STATUS.orderConfirmed)!.id,
    page: 1,
    perPage: 50,
    sortBy: 'created_at',
    sortOrder: 'asc',
  });
  let units = 0;
  let touched = 0;
  let serial = 100_000;
  for (const [i, summary] of confirmed.data.slice(0, 16).entries()) {
    const { PO, PO_LINES } = (await services.purchaseOrders.getFull(summary.id)).data;
    // The first third fully received (and some of those finished), the rest partly.
    const share = i % 3 === 0 ? 1 : 0.5;
    const confirmed = new Date(PO.confirmed_at ?? PO.created_at).getTime();
    const arrived = Math.min(confirmed + (2 + (i % 3)) * DAY_MS, now.getTime() - DAY_MS);
    let unit = 0;
    for (const line of PO_LINES) {
      const count = Math.min(line.qty_ordered, Math.max(1, Math.floor(line.qty_ordered * share)));
      for (let n = 0; n < count; n++) {
        const tracked = line.product.serial_number_tracked === 1;
        await services.receiving.receive(
          {
            scannedUpc: line.product.upc!,
            model: line.product.model_number,
            poApiPoId: PO.id,
            poApiPoItemId: line.id,
            receivingBucket: PO.ims_location_code,
            scannedSerialNumbers: tracked
              ? [`${line.product.model_number.slice(0, 3)}${String(serial++)}${'ABCDEFGHJK'[random.int(0, 9)]}`]
              : undefined,
          },
          actor,
          // A scan a minute, in the order scanned.
          { at: new Date(arrived + unit++ * 60_000) },
        );
        units++;
      }
    }
    if (i % 6 === 0) await services.purchaseOrders.finish(PO.id, actor.id);
    touched++;
  }
  return { units, purchaseOrders: touched };
}
