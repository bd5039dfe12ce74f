import { PICK_WAREHOUSES, ZCommitSaleSchema, ZPrintPickListSchema } from '@keystone/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
import type { AuthUser } from '../../http/register-route.js';
import { BinRefusal } from '../ledger/ledger-writer.js';
import type { Services } from '../services.js';

/**
 * Ship priorities and marketplaces of the demo sales, in turn: Prime/Premium, Premium, Amazon Prime, Walmart Express,
 * standard, freight. The Amazon ones are the FBA pending-orders report's; the others are not.
 */
const PRIORITIES = [
  { isPrime: true, isPremium: true, salesChannel: 'amazon' },
  { isPremium: true, salesChannel: 'amazon' },
  { isPrime: true, salesChannel: 'amazon' },
  { isExpress: true, salesChannel: 'walmart' },
  { salesChannel: 'walts' },
  { isFreight: true, salesChannel: 'walmart' },
] as const;

/**
 * Pick items: open committed sales with ship priorities and ship-by dates in the warehouses' buckets
 * (KY01, TX01, AZ02), made through the intake service, of which some are printed through the picking service (a pick
 * list per warehouse), so the board shows both tabs. Needs the demo receipts (stock on hand). The first two sales of
 * each warehouse get a pick bin each (R50-B01-S0n, through the ledger module) holding their product, so the pick page
 * has a bin to scan; the bins module's demo step makes the warehouse's other bins.
 */
export async function loadDemoPicking(
  db: Database,
  services: Services,
  clerk: AuthUser,
  printer: AuthUser,
  today: string,
): Promise<{ sales: number; printed: number }> {
  const stock = await queryRows<{ model: string; bucket: string; warehouse: string }>(
    db,
    sql`select p.model_number as model, i.bucket, b.location_code as warehouse
        from inventory i join products p on p.id = i.product_id join buckets b on b.bucket = i.bucket
        where i.quantity >= 1 and p.upc is not null
          and b.location_code = b.parent_location_code and b.location_code in ('KY01', 'TX01', 'AZ02')
        order by b.location_code, i.quantity desc, i.bucket, p.model_number`,
  );
  const references = new Map<string, string[]>();
  let sales = 0;
  for (const warehouse of PICK_WAREHOUSES) {
    const rows = stock.filter((s) => s.warehouse === warehouse).slice(0, 6);
    for (const [i, s] of rows.entries()) {
      const shipBy = new Date(`${today}T00:00:00Z`);
      shipBy.setUTCDate(shipBy.getUTCDate() + (i % 3) + 1);
      try {
        const sale = await services.committedSales.commit(
          ZCommitSaleSchema.parse({
            legacyPosInvoiceId: `WPOS-${warehouse}-${6001 + i}`,
            model: s.model,
            quantity: 1,
            sourceBucket: s.bucket,
            commitNotes: 'Marketplace order',
            itemMemberRefId: `MKT-${warehouse}-${i + 1}-1`,
            itemGroupRefId: `MKT-${warehouse}-${i + 1}`,
            shipByDate: i === 5 ? null : shipBy.toISOString().slice(0, 10),
            ...PRIORITIES[i % PRIORITIES.length],
          }),
          clerk,
        );
        references.set(warehouse, [...(references.get(warehouse) ?? []), sale.ims_transaction_reference_id]);
        sales++;
      } catch {
        // Stock already promised to another demo commitment: skip this line.
      }
    }
  }
  await binTheSales(db, services, [...references.values()].flat(), printer);
  let printed = 0;
  for (const refs of references.values()) {
    // The standard and freight lines (the last ones) are printed; the prioritised ones stay unprinted.
    const toPrint = refs.length > 4 ? refs.slice(4) : refs.slice(-1);
    if (!toPrint.length) continue;
    const result = await services.picking.print(
      ZPrintPickListSchema.parse({
        printedBy: printer.username,
        items: toPrint.map((r) => ({ imsTransactionReferenceId: r })),
      }),
      printer,
    );
    printed += result.length;
  }
  return { sales, printed };
}

/**
 * One pick bin per sale (R50-B01-S0n in the sale's bucket, made through the bins service) holding its quantity, for
 * the first two sales of each warehouse. The bins step ran first and binned about half of each stocked product, so
 * the sale's units are usually free to bin; when they are not, the bin stays empty.
 */
async function binTheSales(db: Database, services: Services, references: string[], user: AuthUser): Promise<void> {
  const sales = await queryRows<{
    product_id: number;
    source_bucket: string;
    quantity: number;
    warehouse: string;
    condition: string;
  }>(
    db,
    sql`select cs.product_id, cs.source_bucket, cs.committed_quantity as quantity, b.location_code as warehouse, b.condition_code as condition
        from committed_sales cs join buckets b on b.bucket = cs.source_bucket
        where cs.ims_transaction_reference_id in (select v from jsonb_array_elements_text(${JSON.stringify(references)}::jsonb) v)
        order by cs.id`,
  );
  const perWarehouse = new Map<string, number>();
  for (const sale of sales) {
    const n = (perWarehouse.get(sale.warehouse) ?? 0) + 1;
    perWarehouse.set(sale.warehouse, n);
    if (n > 2) continue;
    const bin = await services.bins.create(
      { row: 50, bay: 1, shelf: n, locationCode: sale.warehouse, conditionCode: sale.condition },
      user,
    );
    try {
      await services.ledgerWrites.run((executor, ledger) =>
        ledger.moveBinContents({
          executor,
          bin: { id: bin.id, bucket: sale.source_bucket },
          lines: [{ productId: sale.product_id, delta: sale.quantity }],
          reason: 'ASSIGN',
          userId: user.id,
        }),
      );
    } catch (error) {
      if (!(error instanceof BinRefusal)) throw error;
    }
  }
}
