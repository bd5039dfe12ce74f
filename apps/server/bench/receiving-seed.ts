/**
 * The receiving load's data (bench:api, bench:failover): a location, 40 products (half serial tracked), a receiver
 * (`bench-receiver`, an admin) and 25 POs of 4 lines, every line ordered for 100,000.
 */
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { createServices } from '../src/modules/services.js';
import { createLocation, createProducts } from '../test/factories.js';

export const PASSWORD = 'bench-api-password';
export const POS = 25;
export const LINES_PER_PO = 4;
const PRODUCTS = 40;

export interface Line {
  poId: number;
  lineId: number;
  model: string;
  upc: string;
  serialTracked: boolean;
}

/** Location, products, a receiver and the POs to receive into (every line ordered for 100,000). */
export async function seed(db: Database): Promise<Line[]> {
  const services = createServices(db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  const products = await createProducts(
    db,
    Array.from({ length: PRODUCTS }, (_, i) => ({
      modelNumber: `LOAD-${String(i).padStart(2, '0')}`,
      serialNumberTracked: i % 2 === 0,
      numOfSerialsPerItem: i % 2 === 0 ? 1 : null,
    })),
  );
  await services.users.create({ username: 'bench-receiver', password: PASSWORD, role: 'admin' });
  const buyer = await services.users.create({ username: 'bench-buyer', password: PASSWORD, role: 'purchasing-admin' });
  const vendor = await services.vendors.create({ company_name: 'Load Vendor', vendor_type: 'sales' });
  const lines: Line[] = [];
  for (let p = 0; p < POS; p++) {
    const po = await services.purchaseOrders.create(
      { vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
      buyer,
    );
    for (let l = 0; l < LINES_PER_PO; l++) {
      const index = (p * 3 + l * 7) % PRODUCTS; // POs share products, as they do on a dock
      const product = products[index]!;
      const full = await services.purchaseOrders.addLine({
        productId: product.id,
        cost: 100,
        qty: 100_000,
        purchaseOrderId: po.id,
      });
      const line = full.data.PO_LINES.find((x) => !lines.some((m) => m.lineId === x.id))!;
      lines.push({
        poId: po.id,
        lineId: line.id,
        model: product.modelNumber,
        upc: product.upc!,
        serialTracked: index % 2 === 0,
      });
    }
  }
  return lines;
}
