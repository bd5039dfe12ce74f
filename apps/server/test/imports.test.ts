import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TImport } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { createLocation, createProducts, createSignedInUser, nextUpc, upcFrom } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/**
 * Moving a store in (issue 36 part 1): the dry run with every refusal, idempotent confirms, a price change as an
 * update, opening stock with serials and bins through the ledger (its check clean), the mapping guessed and saved per
 * layout, XLSX files, and the round trip export → import into an empty database.
 */
let t: TestApp;
let admin: string;
let adminName: string;

const UPC_A = upcFrom('01234500001');
const UPC_B = upcFrom('01234500002');
const BAD_UPC = `${UPC_A.slice(0, 11)}${(Number(UPC_A.at(-1)) + 1) % 10}`;

function form(content: string | Uint8Array, filename: string): FormData {
  const f = new FormData();
  f.append('file', new Blob([typeof content === 'string' ? content : Buffer.from(content)]), filename);
  return f;
}

async function dryRun(
  app: TestApp,
  entity: string,
  content: string | Uint8Array,
  options: { filename?: string; mapping?: Record<string, string | null>; token?: string } = {},
) {
  const query = options.mapping ? `?mapping=${encodeURIComponent(JSON.stringify(options.mapping))}` : '';
  return app.app.inject({
    method: 'POST',
    url: `/api/imports/${entity}/dry-run${query}`,
    headers: bearer(options.token ?? admin),
    payload: form(content, options.filename ?? `${entity}.csv`),
  });
}

async function plan(app: TestApp, entity: string, content: string | Uint8Array, filename?: string): Promise<TImport> {
  const res = await dryRun(app, entity, content, { filename });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function confirm(app: TestApp, id: number, token = admin) {
  const res = await app.app.inject({ method: 'POST', url: `/api/imports/${id}/confirm`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const jobId = res.json().job_id as number;
  await app.services.jobs.drain();
  for (let i = 0; i < 200; i++) {
    const job = (await app.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: bearer(token) })).json();
    if (job.status === 'succeeded') return job.result as { created: number; updated: number; skipped: number };
    if (job.status === 'failed') throw new Error(`import job failed: ${job.error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import job did not finish');
}

const rowOf = (p: TImport, line: number) => p.rows.find((r) => r.row === line)!;
const count = async (app: TestApp, table: string) =>
  (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
const ledgerCheck = async (app: TestApp, token: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/ledger/check', headers: bearer(token) })).json();

let developer: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token: admin, username: adminName } = await createSignedInUser(t, { role: 'admin' }));
  developer = (await createSignedInUser(t, { role: 'developer' })).token;
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  for (const [name, shelf] of [
    ['R01-B01-S01', 1],
    ['R01-B01-S02', 2],
  ] as const)
    await t.db.execute(
      sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf) values (${name}, 'KY01', 'NEW', 'KY01', 1, 1, ${shelf})`,
    );
});

afterAll(() => t?.close());

/** The `created` history rows of the records the query selects (their ids as text), by model or name, with the creator's role. */
const createdRows = async (entity: string, ids: ReturnType<typeof sql>) =>
  (
    await queryRows<{ role: string; after: string }>(
      t.db,
      sql`select r.role_name as role, c.after from record_changes c join users u on u.id = c.user_id join roles r on r.id = u.role_id
        where c.entity = ${entity} and c.field = 'created' and c.record_id in (${ids}) order by c.after`,
    )
  ).map((row) => ({ role: row.role, after: JSON.parse(row.after) as Record<string, unknown> }));

/** A record's changes through the history API, newest first, as [field, before, after, username]; creations left out. */
const changesOf = async (entity: string, id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/history/${entity}/${id}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { field: string; before: unknown; after: unknown; username: string }[])
    .filter((c) => c.field !== 'created')
    .map((c) => [c.field, c.before, c.after, c.username]);
};

const PRODUCTS = [
  'Model #,Product Title,UPC Code,Brand Name,Category,Manufacturer,Cost,MSRP,Serial tracked',
  `TV-100,Television 55in,${UPC_A},Imported Brand,Imported Category,Imported Maker,400.00,599.99,yes`,
  `CAB-200,HDMI cable,${UPC_B},Imported Brand,,,4.5,,no`,
].join('\n');

