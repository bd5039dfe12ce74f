import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanIdOfOtherTransferMessage, serialInTransferMessage, TRANSFER_MESSAGES } from '@keystone/contracts';
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
 * Transfers under concurrency (issue 10): two server processes on one PostgreSQL database. Scans of one committed
 * transfer queue on its row, so they never exceed its committed quantity; a submit sent to both servers at once
 * moves the stock once; a serial scanned into two transfers at once is accepted by one (the serial-number lock);
 * commits racing for the last unit (transfer against transfer, sale against transfer) leave one committed (the
 * bucket's on-hand lock); a force push of one serial into two transfers at once corrects it once. Every test
 * ends with the ledger check.
 */
const dbName = `kt_conc_trf_${randomBytes(5).toString('hex')}`;
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
let product: CreatedProduct;
let kit: CreatedProduct;
let actor: { id: number; username: string; role: string };
const UPC = nextUpc();
const PASSWORD = 'concurrency-password';
const SOURCE = 'KY01_B_STOCK';
const DEST = 'KY01_DAMAGED';

const api = serverApi(() => ({ servers, tokens }));

const negativeOnHand = async () =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from inventory where quantity < 0`))[0]!.n;

const commit = async (quantity: number) =>
  (
    await services.transfers.commit(
      { fromBucket: SOURCE, toBucket: DEST, model: product.modelNumber, requestedQuantity: quantity },
      actor,
    )
  ).ims_transaction_reference_id;

beforeAll(async () => {
  const url = new URL(await createScratchDatabase(dbName));
  database = await openPostgres(url.toString());
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [product, kit] = (await createProducts(database.db, [
    { modelNumber: 'CONC-TRF-TV', upc: UPC, serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'CONC-TRF-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct];
  const id = await services.users.create({ username: 'conc-mover', password: PASSWORD, role: 'admin' });
  actor = { id, username: 'conc-mover', role: 'admin' };
  await receiveStock(services, product, SOURCE, {
    serials: Array.from({ length: 30 }, (_, i) => [`CT-SN-${i}`]),
  });
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
          for (const serial of mine)
            out.push(
              await api(c % 2, 'POST', `/api/ims/committed-transfers/${ref}/addScannedItem`, {
                scannedUpc: UPC,
                scannedSerialNumbers: [serial],
              }),
            );
          return out;
        }),
      )
    ).flat();
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(
      Array(10).fill(TRANSFER_MESSAGES.scanComplete),
    );
    const transfer = await services.transfers.get(ref);
    expect([transfer.total_scanned_quantity, transfer.serials.length]).toEqual([10, 10]);

    // The submit sent to both servers at once (twice each): one moves the stock, the others answer its result.
    const answers = await Promise.all(
      [0, 1, 0, 1].map((s) =>
        api(s, 'POST', `/api/ims/committed-transfers/${ref}/transact`, { transferredById: 'conc-mover' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.already_transacted === false)).toHaveLength(1);
    expect([await onHand(database.db, product, SOURCE), await onHand(database.db, product, DEST)]).toEqual([20, 10]);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('the same serial scanned into two transfers at once is accepted by one; the other is told where it is reserved', async () => {
    const [a, b] = [await commit(3), await commit(3)];
    const serials = ['CT-SN-20', 'CT-SN-21', 'CT-SN-22'];
    for (const serial of serials) {
      const [x, y] = await Promise.all([
        api(0, 'POST', `/api/ims/committed-transfers/${a}/addScannedItem`, {
          scannedUpc: UPC,
          scannedSerialNumbers: [serial],
        }),
        api(1, 'POST', `/api/ims/committed-transfers/${b}/addScannedItem`, {
          scannedUpc: UPC,
          scannedSerialNumbers: [serial],
        }),
      ]);
      expect([x.status, y.status].sort(), JSON.stringify([x.body, y.body])).toEqual([200, 409]);
      const loser = x.status === 409 ? x : y;
      expect(loser.body.message).toBe(serialInTransferMessage(serial, x.status === 200 ? a : b));
    }
    const [ta, tb] = [await services.transfers.get(a), await services.transfers.get(b)];
    expect(ta.serials.length + tb.serials.length).toBe(3);
    // Each submits what it scanned (an admin, strict mode off): every serial moves once.
    for (const ref of [a, b]) {
      const scanned = ref === a ? ta : tb;
      if (!scanned.serials.length) {
        await services.transfers.delete(ref);
        continue;
      }
      const res = await api(0, 'POST', `/api/ims/committed-transfers/${ref}/transact`, {
        transferredById: 'conc-mover',
        strictMode: false,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect([await onHand(database.db, product, SOURCE), await onHand(database.db, product, DEST)]).toEqual([17, 13]);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('two commits racing for the last unit: one is committed, the other refused; repeated', async () => {
    for (let round = 0; round < 4; round++) {
      await receiveStock(services, kit, 'KY01_RETURN', { units: 1 });
      const body = {
        fromBucket: 'KY01_RETURN',
        toBucket: DEST,
        model: kit.modelNumber,
        requestedQuantity: 1,
        scanningRequired: false,
      };
      const answers = await Promise.all([0, 1].map((s) => api(s, 'POST', '/api/ims/committed-transfers', body)));
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([201, 422]);
      expect(answers.find((r) => r.status === 422)!.body.message).toBe('There is nothing available in KY01_RETURN');
      const winner = answers.find((r) => r.status === 201)!.body.ims_transaction_reference_id as string;
      expect(
        (
          await api(round % 2, 'POST', `/api/ims/committed-transfers/${winner}/transact`, {
            transferredById: 'conc-mover',
          })
        ).status,
      ).toBe(200);
      expect(await onHand(database.db, kit, 'KY01_RETURN')).toBe(0);
    }
    expect(await negativeOnHand()).toBe(0);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('a sale of the last unit racing a transfer of it: exactly one is committed and done; on-hand never negative', async () => {
    for (let round = 0; round < 3; round++) {
      await receiveStock(services, kit, 'KY01_B_STOCK', { units: 1 });
      expect(await onHand(database.db, kit, SOURCE)).toBe(1);
      const invoice = `INV-RACE-${round}`;
      const [sale, transfer] = await Promise.all([
        api(round % 2, 'POST', '/api/ims/committed-sales', {
          legacyPosInvoiceId: invoice,
          model: kit.modelNumber,
          quantity: 1,
          sourceBucket: SOURCE,
        }),
        api((round + 1) % 2, 'POST', '/api/ims/committed-transfers', {
          fromBucket: SOURCE,
          toBucket: DEST,
          model: kit.modelNumber,
          requestedQuantity: 1,
          scanningRequired: false,
        }),
      ]);
      expect([sale.status, transfer.status].sort(), JSON.stringify([sale.body, transfer.body])).toEqual([201, 422]);
      const done =
        sale.status === 201
          ? await api(
              0,
              'POST',
              `/api/ims/committed-sales/${sale.body.ims_transaction_reference_id as string}/transact`,
              {},
            )
          : await api(
              0,
              'POST',
              `/api/ims/committed-transfers/${transfer.body.ims_transaction_reference_id as string}/transact`,
              { transferredById: 'conc-mover' },
            );
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(await onHand(database.db, kit, SOURCE)).toBe(0);
    }
    expect(await negativeOnHand()).toBe(0);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('with strict mode off both may commit the last unit; their transacts race and exactly one is done', async () => {
    for (let round = 0; round < 3; round++) {
      await receiveStock(services, kit, 'KY01_B_STOCK', { units: 1 });
      const sale = await api(0, 'POST', '/api/ims/committed-sales', {
        legacyPosInvoiceId: `INV-OFF-${round}`,
        model: kit.modelNumber,
        quantity: 1,
        sourceBucket: SOURCE,
      });
      expect(sale.status, JSON.stringify(sale.body)).toBe(201);
      const transfer = await api(1, 'POST', '/api/ims/committed-transfers', {
        fromBucket: SOURCE,
        toBucket: DEST,
        model: kit.modelNumber,
        requestedQuantity: 1,
        scanningRequired: false,
        strictMode: false,
      });
      expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
      const saleRef = sale.body.ims_transaction_reference_id as string;
      const transferRef = transfer.body.ims_transaction_reference_id as string;
      const [sold, moved] = await Promise.all([
        api(round % 2, 'POST', `/api/ims/committed-sales/${saleRef}/transact`, {}),
        api((round + 1) % 2, 'POST', `/api/ims/committed-transfers/${transferRef}/transact`, {
          transferredById: 'conc-mover',
        }),
      ]);
      expect([sold.status, moved.status].sort(), JSON.stringify([sold.body, moved.body])).toEqual([200, 409]);
      expect(await onHand(database.db, kit, SOURCE)).toBe(0);
      // The loser stays open (committed, nothing moved): clear it for the next round.
      if (moved.status === 409) await services.transfers.delete(transferRef);
      else await database.db.execute(sql`delete from committed_sales where ims_transaction_reference_id = ${saleRef}`);
    }
    expect(await negativeOnHand()).toBe(0);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('a force push of one unknown serial into two transfers at once corrects and scans it once', async () => {
    const [a, b] = [await commit(1), await commit(1)];
    const before = await onHand(database.db, product, SOURCE);
    const [x, y] = await Promise.all([
      api(0, 'POST', `/api/ims/committed-transfers/${a}/addScannedItem`, {
        scannedUpc: UPC,
        scannedSerialNumbers: ['FP-RACE-1'],
        forcePushSerialCorrection: 1,
      }),
      api(1, 'POST', `/api/ims/committed-transfers/${b}/addScannedItem`, {
        scannedUpc: UPC,
        scannedSerialNumbers: ['FP-RACE-1'],
        forcePushSerialCorrection: 1,
      }),
    ]);
    expect([x.status, y.status].sort(), JSON.stringify([x.body, y.body])).toEqual([200, 409]);
    expect((x.status === 409 ? x : y).body.message).toBe(
      serialInTransferMessage('FP-RACE-1', x.status === 200 ? a : b),
    );
    expect(await onHand(database.db, product, SOURCE)).toBe(before + 1);
    const created = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from inventory_serials where serial_number = 'FP-RACE-1'`,
    );
    expect(created[0]!.n).toBe(1);
    for (const ref of [a, b]) await services.transfers.delete(ref);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('one clientScanId sent to both servers at once is recorded once; at once on two transfers, one is refused', async () => {
    await receiveStock(services, kit, SOURCE, { units: 4 });
    const commitKit = async (quantity: number) =>
      (
        await services.transfers.commit(
          { fromBucket: SOURCE, toBucket: DEST, model: kit.modelNumber, requestedQuantity: quantity },
          actor,
        )
      ).ims_transaction_reference_id;
    const [a, b, c] = [await commitKit(2), await commitKit(1), await commitKit(1)];
    for (let round = 0; round < 2; round++) {
      const body = { scannedUpc: kit.upc, clientScanId: randomUUID() };
      const answers = await Promise.all(
        [0, 1, 0, 1].map((s) => api(s, 'POST', `/api/ims/committed-transfers/${a}/addScannedItem`, body)),
      );
      expect(
        answers.map((r) => r.status),
        JSON.stringify(answers.map((r) => r.body)),
      ).toEqual([200, 200, 200, 200]);
      expect((await services.transfers.get(a)).total_scanned_quantity).toBe(round + 1);
    }
    const shared = { scannedUpc: kit.upc, clientScanId: randomUUID() };
    const [x, y] = await Promise.all([
      api(0, 'POST', `/api/ims/committed-transfers/${b}/addScannedItem`, shared),
      api(1, 'POST', `/api/ims/committed-transfers/${c}/addScannedItem`, shared),
    ]);
    expect([x.status, y.status].sort(), JSON.stringify([x.body, y.body])).toEqual([200, 409]);
    expect((x.status === 409 ? x : y).body.message).toBe(scanIdOfOtherTransferMessage(x.status === 200 ? b : c));
    const ids = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from committed_transfer_scans where client_scan_id = ${shared.clientScanId}`,
    );
    expect(ids[0]!.n).toBe(1);
    for (const open of await services.transfers.listCommitted({ model: kit.modelNumber }))
      await services.transfers.delete(open.ims_transaction_reference_id);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
