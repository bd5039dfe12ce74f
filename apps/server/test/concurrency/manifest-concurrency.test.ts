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
 * A manifest receive (exclusive serial-number gate) racing scans of its serials (shared gate, then per-number
 * locks) on two server processes over one PostgreSQL database: exactly one receives each number, the other is
 * refused with the §5 message naming it, nothing deadlocks, and the ledger check stays clean.
 */
const dbName = `kt_manifest_${randomBytes(5).toString('hex')}`;
const PASSWORD = 'concurrency-password';
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
let product: CreatedProduct;

const api = serverApi(() => ({ servers, tokens }));

type Line = Awaited<ReturnType<typeof createPoLine<CreatedProduct>>>;

const manifestBody = (line: Line, serials: string[]) => ({
  model: product.modelNumber,
  poApiPoId: line.poId,
  poApiPoItemId: line.lineId,
  receivingBucket: 'KY01',
  clientRequestId: randomUUID(),
  units: serials.map((s) => [s]),
});
/** Into another bucket than the manifest's: no on-hand row puts the two in a queue, only the serial numbers do. */
const scanBody = (line: Line, serial: string) => ({
  scannedUpc: product.upc!,
  model: product.modelNumber,
  poApiPoId: line.poId,
  poApiPoItemId: line.lineId,
  receivingBucket: 'KY01_B_STOCK',
  scannedSerialNumbers: [serial],
});

async function receivedOn(lineId: number): Promise<number> {
  const [row] = await queryRows<{ qty_received: number }>(
    database.db,
    sql`select qty_received from purchase_order_items where id = ${lineId}`,
  );
  return row!.qty_received;
}
const liveCount = async (serial: string) =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from inventory_serials where upper(serial_number) = upper(${serial}) and disposition_code = 'LIVE'`,
    )
  )[0]!.n;
const retriesLogged = () =>
  servers.reduce((n, s) => n + (s.output().match(/ledger write rolled back by the database/g)?.length ?? 0), 0);

beforeAll(async () => {
  const url = new URL(await createScratchDatabase(dbName));
  database = await openPostgres(url.toString());
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [product] = (await createProducts(database.db, [
    { modelNumber: 'MCONC-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
  ])) as [CreatedProduct];
  await services.users.create({ username: 'manifest-receiver', password: PASSWORD, role: 'warehouse-2' });
  servers = await Promise.all([startServerProcess(url.toString()), startServerProcess(url.toString())]);
  tokens = await signInOnEach(servers, 'manifest-receiver', PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('manifest receive under concurrency, two server processes', () => {
  it('a manifest racing a scan of one of its serials onto another line: exactly one receives it', async () => {
    const retriesBefore = retriesLogged();
    const outcomes = new Set<string>();
    // Even rounds send the manifest first and the scan a little later, into the manifest's transaction; odd rounds the
    // scan first and the manifest a little later. Either may win a round; the test checks that exactly one does. On a
    // loaded machine a 20 ms head start can be eaten by the manifest's parsing, so a side that has not won yet gets a
    // longer head start in its next round (doubled, at most 640 ms): both orders must happen within 16 rounds.
    const headStart = { manifest: 20, scan: 40 };
    for (let round = 0; round < 16 && (round < 6 || outcomes.size < 2); round++) {
      const [manifestLine, scanLine] = [
        await createPoLine(services, product, { qty: 300, cost: 100 }),
        await createPoLine(services, product, { qty: 1, cost: 100 }),
      ];
      const serials = Array.from({ length: 300 }, (_, i) => `MC-${round}-${String(i).padStart(3, '0')}`);
      const contested = serials[round % 2 ? 0 : 299]!;
      const later = <T>(ms: number, call: () => Promise<T>) => new Promise((r) => setTimeout(r, ms)).then(call);
      const manifestFirst = round % 2 === 0;
      const [manifest, scan] = await Promise.all([
        later(manifestFirst ? 0 : headStart.scan, () =>
          api(round % 2, 'POST', '/api/scanner/receipt/manifest/receive', manifestBody(manifestLine, serials)),
        ),
        later(manifestFirst ? headStart.manifest : 0, () =>
          api(
            1 - (round % 2),
            'POST',
            '/api/scanner/receipt/quickScanReceive',
            scanBody(scanLine, contested.toLowerCase()),
          ),
        ),
      ]);
      const winner = manifest.status === 200 ? 'manifest' : 'scan';
      if (manifestFirst && winner !== 'manifest' && !outcomes.has('manifest'))
        headStart.manifest = Math.min(640, headStart.manifest * 2);
      if (!manifestFirst && winner !== 'scan' && !outcomes.has('scan'))
        headStart.scan = Math.min(640, headStart.scan * 2);
      expect([manifest.status, scan.status].sort(), JSON.stringify([manifest.body, scan.body]).slice(0, 400)).toEqual([
        200, 422,
      ]);
      if (manifest.status === 200) {
        outcomes.add('manifest');
        expect(scan.body.message).toBe(RECEIVING_MESSAGES.serialRescanned);
        expect([await receivedOn(manifestLine.lineId), await receivedOn(scanLine.lineId)]).toEqual([300, 0]);
      } else {
        outcomes.add('scan');
        const key = `units.${serials.indexOf(contested)}.0`;
        expect(manifest.body.errors).toEqual({ [key]: [`${contested}: ${RECEIVING_MESSAGES.serialRescanned}`] });
        expect([await receivedOn(manifestLine.lineId), await receivedOn(scanLine.lineId)]).toEqual([0, 1]);
      }
      expect(await liveCount(contested)).toBe(1);
    }
    // Both orders happen: the test races, it does not only queue.
    expect([...outcomes].sort()).toEqual(['manifest', 'scan']);
    expect(retriesLogged()).toBe(retriesBefore);
    expect(await checkLedger(database.db)).toEqual([]);
  }, 120_000);

  it('two manifests sharing a serial, sent at once: one is received whole, the other refused whole', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [
        await createPoLine(services, product, { qty: 100, cost: 100 }),
        await createPoLine(services, product, { qty: 100, cost: 100 }),
      ];
      const shared = `MS-${round}-SHARED`;
      const own = (tag: string) => Array.from({ length: 99 }, (_, i) => `MS-${round}-${tag}-${i}`);
      // Different buckets, so only the serial numbers put them in a queue.
      const answers = await Promise.all([
        api(0, 'POST', '/api/scanner/receipt/manifest/receive', manifestBody(a, [shared, ...own('A')])),
        api(1, 'POST', '/api/scanner/receipt/manifest/receive', {
          ...manifestBody(b, [...own('B'), shared]),
          receivingBucket: 'KY01_B_STOCK',
        }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
      const refused = answers.findIndex((r) => r.status === 422);
      expect(answers[refused]!.body.errors).toEqual({
        [`units.${refused === 0 ? 0 : 99}.0`]: [`${shared}: ${RECEIVING_MESSAGES.serialRescanned}`],
      });
      expect((await receivedOn(a.lineId)) + (await receivedOn(b.lineId))).toBe(100);
      expect(await liveCount(shared)).toBe(1);
    }
    expect(await checkLedger(database.db)).toEqual([]);
  }, 120_000);
});