describe('dry run', () => {
  it('maps the headers by their names, plans each row, refuses each broken rule by field, and writes nothing else', async () => {
    const before = { products: await count(t, 'products'), brands: await count(t, 'brands') };
    const file = [
      PRODUCTS,
      `BAD-UPC,Bad UPC,${BAD_UPC},,,,1.00,,no`,
      `NO-DESC,,,,,,1.00,,no`,
      `TV-100,Same model again,,,,,1.00,,yes`,
      `BAD-COST,Bad cost,,,,,abc,,no`,
      `BAD-TRACK,Bad flag,,,,,1.00,,maybe`,
    ].join('\n');
    const p = await plan(t, 'products', file);
    expect(p.mapping_source).toBe('guessed');
    expect(p.mapping).toMatchObject({
      'Model #': 'model_number',
      'Product Title': 'description',
      'UPC Code': 'upc',
      'Brand Name': 'brand',
      Cost: 'current_cost',
      'Serial tracked': 'serial_number_tracked',
    });
    expect(p.total_rows).toBe(7);
    expect(rowOf(p, 2)).toMatchObject({ key: 'TV-100', outcome: 'create', reasons: {} });
    expect(rowOf(p, 2).changes).toEqual(
      expect.arrayContaining(['brand Imported Brand (new)', 'manufacturer Imported Maker (new)']),
    );
    expect(rowOf(p, 4).reasons.upc).toEqual(['must be a 12-digit UPC-A or 13-digit EAN-13 with a valid check digit']);
    expect(rowOf(p, 5).reasons.description).toEqual(['is required']);
    expect(rowOf(p, 6).reasons.model_number).toEqual(['repeats row 2 of this file (the same key)']);
    expect(rowOf(p, 7).reasons.current_cost).toEqual(['must be an amount of money (at most 2 decimals)']);
    expect(rowOf(p, 8).reasons.serial_number_tracked).toEqual(['must be yes or no (true/false, 1/0)']);
    expect(p.counts).toEqual({ create: 2, update: 0, unchanged: 0, refused: 5 });
    expect(p.status).toBe('dry-run');
    expect({ products: await count(t, 'products'), brands: await count(t, 'brands') }).toEqual(before);

    // The stored plan reads back, by outcome too.
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${p.id}?outcome=refused`,
      headers: bearer(admin),
    });
    expect(refused.json().rows.map((r: { row: number }) => r.row)).toEqual([4, 5, 6, 7, 8]);
  });

  it('refuses a required field no column is mapped to, and a mapping naming an unknown field', async () => {
    const p = await plan(t, 'products', 'Model,Colour\nX-1,red\n');
    expect(rowOf(p, 2).reasons.description).toEqual(['is required (no column of the file is mapped to it)']);
    const bad = await dryRun(t, 'products', 'Model\nX-1\n', { mapping: { Model: 'nonsense' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.mapping).toEqual(['mapping names an unknown field: nonsense']);
  });

  it('saves the mapping per layout: the next file of the same headers (any order) maps itself', async () => {
    const mapping = { Ref: 'model_number', Words: 'description', Price: 'current_cost' };
    const first = await dryRun(t, 'products', 'Ref,Words,Price\nMAP-1,Mapped,1.00\n', { mapping });
    expect(first.json().mapping_source).toBe('given');
    const next = await plan(t, 'products', 'Price,Ref,Words\n2.00,MAP-2,Mapped again\n');
    expect(next.mapping_source).toBe('saved');
    expect(next.mapping).toEqual({ Price: 'current_cost', Ref: 'model_number', Words: 'description' });
    expect(rowOf(next, 2)).toMatchObject({ key: 'MAP-2', outcome: 'create' });
  });

  it('refuses a file that is not .csv or .xlsx, and a role without data-import:manage', async () => {
    expect((await dryRun(t, 'products', 'a,b\n', { filename: 'x.pdf' })).statusCode).toBe(400);
    const clerk = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
    expect((await dryRun(t, 'products', PRODUCTS, { token: clerk })).statusCode).toBe(403);
  });
});

describe('confirm', () => {
  it('applies the plan in a job; the same file again imports nothing; a changed price updates', async () => {
    const p = await plan(t, 'products', PRODUCTS);
    expect(p.counts).toMatchObject({ create: 2, refused: 0 });
    expect(await confirm(t, p.id)).toEqual({ created: 2, updated: 0, skipped: 0 });
    const [tv] = await queryRows<{ current_cost_cents: number; brand: string; serial_number_tracked: boolean }>(
      t.db,
      sql`select p.current_cost_cents, b.brand_name as brand, p.serial_number_tracked from products p join brands b on b.id = p.fk_brand_id where p.model_number = 'TV-100'`,
    );
    expect(tv).toEqual({ current_cost_cents: 40000, brand: 'Imported Brand', serial_number_tracked: true });
    // Each new product's creation is in its history, by the user who confirmed the import.
    expect(
      await createdRows('product', sql`select id::text from products where model_number in ('TV-100', 'CAB-200')`),
    ).toEqual([
      expect.objectContaining({ role: 'admin', after: expect.objectContaining({ model_number: 'CAB-200' }) }),
      expect.objectContaining({
        role: 'admin',
        after: expect.objectContaining({ model_number: 'TV-100', brand: 'Imported Brand' }),
      }),
    ]);
    const again = await t.app.inject({ method: 'POST', url: `/api/imports/${p.id}/confirm`, headers: bearer(admin) });
    expect(again.statusCode).toBe(409);

    const products = await count(t, 'products');
    const brands = await count(t, 'brands');
    const same = await plan(t, 'products', PRODUCTS);
    expect(same.counts).toEqual({ create: 0, update: 0, unchanged: 2, refused: 0 });
    expect(await confirm(t, same.id)).toEqual({ created: 0, updated: 0, skipped: 0 });
    expect(await count(t, 'products')).toBe(products);
    expect(await count(t, 'brands')).toBe(brands);

    const changed = await plan(t, 'products', PRODUCTS.replace('400.00', '425.50'));
    expect(changed.counts).toEqual({ create: 0, update: 1, unchanged: 1, refused: 0 });
    expect(rowOf(changed, 2).changes).toEqual(['current_cost: 400.00 → 425.50']);
    expect(await confirm(t, changed.id)).toEqual({ created: 0, updated: 1, skipped: 0 });
    const [cost] = await queryRows<{ c: number; id: number }>(
      t.db,
      sql`select current_cost_cents as c, id from products where model_number = 'TV-100'`,
    );
    expect(Number(cost!.c)).toBe(42550);
    // The update is in the product's history as the API's updates are: the changed field, before and after, by whom.
    expect(await changesOf('product', cost!.id)).toEqual([['current_cost', '400.00', '425.50', adminName]]);
  });

  it('imports vendors and contacts by their keys, refusing what their forms refuse', async () => {
    const vendors = await plan(
      t,
      'vendors',
      'Company,Type,Email\nAcme Supply,sales,rep@acme.example\nNo Type Inc,,\nBad Mail Co,service,not-an-email\nAcme Supply,sales,\n',
    );
    expect(rowOf(vendors, 2).outcome).toBe('create');
    expect(rowOf(vendors, 3).reasons.vendor_type).toEqual(['is required']);
    expect(Object.keys(rowOf(vendors, 4).reasons)).toEqual(['rep_email']);
    expect(rowOf(vendors, 5).reasons.company_name).toEqual(['repeats row 2 of this file (the same key)']);
    expect(await confirm(t, vendors.id)).toMatchObject({ created: 1 });
    expect(await createdRows('vendor', sql`select id::text from vendors where company_name = 'Acme Supply'`)).toEqual([
      { role: 'admin', after: expect.objectContaining({ company_name: 'Acme Supply', vendor_type: 'sales' }) },
    ]);
    // A second file updates the vendor: each changed field recorded, an unchanged one not.
    const update = await plan(t, 'vendors', 'Company,Type,Email,City\nAcme Supply,sales,sales@acme.example,Austin\n');
    expect(update.counts).toMatchObject({ update: 1 });
    expect(await confirm(t, update.id)).toMatchObject({ updated: 1 });
    const [acme] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from vendors where company_name = 'Acme Supply'`,
    );
    expect((await changesOf('vendor', acme!.id)).sort()).toEqual([
      ['city', null, 'Austin', adminName],
      ['rep_email', 'rep@acme.example', 'sales@acme.example', adminName],
    ]);

    const contacts = await plan(
      t,
      'contacts',
      [
        'First Name,Last Name,Email,State,Phone',
        'Ann,Smith,ann@example.com,ky,502-555-0100',
        'Bob,Jones,,TX,',
        ',,,,',
        'Cy,Bad,cy@example.com,ZZ,',
        ',,nobody@example.com,,',
      ].join('\n'),
    );
    expect(rowOf(contacts, 2)).toMatchObject({ key: 'ann@example.com', outcome: 'create' });
    expect(rowOf(contacts, 3)).toMatchObject({ key: 'name:bob jones', outcome: 'create' });
    expect(rowOf(contacts, 5).reasons.state).toBeDefined();
    expect(rowOf(contacts, 6).reasons.first_name).toBeDefined();
    expect(contacts.total_rows).toBe(4);
    expect(await confirm(t, contacts.id)).toMatchObject({ created: 2 });
    const [ann] = await queryRows<{ state: string }>(
      t.db,
      sql`select state from contacts where primary_email = 'ann@example.com'`,
    );
    expect(ann!.state).toBe('KY');
    const again = await plan(t, 'contacts', 'First Name,Last Name,Email\nAnn,Smith,ann@example.com\nBob,Jones,\n');
    expect(again.counts).toMatchObject({ unchanged: 2 });
  });
});

