import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
import type { AuthUser } from '../../http/register-route.js';
import type { Services } from '../services.js';

/**
 * A few admin-level inventory adjustments (docs/decisions.md, "Admin-level inventory adjustments"), made through the audit adjustments service (so through
 * `Ledger.postQuantityAdjustment`, and the ledger check stays clean), on three products holding stock (those without
 * serials first): a count found high and then corrected again (two previous adjustments on one bucket), one found
 * low, one bucket zeroed out (down to its binned units, if any), and stock put into a bucket the model was not listed
 * in. Answers how many were made.
 */
export async function loadDemoAdminAdjustments(db: Database, services: Services, adjuster: AuthUser): Promise<number> {
  // Stock in distinct products, those without serials first; a bucket's binned units bound how low it may go.
  const rows = await queryRows<{ model_number: string; bucket: string; quantity: number; binned: number }>(
    db,
    sql`select distinct on (p.serial_number_tracked, p.model_number) p.model_number, i.bucket, i.quantity,
               coalesce((select sum(bi.quantity) from bin_items bi join bins b on b.id = bi.bin_id where bi.product_id = i.product_id and b.bucket = i.bucket), 0)::int as binned
        from inventory i join products p on p.id = i.product_id
        where i.quantity >= 2 and i.bucket <> 'KY01_B_STOCK'
        order by p.serial_number_tracked, p.model_number, i.quantity desc, i.bucket
        limit 20`,
  );
  const plan: { model: string; bucket: string; quantity: number; notes: string }[] = [];
  const candidates = rows.map((r) => ({ ...r, quantity: Number(r.quantity), binned: Number(r.binned) }));
  const [first, second] = candidates;
  // The bucket to zero out: one whose bins hold none of the product, if any.
  const rest = candidates.slice(2);
  const third = rest.find((r) => r.binned === 0) ?? rest[0];
  if (first) {
    plan.push({
      model: first.model_number,
      bucket: first.bucket,
      quantity: first.quantity + 2,
      notes: 'Cycle count: 2 units found on the overflow rack',
    });
    plan.push({
      model: first.model_number,
      bucket: first.bucket,
      quantity: first.quantity + 1,
      notes: 'Recount: one of the found units was a customer return already received',
    });
    plan.push({
      model: first.model_number,
      bucket: 'KY01_B_STOCK',
      quantity: 1,
      notes: 'Open-box unit found on the returns cart, not listed in B-stock',
    });
  }
  if (second && second.quantity - 1 >= second.binned) {
    plan.push({
      model: second.model_number,
      bucket: second.bucket,
      quantity: second.quantity - 1,
      notes: 'One unit damaged beyond repair and disposed of',
    });
  }
  if (third)
    plan.push({
      model: third.model_number,
      bucket: third.bucket,
      quantity: third.binned,
      notes: third.binned
        ? 'Unbinned stock written off: only the binned units remain'
        : 'Display stock written off: the bucket is emptied',
    });
  let made = 0;
  for (const p of plan) {
    const current = await queryRows<{ quantity: number }>(
      db,
      sql`select i.quantity from inventory i join products pr on pr.id = i.product_id where pr.model_number = ${p.model} and i.bucket = ${p.bucket}`,
    );
    if ((current[0]?.quantity ?? 0) === p.quantity) continue;
    await services.adminAdjustments.adjust(
      { model: p.model, legacyBucket: p.bucket, notes: p.notes, quantity: p.quantity },
      adjuster,
    );
    made++;
  }
  return made;
}
