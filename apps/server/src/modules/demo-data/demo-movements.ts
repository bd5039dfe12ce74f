import { sql } from 'drizzle-orm';
import {
  ZAddScannedItemSchema,
  ZCommitSaleSchema,
  ZCommitTransferSchema,
  ZFinishInvoiceSchema,
  ZTransactTransferSchema,
} from '@keystone/contracts';
import { queryRows, type Database } from '../../db/database.js';
import type { AuthUser } from '../../http/register-route.js';
import type { Services } from '../services.js';

export interface DemoMovementsSummary {
  transfers: number;
  committedSales: number;
}

interface Stock {
  model: string;
  upc: string;
  tracked: boolean;
  bucket: string;
  quantity: number;
  serials: string[];
}

/**
 * Stock that moves after receiving, made through the same service calls as the screens (the
 * bodies parsed by the routes' own schemas): committed transfers (one unscanned, one partly scanned, one into an
 * _INBOUND bucket), transacted ones (scanned, and quick without serials), open committed sales (an invoice of two
 * lines, one with its serials) and a finished invoice. Needs the demo receipts (stock in KY01 and TX01).
 */
export async function loadDemoMovements(
  db: Database,
  services: Services,
  mover: AuthUser,
  clerk: AuthUser,
  seller: AuthUser,
): Promise<DemoMovementsSummary> {
  const rows = await queryRows<{
    model: string;
    upc: string;
    tracked: boolean;
    bucket: string;
    quantity: number;
    serials: string[] | null;
  }>(
    db,
    sql`select p.model_number as model, p.upc, p.serial_number_tracked as tracked, i.bucket, i.quantity,
               (select array_agg(s.serial_number order by s.id) from inventory_serials s
                 where s.product_id = p.id and s.bucket = i.bucket and s.disposition_code = 'LIVE') as serials
        from inventory i join products p on p.id = i.product_id
        where i.quantity >= 2 and p.upc is not null and (not p.serial_number_tracked or p.num_of_serials_per_item = 1)
        order by i.bucket, p.model_number`,
  );
  const stock: Stock[] = rows.map((r) => ({ ...r, serials: r.serials ?? [] }));
  const used = new Set<string>();
  const take = (where: (s: Stock) => boolean): Stock | undefined => {
    const found = stock.find((s) => where(s) && !used.has(`${s.model}|${s.bucket}`));
    if (found) used.add(`${found.model}|${found.bucket}`);
    return found;
  };
  const serialStock = (bucket: string, min = 2) =>
    take((s) => s.tracked && s.bucket === bucket && s.serials.length >= min && s.quantity >= min);
  const plainStock = (bucket: string, min = 2) => take((s) => !s.tracked && s.bucket === bucket && s.quantity >= min);
  const batch = (n: number, location: string) => ({
    posTransferBatchRefId: `SHIP-${location}-${1040 + n}`,
    posTransferBatchName: `${location} rebalance ${n}`,
    senderSku: `SKU-${location}-${n}`,
  });

  let transfers = 0;
  const commit = (body: Record<string, unknown>) => services.transfers.commit(ZCommitTransferSchema.parse(body), mover);
  const scan = (ref: string, s: Stock, serial: string | undefined) =>
    services.transfers.addScannedItem(
      ref,
      ZAddScannedItemSchema.parse({
        scannedUpc: s.upc,
        scannedSerialNumbers: serial ? [serial] : [],
        forcePushSerialCorrection: 0,
      }),
      mover,
    );

  // KY01 → KY01_B_STOCK, committed, nothing scanned yet (KY01 transfers need a shipment and a SKU, and scanning).
  const a = serialStock('KY01', 3);
  if (a) {
    await commit({
      fromBucket: 'KY01',
      toBucket: 'KY01_B_STOCK',
      model: a.model,
      requestedQuantity: 2,
      commitNotes: 'Open-box returns to B-stock',
      ...batch(1, 'KY01'),
    });
    transfers++;
  }
  // TX01 → TX01_DAMAGED, 1 of 2 scanned.
  const b = serialStock('TX01', 3);
  if (b) {
    const t = await commit({
      fromBucket: 'TX01',
      toBucket: 'TX01_DAMAGED',
      model: b.model,
      requestedQuantity: 2,
      commitNotes: 'Carrier damage, claim filed',
      ...batch(2, 'TX01'),
    });
    await scan(t.ims_transaction_reference_id, b, b.serials[0]);
    transfers++;
  }
  // KY01 → KY01_FBA_INBOUND, scanned and transacted; then one more committed to the inbound bucket.
  const c = serialStock('KY01', 2);
  if (c) {
    const t = await commit({
      fromBucket: 'KY01',
      toBucket: 'KY01_FBA_INBOUND',
      model: c.model,
      requestedQuantity: 1,
      commitNotes: 'FBA shipment',
      ...batch(3, 'KY01'),
    });
    await scan(t.ims_transaction_reference_id, c, c.serials[0]);
    await services.transfers.transact(
      t.ims_transaction_reference_id,
      ZTransactTransferSchema.parse({ transferredById: mover.username, transferNotes: 'Picked up by carrier' }),
      mover,
    );
    await commit({
      fromBucket: 'KY01',
      toBucket: 'KY01_FBA_INBOUND',
      model: c.model,
      requestedQuantity: 1,
      commitNotes: 'Next FBA shipment',
      ...batch(3, 'KY01'),
    });
    transfers += 2;
  }
  // A product without serials: KY01 → KY01_B_STOCK scanned by UPC and transacted, then one unit graded down from
  // there to KY01_C_STOCK by a quick transfer (condition buckets need no scanning).
  const d = plainStock('KY01') ?? plainStock('TX01') ?? plainStock('AZ02');
  if (d) {
    const location = d.bucket;
    const t = await commit({
      fromBucket: location,
      toBucket: `${location}_B_STOCK`,
      model: d.model,
      requestedQuantity: 2,
      commitNotes: 'Returned, opened',
      ...batch(4, location),
    });
    await scan(t.ims_transaction_reference_id, d, undefined);
    await scan(t.ims_transaction_reference_id, d, undefined);
    await services.transfers.transact(
      t.ims_transaction_reference_id,
      ZTransactTransferSchema.parse({ transferredById: mover.username }),
      mover,
    );
    await services.transfers.quickTransfer(
      ZCommitTransferSchema.parse({
        fromBucket: `${location}_B_STOCK`,
        toBucket: `${location}_C_STOCK`,
        model: d.model,
        requestedQuantity: 1,
        commitNotes: 'Graded down',
      }),
      mover,
    );
    transfers += 2;
  }

  // Committed sales from the point of sale: invoice 5001 with two lines (one with its serials), 5002 with one,
  // and 5003 finished by invoice.
  let committedSales = 0;
  const sell = async (invoice: string, s: Stock, quantity: number, serials?: string[], notes?: string) => {
    await services.committedSales.commit(
      ZCommitSaleSchema.parse({
        legacyPosInvoiceId: invoice,
        model: s.model,
        quantity,
        sourceBucket: s.bucket,
        ...(serials ? { serials, scannedUpc: s.upc } : {}),
        commitNotes: notes,
      }),
      clerk,
    );
    committedSales++;
  };
  const e = serialStock('KY01', 2) ?? serialStock('TX01', 2);
  if (e) await sell('WPOS-5001', e, 1, [e.serials.at(-1)!], 'Customer pickup Friday');
  const f = plainStock('KY01') ?? plainStock('TX01') ?? plainStock('AZ02');
  if (f) await sell('WPOS-5001', f, 1, undefined, 'Wall mount');
  const g = serialStock('TX01', 2) ?? serialStock('AZ02', 2);
  if (g) await sell('WPOS-5002', g, 1, [g.serials.at(-1)!], 'Delivery: 2nd floor');
  const h = plainStock('TX01') ?? plainStock('AZ02') ?? plainStock('RUBY');
  if (h) {
    await sell('WPOS-5003', h, 1, undefined, 'Paid in full');
    await services.committedSales.finishInvoice(
      ZFinishInvoiceSchema.parse({
        legacyPosInvoiceId: 'WPOS-5003',
        invoicedById: seller.username,
        invoicedByName: seller.username,
        finishNotes: 'Handed over at the counter',
      }),
      seller,
    );
  }
  return { transfers, committedSales };
}
