import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSearchAnswer, TSearchKind } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import {
  createLocation,
  createProducts,
  createSignedInUser,
  nextUpc,
  receiveStock,
  type CreatedProduct,
} from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/** Search everywhere (issue 37): each kind found by its key, ranking, permissions per kind, bad input. */
let t: TestApp;
let admin: string;
let warehouse: string;
let product: CreatedProduct;
let poId: number;
let poRef: string;
let serialId: number;
let bucket: string;
let otherBucket: string;
let vendorId: number;
let baseUser: string;

async function search(q: string, token = admin, limit?: number) {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  return injectAs(t.app, token, { method: 'GET', url: `/api/search?${query.toString()}` });
}
async function found(q: string, token = admin): Promise<TSearchAnswer> {
  const res = await search(q, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSearchAnswer>();
}
const hitsOf = (answer: TSearchAnswer, kind: TSearchKind) => answer.groups.find((g) => g.type === kind)?.hits ?? [];
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.db, query))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  admin = (await createSignedInUser(t, { role: 'developer' })).token;
  warehouse = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
  baseUser = (await createSignedInUser(t, { role: 'user' })).token;
  [bucket, otherBucket] = (
    await queryRows<{ bucket: string }>(
      t.db,
      sql`select bucket from buckets where bucket like 'KY01%' order by bucket limit 2`,
    )
  ).map((b) => b.bucket) as [string, string];
  const created = await createProducts(t.db, [
    {
      modelNumber: 'SRCH-FRIDGE',
      upc: nextUpc(),
      description: 'Quartzite counter-depth refrigerator',
      serialNumberTracked: true,
    },
    { modelNumber: 'SRCH-FRIDGE2', upc: nextUpc(), description: 'Second fridge' },
    { modelNumber: 'ZZ-SRCH-OTHER', upc: nextUpc(), description: 'Mentions SRCH-FRIDGE in passing' },
  ]);
  product = created[0]!;
  const receipt = await receiveStock(t.services, product, bucket, { serials: [['SNQX778001'], ['SNQX778002']] });
  poId = receipt.poId;
  const po = await one<{ ref: string; vendor_id: number }>(
    sql`select purchase_ref_id as ref, vendor_id from purchase_orders where id = ${poId}`,
  );
  poRef = po.ref;
  vendorId = po.vendor_id;
  await t.db.execute(sql`update vendors set company_name = 'Lumberjack Appliances' where id = ${po.vendor_id}`);
  serialId = (await one<{ id: number }>(sql`select id from inventory_serials where serial_number = 'SNQX778001'`)).id;
  await t.db.execute(sql`insert into accounts_payable_invoices (invoice_number, invoice_amount_cents, vendor_id)
    values ('INVQ-5521', 12345, ${po.vendor_id})`);
  await t.db.execute(sql`insert into contacts (first_name, last_name, primary_phone, primary_email)
    values ('Gwendolyn', 'Quarrington', '5025550199', 'gq@example.com')`);
  await t.db
    .execute(sql`insert into committed_transfers (ims_transaction_reference_id, product_id, from_bucket, to_bucket, committed_quantity)
    values ('CT-QX0042', ${product.id}, ${bucket}, ${otherBucket}, 1)`);
  await t.db
    .execute(sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity)
    values ('CS-QX0077', 'POSQX-9001', ${product.id}, ${bucket}, 1),
           ('CS-QX0078', 'POSQX-9002', ${product.id}, ${bucket}, 1)`);
  // A transacted sale is no longer on the board (only its row's transacted_at matters to the search).
  await t.db.execute(
    sql`update committed_sales set transacted_at = now() where ims_transaction_reference_id = 'CS-QX0078'`,
  );
  await t.db.execute(sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf)
    values ('QXBIN-07', 'KY01', 'NEW', ${bucket}, 1, 2, 3)`);
});
afterAll(() => t?.close());

