import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, type OpenDatabase } from '../../src/db/database.js';
import { checkLedger } from '../../src/modules/ledger/ledger-check.js';
import { createServices } from '../../src/modules/services.js';
import { createLocation, createPoLine, createProducts, type CreatedProduct } from '../factories.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
} from './server-processes.js';

/**
 * `WORKERS=2` (issue 9 part 5): the product as `npm run start:prod` runs it, one primary and two API processes on
 * one port and one PostgreSQL database, sharing nothing else. EXPOSE_PROCESS_ID names the process that answered.
 */
const dbName = `kt_workers_${randomBytes(5).toString('hex')}`;
const PASSWORD = 'workers-password';
let url: string;
let database: OpenDatabase;
let server: ServerProcess;
let token: string;
let product: CreatedProduct;
let line: { poId: number; lineId: number };

interface Answer {
  status: number;
  pid: number;
  body: Record<string, unknown>;
}

/** One request on a connection of its own, so that the primary hands each to the next worker. */
function request(method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, server.url);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      target,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            pid: Number(res.headers['x-process-id']),
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Health asked until `count` different processes have answered (or 40 tries). */
/**
 * The pids answering /api/health, asked until `count` have answered or 30 s have passed: a worker still starting on
 * a loaded machine (another forked after a kill) is not listening yet, and every request goes to the one that is.
 */
async function workerPids(count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (const end = Date.now() + 30_000; pids.size < count && Date.now() < end;) {
    pids.add((await request('GET', '/api/health')).pid);
    if (pids.size < count) await new Promise((r) => setTimeout(r, 50));
  }
  return pids;
}

const scan = () =>
  request('POST', '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: product.upc!,
    model: product.modelNumber,
    poApiPoId: line.poId,
    poApiPoItemId: line.lineId,
    receivingBucket: 'KY01',
    clientScanId: randomUUID(),
  });

const waitFor = async (condition: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !condition() && Date.now() < end;) await new Promise((r) => setTimeout(r, 25));
  return condition();
};

beforeAll(async () => {
  url = await createScratchDatabase(dbName);
  database = await openPostgres(url);
  const services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [product] = (await createProducts(database.db, [{ modelNumber: 'WORKERS-KIT', serialNumberTracked: false }])) as [
    CreatedProduct,
  ];
  const user = await services.users.create({ username: 'workers-receiver', password: PASSWORD, role: 'admin' });
  line = await createPoLine(services, product, { locationCode: 'KY01', qty: 100_000, cost: 100, buyerId: user });
  server = await startServerProcess(url, { WORKERS: '2', EXPOSE_PROCESS_ID: '1' });
  [token] = (await signInOnEach([server], 'workers-receiver', PASSWORD)) as [string];
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('WORKERS=2 on one PostgreSQL database', () => {
  it('two worker processes answer, and a scan written through one is read through the other', async () => {
    const pids = await workerPids(2);
    expect(pids.size).toBe(2);
    expect(pids.has(server.pid)).toBe(false);

    const written = await scan();
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    let read: Answer;
    do read = await request('GET', `/api/purchase/getFull/${line.poId}`);
    while (read.pid === written.pid);
    expect(read.status).toBe(200);
    const lines = (read.body.data as { PO_LINES: { qty_received: number }[] }).PO_LINES;
    expect(lines[0]!.qty_received).toBe(1);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('a killed worker is replaced, while the other goes on serving', async () => {
    const [killed, survivor] = [...(await workerPids(2))] as [number, number];
    const deathsBefore = server.output().match(/worker died; starting another/g)?.length ?? 0;
    process.kill(killed, 'SIGKILL');
    expect(
      await waitFor(() => (server.output().match(/worker died; starting another/g)?.length ?? 0) > deathsBefore, 5_000),
    ).toBe(true);

    // Until the replacement answers, every request is served, by the survivor.
    const answers: Answer[] = [];
    let replacement: number | undefined;
    for (const end = Date.now() + 30_000; replacement === undefined && Date.now() < end;) {
      const answer = await (answers.length % 2 ? scan() : request('GET', '/api/health'));
      answers.push(answer);
      if (answer.pid !== survivor) replacement = answer.pid;
    }
    expect(replacement).toBeDefined();
    expect(replacement).not.toBe(killed);
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    expect(server.exited()).toBe(false);
    expect(await checkLedger(database.db)).toEqual([]);
  }, 60_000);

  it('workers that keep dying stop the primary with exit code 1', async () => {
    const doomed = await startServerProcess(url, { WORKERS: '2', EXPOSE_PROCESS_ID: '1' });
    const killed = new Set<number>();
    const exit = doomed.exitCode();
    let exited = false;
    void exit.then(() => (exited = true));
    while (!exited) {
      for (const match of doomed.output().matchAll(/"workerPid":(\d+),"msg":"worker started"/g)) {
        const pid = Number(match[1]);
        if (killed.has(pid)) continue;
        killed.add(pid);
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone already */
        }
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await exit).toBe(1);
    expect(doomed.output()).toMatch(/workers died 5 times within 60 s: stopping/);
    // The other product's processes were not touched.
    expect((await request('GET', '/api/health')).status).toBe(200);
  }, 60_000);
});
