import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_MESSAGES, ROLE_PERMISSIONS, ROLES, type TBin, type TBinsPage } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import {
  createLocation,
  createProducts,
  createSignedInUser,
  nextUpc,
  receiveStock,
  type CreatedProduct,
} from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/** Bins (issue 11): every route, the bin:admin rule, the row/bay/shelf rules, the contents messages, and labels. */
let t: TestApp;
let admin: string;
let viewer: string;
let kit: CreatedProduct;
let other: CreatedProduct;
let stray: CreatedProduct;

const binCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from bins`))[0]!.n;
const movementCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from bin_movements`))[0]!.n;

async function createBin(body: Record<string, unknown>, token = admin) {
  return injectAs(t.app, token, {
    method: 'POST',
    url: '/api/ims/bins',
    payload: { locationCode: 'KY01', conditionCode: 'NEW', ...body },
  });
}
async function putItems(binId: number, isAdding: boolean, items: { upc: string; updateQty: number }[], token = viewer) {
  return injectAs(t.app, token, {
    method: 'PUT',
    url: `/api/ims/bins/${binId}/items`,
    payload: { isAdding, items, submittedBy: 'tester' },
  });
}
async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  admin = (await createSignedInUser(t, { role: 'warehouse-admin' })).token;
  viewer = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
  [kit, other, stray] = (await createProducts(t.db, [
    { modelNumber: 'BINT-KIT', upc: nextUpc(), alternateUpc: nextUpc() },
    { modelNumber: 'BINT-OTHER', upc: nextUpc() },
    { modelNumber: 'BINT-STRAY', upc: nextUpc() },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct];
  await receiveStock(t.services, kit, 'KY01', { units: 6 });
  await receiveStock(t.services, other, 'KY01', { units: 2 });
});
afterAll(() => t?.close());

