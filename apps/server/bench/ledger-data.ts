import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { queryRows, type Database } from '../src/db/database.js';
import { createServices } from '../src/modules/services.js';

/**
 * Generates products, live serials, a receipt per serial with its movement, and on-hand, in a migrated empty database
 * (PGlite or PostgreSQL): what the ledger check and the backup bench read. A user bench-admin (password bench-password,
 * role admin) is made. Answers the counts.
 */
export async function generateLedgerData(
  db: Database,
  size: { products: number; serials: number },
): Promise<{ serials: number; ledger: number }> {
  const PRODUCTS = size.products;
  const SERIALS = size.serials;
  {
    const services = createServices(db, { ...loadConfig({}), logLevel: 'silent' });
    await services.users.ensureRoles();
    for (const code of ['KY01', 'TX01'])
      await services.locations.createLocationWithBuckets({
        locationCode: code,
        address1: '1 Bench Way',
        city: 'Louisville',
        stateOrProvince: 'KY',
        postalCode: '40213',
      });
    const adminId = await services.users.create({ username: 'bench-admin', password: 'bench-password', role: 'admin' });
    await db.execute(sql`insert into products (model_number, part_number, upc, description, serial_number_tracked, num_of_serials_per_item, current_cost_cents, status)
      select 'BM' || lpad(g::text, 6, '0'), 'P' || g, '8' || lpad(g::text, 11, '0'), 'Bench product ' || g, true, 1, 1000 + g, 'ACTIVE'
      from generate_series(1, ${PRODUCTS}) g`);
    await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code)
      select 'SN' || upper(substr(md5(g::text), 1, 10)) || g, 1 + (g * 7) % ${PRODUCTS}, (array['KY01','TX01'])[1 + g % 2], (array['KY01','TX01'])[1 + g % 2], 'NEW', 'LIVE'
      from generate_series(1, ${SERIALS}) g`);
    await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id)
      select 'IR-' || lpad(s.id::text, 8, '0'), 'INVENTORY_RECEIPT', s.product_id, s.bucket, 1, ${adminId} from inventory_serials s`);
    await db.execute(sql`insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code)
      select t.id, s.id, s.serial_number, s.location_code, s.condition_code, 'LIVE'
      from inventory_serials s join inventory_transactions t on t.ims_transaction_reference_id = 'IR-' || lpad(s.id::text, 8, '0')`);
    await db.execute(
      sql`insert into inventory (product_id, bucket, quantity) select product_id, bucket, sum(quantity_delta) from inventory_transactions group by product_id, bucket`,
    );
    const [counts] = await queryRows<{ serials: number; ledger: number }>(
      db,
      sql`select (select count(*) from inventory_serials)::int serials, (select count(*) from inventory_transactions)::int ledger`,
    );
    return counts!;
  }
}
