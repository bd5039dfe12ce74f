import { sql } from 'drizzle-orm';
import { SALES_CHANNELS, SHIP_TO_STATES, ZCommitSaleSchema, ZFinishInvoiceSchema } from '@keystone/contracts';
import { queryRows, type Database } from '../../db/database.js';
import type { AuthUser } from '../../http/register-route.js';
import type { Services } from '../services.js';
import { createRandom } from './demo-catalogue.js';

/** Days of sales history the demo has, ending today. */
export const DEMO_SALES_DAYS = 120;
/** The most sale lines the history holds (demo loading runs at every browser-test start: keep it short). */
const MAX_SALE_LINES = 90;

interface SellableStock {
  product_id: number;
  model: string;
  upc: string;
  tracked: boolean;
  bucket: string;
  quantity: number;
  price_cents: number;
  serials: string[] | null;
  /** The last receipt of the product into the bucket (ISO): the units sell after it. */
  received_at: string;
}

/**
 * A sales history for the reports: sales of the demo's received stock over the last 120 days, across
 * channels and ship-to states, each with its unit price, sold through the committed-sales service (commit, then
 * finish the invoice: the ledger posts each INVENTORY_SALE), then dated back to its day with the sale's own dates.
 * Every fifth order is a bundle: two lines of one order sharing item_group_ref_id (the order) and
 * item_member_ref_id (the bundle's SKU). Only stock no other demo scenario touches (no bins, audits, transfers or
 * sales of the product) and leaves at least one unit beside what its bins hold, so the other demo data and the browser tests
 * that use it are unchanged. A sale comes after the receipts of its stock (on a later day): the invoice is finished
 * at its sale's time (`finishInvoice`'s `at`), so its ledger rows, the committed sales and every report agree on the
 * date (docs/decisions.md "Demo data: one dated history").
 */