describe('GET /api/search', () => {
  it('finds each kind by its key and answers the path that opens it', async () => {
    const cases: [string, TSearchKind, string, string][] = [
      [poRef, 'po', poRef, `/purchase-orders/review/${poId}`],
      ['lumberjack', 'po', poRef, `/purchase-orders/review/${poId}`],
      ['srch-fridge', 'product', 'SRCH-FRIDGE', '/inventory/detail/model/SRCH-FRIDGE'],
      [product.upc!, 'product', 'SRCH-FRIDGE', '/inventory/detail/model/SRCH-FRIDGE'],
      ['quartzite', 'product', 'SRCH-FRIDGE', '/inventory/detail/model/SRCH-FRIDGE'],
      ['snqx778001', 'serial', 'SNQX778001', `/inventory-serials/${serialId}`],
      ['INVQ-55', 'invoice', 'INVQ-5521', `/accounts-payable-invoices?invoice_number=INVQ-5521&vendor=${vendorId}`],
      ['quarring', 'contact', 'Gwendolyn Quarrington', '/contacts/details?id='],
      ['5025550', 'contact', 'Gwendolyn Quarrington', '/contacts/details?id='],
      [
        'CT-QX0042',
        'transfer',
        'CT-QX0042',
        `/inventory/transfer/SRCH-FRIDGE?from_bucket=${encodeURIComponent(bucket)}`,
      ],
      ['POSQX-9001', 'sale', 'CS-QX0077', '/boards/committed-sales?search=POSQX-9001'],
      ['CS-QX0077', 'sale', 'CS-QX0077', '/boards/committed-sales?search=POSQX-9001'],
      ['POSQX-9002', 'sale', 'CS-QX0078', '/inventory-transactions/CS-QX0078'],
      ['qxbin', 'bin', 'QXBIN-07', '/inventory/bins/assignment/KY01/QXBIN-07'],
    ];
    for (const [q, kind, label, path] of cases) {
      const hit = hitsOf(await found(q), kind).find((h) => h.label === label);
      expect(hit, `${q} finds ${kind} ${label}`).toBeDefined();
      expect(hit!.path.startsWith(path), `${hit!.path} opens ${path}`).toBe(true);
    }
  });

  it('ranks exact before prefix before contains, and the group with the exact hit first', async () => {
    const answer = await found('SRCH-FRIDGE');
    const products = hitsOf(answer, 'product');
    expect(products.map((h) => [h.label, h.rank])).toEqual([
      ['SRCH-FRIDGE', 0],
      ['SRCH-FRIDGE2', 1],
      ['ZZ-SRCH-OTHER', 2],
    ]);
    const serial = await found('SNQX778001');
    expect(serial.groups[0]!.type).toBe('serial');
    expect(hitsOf(serial, 'serial')[0]).toMatchObject({ label: 'SNQX778001', rank: 0 });
    // Contains on serials (4 characters up): the middle of the number finds both.
    expect(hitsOf(await found('X7780'), 'serial').map((h) => [h.label, h.rank])).toEqual([
      ['SNQX778001', 2],
      ['SNQX778002', 2],
    ]);
  });

  it('limits the rows per kind', async () => {
    const res = await search('SNQX', admin, 1);
    expect(res.statusCode).toBe(200);
    expect(hitsOf(res.json<TSearchAnswer>(), 'serial')).toHaveLength(1);
  });

  it('searches only the kinds the role may read', async () => {
    // warehouse-1 has inventory:view but not purchase-order:view, sales-desk:manage nor the AP invoice rights.
    expect(hitsOf(await found('quarring', warehouse), 'contact')).toEqual([]);
    expect(hitsOf(await found(poRef, warehouse), 'po')).toEqual([]);
    expect(hitsOf(await found('INVQ', warehouse), 'invoice')).toEqual([]);
    expect(hitsOf(await found('snqx778001', warehouse), 'serial')).toHaveLength(1);
  });

  it('shows transacted sales only to a role that may open their transaction page', async () => {
    // user has boards:view (the board) but not inventory:view (the transaction page).
    expect(hitsOf(await found('POSQX', baseUser), 'sale').map((h) => h.label)).toEqual(['CS-QX0077']);
    expect(hitsOf(await found('POSQX'), 'sale').map((h) => [h.label, h.secondary])).toEqual([
      ['CS-QX0077', 'Invoice POSQX-9001 · SRCH-FRIDGE'],
      ['CS-QX0078', 'Invoice POSQX-9002 · SRCH-FRIDGE · transacted'],
    ]);
  });

  it('treats LIKE characters as text', async () => {
    expect((await found('%%')).groups).toEqual([]);
    expect((await found('SRCH_FRIDGE')).groups).toEqual([]);
  });

  it('refuses a missing, blank or too long q and a bad limit with a 400 naming the field', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=%20%20',
      '/api/search?q=a',
      `/api/search?q=${'x'.repeat(101)}`,
      '/api/search?q=ab&limit=0',
    ]) {
      const res = await injectAs(t.app, admin, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json<{ errors: object }>().errors), url).toEqual([url.includes('limit') ? 'limit' : 'q']);
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search?q=abc' });
    expect(res.statusCode).toBe(401);
  });
});
