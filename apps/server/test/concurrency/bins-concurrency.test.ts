import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_MESSAGES } from '@keystone/contracts';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { checkLedger } from '../../src/modules/ledger/ledger-check.js';
import { createServices, type Services } from '../../src/modules/services.js';
import { createLocation, createProducts, nextUpc, receiveStock, type CreatedProduct } from '../factories.js';
import { onHand } from '../stock-kit.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
  serverApi,
} from './server-processes.js';

/**
 * Bin contents under concurrency (issue 11): two server processes on one PostgreSQL database. Two removals draining
 * one bin queue on its bin_items row (Ledger.moveBinContents locks it FOR UPDATE): exactly one succeeds and the other
 * is refused with the spec's message, never a negative quantity; two additions of the bucket's last unbinned units to
 * two bins queue on the on-hand row, so the bins never hold more than on hand; a delete racing an addition leaves
 * either an empty deleted bin or a live bin with the units (the bin row lock).
 */
const dbName = `kt_conc_bins_${randomBytes(5).toString('hex')}`;
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
let adminTokens: string[] = [];
let kit: CreatedProduct;
let actor: { id: number; username: string; role: string };
const PASSWORD = 'concurrency-password';
let row = 0;

const api = serverApi(() => ({ servers, tokens }));
const newBin = async () => {
  row += 1;
  return services.bins.create({ row, bay: 1, shelf: 1, locationCode: 'KY01', conditionCode: 'NEW' }, actor);
};
const fill = (binId: number, quantity: number) =>
  services.bins.updateItems(binId, { isAdding: true, items: [{ upc: kit.upc!, updateQty: quantity }] }, actor);
