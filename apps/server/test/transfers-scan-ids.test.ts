import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanIdOfOtherTransferMessage } from '@keystone/contracts';
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

/**
 * addScannedItem's clientScanId (the transfer scan dialog's outbox, docs/decisions.md Transfers): a retry with the
 * same id on the same transfer is applied once and answers the transfer as it stands; the id on another transfer
 * is refused; a malformed id is a 400 naming clientScanId.
 */
let t: TestApp;
let lead: { token: string; username: string; id: number };
let tv: CreatedProduct;
let kit: CreatedProduct;

const call = (url: string, payload: object) => injectAs(t.app, lead.token, { method: 'POST', url, payload });
const commit = async (product: CreatedProduct, requestedQuantity: number) => {
  const res = await call('/api/ims/committed-transfers', {
    fromBucket: 'KY01_B_STOCK',
    toBucket: 'KY01_DAMAGED',
    model: product.modelNumber,
    requestedQuantity,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ims_transaction_reference_id as string;
};
const scan = (ref: string, body: object) => call(`/api/ims/committed-transfers/${ref}/addScannedItem`, body);
const scanRows = async (ref: string) =>
  (
    await queryRows<{ n: number; ids: number; serials: number }>(
      t.db,
      sql`select ct.total_scanned_quantity as n,
            (select count(*)::int from committed_transfer_scans s where s.committed_transfer_id = ct.id) as ids,
            (select count(*)::int from committed_transfer_serials s where s.committed_transfer_id = ct.id) as serials
          from committed_transfers ct where ct.ims_transaction_reference_id = ${ref}`,
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  lead = await createSignedInUser(t, { role: 'warehouse-lead' });
  [tv, kit] = (await createProducts(t.db, [
    { modelNumber: 'TSID-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'TSID-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct];
  await receiveStock(t.services, tv, 'KY01_B_STOCK', { serials: [['SID-1'], ['SID-2'], ['SID-3']] });
  await receiveStock(t.services, kit, 'KY01_B_STOCK', { units: 6 });
});
afterAll(() => t?.close());

describe('addScannedItem with a clientScanId', () => {
  it('a retry of a serial scan with the same id records it once and answers the transfer as it stands', async () => {
    const ref = await commit(tv, 2);
    const id = randomUUID();
    const body = {
      scannedUpc: tv.upc,
      scannedSerialNumbers: ['SID-1'],
      forcePushSerialCorrection: 0,
      clientScanId: id,
    };
    const first = await scan(ref, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().updated_committed_transfer).toMatchObject({ total_scanned_quantity: 1 });
    const again = await scan(ref, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await scanRows(ref)).toEqual({ n: 1, ids: 1, serials: 1 });
    // A new scan (a new id) still counts.
    const next = await scan(ref, { ...body, scannedSerialNumbers: ['SID-2'], clientScanId: randomUUID() });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().updated_committed_transfer.total_scanned_quantity).toBe(2);
    // The transfer is complete now: a late retry of the first scan still answers 200, not "every unit is scanned".
    const late = await scan(ref, body);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().updated_committed_transfer.total_scanned_quantity).toBe(2);
    expect(await scanRows(ref)).toEqual({ n: 2, ids: 2, serials: 2 });
    await t.services.transfers.delete(ref);
  });

  it('a product without serials: the id alone makes the retry a no-op', async () => {
    const ref = await commit(kit, 3);
    const body = { scannedUpc: kit.upc, clientScanId: randomUUID() };
    for (let i = 0; i < 3; i++) expect((await scan(ref, body)).statusCode).toBe(200);
    expect(await scanRows(ref)).toEqual({ n: 1, ids: 1, serials: 0 });
    // Without an id each request is a scan of its own, as before.
    expect((await scan(ref, { scannedUpc: kit.upc })).statusCode).toBe(200);
    expect(await scanRows(ref)).toEqual({ n: 2, ids: 1, serials: 0 });
    await t.services.transfers.delete(ref);
  });

  it('two requests with the same id at once are applied once, both answered 200', async () => {
    const ref = await commit(kit, 3);
    const body = { scannedUpc: kit.upc, clientScanId: randomUUID() };
    const answers = await Promise.all([scan(ref, body), scan(ref, body), scan(ref, body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.json().updated_committed_transfer.total_scanned_quantity).toBe(1);
    expect(await scanRows(ref)).toEqual({ n: 1, ids: 1, serials: 0 });
    await t.services.transfers.delete(ref);
  });

  it('a refused scan keeps no id: its corrected retry with the same id is recorded', async () => {
    const ref = await commit(kit, 1);
    const id = randomUUID();
    const refused = await scan(ref, { scannedUpc: '000000000000', clientScanId: id });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(await scanRows(ref)).toEqual({ n: 0, ids: 0, serials: 0 });
    expect((await scan(ref, { scannedUpc: kit.upc, clientScanId: id })).statusCode).toBe(200);
    expect(await scanRows(ref)).toEqual({ n: 1, ids: 1, serials: 0 });
    await t.services.transfers.delete(ref);
  });

  it('the same id on another transfer is refused with 409, naming the transfer that holds it', async () => {
    const [a, b] = [await commit(kit, 1), await commit(kit, 1)];
    const id = randomUUID();
    expect((await scan(a, { scannedUpc: kit.upc, clientScanId: id })).statusCode).toBe(200);
    const other = await scan(b, { scannedUpc: kit.upc, clientScanId: id });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({
      message: scanIdOfOtherTransferMessage(a),
      errors: { clientScanId: [scanIdOfOtherTransferMessage(a)] },
    });
    expect(await scanRows(b)).toEqual({ n: 0, ids: 0, serials: 0 });
    await t.services.transfers.delete(a);
    await t.services.transfers.delete(b);
  });

  it('a malformed id is a 400 naming clientScanId, and records nothing', async () => {
    const ref = await commit(kit, 1);
    for (const clientScanId of ['not-a-uuid', '', 42, 'x'.repeat(5000)]) {
      const res = await scan(ref, { scannedUpc: kit.upc, clientScanId });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toContain('clientScanId');
    }
    expect(await scanRows(ref)).toEqual({ n: 0, ids: 0, serials: 0 });
    await t.services.transfers.delete(ref);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('deleting a transfer drops its scan ids', async () => {
    const ref = await commit(kit, 1);
    const id = randomUUID();
    expect((await scan(ref, { scannedUpc: kit.upc, clientScanId: id })).statusCode).toBe(200);
    await t.services.transfers.delete(ref);
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from committed_transfer_scans where client_scan_id = ${id}`,
    );
    expect(left[0]!.n).toBe(0);
  });
});
