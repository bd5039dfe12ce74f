import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVING_MESSAGES } from '@keystone/contracts';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { checkLedger } from '../../src/modules/ledger/ledger-check.js';
import { createServices, type Services } from '../../src/modules/services.js';
import { createLocation, createPoLine, createProducts, nextUpc, type CreatedProduct } from '../factories.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
  serverApi,
} from './server-processes.js';

/**
 * Two server processes on one PostgreSQL database, many clients at once: the database serializes what must be
 * serialized (the line's row lock, the one-live-serial index, the unique scan id), not luck. Every test ends with
 * the ledger check.
 */
const dbName = `kt_conc_${randomBytes(5).toString('hex')}`;
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
let product: CreatedProduct;
let second: CreatedProduct;
const UPC = nextUpc();
const SECOND_UPC = nextUpc();
const PASSWORD = 'concurrency-password';

const api = serverApi(() => ({ servers, tokens }));

type Line = { poId: number; lineId: number; product: CreatedProduct };

/** A new PO with one line per product (the first product by default), each ordered `qty`. */
async function newPo(qty: number, lineProducts: CreatedProduct[] = [product]): Promise<Line[]> {
  const buyer = await services.users.create({
    username: `buyer-${randomUUID().slice(0, 8)}`,
    password: PASSWORD,
    role: 'purchasing-admin',
  });
  const vendor = await services.vendors.create({
    company_name: `Conc ${randomUUID().slice(0, 6)}`,
    vendor_type: 'sales',
  });
  const po = await services.purchaseOrders.create(
    { vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
    buyer,
  );
  const lines: Line[] = [];
  for (const p of lineProducts) {
    const full = await services.purchaseOrders.addLine({ productId: p.id, cost: 100, qty, purchaseOrderId: po.id });
    lines.push({
      poId: po.id,
      lineId: full.data.PO_LINES.find((l) => !lines.some((m) => m.lineId === l.id))!.id,
      product: p,
    });
  }
  return lines;
}

const receiveBody = (line: Line, serial: string, clientScanId?: string) => ({
  scannedUpc: line.product.upc!,
  model: line.product.modelNumber,
  poApiPoId: line.poId,
  poApiPoItemId: line.lineId,
  receivingBucket: 'KY01',
  scannedSerialNumbers: [serial],
  ...(clientScanId ? { clientScanId } : {}),
});

async function receivedOn(lineId: number): Promise<number> {
  const rows = await queryRows<{ qty_received: number }>(
    database.db,
    sql.raw(`select qty_received from purchase_order_items where id = ${lineId}`),
  );
  return rows[0]!.qty_received;
}

beforeAll(async () => {
  const url = new URL(await createScratchDatabase(dbName));
  database = await openPostgres(url.toString());
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [product, second] = (await createProducts(database.db, [
    { modelNumber: 'CONC-TV', upc: UPC, serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'CONC-SB', upc: SECOND_UPC, serialNumberTracked: true, numOfSerialsPerItem: 1 },
  ])) as [CreatedProduct, CreatedProduct];
  await services.users.create({ username: 'conc-receiver', password: PASSWORD, role: 'admin' });
  servers = await Promise.all([startServerProcess(url.toString()), startServerProcess(url.toString())]);
  tokens = await signInOnEach(servers, 'conc-receiver', PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

/** Ledger writes PostgreSQL rolled back (deadlock victim or serialization failure) and the servers ran again. */
const retriesLogged = () =>
  servers.reduce((n, s) => n + (s.output().match(/ledger write rolled back by the database/g)?.length ?? 0), 0);

async function expectLedgerClean() {
  expect(await checkLedger(database.db)).toEqual([]);
}

describe('receiving under concurrency, two server processes', () => {
  it('eight clients scanning 20 distinct serials onto a line ordered for 10 receive exactly 10', async () => {
    const line = await createPoLine(services, product, { qty: 10, cost: 100 });
    const serials = Array.from({ length: 20 }, (_, i) => `CONC-A-${String(i).padStart(3, '0')}`);
    const clients = Array.from({ length: 8 }, (_, c) => serials.filter((_, i) => i % 8 === c));
    const results = (
      await Promise.all(
        clients.map(async (mine, c) => {
          const out = [];
          for (const serial of mine)
            out.push(await api(c % 2, 'POST', '/api/scanner/receipt/quickScanReceive', receiveBody(line, serial)));
          return out;
        }),
      )
    ).flat();
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(
      Array(10).fill(RECEIVING_MESSAGES.nothingLeftToReceive),
    );
    expect(await receivedOn(line.lineId)).toBe(10);
    await expectLedgerClean();
  });

  it('the same serial sent at once to two lines is received once', async () => {
    const [a, b] = [
      await createPoLine(services, product, { qty: 5, cost: 100 }),
      await createPoLine(services, product, { qty: 5, cost: 100 }),
    ];
    for (let round = 0; round < 5; round++) {
      const serial = `CONC-B-${round}`;
      const [x, y] = await Promise.all([
        api(0, 'POST', '/api/scanner/receipt/quickScanReceive', receiveBody(a, serial)),
        api(1, 'POST', '/api/scanner/receipt/quickScanReceive', receiveBody(b, serial)),
      ]);
      expect([x.status, y.status].sort()).toEqual([200, 422]);
      expect([x, y].find((r) => r.status === 422)!.body.message).toBe(RECEIVING_MESSAGES.serialRescanned);
    }
    expect((await receivedOn(a.lineId)) + (await receivedOn(b.lineId))).toBe(5);
    await expectLedgerClean();
  });

  it('a receive racing an un-receive leaves the ledger clean', async () => {
    const line = await createPoLine(services, product, { qty: 20, cost: 100 });
    for (let round = 0; round < 6; round++) {
      const first = await api(
        0,
        'POST',
        '/api/scanner/receipt/quickScanReceive',
        receiveBody(line, `CONC-C-${round}-1`),
      );
      const ref = first.body.transactionReferenceId as string;
      const [un, again] = await Promise.all([
        api(1, 'POST', `/api/transacted-receipts/${ref}/unreceive`, {
          lineItemId: line.lineId,
          notes: 'race',
          scannedUpc: UPC,
          scannedSerialNumbers: [`CONC-C-${round}-1`],
        }),
        api(0, 'POST', '/api/scanner/receipt/quickScanReceive', receiveBody(line, `CONC-C-${round}-2`)),
      ]);
      expect(un.status).toBe(200);
      expect(again.status).toBe(200);
    }
    expect(await receivedOn(line.lineId)).toBe(6);
    await expectLedgerClean();
  });

  it('a retried scan id sent to both servers at once is applied once and answers the same', async () => {
    const line = await createPoLine(services, product, { qty: 5, cost: 100 });
    for (let round = 0; round < 5; round++) {
      const id = randomUUID();
      const body = receiveBody(line, `CONC-D-${round}`, id);
      const answers = await Promise.all(
        [0, 1, 0, 1].map((s) => api(s, 'POST', '/api/scanner/receipt/quickScanReceive', body)),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.transactionReferenceId)).size).toBe(1);
    }
    expect(await receivedOn(line.lineId)).toBe(5);
    await expectLedgerClean();
  });

  it('a retried scan id for the last unit of a line, sent at once, answers the same: the line full is no refusal for it', async () => {
    const [plain] = await createProducts(database.db, [
      { modelNumber: `CONC-PLAIN-${randomUUID().slice(0, 6)}`, serialNumberTracked: false },
    ]);
    for (const [k, p] of [product, plain!].entries()) {
      for (let round = 0; round < 3; round++) {
        const [line] = await newPo(1, [p]);
        const body = {
          ...receiveBody(line!, `CONC-L-${k}-${round}`, randomUUID()),
          ...(p === plain ? { scannedSerialNumbers: [] } : {}),
        };
        const answers = await Promise.all(
          [0, 1, 0, 1].map((s) => api(s, 'POST', '/api/scanner/receipt/quickScanReceive', body)),
        );
        expect(
          answers.map((a) => a.status),
          JSON.stringify(answers.map((a) => a.body)),
        ).toEqual([200, 200, 200, 200]);
        expect(new Set(answers.map((a) => a.body.transactionReferenceId)).size).toBe(1);
        expect(answers.map((a) => a.body.qty_received)).toEqual([1, 1, 1, 1]);
        expect(await receivedOn(line!.lineId)).toBe(1);
      }
    }
    await expectLedgerClean();
  });

  it('staged submits over the same lines of two POs, in opposite orders, queue instead of deadlocking', async () => {
    const [a, b] = [
      await createPoLine(services, product, { qty: 12, cost: 100 }),
      await createPoLine(services, product, { qty: 12, cost: 100 }),
    ];
    const submit = (server: number, items: object[]) =>
      api(server, 'POST', '/api/scanner/receipt/scanned-item/submit', { scannedItems: items });
    const retriesBefore = retriesLogged();
    const results = [];
    for (let round = 0; round < 6; round++) {
      const forward = [receiveBody(a, `CONC-E-${round}-A1`), receiveBody(b, `CONC-E-${round}-B1`)];
      const backward = [receiveBody(b, `CONC-E-${round}-B2`), receiveBody(a, `CONC-E-${round}-A2`)];
      results.push(...(await Promise.all([submit(0, forward), submit(1, backward)])));
    }
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect([await receivedOn(a.lineId), await receivedOn(b.lineId)]).toEqual([12, 12]);
    // Locked in one order (POs, then lines, by id): PostgreSQL never had to break a deadlock.
    expect(retriesLogged()).toBe(retriesBefore);
    await expectLedgerClean();
  });

  it('staged submits on different POs with the same two products in opposite orders queue on the on-hand rows', async () => {
    // Different POs, so the PO locks do not order them: the on-hand rows they share are taken in (product, bucket)
    // order before anything is written. Round 0 is the second product's first receipt into KY01: its row is made then.
    const retriesBefore = retriesLogged();
    const results = [];
    for (let round = 0; round < 8; round++) {
      const [x, y] = [await newPo(1, [product, second]), await newPo(1, [second, product])];
      results.push(
        ...(await Promise.all([
          api(0, 'POST', '/api/scanner/receipt/scanned-item/submit', {
            scannedItems: x.map((l, k) => receiveBody(l, `CONC-H-${round}-X${k}`)),
          }),
          api(1, 'POST', '/api/scanner/receipt/scanned-item/submit', {
            scannedItems: y.map((l, k) => receiveBody(l, `CONC-H-${round}-Y${k}`)),
          }),
        ])),
      );
    }
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(200));
    expect(retriesLogged()).toBe(retriesBefore);
    await expectLedgerClean();
  });

  it('two submits with the same two serials in opposite orders: one is received, the other refused whole', async () => {
    // Lines of two products, so no on-hand row puts them in a queue. The serial numbers are locked in one order
    // before either is checked: the second submit waits for the first, then finds its numbers live and answers
    // 422. No deadlock for PostgreSQL to break, so no rerun.
    const retriesBefore = retriesLogged();
    const [a, b] = [(await newPo(10, [product]))[0]!, (await newPo(10, [second]))[0]!];
    for (let round = 0; round < 5; round++) {
      const [x, y] = [`CONC-F-${round}-X`, `CONC-F-${round}-Y`];
      const answers = await Promise.all([
        api(0, 'POST', '/api/scanner/receipt/scanned-item/submit', {
          scannedItems: [receiveBody(a, x), receiveBody(a, y)],
        }),
        api(1, 'POST', '/api/scanner/receipt/scanned-item/submit', {
          scannedItems: [receiveBody(b, y), receiveBody(b, x)],
        }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
      expect(answers.find((r) => r.status === 422)!.body.message).toMatch(RECEIVING_MESSAGES.serialRescanned);
    }
    expect((await receivedOn(a.lineId)) + (await receivedOn(b.lineId))).toBe(10);
    expect(retriesLogged()).toBe(retriesBefore);
    await expectLedgerClean();
  });

  it('a retried staged submit sent to both servers at once is applied once and answers the same references', async () => {
    const line = await createPoLine(services, product, { qty: 9, cost: 100 });
    for (let round = 0; round < 3; round++) {
      const scannedItems = [0, 1, 2].map((k) => receiveBody(line, `CONC-G-${round}-${k}`, randomUUID()));
      const answers = await Promise.all(
        [0, 1, 0, 1].map((s) => api(s, 'POST', '/api/scanner/receipt/scanned-item/submit', { scannedItems })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const refs = answers.map((a) =>
        JSON.stringify((a.body.items as { transactionReferenceId: string }[]).map((i) => i.transactionReferenceId)),
      );
      expect(new Set(refs).size).toBe(1);
    }
    expect(await receivedOn(line.lineId)).toBe(9);
    await expectLedgerClean();
  });
});
