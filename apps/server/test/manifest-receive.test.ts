import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_MAX_SERIALS, RECEIVING_MESSAGES } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import {
  createLocation,
  createPoLine,
  createProducts,
  createSignedInUser,
  nextUpc,
  type CreatedProduct,
} from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/** POST /api/scanner/receipt/manifest/receive (issue #8): a vendor's serial manifest received in one submit. */
let t: TestApp;
let receiver: string;
let admin: string;
let tv: CreatedProduct;
let pair: CreatedProduct;
let cable: CreatedProduct;

const send = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/scanner/receipt/manifest/receive', headers: bearer(token), payload });
const getFull = async (poId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/purchase/getFull/${poId}`, headers: bearer(admin) })).json().data;

type Line = Awaited<ReturnType<typeof createPoLine<CreatedProduct>>>;

const manifest = (line: Line, units: string[][], extra: object = {}) => ({
  model: line.product.modelNumber,
  poApiPoId: line.poId,
  poApiPoItemId: line.lineId,
  receivingBucket: 'KY01',
  scannedBy: 'dock-3',
  clientRequestId: randomUUID(),
  units,
  ...extra,
});
const singles = (serials: string[]) => serials.map((s) => [s]);

/** Everything a manifest writes, counted, to show a refusal changed nothing. */
async function footprint(line: Line) {
  const [row] = await queryRows<{ ledger: number; serials: number; movements: number; on_hand: number }>(
    t.db,
    sql`select (select count(*) from inventory_transactions)::int as ledger, (select count(*) from inventory_serials)::int as serials,
               (select count(*) from inventory_transaction_serials)::int as movements,
               (select coalesce(sum(quantity), 0) from inventory where product_id = ${line.product.id})::int as on_hand`,
  );
  const full = await getFull(line.poId);
  return {
    ...row!,
    qtyReceived: full.PO_LINES[0].qty_received as number,
    status: full.PO.purchase_order_status.status_name as string,
    totalReceived: full.PO.total_received as number,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  receiver = (await createSignedInUser(t, { role: 'warehouse-2' })).token;
  admin = (await createSignedInUser(t, { role: 'admin' })).token;
  [tv, pair, cable] = (await createProducts(t.db, [
    {
      modelNumber: 'MAN-TV75',
      partNumber: 'TV75-MPN',
      upc: nextUpc(),
      serialNumberTracked: true,
      numOfSerialsPerItem: 1,
    },
    { modelNumber: 'MAN-PAIR', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 2 },
    { modelNumber: 'MAN-CABLE', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct];
});
afterAll(() => t?.close());

describe('receiving a serial manifest', () => {
  it('receives every unit as its own receipt: ledger rows, live serials, on-hand, line count, PO totals and status', async () => {
    const line = await createPoLine(t.services, tv, { qty: 5, cost: 40 });
    const before = await footprint(line);
    const res = await send(receiver, manifest(line, singles(['MAN-A1', 'MAN-A2', 'MAN-A3'])));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Success', received: 3, qty_received: 3, qty_ordered: 5 });
    expect(body.transactionReferenceIds).toEqual([
      expect.stringMatching(/^IR-\d{7}$/),
      expect.stringMatching(/^IR-\d{7}$/),
      expect.stringMatching(/^IR-\d{7}$/),
    ]);
    expect(new Set(body.transactionReferenceIds).size).toBe(3);
    const after = await footprint(line);
    expect(after).toMatchObject({
      ledger: before.ledger + 3,
      serials: before.serials + 3,
      movements: before.movements + 3,
      on_hand: before.on_hand + 3,
      qtyReceived: 3,
    });
    expect(after.status).toBe('Partially Received');
    expect(after.totalReceived).toBe(120);

    // Each receipt is one unit with its serial, as a scan makes it; the serials are live in the bucket.
    const receipts = await queryRows<{
      reference: string;
      quantity_delta: number;
      type: string;
      details: { scanned_by: string; manifest_unit: number };
      serial: string;
      disposition: string;
      location: string;
    }>(
      t.db,
      sql`select t.ims_transaction_reference_id as reference, t.quantity_delta, t.type, t.details, s.serial_number as serial, s.disposition_code as disposition, s.location_code as location
          from inventory_transactions t join inventory_transaction_serials ts on ts.transaction_id = t.id join inventory_serials s on s.id = ts.serial_id
          where t.purchase_order_item_id = ${line.lineId} order by t.id`,
    );
    expect(
      receipts.map((r) => [
        r.reference,
        r.type,
        r.quantity_delta,
        r.serial,
        r.disposition,
        r.location,
        r.details.scanned_by,
        r.details.manifest_unit,
      ]),
    ).toEqual(
      body.transactionReferenceIds.map((ref: string, i: number) => [
        ref,
        'INVENTORY_RECEIPT',
        1,
        `MAN-A${i + 1}`,
        'LIVE',
        'KY01',
        'dock-3',
        i + 1,
      ]),
    );
    const viewSerials = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ims/transacted-receipts/poItem/serials/${line.lineId}`,
        headers: bearer(admin),
      })
    ).json().data;
    expect(viewSerials.map((s: { serial_number: string }) => s.serial_number)).toEqual(['MAN-A1', 'MAN-A2', 'MAN-A3']);
    expect(await checkLedger(t.db)).toEqual([]);

    // The rest of the line: the PO becomes Received.
    const rest = await send(receiver, manifest(line, singles(['MAN-A4', 'MAN-A5'])));
    expect(rest.json()).toMatchObject({ received: 2, qty_received: 5 });
    expect((await footprint(line)).status).toBe('Received');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('takes a unit per row of a multi-serial product, and a unit received by manifest can be un-received like a scanned one', async () => {
    const line = await createPoLine(t.services, pair, { qty: 3 });
    const res = await send(
      receiver,
      manifest(line, [
        ['PR-A1', 'PR-B1'],
        ['PR-A2', 'PR-B2'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ received: 2, qty_received: 2 });
    const perReceipt = await queryRows<{ reference: string; serials: string }>(
      t.db,
      sql`select t.ims_transaction_reference_id as reference, string_agg(ts.scanned_serial_number, ',' order by ts.id) as serials
          from inventory_transactions t join inventory_transaction_serials ts on ts.transaction_id = t.id
          where t.purchase_order_item_id = ${line.lineId} group by t.id order by t.id`,
    );
    expect(perReceipt.map((r) => r.serials)).toEqual(['PR-A1,PR-B1', 'PR-A2,PR-B2']);
    const unreceiver = (await createSignedInUser(t, { role: 'warehouse-admin' })).token;
    const un = await t.app.inject({
      method: 'POST',
      url: `/api/transacted-receipts/${perReceipt[1]!.reference}/unreceive`,
      headers: bearer(unreceiver),
      payload: {
        lineItemId: line.lineId,
        notes: 'Wrong box',
        scannedUpc: pair.upc,
        scannedSerialNumbers: ['PR-B2', 'PR-A2'],
      },
    });
    expect(un.statusCode, un.body).toBe(200);
    expect((await footprint(line)).qtyReceived).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('applies a retried manifest once and answers the same references; the id cannot be reused for another line', async () => {
    const line = await createPoLine(t.services, tv, { qty: 4 });
    const body = manifest(line, singles(['MAN-R1', 'MAN-R2']));
    const first = await send(receiver, body);
    const before = await footprint(line);
    const again = await send(receiver, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await footprint(line)).toEqual(before);
    const other = await createPoLine(t.services, tv, { qty: 4 });
    const reused = await send(receiver, {
      ...manifest(other, singles(['MAN-R3', 'MAN-R4'])),
      clientRequestId: body.clientRequestId,
    });
    expect(reused.statusCode).toBe(409);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses serials live elsewhere (any case) with the §5 message, naming each one, and changes nothing', async () => {
    const elsewhere = await createPoLine(t.services, tv, { qty: 3 });
    const scan = (serial: string) => ({
      scannedUpc: tv.upc,
      model: tv.modelNumber,
      poApiPoId: elsewhere.poId,
      poApiPoItemId: elsewhere.lineId,
      receivingBucket: 'KY01',
      scannedSerialNumbers: [serial],
    });
    for (const serial of ['MAN-L1', 'MAN-L2']) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/scanner/receipt/quickScanReceive',
            headers: bearer(receiver),
            payload: scan(serial),
          })
        ).statusCode,
      ).toBe(200);
    }
    const line = await createPoLine(t.services, tv, { qty: 5 });
    const before = await footprint(line);
    const res = await send(receiver, manifest(line, singles(['MAN-L0', 'man-l1', 'MAN-L9', 'MAN-L2'])));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'units.1.0': [`man-l1: ${RECEIVING_MESSAGES.serialRescanned}`],
      'units.3.0': [`MAN-L2: ${RECEIVING_MESSAGES.serialRescanned}`],
    });
    expect(res.json().message).toBe(
      `2 of the manifest's serials refused: man-l1 (${RECEIVING_MESSAGES.serialRescanned}), MAN-L2 (${RECEIVING_MESSAGES.serialRescanned})`,
    );
    expect(await footprint(line)).toEqual(before);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses a serial listed twice and serials breaking the scan rules, each named, and changes nothing', async () => {
    const line = await createPoLine(t.services, tv, { qty: 10 });
    const before = await footprint(line);
    const res = await send(
      receiver,
      manifest(line, singles(['MAN-D1', 'MAN-D2', 'man-d1', tv.upc!, 'tv75-mpn', 'MAN-TV75', ''])),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'units.2.0': [`man-d1: ${RECEIVING_MESSAGES.serialRescanned}`],
      'units.3.0': [`${tv.upc}: ${RECEIVING_MESSAGES.serialIsUpc}`],
      'units.4.0': [`tv75-mpn: ${RECEIVING_MESSAGES.serialIsPartNumber}`],
      'units.5.0': [`MAN-TV75: ${RECEIVING_MESSAGES.serialIsPartNumber}`],
      'units.6.0': [`(blank): ${RECEIVING_MESSAGES.serialBlank}`],
    });
    expect(await footprint(line)).toEqual(before);

    // A unit of a 2-serial product with one serial is named too.
    const pairLine = await createPoLine(t.services, pair, { qty: 3 });
    const short = await send(receiver, manifest(pairLine, [['PR-S1', 'PR-S2'], ['PR-S3']]));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ 'units.1': ['Unit 2 (PR-S3): MAN-PAIR takes 2 serials per item.'] });
    expect((await footprint(pairLine)).qtyReceived).toBe(0);
  });

  it('refuses over-receipt with 409 naming the serials past what the line still needs, and changes nothing', async () => {
    const line = await createPoLine(t.services, tv, { qty: 4 });
    expect((await send(receiver, manifest(line, singles(['MAN-O1'])))).statusCode).toBe(200);
    const before = await footprint(line);
    const res = await send(receiver, manifest(line, singles(['MAN-O2', 'MAN-O3', 'MAN-O4', 'MAN-O5', 'MAN-O6'])));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({
      'units.3.0': [`MAN-O5: ${RECEIVING_MESSAGES.nothingLeftToReceive}`],
      'units.4.0': [`MAN-O6: ${RECEIVING_MESSAGES.nothingLeftToReceive}`],
    });
    expect(res.json().message).toBe(
      'The manifest has 5 units; 3 remain to be received on this line. Over-receipt: MAN-O5, MAN-O6',
    );
    expect(await footprint(line)).toEqual(before);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses a product without serials, a bucket of another location, an unknown line and a Complete PO', async () => {
    const cables = await createPoLine(t.services, cable, { qty: 3 });
    const plain = await send(receiver, manifest(cables, singles(['MAN-C1'])));
    expect(plain.statusCode).toBe(422);
    expect(Object.keys(plain.json().errors)).toEqual(['units']);
    const line = await createPoLine(t.services, tv, { qty: 3 });
    const tx = await send(receiver, manifest(line, singles(['MAN-B1']), { receivingBucket: 'TX01' }));
    expect(tx.statusCode).toBe(422);
    expect(Object.keys(tx.json().errors)).toEqual(['receivingBucket']);
    expect((await send(receiver, manifest(line, singles(['MAN-B1']), { poApiPoItemId: 99_999_999 }))).statusCode).toBe(
      404,
    );
    expect((await send(receiver, manifest(line, singles(['MAN-B1']), { model: 'MAN-PAIR' }))).statusCode).toBe(422);
    await t.app.inject({ method: 'GET', url: `/api/purchase/finish/${line.poId}`, headers: bearer(admin) });
    expect((await getFull(line.poId)).PO.purchase_order_status.status_name).toBe('Complete');
    expect((await send(receiver, manifest(line, singles(['MAN-B1'])))).statusCode).toBe(409);
    expect((await footprint(line)).qtyReceived).toBe(0);
  });

  it('answers 400 naming the fields of a malformed body, and 403 without purchase-order:receive', async () => {
    const line = await createPoLine(t.services, tv, { qty: 3 });
    const bad = await send(receiver, {
      ...manifest(line, singles(['MAN-V1'])),
      poApiPoItemId: 'x',
      units: [[]],
      clientRequestId: undefined,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['clientRequestId', 'poApiPoItemId', 'units.0']);
    expect((await send(receiver, manifest(line, []))).statusCode).toBe(400);
    const tooMany = await send(
      receiver,
      manifest(
        line,
        Array.from({ length: MANIFEST_MAX_SERIALS / 2 + 1 }, (_, i) => [`A${i}`, `B${i}`]),
      ),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().errors)).toEqual(['units']);
    const viewer = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
    expect((await send(viewer, manifest(line, singles(['MAN-V1'])))).statusCode).toBe(403);
    expect((await footprint(line)).qtyReceived).toBe(0);
  });

  it('receives 3,000 serials in one submit (the statements do not grow with the manifest)', async () => {
    const line = await createPoLine(t.services, tv, { qty: 3_000 });
    const serials = Array.from({ length: 3_000 }, (_, i) => `MAN-BULK-${String(i).padStart(5, '0')}`);
    const res = await send(receiver, manifest(line, singles(serials)));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ received: 3_000, qty_received: 3_000 });
    const [live] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from inventory_serials where serial_number like 'MAN-BULK-%' and disposition_code = 'LIVE' and bucket = 'KY01'`,
    );
    expect(live!.n).toBe(3_000);
    expect((await footprint(line)).status).toBe('Received');
    expect(await checkLedger(t.db)).toEqual([]);
  }, 60_000);
});
