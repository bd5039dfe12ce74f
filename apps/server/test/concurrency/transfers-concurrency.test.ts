import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '@keystone/contracts';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { checkLedger } from '../../src/modules/ledger/ledger-check.js';
import { createServices, type Services } from '../../src/modules/services.js';
import { createLocation, createProducts, nextUpc, type CreatedProduct } from '../factories.js';
import { createScratchDatabase, dropScratchDatabase, signInOnEach, startServerProcess, type ServerProcess } from './server-processes.js';

/**
 * Transfers under concurrency (issue 10): two server processes on one PostgreSQL database. Scans of one committed
 * transfer queue on its row, so they never exceed its committed quantity; a submit sent to both servers at once
 * moves the stock once. Every test ends with the ledger check.
 */
const dbName = `kt_conc_trf_${randomBytes(5).toString('hex')}`;
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
let product: CreatedProduct;
let actor: { id: number; username: string; role: string };
const UPC = nextUpc();
const PASSWORD = 'concurrency-password';
const SOURCE = 'KY01_B_STOCK';
const DEST = 'KY01_DAMAGED';

async function api(server: number, path: string, body: unknown) {
  const res = await fetch(`${servers[server]!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[server]}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function onHand(bucket: string) {
  const rows = await queryRows<{ quantity: number }>(database.db, sql`select quantity from inventory where product_id = ${product.id} and bucket = ${bucket}`);
  return rows[0]?.quantity ?? 0;
}

const commit = async (quantity: number) =>
  (await services.transfers.commit({ fromBucket: SOURCE, toBucket: DEST, model: product.modelNumber, requestedQuantity: quantity }, actor)).ims_transaction_reference_id;

beforeAll(async () => {
  const url = new URL(await createScratchDatabase(dbName));
  database = await openPostgres(url.toString());
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [product] = (await createProducts(database.db, [{ modelNumber: 'CONC-TRF-TV', upc: UPC, serialNumberTracked: true, numOfSerialsPerItem: 1 }])) as [CreatedProduct];
  const id = await services.users.create({ username: 'conc-mover', password: PASSWORD, role: 'admin' });
  actor = { id, username: 'conc-mover', role: 'admin' };
  const vendor = await services.vendors.create({ company_name: `Conc Trf ${randomUUID().slice(0, 6)}`, vendor_type: 'sales' });
  const po = await services.purchaseOrders.create({ vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' }, id);
  const full = await services.purchaseOrders.addLine({ productId: product.id, cost: 100, qty: 30, purchaseOrderId: po.id });
  for (let i = 0; i < 30; i++) {
    await services.receiving.receive(
      { scannedUpc: UPC, model: product.modelNumber, poApiPoId: po.id, poApiPoItemId: full.data.PO_LINES[0]!.id, receivingBucket: SOURCE, scannedSerialNumbers: [`CT-SN-${i}`] } as never,
      actor,
    );
  }
  servers = await Promise.all([startServerProcess(url.toString()), startServerProcess(url.toString())]);
  tokens = await signInOnEach(servers, 'conc-mover', PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('transfers under concurrency, two server processes', () => {
  it('eight clients scanning 20 distinct serials into a transfer of 10 scan exactly 10, then it moves once', async () => {
    const ref = await commit(10);
    const serials = Array.from({ length: 20 }, (_, i) => `CT-SN-${i}`);
    const clients = Array.from({ length: 8 }, (_, c) => serials.filter((_, i) => i % 8 === c));
    const results = (
      await Promise.all(
        clients.map(async (mine, c) => {
          const out = [];
          for (const serial of mine) out.push(await api(c % 2, `/api/ims/committed-transfers/${ref}/addScannedItem`, { scannedUpc: UPC, scannedSerialNumbers: [serial] }));
          return out;
        }),
      )
    ).flat();
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(10).fill(TRANSFER_MESSAGES.scanComplete));
    const transfer = await services.transfers.get(ref);
    expect([transfer.total_scanned_quantity, transfer.serials.length]).toEqual([10, 10]);

    // The submit sent to both servers at once (twice each): one moves the stock, the others answer its result.
    const answers = await Promise.all([0, 1, 0, 1].map((s) => api(s, `/api/ims/committed-transfers/${ref}/transact`, { transferredById: 'conc-mover' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.already_transacted === false)).toHaveLength(1);
    expect([await onHand(SOURCE), await onHand(DEST)]).toEqual([20, 10]);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('two transfers scanning the same serials at once may both scan; only one submit moves each serial', async () => {
    const [a, b] = [await commit(3), await commit(3)];
    const serials = ['CT-SN-20', 'CT-SN-21', 'CT-SN-22'];
    for (const serial of serials) {
      const [x, y] = await Promise.all([
        api(0, `/api/ims/committed-transfers/${a}/addScannedItem`, { scannedUpc: UPC, scannedSerialNumbers: [serial] }),
        api(1, `/api/ims/committed-transfers/${b}/addScannedItem`, { scannedUpc: UPC, scannedSerialNumbers: [serial] }),
      ]);
      expect([x.status, y.status]).toEqual([200, 200]);
    }
    const [x, y] = await Promise.all([
      api(0, `/api/ims/committed-transfers/${a}/transact`, { transferredById: 'conc-mover' }),
      api(1, `/api/ims/committed-transfers/${b}/transact`, { transferredById: 'conc-mover' }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect([x, y].find((r) => r.status === 409)!.body.message).toMatch(/^Inventory serial CT-SN-2\d according to records should be at KY01_DAMAGED$/);
    expect([await onHand(SOURCE), await onHand(DEST)]).toEqual([17, 13]);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
