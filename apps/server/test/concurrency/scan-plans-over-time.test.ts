import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { createServices, type Services } from '../../src/modules/services.js';
import { createLocation, createPoLine, createProducts, createUser, type CreatedProduct } from '../factories.js';
import { createScratchDatabase, dropScratchDatabase } from './server-processes.js';

/**
 * A receiving or audit scan's cost must not grow with the stock (docs/performance.md, "Session 19"). On PostgreSQL a scan's
 * statements are prepared per connection (db/prepared-statements.ts), and PostgreSQL makes a prepared statement's
 * generic plan at its sixth call and keeps it for the connection's life. On a new database that plan is made while
 * `inventory_serials` holds a few rows, without statistics; session 18's liveness look-up was then planned on the
 * partial index of (product, bucket) where LIVE, read whole on every later scan. Here one pooled connection makes its
 * plans on a near-empty table, the stock then grows to 20,000 live serials, and the index tuples a scan reads from
 * `inventory_serials` are counted (pg_stat_user_indexes, flushed by the scanning backend before each read).
 */
const dbName = `kt_plans_${randomBytes(5).toString('hex')}`;
let database: OpenDatabase;
let admin: OpenDatabase;
let services: Services;
let product: CreatedProduct;
let line: { poId: number; lineId: number };
let actor: { id: number; username: string; role: string };
let scanNumber = 0;
let auditNumber = 0;
let auditBatchId = 0;
const SER = 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED';

async function scan(): Promise<void> {
  scanNumber += 1;
  await services.receiving.receive(
    {
      scannedUpc: product.upc!,
      model: product.modelNumber,
      poApiPoId: line.poId,
      poApiPoItemId: line.lineId,
      receivingBucket: 'KY01',
      scannedSerialNumbers: [`PLANS-${String(scanNumber).padStart(6, '0')}`],
    } as never,
    actor,
  );
}

/** One counted unit in an audit of the product in KY01: a serial received earlier (the audit scan's own prepared statements). */
async function auditScan(): Promise<void> {
  auditNumber += 1;
  await services.audits.quickAdd(
    {
      model: product.modelNumber,
      auditBucket: 'KY01',
      auditBatchId,
      auditTypeCode: SER,
      scannedUpc: product.upc!,
      serialNumbers: `PLANS-${String(auditNumber).padStart(6, '0')}`,
    },
    actor,
  );
}

/** Index and sequential tuples read from inventory_serials so far, the scanning backend's counts flushed first. */
async function serialTuplesRead(): Promise<number> {
  await queryRows(database.db, sql`select pg_stat_force_next_flush()`);
  const [row] = await queryRows<{ n: string }>(
    admin.db,
    sql`select (select coalesce(sum(idx_tup_read), 0) from pg_stat_user_indexes where relname = 'inventory_serials')
             + (select coalesce(seq_tup_read, 0) from pg_stat_user_tables where relname = 'inventory_serials') as n`,
  );
  return Number(row!.n);
}

beforeAll(async () => {
  const url = await createScratchDatabase(dbName);
  // One connection: every scan runs on it, so its plans are the ones made while the table was small.
  database = await openPostgres(url, { max: 1 });
  admin = await openPostgres(url, { max: 1, migrate: false, preparedStatements: false });
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [product] = (await createProducts(database.db, [
    { modelNumber: 'PLANS-TV', serialNumberTracked: true, numOfSerialsPerItem: 1 },
  ])) as [CreatedProduct];
  const buyer = await createUser(services, { role: 'purchasing-admin' });
  actor = { id: buyer.id, username: buyer.username, role: 'purchasing-admin' };
  line = await createPoLine(services, product, { locationCode: 'KY01', qty: 100_000, buyerId: buyer.id });
  auditBatchId = (
    await services.audits.createBatch({ audit_batch_name: 'Plans count', default_audit_bucket: 'KY01' }, actor)
  ).audit_batch_id;
}, 60_000);

afterAll(async () => {
  await database?.close();
  await admin?.close();
  await dropScratchDatabase(dbName);
});

describe('receiving and audit scans as the stock grows (PostgreSQL, prepared statements)', () => {
  it('read a bounded number of serial rows, whether the table holds 30 serials or 20,000', async () => {
    // Well past the sixth call of each statement: the connection's generic plans are made now, on a table of a few rows.
    for (let i = 0; i < 20; i++) await scan();
    for (let i = 0; i < 20; i++) await auditScan();
    const perScan = async (work: () => Promise<void>) => {
      const before = await serialTuplesRead();
      for (let i = 0; i < 10; i++) await work();
      return ((await serialTuplesRead()) - before) / 10;
    };
    const small = { receiving: await perScan(scan), audit: await perScan(auditScan) };

    // The stock grows (written directly: this suite's database is its own, and only the table's size matters here).
    // Deliberately written around the ledger: only the table's size matters to the plans.
    await queryRows(
      admin.db,
      sql`insert into inventory_serials (serial_number, product_id, bucket, disposition_code)
          select 'GROWN-' || lpad(g::text, 6, '0'), ${product.id}, 'KY01', 'LIVE' from generate_series(1, 20000) g`,
    );
    const large = { receiving: await perScan(scan), audit: await perScan(auditScan) };

    // A scan looks each number up by an index descent (a few tuples); a plan that reads the live serials reads 20,000
    // a scan. The bound is far from both. Measured with the kept look-up, at the two sizes: receiving 1 and 1 a scan,
    // audit 3 and 3; with session 18's form put back: receiving 25.5 and 20,035.5, audit 32 and 20,042.
    const read = `index tuples read from inventory_serials per scan, at 30 then 20,030 serials: ${JSON.stringify({ small, large })}`;
    for (const figure of [large.receiving, large.audit, small.receiving, small.audit])
      expect(figure, read).toBeLessThan(20);
    const [received] = await queryRows<{ qty_received: number }>(
      admin.db,
      sql`select qty_received from purchase_order_items where id = ${line.lineId}`,
    );
    expect(received!.qty_received).toBe(40);
    const [counted] = await queryRows<{ tallied_quantity: number }>(
      admin.db,
      sql`select tallied_quantity from audit_items where batch_id = ${auditBatchId}`,
    );
    expect(counted!.tallied_quantity).toBe(40);
  });
});
