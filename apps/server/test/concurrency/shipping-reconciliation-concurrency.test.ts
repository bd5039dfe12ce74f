import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { carrierFile } from '../../src/modules/shipping-reconciliation/carrier-files.js';
import { createServices, type Services } from '../../src/modules/services.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
  serverApi,
} from './server-processes.js';

/**
 * Applying payments under concurrency (issue 14): two server processes on one PostgreSQL database. Two batches
 * paying one shipment in full at once (different idempotency keys) queue on its shipping_transactions row (locked
 * FOR UPDATE): one pays, the other is refused as already paid in full, and the shipment is paid once. The same batch
 * sent to both processes at once (one idempotency key) answers one batch id twice and pays once.
 */
const dbName = `kt_conc_recon_${randomBytes(5).toString('hex')}`;
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
const PASSWORD = 'concurrency-password';
const ROUNDS = 5;
const tracking = (round: number) => `1ZCONC${String(round).padStart(10, '0')}`;

const api = serverApi(() => ({ servers, tokens }));
const paidOf = async (trackingNumber: string) =>
  (
    await queryRows<{ paid: number | null }>(
      database.db,
      sql`select shipping_cost_paid_cents as paid from shipping_transactions where tracking_number = ${trackingNumber}`,
    )
  )[0]!.paid;
const linesOf = async (trackingNumber: string) =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from payment_batch_lines where tracking_number = ${trackingNumber}`,
    )
  )[0]!.n;

beforeAll(async () => {
  const url = new URL(await createScratchDatabase(dbName));
  database = await openPostgres(url.toString());
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  const id = await services.users.create({ username: 'conc-payer', password: PASSWORD, role: 'purchasing-1' });
  const actor = { id, username: 'conc-payer', role: 'purchasing-1' };
  const day = '2026-03-10';
  const numbers = Array.from({ length: ROUNDS * 2 }, (_, i) => tracking(i));
  await services.shippingReconciliation.intakeGrayBoxes({
    grayBoxes: numbers.map((n) => ({
      tracking_number: n,
      fulfillment_po_number: `FPO-${n}`,
      date_shipped: day,
      ship_company: 'UPS',
      fulfillment_warehouse: 'KY01',
      shipping_quote: 25,
    })),
  });
  const text = carrierFile(
    'ups',
    numbers.map((n) => ({ trackingNumber: n, cents: 2500, date: day })),
  );
  const { filename } = await services.shippingReconciliation.upload(
    'ups',
    { stream: Readable.from([text]), filename: 'conc.csv' },
    actor,
  );
  await services.shippingReconciliation.generate('ups', { filename }, actor);
  servers = await Promise.all([startServerProcess(url.toString()), startServerProcess(url.toString())]);
  tokens = await signInOnEach(servers, 'conc-payer', PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('applying payments on two processes', () => {
  it(`two batches paying one shipment in full at once: one pays, the other is refused, paid once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const n = tracking(round);
      const results = await Promise.all(
        [0, 1].map((s) =>
          api(s, 'PUT', '/api/shipping-reconciliation/update', {
            idempotencyKey: `race-${round}-${s}-${randomBytes(4).toString('hex')}`,
            updates: { [n]: { reported_billed_charge: 25, payment_to_apply: 25 } },
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.status === 409)!.body as { errors: Record<string, string[]> };
      expect(Object.keys(refused.errors)).toEqual([`updates.${n}.override`]);
      expect(await paidOf(n)).toBe(2500);
      expect(await linesOf(n)).toBe(1);
    }
  });

  it(`the same batch sent to both processes at once answers one batch id and pays once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const n = tracking(ROUNDS + round);
      const body = {
        idempotencyKey: `same-key-${round}-${randomBytes(4).toString('hex')}`,
        updates: { [n]: { reported_billed_charge: 25, payment_to_apply: 25 } },
      };
      const results = await Promise.all([0, 1].map((s) => api(s, 'PUT', '/api/shipping-reconciliation/update', body)));
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results[0]!.body.batchId).toBe(results[1]!.body.batchId);
      expect(results.map((r) => r.body.replayed).sort()).toEqual([false, true]);
      expect(await paidOf(n)).toBe(2500);
      expect(await linesOf(n)).toBe(1);
    }
  });
});
