// `npm run bench` (second part): the inventory ledger at scale in PostgreSQL. 100,000 products, 1,000,000 serials
// and 2,000,000 ledger rows generated in the database, then model-prefix search, exact UPC, serial search,
// quickScanReceive, a transfer's addScannedItem and transact, each timed over many calls, and the full
// ledger check.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { openBenchDatabase, report } from './bench-database.js';
import { buildBenchApp } from './bench-kit.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SERIALS = Number(process.env.BENCH_SERIALS ?? 1_000_000);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 2_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);

async function main() {
  const started = performance.now();
  const database = await openBenchDatabase('keystone_bench_ledger');
  const db = database.db;
  const { app, services, config } = await buildBenchApp(db);
  await services.users.ensureRoles();
  for (const code of ['KY01', 'TX01', 'AZ02', 'RUBY'])
    await services.locations.createLocationWithBuckets({
      locationCode: code,
      address1: '1 Bench Way',
      city: 'Louisville',
      stateOrProvince: 'KY',
      postalCode: '40213',
    });
  const adminId = await services.users.create({ username: 'bench-admin', password: 'bench-password', role: 'admin' });

  await db.execute(sql`insert into products (model_number, part_number, upc, description, serial_number_tracked, num_of_serials_per_item, current_cost_cents, status)
    select 'BM' || lpad(g::text, 6, '0') || (array['SS','WW','BB'])[1 + g % 3], 'P' || g, '8' || lpad(g::text, 11, '0'), 'Bench product ' || g,
           g % 4 <> 0, case when g % 4 <> 0 then 1 end, 1000 + g % 90000, case when g % 20 = 0 then 'INACTIVE' else 'ACTIVE' end
    from generate_series(1, ${PRODUCTS}) g`);
  const buckets = ['KY01', 'TX01', 'AZ02', 'RUBY', 'KY01_B_STOCK', 'TX01_B_STOCK'];
  // Serial receipts: one ledger row and one serial per unit.
  await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code)
    select 'SN' || upper(substr(md5(g::text), 1, 10)) || g, 1 + (g * 7) % ${PRODUCTS},
           (array[${sql.raw(buckets.map((b) => `'${b}'`).join(','))}])[1 + g % ${buckets.length}],
           split_part((array[${sql.raw(buckets.map((b) => `'${b}'`).join(','))}])[1 + g % ${buckets.length}], '_', 1),
           case when g % ${buckets.length} >= 4 then 'B_STOCK' else 'NEW' end, 'LIVE'
    from generate_series(1, ${SERIALS}) g`);
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, created_at)
    select 'IR-' || lpad(s.id::text, 8, '0'), 'INVENTORY_RECEIPT', s.product_id, s.bucket, 1, ${adminId}, now() - ((s.id % 700) || ' days')::interval
    from inventory_serials s`);
  await db.execute(sql`insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code)
    select t.id, s.id, s.serial_number, s.location_code, s.condition_code, 'LIVE'
    from inventory_serials s join inventory_transactions t on t.ims_transaction_reference_id = 'IR-' || lpad(s.id::text, 8, '0')`);
  // The rest of the ledger: receipts of products without serials.
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, created_at)
    select 'IR-N' || lpad(g::text, 8, '0'), 'INVENTORY_RECEIPT', 4 * (1 + g % (${PRODUCTS} / 4)), (array['KY01','TX01','AZ02','RUBY'])[1 + g % 4], 1 + g % 3, ${adminId},
           now() - ((g % 700) || ' days')::interval
    from generate_series(1, ${LEDGER_ROWS - SERIALS}) g`);
  await db.execute(
    sql`insert into inventory (product_id, bucket, quantity) select product_id, bucket, sum(quantity_delta) from inventory_transactions group by product_id, bucket`,
  );
  await db.execute(sql`analyze`);
  const seeded = performance.now();
  const [counts] = await queryRows<{ products: number; serials: number; ledger: number }>(
    db,
    sql`select (select count(*) from products)::int products, (select count(*) from inventory_serials)::int serials, (select count(*) from inventory_transactions)::int ledger`,
  );

  const token = (
    await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'bench-admin',
        password: 'bench-password',
        client_id: config.oauthClientId,
        client_secret: config.oauthClientSecret,
      },
    })
  ).json().access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  let lastBody: { transactionReferenceId?: string } = {};
  async function time(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    const t0 = performance.now();
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const ms = performance.now() - t0;
    if (res.statusCode < 200 || res.statusCode > 299)
      throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    lastBody = res.json();
    return ms;
  }
  const pad = (n: number) => String(n).padStart(6, '0');
  const runs = async (fn: (i: number) => Promise<number>) => {
    for (let i = 0; i < 30; i++) await fn(i + 10_000);
    const out: number[] = [];
    for (let i = 0; i < CALLS; i++) out.push(await fn(i));
    return out;
  };
  const model = await runs((i) =>
    time('GET', `/api/ims/products/models?model=BM${pad((i * 331) % PRODUCTS).slice(0, 4)}`),
  );
  const upc = await runs((i) =>
    time(
      'GET',
      `/api/inventory/product/search?upc=8${String(1 + ((i * 7919) % PRODUCTS)).padStart(11, '0')}&exact=1&includeInactive=1`,
    ),
  );
  const serialRows = await queryRows<{ serial_number: string }>(
    db,
    sql`select serial_number from inventory_serials where id % 3331 = 0 limit 400`,
  );
  const serial = await runs((i) =>
    time('GET', `/api/inventory-serials/search?serial=${serialRows[i % serialRows.length]!.serial_number.slice(2, 9)}`),
  );

  // quickScanReceive onto a PO line ordered for many units, distinct serials.
  const vendor = await services.vendors.create({ company_name: 'Bench Vendor', vendor_type: 'sales' });
  const po = await services.purchaseOrders.create(
    { vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
    adminId,
  );
  const full = await services.purchaseOrders.addLine({ productId: 1, cost: 100, qty: 50_000, purchaseOrderId: po.id });
  const [p1] = await queryRows<{ model_number: string; upc: string }>(
    db,
    sql`select model_number, upc from products where id = 1`,
  );
  const scanItem = (tag: string) => ({
    scannedUpc: p1!.upc,
    model: p1!.model_number,
    poApiPoId: po.id,
    poApiPoItemId: full.data.PO_LINES[0]!.id,
    receivingBucket: 'KY01',
    scannedSerialNumbers: [`BENCH-${tag}-${randomUUID().slice(0, 8)}`],
    clientScanId: randomUUID(),
  });
  const scanned: string[] = [];
  const scan = await runs(async (i) => {
    const ms = await time('POST', '/api/scanner/receipt/quickScanReceive', scanItem(String(i)));
    scanned.push(lastBody.transactionReferenceId!);
    return ms;
  });
  // Staged scans submitted 10 at a time (one transaction each), and scans taken back (reversing transactions).
  const staged = await runs((i) =>
    time('POST', '/api/scanner/receipt/scanned-item/submit', {
      scannedItems: Array.from({ length: 10 }, (_, k) => scanItem(`S${i}-${k}`)),
    }),
  );
  let next = 0;
  const takeBack = await runs(() => time('DELETE', `/api/scanner/receipt/scanned-item/${scanned[next++]!}`));

  // Transfers (docs/decisions.md, "Transfers"): one transfer scanned unit by unit (addScannedItem, each a serial checked under lock), then
  // transfers of one unit each, committed and scanned untimed, transacted timed (two ledger rows and a serial move).
  const live = (
    await queryRows<{ serial_number: string }>(
      db,
      sql`select serial_number from inventory_serials where product_id = 1 and bucket = 'KY01' and disposition_code = 'LIVE' order by id`,
    )
  ).map((r) => r.serial_number);
  const transferOf = async (quantity: number) => {
    await time('POST', '/api/ims/committed-transfers', {
      fromBucket: 'KY01',
      toBucket: 'KY01_B_STOCK',
      model: p1!.model_number,
      requestedQuantity: quantity,
      posTransferBatchName: 'Bench batch',
      senderSku: 'SKU-BENCH',
    });
    return (lastBody as { ims_transaction_reference_id: string }).ims_transaction_reference_id;
  };
  const big = await transferOf(CALLS + 30);
  let taken = 0;
  const addScanned = await runs(() =>
    time('POST', `/api/ims/committed-transfers/${big}/addScannedItem`, {
      scannedUpc: p1!.upc,
      scannedSerialNumbers: [live[taken++]!],
    }),
  );
  const singles: string[] = [];
  for (let i = 0; i < CALLS + 30; i++) {
    const ref = await transferOf(1);
    await time('POST', `/api/ims/committed-transfers/${ref}/addScannedItem`, {
      scannedUpc: p1!.upc,
      scannedSerialNumbers: [live[taken++]!],
    });
    singles.push(ref);
  }
  let nextSingle = 0;
  const transact = await runs(() =>
    time('POST', `/api/ims/committed-transfers/${singles[nextSingle++]!}/transact`, { transferredById: 'bench-admin' }),
  );

  const checkStarted = performance.now();
  const differences = await db.transaction((tx) => checkLedger(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const checkSeconds = (performance.now() - checkStarted) / 1000;

  console.log(
    `\nLedger benchmark: ${counts!.products} products, ${counts!.serials} serials, ${counts!.ledger} ledger rows (seeded in ${((seeded - started) / 1000).toFixed(1)} s)`,
  );
  const results = [
    report('model prefix (GET /api/ims/products/models)', model, 44),
    report('exact UPC (GET /api/inventory/product/search)', upc, 44),
    report('serial search (GET /api/inventory-serials/search)', serial, 44),
  ];
  const scanP = report('quickScanReceive (POST, a ledger write)', scan, 44);
  report('scanned-item/submit of 10 (POST, one transaction)', staged, 44);
  report('scanned-item take-back (DELETE, a reversal)', takeBack, 44);
  const transferPs = [
    report('transfer addScannedItem (POST, a serial under lock)', addScanned, 44),
    report('transfer transact (POST, two ledger rows)', transact, 44),
  ];
  console.log(`ledger check over all of it: ${checkSeconds.toFixed(1)} s, ${differences.length} difference(s)`);
  await app.close();
  await database.drop();
  const ok =
    results.every((p) => p.p95 < 50) &&
    scanP.p95 < 30 &&
    transferPs.every((p) => p.p95 < 15) &&
    checkSeconds < 60 &&
    differences.length === 0;
  console.log(
    ok
      ? 'targets met: reads p95 < 50 ms, scan writes p95 < 30 ms, transfer scan and transact p95 < 15 ms, ledger check < 60 s and clean'
      : 'TARGET MISSED',
  );
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