export async function loadDemoSales(
  db: Database,
  services: Services,
  clerk: AuthUser,
  today = new Date(),
): Promise<{ sales: number }> {
  const stock = await queryRows<SellableStock>(
    db,
    sql`with binned as (select b.bucket, bi.product_id, sum(bi.quantity) as q from bin_items bi join bins b on b.id = bi.bin_id group by 1, 2)
        select p.id as product_id, p.model_number as model, p.upc, p.serial_number_tracked as tracked, i.bucket,
               (i.quantity - coalesce(binned.q, 0))::int as quantity,
               coalesce(p.adj_cart_price_cents, p.map_cents, p.current_cost_cents * 13 / 10) as price_cents,
               (select array_agg(s.serial_number order by s.id) from inventory_serials s
                 where s.product_id = p.id and s.bucket = i.bucket and s.disposition_code = 'LIVE') as serials,
               (select to_char(max(t.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from inventory_transactions t
                 where t.product_id = p.id and t.bucket = i.bucket) as received_at
        from inventory i join products p on p.id = i.product_id
        left join binned on binned.bucket = i.bucket and binned.product_id = i.product_id
        where i.quantity - coalesce(binned.q, 0) >= 2 and p.upc is not null and (not p.serial_number_tracked or p.num_of_serials_per_item = 1)
          and i.bucket in ('KY01', 'TX01', 'AZ02')
          and not exists (select 1 from audit_items a where a.product_id = p.id)
          and not exists (select 1 from committed_transfers t where t.product_id = p.id)
          and not exists (select 1 from committed_sales c where c.product_id = p.id)
          -- Only received stock: a unit adjusted in today cannot have been sold last month.
          and not exists (select 1 from inventory_transactions t where t.product_id = p.id and t.type <> 'INVENTORY_RECEIPT')
        order by i.bucket, p.model_number`,
  );
  const random = createRandom(15_20261123);
  // Units each stock row may still sell (all but one of what its bins do not hold), and its next unsold serial.
  const left = stock.map((s) => s.quantity - 1);
  const nextSerial = stock.map(() => 0);
  // The days back a sale from a stock row may be: on a later day than its last receipt, within the history.
  const todayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const maxDay = (k: number) =>
    Math.min(
      DEMO_SALES_DAYS - 1,
      Math.floor((todayStart - Date.parse(stock[k]!.received_at.slice(0, 10))) / 86_400_000) - 1,
    );
  let count = 0;
  let order = 0;
  const takeUnits = (i: number, want: number) => {
    const s = stock[i]!;
    const quantity = Math.min(want, left[i]!);
    if (quantity < 1) return null;
    const serials = s.tracked ? (s.serials ?? []).slice(nextSerial[i]!, nextSerial[i]! + quantity) : [];
    if (s.tracked && serials.length < quantity) return null;
    left[i] = left[i]! - quantity;
    nextSerial[i] = nextSerial[i]! + serials.length;
    return { quantity, serials };
  };
  for (let round = 0; stock.length && count < MAX_SALE_LINES && round < MAX_SALE_LINES * 3; round++) {
    const i = random.int(0, stock.length - 1);
    if (maxDay(i) < 0) continue;
    const bundle = order % 5 === 4;
    const j = bundle
      ? stock.findIndex((s, k) => k !== i && s.bucket === stock[i]!.bucket && left[k]! > 0 && maxDay(k) >= 0)
      : -1;
    const first = takeUnits(i, stock[i]!.tracked ? 1 : random.int(1, 2));
    if (!first) continue;
    const second = j >= 0 ? takeUnits(j, 1) : null;
    order++;
    const invoice = `WPOS-H${String(order).padStart(4, '0')}`;
    const channel = random.pick(SALES_CHANNELS);
    const state =
      channel === 'store'
        ? (({ KY01: 'KY', TX01: 'TX', AZ02: 'AZ' } as Record<string, string>)[stock[i]!.bucket] ?? 'KY')
        : random.pick(SHIP_TO_STATES);
    const group = `ORD-${1000 + order}`;
    const refs: string[] = [];
    const parts = [{ k: i, units: first }, ...(second ? [{ k: j, units: second }] : [])];
    for (const { k, units } of parts) {
      const s = stock[k]!;
      // A price near the product's cart price: up to 10% off now and then.
      const price = Math.max(
        0,
        Math.round((s.price_cents * (100 - (random.chance(0.3) ? random.int(1, 10) : 0))) / 100),
      );
      const sale = await services.committedSales.commit(
        ZCommitSaleSchema.parse({
          legacyPosInvoiceId: invoice,
          model: s.model,
          quantity: units.quantity,
          sourceBucket: s.bucket,
          ...(units.serials.length ? { serials: units.serials, scannedUpc: s.upc } : {}),
          unitPriceCents: price,
          salesChannel: channel,
          shipToState: state,
          itemGroupRefId: group,
          itemMemberRefId: second ? `BNDL-${stock[i]!.model}-${stock[j]!.model}` : `${group}-1`,
        }),
        clerk,
      );
      refs.push(sale.ims_transaction_reference_id);
      count++;
    }
    // Bundles and half the other orders within the last 30 days, so the reports' default range shows some; every
    // one on a later day than its stock's receipts.
    const latest = Math.min(maxDay(i), second ? maxDay(j) : DEMO_SALES_DAYS);
    const day = Math.min(latest, second || random.chance(0.5) ? random.int(0, 29) : random.int(0, DEMO_SALES_DAYS - 1));
    const soldAt = new Date(
      Date.UTC(
        today.getUTCFullYear(),
        today.getUTCMonth(),
        today.getUTCDate() - day,
        random.int(14, 23),
        random.int(0, 59),
      ),
    );
    const at = soldAt > today ? today : soldAt;
    await services.committedSales.finishInvoice(
      ZFinishInvoiceSchema.parse({ legacyPosInvoiceId: invoice, invoicedByName: clerk.username }),
      clerk,
      { at },
    );
    await services.committedSales.setSoldAt(refs, at, db);
  }
  return { sales: count };
}
