import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { Ledger, LedgerRefusal } from '../src/modules/ledger/ledger-writer.js';
import { LedgerWrites } from '../src/modules/ledger/ledger-transaction.js';
import { createLocation, createProducts, createUser, nextUpc, type CreatedProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Long random sequences of receives, staged submits (all or nothing), un-receives and take-backs (good and bad
 * scans, on several lines) through the real services, and transfers between two buckets and sales through the
 * ledger, and force pushes (`Ledger.postSerialCorrection`: a serial created, or moved from where it is recorded)
 * (issue 10): after every sequence the ledger explains every figure, and each line's count, on-hand and
 * each serial's place match a model.
 */
const BUCKETS = ['KY01', 'KY01_B_STOCK'] as const;
const ledger = new Ledger();
let t: TestApp;
let products: { product: CreatedProduct; upc: string; tracked: boolean }[];
let actor: { id: number; username: string; role: string };
let runs = 0;
/** Movements the ledger accepted over all runs: the sequences must exercise them, not only their refusals. */
const accepted = { transfer: 0, sale: 0, refused: 0, created: 0, moved: 0, forceRefused: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  const upcs = [nextUpc(), nextUpc()];
  const [tv, kit] = await createProducts(t.db, [
    { modelNumber: 'PROP-TV', upc: upcs[0], serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'PROP-KIT', upc: upcs[1], serialNumberTracked: false },
  ]);
  products = [
    { product: tv!, upc: upcs[0]!, tracked: true },
    { product: kit!, upc: upcs[1]!, tracked: false },
  ];
  const user = await createUser(t.services, { role: 'admin' });
  actor = { id: user.id, username: user.username, role: 'admin' };
});
afterAll(() => t?.close());

interface Scan {
  line: number;
  serial: number;
  badUpc: boolean;
}
type Step =
  | ({ kind: 'receive' } & Scan)
  | { kind: 'submit'; scans: Scan[] }
  | { kind: 'unreceive' | 'take-back'; line: number; pick: number }
  | { kind: 'transfer' | 'sale'; product: number; from: number; qty: number; picks: number[] }
  | { kind: 'force-push'; to: number; pick: number; among: 'any' | 'live' | 'sold' };

const scan = fc.record({ line: fc.nat(3), serial: fc.nat(25), badUpc: fc.boolean() });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: scan.map((s) => ({ kind: 'receive' as const, ...s })) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      scans: fc.array(scan, { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('unreceive' as const, 'take-back' as const),
      line: fc.nat(3),
      pick: fc.nat(10),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('transfer' as const, 'sale' as const),
      product: fc.nat(1),
      from: fc.nat(1),
      qty: fc.integer({ min: 1, max: 3 }),
      picks: fc.array(fc.nat(25), { minLength: 1, maxLength: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('force-push' as const),
      to: fc.nat(1),
      pick: fc.nat(25),
      among: fc.constantFrom('any' as const, 'live' as const, 'sold' as const),
    }),
  },
);