describe('opening stock', () => {
  const STOCK = [
    'Bucket,Model,Serial,Qty,Bin',
    'KY01,TV-100,SN-0001,,R01-B01-S01',
    'KY01,TV-100,SN-0002,,R01-B01-S01',
    'KY01,TV-100,SN-0003,,',
    'TX01,TV-100,SN-0004,1,',
    'KY01,CAB-200,,10,R01-B01-S02',
    'KY01,CAB-200,,5,',
  ].join('\n');

  it('refuses a bucket, product, bin or serial that breaks a rule', async () => {
    await createProducts(t.db, [
      { modelNumber: 'PAIR-2SN', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 2 },
    ]);
    const p = await plan(
      t,
      'opening-stock',
      [
        'Bucket,Model,Serial,Qty,Bin',
        'NOPE,TV-100,SN-X1,,',
        'KY01,NOPE-MODEL,,1,',
        'KY01,TV-100,,1,',
        'KY01,CAB-200,SN-X2,,',
        'KY01,TV-100,SN-X3,2,',
        'KY01,CAB-200,,0,',
        'KY01,CAB-200,,3,R09-B09-S09',
        'KY01,TV-100,SN-X4,,',
        'TX01,TV-100,SN-X4,,',
        'KY01,PAIR-2SN,SN-X5,,',
      ].join('\n'),
    );
    expect(rowOf(p, 2).reasons.bucket).toEqual(['bucket NOPE does not exist']);
    expect(rowOf(p, 3).reasons.model_number).toEqual(['product NOPE-MODEL does not exist (import it first)']);
    expect(rowOf(p, 4).reasons.serial_number).toEqual([
      'is required: the product is serial-tracked (one row per serial)',
    ]);
    expect(rowOf(p, 5).reasons.serial_number).toEqual([
      'the product is not serial-tracked: leave the serial out and give a quantity',
    ]);
    expect(rowOf(p, 6).reasons.quantity).toEqual(['must be 1 (or empty) on a row with a serial']);
    expect(rowOf(p, 7).reasons.quantity).toEqual(['must be a whole number of at least 1']);
    expect(rowOf(p, 8).reasons.bin).toEqual(['bin R09-B09-S09 does not exist in KY01']);
    expect(rowOf(p, 9).outcome).toBe('create');
    expect(rowOf(p, 10).reasons.serial_number).toEqual([
      'is already in row 9 of this file: a serial is live in one place',
    ]);
    expect(rowOf(p, 11).reasons.serial_number).toEqual([
      'the product carries 2 serials per unit, and a row is one unit with one serial: receive its stock on a purchase order instead',
    ]);
  });

  it('posts opening balances through the ledger: on-hand, serials and bins right, the ledger check clean, twice imports once', async () => {
    const p = await plan(t, 'opening-stock', STOCK);
    expect(p.counts).toEqual({ create: 6, update: 0, unchanged: 0, refused: 0 });
    expect(await confirm(t, p.id)).toEqual({ created: 6, updated: 0, skipped: 0 });

    const onHand = await queryRows<{ model: string; bucket: string; quantity: number }>(
      t.db,
      sql`select p.model_number as model, i.bucket, i.quantity from inventory i join products p on p.id = i.product_id
          where p.model_number in ('TV-100', 'CAB-200') and i.quantity <> 0 order by 1, 2`,
    );
    expect(onHand).toEqual([
      { model: 'CAB-200', bucket: 'KY01', quantity: 15 },
      { model: 'TV-100', bucket: 'KY01', quantity: 3 },
      { model: 'TV-100', bucket: 'TX01', quantity: 1 },
    ]);
    const serials = await queryRows<{ serial_number: string; bucket: string }>(
      t.db,
      sql`select serial_number, bucket from inventory_serials where disposition_code = 'LIVE' and serial_number like 'SN-000%' order by 1`,
    );
    expect(serials).toEqual([
      { serial_number: 'SN-0001', bucket: 'KY01' },
      { serial_number: 'SN-0002', bucket: 'KY01' },
      { serial_number: 'SN-0003', bucket: 'KY01' },
      { serial_number: 'SN-0004', bucket: 'TX01' },
    ]);
    const bins = await queryRows<{ bin: string; model: string; quantity: number }>(
      t.db,
      sql`select b.bin_name as bin, p.model_number as model, bi.quantity from bin_items bi join bins b on b.id = bi.bin_id
          join products p on p.id = bi.product_id order by 1`,
    );
    expect(bins).toEqual([
      { bin: 'R01-B01-S01', model: 'TV-100', quantity: 2 },
      { bin: 'R01-B01-S02', model: 'CAB-200', quantity: 10 },
    ]);
    const ledger = await queryRows<{ reference: string; quantity_delta: number; import_id: string }>(
      t.db,
      sql`select ims_transaction_reference_id as reference, quantity_delta, details ->> 'import_id' as import_id
          from inventory_transactions where type = 'INVENTORY_OPENING_BALANCE' order by id`,
    );
    expect(ledger.length).toBeGreaterThanOrEqual(4);
    expect(ledger.every((l) => l.reference.startsWith('IO-') && l.import_id === String(p.id))).toBe(true);
    expect(ledger.reduce((s, l) => s + l.quantity_delta, 0)).toBe(19);
    expect(await ledgerCheck(t, developer)).toMatchObject({ clean: true, differences: [] });
    // The simulation replays the opening balances to the on-hand.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/ims/inventory/product/history/?model=CAB-200',
      headers: bearer(admin),
    });
    expect(history.statusCode, history.body).toBe(200);
    const sim = history.json();
    expect(sim.inventory_history.map((e: { type: string }) => e.type)).toEqual([
      'INVENTORY_OPENING_BALANCE',
      'INVENTORY_OPENING_BALANCE',
    ]);
    expect(sim.final_inventory_history).toEqual([
      expect.objectContaining({ bucket: 'KY01', replayed_quantity: 15, on_hand_quantity: 15, matches: true }),
    ]);

    // The same file again: every row unchanged, nothing posted.
    const rows = await count(t, 'inventory_transactions');
    const again = await plan(t, 'opening-stock', STOCK);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 6, refused: 0 });
    await confirm(t, again.id);
    expect(await count(t, 'inventory_transactions')).toBe(rows);
    // A serial live in KY01 brought into TX01, and a different opening quantity: refused.
    const moved = await plan(t, 'opening-stock', 'Bucket,Model,Serial,Qty\nTX01,TV-100,SN-0001,\nKY01,CAB-200,,6\n');
    expect(rowOf(moved, 2).reasons.serial_number).toEqual(['is live in KY01: a serial is live in one place']);
    expect(rowOf(moved, 3).reasons.quantity).toEqual([
      'opening stock of this model in this bucket and bin was imported already (5); change it with an admin adjustment',
    ]);
  });
});

