import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { TGrayBoxInput, TReconciliationCarrier } from '@keystone/contracts';
import { queryRows, type Database } from '../../db/database.js';
import type { AuthUser } from '../../http/register-route.js';
import type { Services } from '../services.js';
import { carrierFile, type CarrierLine } from '../shipping-reconciliation/carrier-files.js';

/** A shipped committed sale: transacted, from a bucket of a warehouse. */
interface ShippedSale {
  reference: string;
  invoice: string;
  shipped: string;
  warehouse: string;
  freight: boolean;
}

const CARRIERS: TReconciliationCarrier[] = ['ups', 'fedex', 'ups'];
const SHIP_COMPANY: Record<TReconciliationCarrier, string> = { ups: 'UPS', fedex: 'FedEx', ceva: 'CEVA' };

/** A tracking number in the carrier's shape, derived from the sale so it is the same on every load. */
function trackingNumber(carrier: TReconciliationCarrier, index: number): string {
  if (carrier === 'ups') return `1ZDEMO${String(700_000_000 + index * 7_919).padStart(10, '0')}`;
  if (carrier === 'fedex') return String(771_200_000_000 + index * 104_729);
  return `CEVA${String(88_000_000 + index * 31).padStart(9, '0')}`;
}

/**
 * Shipping reconciliation demo data (docs/decisions.md, "Shipping reconciliation"): a gray box for every committed sale that shipped (transacted), its
 * carrier by the sale (freight by CEVA, else UPS or FedEx), the PO number its POS invoice, the warehouse its bucket's;
 * then each carrier's invoice billing them (a few above or below the quote, one billed shipment we never quoted),
 * uploaded and generated through the service the screens use, and one batch of payments applied.
 */
export async function loadDemoShippingReconciliation(
  db: Database,
  services: Services,
  actor: AuthUser,
): Promise<{ grayBoxes: number; transactions: number }> {
  const sales = await queryRows<ShippedSale>(
    db,
    sql`select cs.ims_transaction_reference_id as reference, cs.legacy_pos_invoice_id as invoice, to_char(cs.transacted_at at time zone 'UTC', 'YYYY-MM-DD') as shipped,
          b.parent_location_code as warehouse, cs.is_freight as freight
        from committed_sales cs join buckets b on b.bucket = cs.source_bucket where cs.transacted_at is not null order by cs.id`,
  );
  const boxes: (TGrayBoxInput & { carrier: TReconciliationCarrier; cents: number })[] = sales.map((sale, i) => {
    const carrier: TReconciliationCarrier = sale.freight ? 'ceva' : CARRIERS[i % CARRIERS.length]!;
    const cents = sale.freight ? 14_500 + i * 250 : 899 + ((i * 613) % 2_400);
    return {
      tracking_number: trackingNumber(carrier, i),
      fulfillment_po_number: sale.invoice,
      date_shipped: sale.shipped,
      ship_company: SHIP_COMPANY[carrier],
      fulfillment_warehouse: sale.warehouse,
      shipping_quote: cents / 100,
      carrier,
      cents,
    };
  });
  if (boxes.length === 0) return { grayBoxes: 0, transactions: 0 };
  const service = services.shippingReconciliation;
  await service.intakeGrayBoxes({ grayBoxes: boxes.map(({ carrier: _carrier, cents: _cents, ...box }) => box) });

  let transactions = 0;
  for (const carrier of ['ups', 'fedex', 'ceva'] as const) {
    const billed = boxes.filter((b) => b.carrier === carrier);
    // Billed as quoted, then in our favour, slightly over (within the threshold) and well over, in turn.
    const lines: CarrierLine[] = billed.map((b, i) => ({
      trackingNumber: b.tracking_number,
      cents: b.cents + [0, -75, 150, 1_250][i % 4]!,
      date: b.date_shipped,
    }));
    if (carrier === 'ups')
      lines.push({
        trackingNumber: trackingNumber('ups', 9_999),
        cents: 1_475,
        date: billed[0]?.date_shipped ?? boxes[0]!.date_shipped,
      });
    if (lines.length === 0) continue;
    const { filename } = await service.upload(
      carrier,
      { stream: Readable.from([carrierFile(carrier, lines)]), filename: `demo-${carrier}-invoice.csv` },
      actor,
    );
    transactions += (await service.generate(carrier, { filename }, actor)).total;
  }
  // One batch applied: the first shipment billed as quoted, paid in full.
  const first = boxes[0]!;
  await service.apply(
    {
      idempotencyKey: 'demo-payments-0001',
      updates: {
        [first.tracking_number]: { reported_billed_charge: first.cents / 100, payment_to_apply: first.cents / 100 },
      },
    },
    actor,
  );
  return { grayBoxes: boxes.length, transactions };
}
