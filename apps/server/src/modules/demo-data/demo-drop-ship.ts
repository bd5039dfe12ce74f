import type { Database } from '../../db/database.js';
import { InventoryRepository } from '../inventory/inventory.repository.js';
import type { Services } from '../services.js';
import { createRandom } from './demo-catalogue.js';
import { DEMO_VENDORS } from './demo-purchasing.js';

/** Stock the manufacturers hold at two distribution centers each, for part of their products (deterministic). */
export async function loadDemoDropShip(
  db: Database,
  services: Services,
  products: { id: number; brandCode: string; costCents: number }[],
): Promise<number> {
  const random = createRandom(9_20261121);
  const rows = [];
  for (const vendor of await services.vendors.list()) {
    const brands = DEMO_VENDORS.find((v) => v.company_name === vendor.company_name)?.brands ?? [];
    if (!brands.length) continue;
    const own = products.filter((p) => brands.includes(p.brandCode));
    const prefix = vendor.company_name
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 4)
      .toUpperCase();
    for (const dc of [`${prefix}-DC-EAST`, `${prefix}-DC-WEST`]) {
      for (const p of own.filter(() => random.chance(0.4))) {
        rows.push({
          vendorId: vendor.id,
          vendorLocationCode: dc,
          productId: p.id,
          qtyPurchasable: random.int(0, 60),
          costCents: Math.round(p.costCents * 0.98),
        });
      }
    }
  }
  const repo = new InventoryRepository(db);
  for (let i = 0; i < rows.length; i += 500) await repo.insertDropShipRows(rows.slice(i, i + 500));
  return rows.length;
}