describe('bin:admin', () => {
  it('is held by the warehouse admin and the admin, and create and delete need it', async () => {
    const holders = ROLES.filter((r) => (ROLE_PERMISSIONS[r] as readonly string[]).includes('bin:admin'));
    expect(holders).toContain('warehouse-admin');
    expect(holders).not.toContain('warehouse-1');
    const before = await binCount();
    const refused = await createBin({ row: 5, bay: 5, shelf: 5 }, viewer);
    expect(refused.statusCode).toBe(403);
    expect(await binCount()).toBe(before);
    const made = await createBin({ row: 5, bay: 5, shelf: 5 });
    expect(made.statusCode).toBe(201);
    const del = await injectAs(t.app, viewer, { method: 'DELETE', url: `/api/ims/bins/${made.json().id}` });
    expect(del.statusCode).toBe(403);
    expect(
      (await injectAs(t.app, admin, { method: 'DELETE', url: `/api/ims/bins/${made.json().id}` })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/ims/bins', () => {
  it('creates R##-B##-S## from row, bay and shelf (numbers or digit strings), zero-padded', async () => {
    const res = await createBin({ row: '7', bay: 0, shelf: 12, binName: 'R07-B00-S12' });
    expect(res.statusCode).toBe(201);
    const bin = res.json() as TBin;
    expect(bin).toMatchObject({
      binName: 'R07-B00-S12',
      locationCode: 'KY01',
      conditionCode: 'NEW',
      row: 7,
      bay: 0,
      shelf: 12,
      items: [],
      totalQuantity: 0,
    });
    const derived = await createBin({ row: 99, bay: 9, shelf: 1, conditionCode: 'b_stock' });
    expect(derived.json()).toMatchObject({ binName: 'R99-B09-S01', conditionCode: 'B_STOCK' });
  });

  it.each([
    ['row', { row: 100, bay: 1, shelf: 1 }, BIN_MESSAGES.rowInvalid],
    ['row', { row: '07', bay: 1, shelf: 1 }, BIN_MESSAGES.rowInvalid],
    ['bay', { row: 1, bay: '1.5', shelf: 1 }, BIN_MESSAGES.bayInvalid],
    ['bay', { row: 1, bay: 1.5, shelf: 1 }, BIN_MESSAGES.bayInvalid],
    ['shelf', { row: 1, bay: 1, shelf: -1 }, BIN_MESSAGES.shelfInvalid],
    ['shelf', { row: 1, bay: 1, shelf: 'x' }, BIN_MESSAGES.shelfInvalid],
    ['shelf', { row: 1, bay: 1 }, BIN_MESSAGES.shelfInvalid],
  ])('refuses a bad %s (%j) naming the field, and creates nothing', async (field, body, message) => {
    const before = await binCount();
    const res = await createBin(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await binCount()).toBe(before);
  });

  it('refuses a binName that is not the row, bay and shelf, an unknown location or condition, and a name the location has', async () => {
    const before = await binCount();
    const mismatch = await createBin({ row: 1, bay: 2, shelf: 3, binName: 'R01-B02-S04' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.binName[0]).toContain('R01-B02-S03');
    const location = await createBin({ row: 1, bay: 2, shelf: 3, locationCode: 'NOPE' });
    expect(location.statusCode).toBe(422);
    expect(location.json().errors).toEqual({ locationCode: [BIN_MESSAGES.unknownLocation('NOPE')] });
    const condition = await createBin({ row: 1, bay: 2, shelf: 3, conditionCode: 'SHINY' });
    expect(condition.statusCode).toBe(422);
    expect(Object.keys(condition.json().errors)).toEqual(['conditionCode']);
    expect(await binCount()).toBe(before);
    expect((await createBin({ row: 1, bay: 2, shelf: 3 })).statusCode).toBe(201);
    const twice = await createBin({ row: 1, bay: 2, shelf: 3, conditionCode: 'B_STOCK' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ binName: [BIN_MESSAGES.duplicateName('R01-B02-S03', 'KY01')] });
    // Another location may use the name.
    expect((await createBin({ row: 1, bay: 2, shelf: 3, locationCode: 'TX01' })).statusCode).toBe(201);
  });
});

describe('GET /api/ims/bins', () => {
  it('lists per location, searched, sorted (default newest first) and paged; includeItems adds the contents', async () => {
    for (const shelf of [41, 42, 43]) expect((await createBin({ row: 40, bay: 0, shelf })).statusCode).toBe(201);
    const get = async (query: string) => {
      const res = await injectAs(t.app, viewer, { method: 'GET', url: `/api/ims/bins?${query}` });
      expect(res.statusCode).toBe(200);
      return res.json() as TBinsPage;
    };
    const newest = await get('locationCode=KY01&searchTerm=r40-&perPage=2');
    expect(newest.total).toBe(3);
    expect(newest.data.map((b) => b.binName)).toEqual(['R40-B00-S43', 'R40-B00-S42']);
    const page2 = await get('locationCode=KY01&searchTerm=R40-&perPage=2&page=2');
    expect(page2.data.map((b) => b.binName)).toEqual(['R40-B00-S41']);
    const alpha = await get('locationCode=KY01&searchTerm=R40&orderBy=bin_name&sortDirection=asc&includeItems=');
    expect(alpha.data.map((b) => b.binName)).toEqual(['R40-B00-S41', 'R40-B00-S42', 'R40-B00-S43']);
    const tx = await get('locationCode=TX01&searchTerm=');
    expect(tx.data.every((b) => b.locationCode === 'TX01')).toBe(true);
    const bad = await injectAs(t.app, viewer, {
      method: 'GET',
      url: '/api/ims/bins?orderBy=password&sortDirection=up',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['orderBy', 'sortDirection']);
  });
});

describe('GET /api/bins (001 §7 writes it without ims/)', () => {
  it('is GET /api/ims/bins: the same answer, the same refusals, the same permission, documented', async () => {
    const made = await createBin({ row: 41, bay: 7, shelf: 7 });
    expect(made.statusCode).toBe(201);
    const query = `searchTerm=${made.json().binName}&locationCode=KY01&includeItems=1`;
    const plain = await injectAs(t.app, viewer, { method: 'GET', url: `/api/bins?${query}` });
    expect(plain.statusCode, plain.body).toBe(200);
    const prefixed = await injectAs(t.app, viewer, { method: 'GET', url: `/api/ims/bins?${query}` });
    expect(plain.json()).toEqual(prefixed.json());
    expect((plain.json() as TBinsPage).data.map((b) => b.binName)).toEqual(['R41-B07-S07']);
    const bad = await injectAs(t.app, viewer, { method: 'GET', url: '/api/bins?orderBy=password' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['orderBy']);
    expect((await t.app.inject({ method: 'GET', url: `/api/bins?${query}` })).statusCode).toBe(401);
    const none = await createSignedInUser(t, { role: 'user' });
    expect((await injectAs(t.app, none.token, { method: 'GET', url: `/api/bins?${query}` })).statusCode).toBe(403);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    expect(doc.paths['/api/bins']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['searchTerm', 'locationCode', 'includeItems']),
    );
  });
});

describe('PUT /api/ims/bins/{binId}/items', () => {
  let bin: TBin;
  beforeAll(async () => {
    bin = (await createBin({ row: 50, bay: 1, shelf: 1 })).json();
  });

  it('adds staged UPCs (upc or alternate UPC, summed per product) in bulk and answers the contents', async () => {
    const res = await putItems(bin.id, true, [
      { upc: kit.upc!, updateQty: 2 },
      { upc: other.upc!, updateQty: 1 },
      {
        upc: (
          await queryRows<{ a: string }>(t.db, sql`select alternate_upc as a from products where id = ${kit.id}`)
        )[0]!.a,
        updateQty: 1,
      },
    ]);
    expect(res.statusCode).toBe(200);
    const after = res.json() as TBin;
    expect(after.items.map((i) => [i.model, i.quantity])).toEqual([
      ['BINT-KIT', 3],
      ['BINT-OTHER', 1],
    ]);
    expect(after.totalQuantity).toBe(4);
    const listed = (
      await injectAs(t.app, viewer, {
        method: 'GET',
        url: `/api/ims/bins?locationCode=KY01&searchTerm=${bin.binName}&includeItems=1`,
      })
    ).json() as TBinsPage;
    expect(listed.data[0]!.items.map((i) => i.quantity)).toEqual([3, 1]);
  });

  it("refuses, all or nothing, with the spec's messages naming the line", async () => {
    const before = await movementCount();
    const unknown = await putItems(bin.id, true, [
      { upc: kit.upc!, updateQty: 1 },
      { upc: '000000000000', updateQty: 1 },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      message: BIN_MESSAGES.upcNotFound,
      errors: { 'items.1.upc': [BIN_MESSAGES.upcNotFound] },
    });
    const missing = await putItems(bin.id, false, [
      { upc: kit.upc!, updateQty: 1 },
      { upc: stray.upc!, updateQty: 1 },
    ]);
    expect(missing.json()).toMatchObject({
      message: BIN_MESSAGES.notInBin,
      errors: { 'items.1.upc': [BIN_MESSAGES.notInBin] },
    });
    const short = await putItems(bin.id, false, [{ upc: kit.upc!, updateQty: 4 }]);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      message: BIN_MESSAGES.removeTooMany,
      errors: { 'items.0.updateQty': [BIN_MESSAGES.removeTooMany] },
    });
    // Six on hand, three binned: four more is beyond the on-hand.
    const over = await putItems(bin.id, true, [
      { upc: other.upc!, updateQty: 1 },
      { upc: kit.upc!, updateQty: 4 },
    ]);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['items.1.updateQty'][0]).toContain('Only 3 more');
    const bad = await putItems(bin.id, true, [{ upc: '', updateQty: 0 }]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['items.0.upc', 'items.0.updateQty']);
    expect(await movementCount()).toBe(before);
    const gone = await putItems(999999, true, [{ upc: kit.upc!, updateQty: 1 }]);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(BIN_MESSAGES.binNotFound);
  });

  it('removes in bulk, and the ledger check agrees', async () => {
    const res = await putItems(bin.id, false, [
      { upc: kit.upc!, updateQty: 1 },
      { upc: other.upc!, updateQty: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TBin).items.map((i) => [i.model, i.quantity])).toEqual([['BINT-KIT', 2]]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('with a clientScanId applies once: a replay answers the first answer and moves nothing; the id with another body or bin is a 409 naming clientScanId', async () => {
    const second = (await createBin({ row: 50, bay: 1, shelf: 2 })).json() as TBin;
    const clientScanId = randomUUID();
    const put = (binId: number, body: object) =>
      injectAs(t.app, viewer, { method: 'PUT', url: `/api/ims/bins/${binId}/items`, payload: body });
    const body = { isAdding: true, items: [{ upc: kit.upc!, updateQty: 1 }], submittedBy: 'tester', clientScanId };
    const first = await put(bin.id, body);
    expect(first.statusCode, first.body).toBe(200);
    const moves = await movementCount();
    // Another change after it: a replay still answers the first answer (the contents as that change left them).
    expect((await putItems(bin.id, true, [{ upc: other.upc!, updateQty: 1 }])).statusCode).toBe(200);
    const after = await movementCount();
    expect(after).toBe(moves + 1);
    const replay = await put(bin.id, body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await movementCount()).toBe(after);
    for (const [binId, payload] of [
      [bin.id, { ...body, isAdding: false }],
      [bin.id, { ...body, items: [{ upc: kit.upc!, updateQty: 2 }] }],
      [second.id, body],
    ] as const) {
      const res = await put(binId, payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(Object.keys(res.json().errors)).toEqual(['clientScanId']);
    }
    expect(await movementCount()).toBe(after);
    // A refused change stores nothing under its id: the same id applies once the staged lines are right.
    const retryId = randomUUID();
    expect(
      (await put(second.id, { isAdding: false, items: [{ upc: kit.upc!, updateQty: 1 }], clientScanId: retryId }))
        .statusCode,
    ).toBe(422);
    expect(
      (await put(second.id, { isAdding: true, items: [{ upc: kit.upc!, updateQty: 1 }], clientScanId: retryId }))
        .statusCode,
    ).toBe(200);
    expect(
      (await put(second.id, { isAdding: true, items: [{ upc: kit.upc!, updateQty: 1 }], clientScanId: 'nope' })).json()
        .errors,
    ).toHaveProperty('clientScanId');
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('DELETE /api/ims/bins/{id}', () => {
  it('refuses a bin that holds units and an unknown one with an id error; deletes an empty one, whose name is then free', async () => {
    const bin = (await createBin({ row: 60, bay: 1, shelf: 1 })).json() as TBin;
    expect((await putItems(bin.id, true, [{ upc: kit.upc!, updateQty: 1 }])).statusCode).toBe(200);
    const full = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/ims/bins/${bin.id}` });
    expect(full.statusCode).toBe(409);
    expect(full.json().errors).toEqual({ id: [BIN_MESSAGES.deleteNotEmpty(1)] });
    expect((await putItems(bin.id, false, [{ upc: kit.upc!, updateQty: 1 }])).statusCode).toBe(200);
    const ok = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/ims/bins/${bin.id}` });
    expect(ok.statusCode).toBe(200);
    const again = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/ims/bins/${bin.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors).toEqual({ id: [BIN_MESSAGES.deleteUnknown] });
    const listed = (
      await injectAs(t.app, viewer, { method: 'GET', url: '/api/ims/bins?searchTerm=R60-B01-S01' })
    ).json() as TBinsPage;
    expect(listed.total).toBe(0);
    expect((await createBin({ row: 60, bay: 1, shelf: 1 })).statusCode).toBe(201);
    expect((await putItems(bin.id, true, [{ upc: kit.upc!, updateQty: 1 }])).statusCode).toBe(404);
  });
});

describe('GET /api/ims/bins/labels', () => {
  it('prints one PDF label per bin with its name, location, condition and BINASSIGN value', async () => {
    const a = (await createBin({ row: 70, bay: 1, shelf: 1 })).json() as TBin;
    const b = (await createBin({ row: 70, bay: 1, shelf: 2, conditionCode: 'DAMAGED' })).json() as TBin;
    const res = await injectAs(t.app, viewer, { method: 'GET', url: `/api/ims/bins/labels?ids=${a.id},${b.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('R70-B01-S01');
    expect(text).toContain('BINASSIGN=KY01_R70-B01-S01');
    expect(text).toContain('BINASSIGN=KY01_R70-B01-S02');
    expect(text).toContain('KY01 · DAMAGED');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    expect((await parser.getInfo()).total).toBe(2);
    await parser.destroy();
  });

  it('prints ZPL, and refuses unknown ids naming ids', async () => {
    const a = (await createBin({ row: 71, bay: 1, shelf: 1 })).json() as TBin;
    const b = (await createBin({ row: 71, bay: 1, shelf: 2 })).json() as TBin;
    const res = await injectAs(t.app, viewer, {
      method: 'GET',
      url: `/api/ims/bins/labels?ids=${a.id},${b.id}&format=zpl`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zpl');
    expect(res.headers['content-type']).toContain('charset=utf-8');
    expect(res.body.startsWith('^XA')).toBe(true);
    // Each label carries its own setup (issue 31): UTF-8, 812 × 406 dots (4 × 2 in at 203 dpi).
    const blocks = res.body.split('^XZ').filter((block) => block.trim() !== '');
    expect(blocks).toHaveLength(2);
    for (const block of blocks)
      expect(block.trim().split('\n').slice(0, 4)).toEqual(['^XA', '^CI28', '^PW812', '^LL406']);
    expect(res.body).toContain('^FDBINASSIGN=KY01_R71-B01-S01^FS');
    const unknown = await injectAs(t.app, viewer, { method: 'GET', url: `/api/ims/bins/labels?ids=${a.id},999999` });
    expect(unknown.statusCode).toBe(404);
    expect(Object.keys(unknown.json().errors)).toEqual(['ids']);
    const bad = await injectAs(t.app, viewer, { method: 'GET', url: '/api/ims/bins/labels?ids=1;drop' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['ids']);
  });
});