describe('files', () => {
  it('reads an XLSX workbook as it reads a CSV file', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['model_number', 'description', 'current_cost', 'upc']);
    sheet.addRow(['XL-1', 'From a workbook', 12.5, UPC_A]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const p = await plan(t, 'products', bytes, 'products.xlsx');
    expect(rowOf(p, 2)).toMatchObject({ key: 'XL-1', outcome: 'create', reasons: {} });
    expect(await confirm(t, p.id)).toMatchObject({ created: 1 });
    const [row] = await queryRows<{ c: number; upc: string }>(
      t.db,
      sql`select current_cost_cents as c, upc from products where model_number = 'XL-1'`,
    );
    expect({ c: Number(row!.c), upc: row!.upc }).toEqual({ c: 1250, upc: UPC_A });
  });
});

describe('round trip', () => {
  it('an export imported into an empty database exports the same files', async () => {
    const exportOf = async (app: TestApp, entity: string, token: string) => {
      const res = await app.app.inject({ method: 'GET', url: `/api/imports/${entity}/export`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      return res.body;
    };
    const entities = ['products', 'vendors', 'contacts', 'opening-stock'] as const;
    const before: Record<string, string> = {};
    for (const e of entities) before[e] = await exportOf(t, e, admin);
    expect(before.products).toContain('TV-100');
    expect(before['opening-stock']).toContain('SN-0004');

    const empty = await createTestApp();
    try {
      const token = (await createSignedInUser(empty, { role: 'admin' })).token;
      // Locations, buckets and bins are set up, not imported.
      await createLocation(empty.services, 'KY01');
      await createLocation(empty.services, 'TX01');
      for (const [name, shelf] of [
        ['R01-B01-S01', 1],
        ['R01-B01-S02', 2],
      ] as const)
        await empty.db.execute(
          sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf) values (${name}, 'KY01', 'NEW', 'KY01', 1, 1, ${shelf})`,
        );
      const saved = admin;
      admin = token;
      try {
        for (const e of entities) {
          const p = await plan(empty, e, before[e]!);
          expect(p.counts.refused, JSON.stringify(p.rows.filter((r) => r.outcome === 'refused'))).toBe(0);
          await confirm(empty, p.id, token);
        }
        for (const e of entities) expect(await exportOf(empty, e, token), e).toBe(before[e]);
        expect(await ledgerCheck(empty, (await createSignedInUser(empty, { role: 'developer' })).token)).toMatchObject({
          clean: true,
        });
      } finally {
        admin = saved;
      }
    } finally {
      await empty.close();
    }
  });
});

describe('large files, a page at a time', () => {
  const ROWS = 2_500;
  const model = (i: number) => `PG-${String(i).padStart(4, '0')}`;
  // Products: every fourth serial-tracked; 2,500 rows over 25 pages of 100 (the dry run in chunks of 700).
  const productFile = (cost: (i: number) => string) =>
    [
      'model_number,description,brand,category,current_cost,serial_number_tracked',
      ...Array.from(
        { length: ROWS },
        (_, k) =>
          `${model(k + 1)},Paged product ${k + 1},Paged Brand ${k % 7},Paged Category ${k % 3},${cost(k + 1)},${(k + 1) % 4 === 0 ? 'yes' : 'no'}`,
      ),
    ].join('\n');
  // Opening stock: 2,000 serials cycling over the 625 tracked products, and 500 quantity rows (one in four binned).
  const stockFile = (serial: (s: number) => string) =>
    [
      'bucket,model_number,serial_number,quantity,bin',
      ...Array.from({ length: 2_000 }, (_, s) => `KY01,${model(4 * (1 + (s % 625)))},${serial(s)},,`),
      ...Array.from(
        { length: 500 },
        (_, k) => `KY01,${model(4 * k + 1)},,${1 + (k % 3)},${k % 4 === 0 ? 'R01-B01-S02' : ''}`,
      ),
    ].join('\n');

  /** Confirms with the job's progress recorded. */
  async function confirmWithProgress(id: number) {
    const steps: [number, number][] = [];
    const apply = t.services.imports.apply.bind(t.services.imports);
    const spy = vi
      .spyOn(t.services.imports, 'apply')
      .mockImplementation((tx, importId, progress) =>
        apply(tx, importId, (done, total) => (steps.push([done, total]), progress(done, total))),
      );
    try {
      return { result: await confirm(t, id), steps };
    } finally {
      spy.mockRestore();
    }
  }

  beforeAll(() => {
    t.services.imports.pageRows = 100;
    t.services.imports.dryRunChunkRows = 700;
  });
  afterAll(() => {
    t.services.imports.pageRows = 1_000;
    t.services.imports.dryRunChunkRows = 10_000;
  });

  it(
    'applies every page of products set-based: creates, then updates of some fields, progress per page',
    { timeout: 180_000 },
    async () => {
      const p = await plan(
        t,
        'products',
        productFile((i) => (10 + (i % 90)).toFixed(2)),
      );
      expect(p.counts).toEqual({ create: ROWS, update: 0, unchanged: 0, refused: 0 });
      const { result, steps } = await confirmWithProgress(p.id);
      expect(result).toEqual({ created: ROWS, updated: 0, skipped: 0 });
      expect(steps).toEqual(Array.from({ length: 26 }, (_, k) => [k * 100, ROWS]));
      const [made] = await queryRows<{ n: number; tracked: number; cost: number; brands: number }>(
        t.db,
        sql`select count(*)::int as n, count(*) filter (where serial_number_tracked)::int as tracked,
                 sum(current_cost_cents)::int as cost, count(distinct fk_brand_id)::int as brands
          from products where model_number like 'PG-%'`,
      );
      const cost = Array.from({ length: ROWS }, (_, k) => (10 + ((k + 1) % 90)) * 100).reduce((a, b) => a + b, 0);
      expect(made).toEqual({ n: ROWS, tracked: ROWS / 4, cost, brands: 7 });

      // Every tenth cost changed: 250 updates spread over the pages, the other fields left as they are.
      const changed = await plan(
        t,
        'products',
        productFile((i) => (10 + (i % 90) + (i % 10 === 0 ? 1 : 0)).toFixed(2)),
      );
      expect(changed.counts).toEqual({ create: 0, update: 250, unchanged: ROWS - 250, refused: 0 });
      expect((await confirmWithProgress(changed.id)).result).toEqual({ created: 0, updated: 250, skipped: 0 });
      const [after] = await queryRows<{ cost: number; described: number }>(
        t.db,
        sql`select sum(current_cost_cents)::int as cost,
                 count(*) filter (where description = 'Paged product ' || ltrim(substr(model_number, 4), '0'))::int as described
          from products where model_number like 'PG-%'`,
      );
      expect(after).toEqual({ cost: cost + 250 * 100, described: ROWS });
      // Each update recorded in its product's history (one insert a page): the cost alone, by the importer.
      const [recorded] = await queryRows<{ n: number; fields: string; users: number }>(
        t.db,
        sql`select count(*)::int as n, string_agg(distinct c.field, ',') as fields, count(distinct c.user_id)::int as users
          from record_changes c join products p on c.entity = 'product' and c.record_id = p.id::text
          where p.model_number like 'PG-%' and c.field <> 'created'`,
      );
      expect(recorded).toEqual({ n: 250, fields: 'current_cost', users: 1 });
    },
  );

  it(
    'posts opening stock of every page through the ledger (its check clean); a failed confirm writes nothing',
    { timeout: 180_000 },
    async () => {
      const before = {
        ledger: await count(t, 'inventory_transactions'),
        serials: await count(t, 'inventory_serials'),
        bins: await count(t, 'bin_movements'),
      };
      const failing = await plan(
        t,
        'opening-stock',
        stockFile((s) => `PGSN-${s}`),
      );
      expect(failing.counts).toEqual({ create: 2_500, update: 0, unchanged: 0, refused: 0 });
      // The confirm fails on its fifth page: the pages before it are rolled back with it.
      const ledger = t.services.ledgerWrites.ledger;
      const post = ledger.postOpeningBalances.bind(ledger);
      let calls = 0;
      const spy = vi.spyOn(ledger, 'postOpeningBalances').mockImplementation(async (input) => {
        if (++calls === 5) throw new Error('the database went away');
        return post(input);
      });
      await expect(confirm(t, failing.id)).rejects.toThrow('the database went away');
      spy.mockRestore();
      expect(calls).toBe(5);
      expect((await t.services.imports.get(failing.id, { offset: 0, limit: 1 })).status).toBe('failed');
      expect({
        ledger: await count(t, 'inventory_transactions'),
        serials: await count(t, 'inventory_serials'),
        bins: await count(t, 'bin_movements'),
      }).toEqual(before);

      // The same file dry-run again and confirmed: every page posted once.
      const p = await plan(
        t,
        'opening-stock',
        stockFile((s) => `PGSN-${s}`),
      );
      const { result, steps } = await confirmWithProgress(p.id);
      expect(result).toEqual({ created: 2_500, updated: 0, skipped: 0 });
      expect(steps.at(-1)).toEqual([2_500, 2_500]);
      expect(steps).toHaveLength(26);
      const [stock] = await queryRows<{
        serials: number;
        tracked_on_hand: number;
        other_on_hand: number;
        binned: number;
      }>(
        t.db,
        sql`select (select count(*)::int from inventory_serials where serial_number like 'PGSN-%' and disposition_code = 'LIVE' and bucket = 'KY01') as serials,
                 (select sum(i.quantity)::int from inventory i join products p on p.id = i.product_id
                   where p.model_number like 'PG-%' and p.serial_number_tracked) as tracked_on_hand,
                 (select sum(i.quantity)::int from inventory i join products p on p.id = i.product_id
                   where p.model_number like 'PG-%' and not p.serial_number_tracked) as other_on_hand,
                 (select sum(bi.quantity)::int from bin_items bi join products p on p.id = bi.product_id
                   where p.model_number like 'PG-%') as binned`,
      );
      const quantities = Array.from({ length: 500 }, (_, k) => 1 + (k % 3));
      expect(stock).toEqual({
        serials: 2_000,
        tracked_on_hand: 2_000,
        other_on_hand: quantities.reduce((a, b) => a + b, 0),
        binned: quantities.filter((_, k) => k % 4 === 0).reduce((a, b) => a + b, 0),
      });
      // In key order a product's serials come together: at most a ledger row per product and page, each naming its rows.
      const rows = await queryRows<{ serials: number; delta: number; rows: number; import_id: string }>(
        t.db,
        sql`select count(s.id)::int as serials, t.quantity_delta as delta, jsonb_array_length(t.details -> 'rows') as rows,
                 t.details ->> 'import_id' as import_id
          from inventory_transactions t left join inventory_transaction_serials s on s.transaction_id = t.id
          where t.type = 'INVENTORY_OPENING_BALANCE' and (t.details ->> 'import_id')::int = ${p.id}
          group by t.id`,
      );
      expect(rows.every((r) => r.import_id === String(p.id))).toBe(true);
      const serialRows = rows.filter((r) => r.serials > 0);
      expect(serialRows.every((r) => r.serials === r.delta && r.rows === r.serials)).toBe(true);
      expect(serialRows.length).toBeLessThanOrEqual(625 + 25);
      expect(rows.filter((r) => r.serials === 0)).toHaveLength(500);
      expect(await ledgerCheck(t, developer)).toMatchObject({ clean: true, differences: [] });

      // A third time: every row unchanged, nothing posted twice.
      const ledgerRows = await count(t, 'inventory_transactions');
      const again = await plan(
        t,
        'opening-stock',
        stockFile((s) => `PGSN-${s}`),
      );
      expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 2_500, refused: 0 });
      await confirm(t, again.id);
      expect(await count(t, 'inventory_transactions')).toBe(ledgerRows);
    },
  );
});
