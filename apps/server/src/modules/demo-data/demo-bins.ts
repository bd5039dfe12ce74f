import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
import type { AuthUser } from '../../http/register-route.js';
import type { Services } from '../services.js';

/** The warehouses that get bins (001 §9's warehouses for printing). */
export const DEMO_BIN_WAREHOUSES = ['KY01', 'TX01', 'AZ02'] as const;

/**
 * Bins in every warehouse: two rows × three bays × two shelves of NEW bins and one B_STOCK bin per
 * warehouse, made through the bins service, then stocked through the same service (so through
 * `Ledger.moveBinContents`) from the on-hand of each warehouse's buckets: up to half of a product's units (at most 4)
 * into one bin, round robin, leaving the rest unbinned (received, not yet put away). Few statements: fast.
 */
export async function loadDemoBins(
  db: Database,
  services: Services,
  stocker: AuthUser,
): Promise<{ bins: number; binnedUnits: number }> {
  let bins = 0;
  let binnedUnits = 0;
  for (const location of DEMO_BIN_WAREHOUSES) {
    const made: { id: number; conditionCode: string }[] = [];
    for (const row of [1, 2]) {
      for (const bay of [1, 2, 3]) {
        for (const shelf of [1, 2])
          made.push(
            await services.bins.create({ row, bay, shelf, locationCode: location, conditionCode: 'NEW' }, stocker),
          );
      }
    }
    made.push(
      await services.bins.create(
        { row: 9, bay: 1, shelf: 1, locationCode: location, conditionCode: 'B_STOCK' },
        stocker,
      ),
    );
    bins += made.length;
    const stock = await queryRows<{ upc: string; condition_code: string; quantity: number }>(
      db,
      sql`select p.upc, b.condition_code, i.quantity from inventory i
          join buckets b on b.bucket = i.bucket join products p on p.id = i.product_id
          where b.location_code = ${location} and b.condition_code in ('NEW', 'B_STOCK') and i.quantity >= 2 and p.upc is not null
          order by p.model_number limit 40`,
    );
    const byCondition = (condition: string) => made.filter((b) => b.conditionCode === condition);
    const counters = new Map<string, number>();
    const lines = new Map<number, { upc: string; updateQty: number }[]>();
    for (const s of stock) {
      const candidates = byCondition(s.condition_code);
      if (!candidates.length) continue;
      const n = counters.get(s.condition_code) ?? 0;
      counters.set(s.condition_code, n + 1);
      const bin = candidates[n % candidates.length]!;
      const quantity = Math.min(4, Math.floor(Number(s.quantity) / 2));
      if (quantity < 1) continue;
      lines.set(bin.id, [...(lines.get(bin.id) ?? []), { upc: s.upc, updateQty: quantity }]);
      binnedUnits += quantity;
    }
    for (const [binId, items] of lines)
      await services.bins.updateItems(binId, { isAdding: true, items, submittedBy: stocker.username }, stocker);
  }
  return { bins, binnedUnits };
}