describe('the ledger under random sequences', () => {
  it('stays explained by its transactions whatever the order of receives, un-receives, transfers and sales', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        const run = ++runs;
        const vendor = await t.services.vendors.create({ company_name: `Prop ${run}`, vendor_type: 'sales' });
        const lines: {
          poId: number;
          lineId: number;
          product: (typeof products)[number];
          ordered: number;
          received: number;
        }[] = [];
        for (let i = 0; i < 4; i++) {
          const p = products[i % 2]!;
          const po = await t.services.purchaseOrders.create(
            {
              vendorId: vendor.id,
              location_code: 'KY01',
              purchaseOrderType: 'Default',
              shippingRequirements: 'Default',
            },
            actor.id,
          );
          const ordered = 2 + (i % 3);
          const full = await t.services.purchaseOrders.addLine({
            productId: p.product.id,
            cost: 10,
            qty: ordered,
            purchaseOrderId: po.id,
          });
          lines.push({ poId: po.id, lineId: full.data.PO_LINES[0]!.id, product: p, ordered, received: 0 });
        }
        const live = new Set<string>();
        /** Serial numbers whose newest record is SOLD: a force push must not bring them back. */
        const sold = new Set<string>();
        /** Where each live serial of this run is, and on-hand per product and bucket (read at the start). */
        const place = new Map<string, string>();
        const onHand = new Map<string, number>();
        const key = (productId: number, bucket: string) => `${productId}|${bucket}`;
        for (const r of await queryRows<{ product_id: number; bucket: string; quantity: number }>(
          t.db,
          sql`select product_id, bucket, quantity from inventory`,
        )) {
          onHand.set(key(r.product_id, r.bucket), r.quantity);
        }
        const addOnHand = (productId: number, bucket: string, delta: number) =>
          onHand.set(key(productId, bucket), (onHand.get(key(productId, bucket)) ?? 0) + delta);
        const item = (sc: Scan) => {
          const line = lines[sc.line]!;
          return {
            scannedUpc: sc.badUpc ? '000000000000' : line.product.upc,
            model: line.product.product.modelNumber,
            poApiPoId: line.poId,
            poApiPoItemId: line.lineId,
            receivingBucket: 'KY01',
            scannedSerialNumbers: line.product.tracked ? [`R${run}-S${sc.serial}`] : undefined,
          };
        };
        /** Whether the model would take this scan, given what it already holds (and what the batch added). */
        const acceptable = (sc: Scan, received: Map<number, number>, serials: Set<string>) => {
          const line = lines[sc.line]!;
          const serial = `R${run}-S${sc.serial}`;
          return (
            !sc.badUpc &&
            (received.get(sc.line) ?? line.received) < line.ordered &&
            !(line.product.tracked && serials.has(serial))
          );
        };
        const take = (sc: Scan, received: Map<number, number>, serials: Set<string>) => {
          const line = lines[sc.line]!;
          received.set(sc.line, (received.get(sc.line) ?? line.received) + 1);
          if (line.product.tracked) serials.add(`R${run}-S${sc.serial}`);
        };
        const apply = (received: Map<number, number>, serials: Set<string>) => {
          for (const [i, n] of received) {
            addOnHand(lines[i]!.product.product.id, 'KY01', n - lines[i]!.received);
            lines[i]!.received = n;
          }
          for (const sr of serials) {
            if (!live.has(sr)) place.set(sr, 'KY01');
            live.add(sr);
            sold.delete(sr);
          }
        };
        for (const s of steps) {
          if (s.kind === 'receive') {
            const ok = await t.services.receiving.receive(item(s), actor).then(
              () => true,
              () => false,
            );
            // A good scan with room left and a serial not live anywhere must succeed; any other must not.
            expect(ok).toBe(acceptable(s, new Map(), live));
            if (ok) {
              const received = new Map<number, number>();
              const serials = new Set<string>();
              take(s, received, serials);
              apply(received, serials);
            }
          } else if (s.kind === 'submit') {
            const ok = await t.services.receiving.submitScannedItems(s.scans.map(item), actor).then(
              () => true,
              () => false,
            );
            // All or nothing: it succeeds exactly when every scan would, in order.
            const received = new Map<number, number>();
            const serials = new Set(live);
            let expected = true;
            for (const sc of s.scans) {
              if (!acceptable(sc, received, serials)) {
                expected = false;
                break;
              }
              take(sc, received, serials);
            }
            expect(ok).toBe(expected);
            if (ok) apply(received, serials);
          } else if (s.kind === 'transfer' || s.kind === 'sale') {
            const p = products[s.product]!;
            const from = BUCKETS[s.from]!;
            const to = BUCKETS[1 - s.from]!;
            const serials = p.tracked ? [...new Set(s.picks.map((n) => `R${run}-S${n}`))] : [];
            const quantity = p.tracked ? serials.length : s.qty;
            const expected = p.tracked
              ? serials.every((sr) => place.get(sr) === from)
              : (onHand.get(key(p.product.id, from)) ?? 0) >= quantity;
            const base = {
              referenceId: `PROP-${run}`,
              productId: p.product.id,
              fromBucket: from,
              quantity,
              serials,
              userId: actor.id,
            };
            const ok = await new LedgerWrites(t.db)
              .run((executor) =>
                s.kind === 'transfer'
                  ? ledger.postTransfer({ executor, ...base, toBucket: to })
                  : ledger.postSale({ executor, ...base }),
              )
              .then(
                () => true,
                (error: unknown) => {
                  if (!(error instanceof LedgerRefusal)) throw error;
                  return false;
                },
              );
            expect(ok).toBe(expected);
            if (ok) accepted[s.kind]++;
            else accepted.refused++;
            if (ok) {
              addOnHand(p.product.id, from, -quantity);
              if (s.kind === 'transfer') addOnHand(p.product.id, to, quantity);
              for (const sr of serials) {
                if (s.kind === 'transfer') place.set(sr, to);
                else {
                  place.delete(sr);
                  live.delete(sr);
                  sold.add(sr);
                }
              }
            }
          } else if (s.kind === 'force-push') {
            const tv = products[0]!;
            const to = BUCKETS[s.to]!;
            // A number of this run: any (often new), or one the model holds live or sold, when there is one.
            const among = s.among === 'live' ? [...place.keys()] : s.among === 'sold' ? [...sold] : [];
            const sr = among.length ? among[s.pick % among.length]! : `R${run}-S${s.pick}`;
            const at = place.get(sr);
            // Right already: nothing; sold: refused; elsewhere: moved when its bucket holds one; never seen: created.
            const expected =
              at === to
                ? 'none'
                : sold.has(sr)
                  ? 'refused'
                  : at === undefined
                    ? 'create'
                    : (onHand.get(key(tv.product.id, at)) ?? 0) >= 1
                      ? 'move'
                      : 'refused';
            const got = await new LedgerWrites(t.db)
              .run((executor) =>
                ledger.postSerialCorrection({
                  executor,
                  referenceId: `PROP-FP-${run}`,
                  productId: tv.product.id,
                  bucket: to,
                  serials: [sr],
                  userId: actor.id,
                }),
              )
              .then(
                (r) => (r === null ? 'none' : r.correction),
                (error: unknown) => {
                  if (!(error instanceof LedgerRefusal)) throw error;
                  return 'refused';
                },
              );
            expect(got, `${sr} at ${at ?? 'nowhere'} to ${to}`).toBe(expected);
            if (got === 'create') accepted.created++;
            if (got === 'move') accepted.moved++;
            if (got === 'refused') accepted.forceRefused++;
            if (got === 'move') addOnHand(tv.product.id, at!, -1);
            if (got === 'create' || got === 'move') {
              addOnHand(tv.product.id, to, 1);
              place.set(sr, to);
              live.add(sr);
            }
          } else if (s.kind === 'unreceive' || s.kind === 'take-back') {
            const line = lines[s.line]!;
            const open = await t.services.receiving.canBeUnreceived(line.lineId);
            if (!open.length) continue;
            const receipt = open[s.pick % open.length]!;
            const ref = receipt.ims_transaction_reference_id;
            // Stock moved or sold since its receipt cannot be un-received.
            const bucket = receipt.receiving_bucket;
            const expected = line.product.tracked
              ? receipt.serials.every((sr) => place.get(sr.scanned_serial_number) === bucket)
              : (onHand.get(key(line.product.product.id, bucket)) ?? 0) >= 1;
            const done =
              s.kind === 'unreceive'
                ? t.services.receiving.unreceive(ref, { lineItemId: line.lineId, notes: 'property' }, actor)
                : t.services.receiving.removeScannedItem(ref, actor);
            expect(
              await done.then(
                () => true,
                () => false,
              ),
            ).toBe(expected);
            if (!expected) continue;
            for (const sr of receipt.serials) {
              live.delete(sr.scanned_serial_number);
              place.delete(sr.scanned_serial_number);
            }
            addOnHand(line.product.product.id, bucket, -1);
            line.received--;
          }
        }
        for (const line of lines) {
          const full = await t.services.purchaseOrders.getFull(line.poId);
          expect(full.data.PO_LINES[0]!.qty_received).toBe(line.received);
          expect(line.received).toBeLessThanOrEqual(line.ordered);
        }
        for (const r of await queryRows<{ product_id: number; bucket: string; quantity: number }>(
          t.db,
          sql`select product_id, bucket, quantity from inventory`,
        )) {
          expect(r.quantity, `on-hand of ${key(r.product_id, r.bucket)}`).toBe(
            onHand.get(key(r.product_id, r.bucket)) ?? 0,
          );
        }
        for (const [sr, bucket] of place) {
          const [row] = await queryRows<{ bucket: string }>(
            t.db,
            sql`select bucket from inventory_serials where serial_number = ${sr} and disposition_code = 'LIVE'`,
          );
          expect(row?.bucket, sr).toBe(bucket);
        }
        expect(await checkLedger(t.db)).toEqual([]);
      }),
      { numRuns: 15, seed: 7 },
    );
    expect(accepted.transfer, JSON.stringify(accepted)).toBeGreaterThan(5);
    expect(accepted.sale, JSON.stringify(accepted)).toBeGreaterThan(5);
    expect(accepted.refused).toBeGreaterThan(5);
    expect(accepted.created, JSON.stringify(accepted)).toBeGreaterThan(3);
    expect(accepted.moved, JSON.stringify(accepted)).toBeGreaterThan(3);
    // A force push of a sold number is refused by the model's rule when it happens (transfers-reserve.test.ts always).
  }, 120_000);
});