const negative = async () =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from bin_items where quantity <= 0`))[0]!
    .n;
const binned = async () =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`select coalesce(sum(quantity), 0)::int as n from bin_items where product_id = ${kit.id}`,
    )
  )[0]!.n;

beforeAll(async () => {
  const url = new URL(await createScratchDatabase(dbName));
  database = await openPostgres(url.toString());
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [kit] = (await createProducts(database.db, [
    { modelNumber: 'CONC-BIN-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct];
  const id = await services.users.create({ username: 'conc-binner', password: PASSWORD, role: 'warehouse-admin' });
  actor = { id, username: 'conc-binner', role: 'warehouse-admin' };
  await receiveStock(services, kit, 'KY01', { units: 40 });
  servers = await Promise.all([startServerProcess(url.toString()), startServerProcess(url.toString())]);
  tokens = await signInOnEach(servers, 'conc-binner', PASSWORD);
  await services.users.create({ username: 'conc-bin-admin', password: PASSWORD, role: 'admin' });
  adminTokens = await signInOnEach(servers, 'conc-bin-admin', PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('bins on two processes', () => {
  it('two removals draining one bin: exactly one succeeds, no negative quantity (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const bin = await newBin();
      await fill(bin.id, 3);
      const body = { isAdding: false, items: [{ upc: kit.upc!, updateQty: 2 }], submittedBy: 'conc' };
      const results = await Promise.all([0, 1].map((s) => api(s, 'PUT', `/api/ims/bins/${bin.id}/items`, body)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
      expect(results.find((r) => r.status === 422)!.body.message).toBe(BIN_MESSAGES.removeTooMany);
      const rows = await queryRows<{ quantity: number }>(
        database.db,
        sql`select quantity from bin_items where bin_id = ${bin.id}`,
      );
      expect(rows.map((r) => r.quantity)).toEqual([1]);
      // Draining to zero at once: one empties the bin, the other finds nothing to remove.
      const drain = await Promise.all(
        [0, 1].map((s) =>
          api(s, 'PUT', `/api/ims/bins/${bin.id}/items`, { ...body, items: [{ upc: kit.upc!, updateQty: 1 }] }),
        ),
      );
      expect(drain.map((r) => r.status).sort()).toEqual([200, 422]);
      expect(drain.find((r) => r.status === 422)!.body.message).toBe(BIN_MESSAGES.notInBin);
      expect(await negative()).toBe(0);
    }
    expect(await checkLedger(database.db)).toEqual([]);
  }, 60_000);

  it('one submit sent four times at once (the same clientScanId, both servers): applied once, every answer the same (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const bin = await newBin();
      await fill(bin.id, 3);
      const body = {
        isAdding: false,
        items: [{ upc: kit.upc!, updateQty: 1 }],
        submittedBy: 'conc',
        clientScanId: randomUUID(),
      };
      const results = await Promise.all([0, 1, 0, 1].map((s) => api(s, 'PUT', `/api/ims/bins/${bin.id}/items`, body)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      for (const r of results) expect(r.body).toEqual(results[0]!.body);
      const rows = await queryRows<{ quantity: number }>(
        database.db,
        sql`select quantity from bin_items where bin_id = ${bin.id}`,
      );
      expect(rows.map((r) => r.quantity)).toEqual([2]);
      const removals = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from bin_movements where bin_id = ${bin.id} and reason = 'REMOVE'`,
      );
      expect(removals[0]!.n).toBe(1);
    }
    expect(await checkLedger(database.db)).toEqual([]);
  }, 60_000);

  it('two additions of the last unbinned units to two bins: the bins never hold more than on hand', async () => {
    const [a, b] = [await newBin(), await newBin()];
    const free = 40 - (await binned());
    const body = { isAdding: true, items: [{ upc: kit.upc!, updateQty: free }], submittedBy: 'conc' };
    const results = await Promise.all([
      api(0, 'PUT', `/api/ims/bins/${a.id}/items`, body),
      api(1, 'PUT', `/api/ims/bins/${b.id}/items`, body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await binned()).toBe(40);
    expect(await checkLedger(database.db)).toEqual([]);
  }, 60_000);

  it('a delete racing a removal and an addition leaves no deleted bin holding units', async () => {
    for (let round = 0; round < 3; round++) {
      const bin = await newBin();
      const addOne = { isAdding: true, items: [{ upc: kit.upc!, updateQty: 1 }], submittedBy: 'conc' };
      // Make room: take one unit out of whichever bin holds some.
      const holder = (
        await queryRows<{ bin_id: number }>(
          database.db,
          sql`select bin_id from bin_items where product_id = ${kit.id} limit 1`,
        )
      )[0];
      if (holder)
        await services.bins.updateItems(
          Number(holder.bin_id),
          { isAdding: false, items: [{ upc: kit.upc!, updateQty: 1 }] },
          actor,
        );
      const [put, del] = await Promise.all([
        api(0, 'PUT', `/api/ims/bins/${bin.id}/items`, addOne),
        api(1, 'DELETE', `/api/ims/bins/${bin.id}`),
      ]);
      const state = (
        await queryRows<{ deleted: boolean; units: number }>(
          database.db,
          sql`select b.deleted_at is not null as deleted, coalesce((select sum(quantity) from bin_items where bin_id = b.id), 0)::int as units from bins b where b.id = ${bin.id}`,
        )
      )[0]!;
      if (state.deleted) {
        expect(state.units).toBe(0);
        expect([put.status, del.status]).toEqual([404, 200]);
      } else {
        expect(state.units).toBe(1);
        expect([put.status, del.status]).toEqual([200, 409]);
      }
    }
    expect(await checkLedger(database.db)).toEqual([]);
  }, 60_000);

  it('adjustments releasing bins race additions and removals on the same bins: every answer a 200 or a refusal, bins never over on-hand (issue 32)', async () => {
    const [item] = (await createProducts(database.db, [
      { modelNumber: 'CONC-BIN-RELEASE', upc: nextUpc(), serialNumberTracked: false },
    ])) as [CreatedProduct];
    await receiveStock(services, item, 'KY01', { units: 30 });
    const bins = [await newBin(), await newBin(), await newBin()];
    for (const bin of bins)
      await services.bins.updateItems(bin.id, { isAdding: true, items: [{ upc: item.upc!, updateQty: 5 }] }, actor);
    const inBins = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select coalesce(sum(quantity), 0)::int as n from bin_items where product_id = ${item.id}`,
        )
      )[0]!.n;
    const calls: Promise<{ status: number; body: Record<string, unknown> }>[] = [];
    for (let i = 0; i < 12; i++) {
      const server = i % 2;
      const bin = bins[i % 3]!;
      // Down by two each (a count lower than the bins hold after the first few), an addition and a removal.
      calls.push(
        api(
          server,
          'PUT',
          '/api/ims/audit-adjustments',
          { model: item.modelNumber, legacyBucket: 'KY01', notes: `count ${i}`, quantity: 28 - 2 * i },
          adminTokens[server],
        ),
      );
      calls.push(
        api(1 - server, 'PUT', `/api/ims/bins/${bin.id}/items`, {
          isAdding: true,
          items: [{ upc: item.upc!, updateQty: 1 }],
          submittedBy: 'conc',
        }),
      );
      calls.push(
        api(server, 'PUT', `/api/ims/bins/${bin.id}/items`, {
          isAdding: false,
          items: [{ upc: item.upc!, updateQty: 1 }],
          submittedBy: 'conc',
        }),
      );
    }
    const results = await Promise.all(calls);
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => ![200, 409, 422].includes(s)),
      JSON.stringify(results.filter((r) => ![200, 409, 422].includes(r.status))),
    ).toEqual([]);
    expect(await inBins()).toBeLessThanOrEqual(await onHand(database.db, item, 'KY01'));
    expect(await negative()).toBe(0);
    expect(await checkLedger(database.db)).toEqual([]);
    const released = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bin_movements where product_id = ${item.id} and reason = 'RELEASE'`,
    );
    expect(released[0]!.n).toBeGreaterThan(0);
  }, 60_000);
});
