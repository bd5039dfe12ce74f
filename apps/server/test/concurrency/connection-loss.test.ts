import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { checkLedger } from '../../src/modules/ledger/ledger-check.js';
import { createServices, type Services } from '../../src/modules/services.js';
import { createLocation, createProducts, nextUpc, type CreatedProduct } from '../factories.js';
import {
  ADMIN_URL,
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
} from './server-processes.js';

/**
 * Issue #9 part 1: the server's PostgreSQL connections are cut (pg_terminate_backend) while 20 clients receive.
 * The process stays up, every answer is a 2xx or a 503 (none hangs), it serves normally again within seconds,
 * every acknowledged receipt is in the database and the ledger is clean.
 */
const dbName = `kt_cut_${randomBytes(5).toString('hex')}`;
const PASSWORD = 'connection-loss-password';
const UPC = nextUpc();
let dbUrl: string;
let server: ServerProcess;
let token: string;
let product: CreatedProduct;
let poId: number;
let lineId: number;

async function withSetupDb<T>(fn: (database: OpenDatabase, services: Services) => Promise<T>): Promise<T> {
  const database = await openPostgres(dbUrl, { max: 2 });
  try {
    return await fn(database, createServices(database.db, { ...loadConfig({}), logLevel: 'silent' }));
  } finally {
    await database.close();
  }
}

/** Terminates every connection to the test database (the server's pool); never another database's. */
async function cutConnections(): Promise<number> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin.unsafe(
      `select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [dbName],
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

type Answer = { status: number; body: Record<string, unknown> | null; error?: string };

async function post(path: string, body: unknown, timeoutMs = 15_000): Promise<Answer> {
  try {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  } catch (error) {
    return { status: 0, body: null, error: (error as Error).message };
  }
}

const receiveBody = (serial: string, clientScanId: string) => ({
  scannedUpc: UPC,
  model: product.modelNumber,
  poApiPoId: poId,
  poApiPoItemId: lineId,
  receivingBucket: 'KY01',
  scannedSerialNumbers: [serial],
  clientScanId,
});

beforeAll(async () => {
  dbUrl = await createScratchDatabase(dbName);
  await withSetupDb(async (database, services) => {
    await services.users.ensureRoles();
    await createLocation(services, 'KY01');
    [product] = (await createProducts(database.db, [
      { modelNumber: 'CUT-TV', upc: UPC, serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ])) as [CreatedProduct];
    const user = await services.users.create({ username: 'cut-receiver', password: PASSWORD, role: 'admin' });
    const vendor = await services.vendors.create({ company_name: 'Cut Vendor', vendor_type: 'sales' });
    const po = await services.purchaseOrders.create(
      { vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
      user,
    );
    const full = await services.purchaseOrders.addLine({
      productId: product.id,
      cost: 100,
      qty: 100_000,
      purchaseOrderId: po.id,
    });
    poId = po.id;
    lineId = full.data.PO_LINES[0]!.id;
  });
  server = await startServerProcess(dbUrl);
  [token] = (await signInOnEach([server], 'cut-receiver', PASSWORD)) as [string];
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await dropScratchDatabase(dbName);
});

describe('losing the database connections under concurrent writes (PostgreSQL, a real server process)', () => {
  it('stays up, answers 2xx or 503, reconnects, loses no acknowledged receipt, leaves the ledger clean', async () => {
    const acknowledged: string[] = [];
    const answers: Answer[] = [];
    let writing = true;
    const clients = Array.from({ length: 20 }, async (_, c) => {
      for (let i = 0; writing; i++) {
        const scanId = randomUUID();
        const answer = await post(
          '/api/scanner/receipt/quickScanReceive',
          receiveBody(`CUT-${c}-${i}-${scanId.slice(0, 6)}`, scanId),
        );
        answers.push(answer);
        if (answer.status >= 200 && answer.status < 300) acknowledged.push(scanId);
        if (answer.status === 0) await new Promise((r) => setTimeout(r, 100));
      }
    });
    let cuts = 0;
    for (const at of [1500, 1500, 1500]) {
      await new Promise((r) => setTimeout(r, at));
      cuts += await cutConnections();
    }
    await new Promise((r) => setTimeout(r, 1500));
    writing = false;
    await Promise.all(clients);
    expect(cuts).toBeGreaterThan(0);
    if (server.exited()) console.error(server.output().slice(-4000));
    expect(server.exited()).toBe(false);

    const statuses = answers.map((a) => a.status);
    const tally: Record<number, number> = {};
    for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
    console.info(`connections cut: ${cuts}; answers by status: ${JSON.stringify(tally)}`);
    const unexpected = answers.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 503);
    expect(unexpected.map((a) => `${a.status} ${a.error ?? JSON.stringify(a.body)}`)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status === 503)) expect(a.body?.message).toMatch(/database/i);

    // Serves normally again within a few seconds.
    const deadline = Date.now() + 5_000;
    let healthy: Answer = { status: 0, body: null };
    while (Date.now() < deadline) {
      healthy = await post(
        '/api/scanner/receipt/quickScanReceive',
        receiveBody(`CUT-AFTER-${randomUUID().slice(0, 8)}`, randomUUID()),
        5_000,
      );
      if (healthy.status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(healthy.status).toBe(200);

    await withSetupDb(async (database) => {
      const rows = await queryRows<{ id: string }>(database.db, sqlScanIds());
      const stored = new Set(rows.map((r) => r.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(await checkLedger(database.db)).toEqual([]);
    });
    expect(server.exited()).toBe(false);
  }, 120_000);
});

const sqlScanIds = () =>
  sql`select client_request_id as id from inventory_transactions where client_request_id is not null`;
