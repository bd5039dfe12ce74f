import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, type OpenDatabase } from '../../src/db/database.js';
import { createServices, type Services } from '../../src/modules/services.js';
import {
  createActors,
  httpClient,
  LedgerModelRunner,
  sampleSteps,
  type Actors,
  type ApiClient,
} from '../ledger-model/operations.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  startServerProcess,
  type ServerProcess,
} from './server-processes.js';

/**
 * The model-based ledger test (issue 32 part 2) on two API processes over one PostgreSQL database: the steps are
 * sent alternately to each process, so each reads what the other wrote (no cache may answer stale figures), and the
 * product's answers are compared with the model after every step through the other process. Then an audit's tally,
 * finish and review run on one process while receipts, bin changes and sales hit the other, and its resolve must
 * post what the model says (tallied − recorded at the start, whatever moved during the tally).
 */
const dbName = `kt_conc_model_${randomBytes(5).toString('hex')}`;
const SEED = Number(process.env.LEDGER_MODEL_SEED ?? 3202);
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let clients: ApiClient[];
let actors: Actors;

beforeAll(async () => {
  const url = await createScratchDatabase(dbName);
  database = await openPostgres(url);
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  servers = await Promise.all([startServerProcess(url), startServerProcess(url)]);
  clients = servers.map((s, i) => httpClient(s.url, `process ${i + 1}`));
  actors = await createActors(services, clients);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('the ledger against its model on two API processes', () => {
  it('answers what the model says after every step, the steps alternating between the processes', async () => {
    const runner = new LedgerModelRunner({ services, db: database.db, clients, actors, location: 'LMP1' });
    await runner.setup();
    await runner.stockUp();
    const steps = sampleSteps(SEED, 150);
    try {
      for (const [i, step] of steps.entries()) {
        runner.client = i % 2;
        await runner.run(step);
        runner.client = (i + 1) % 2;
        await runner.verify();
      }
      await runner.verify({ lines: true, releases: true });
    } catch (error) {
      throw new Error(`seed ${SEED} (LEDGER_MODEL_SEED=${SEED} reproduces it): ${(error as Error).message}`, {
        cause: error,
      });
    }
    expect(runner.counts.get('receive:taken') ?? 0).toBeGreaterThan(0);
    expect(runner.counts.get('sale-commit:taken') ?? 0).toBeGreaterThan(0);
  }, 240_000);

  it('an audit tallied, finished and reviewed on one process while the other receives, bins and sells resolves to what the model says', async () => {
    const runner = new LedgerModelRunner({ services, db: database.db, clients, actors, location: 'LMP2' });
    await runner.setup();
    await runner.stockUp();
    // Process 1 runs the audit of KA in the NEW bucket; process 2 moves KA in and out of it between the audit's steps.
    const audit = (kind: 'audit-start' | 'audit-scan' | 'audit-finish' | 'audit-resolve', b = 0) => ({
      kind,
      a: 0,
      b,
      c: 0,
      d: 0,
    });
    const others = [
      { kind: 'receive', a: 0, b: 0, c: 1, d: 2 },
      { kind: 'bin-add', a: 2, b: 0, c: 1, d: 0 },
      { kind: 'sale-commit', a: 0, b: 0, c: 1, d: 1 },
      { kind: 'sale-transact', a: 0, b: 0, c: 0, d: 0 },
      { kind: 'receive', a: 0, b: 0, c: 1, d: 3 },
      { kind: 'transfer-commit', a: 0, b: 0, c: 1, d: 1 },
      { kind: 'transfer-transact', a: 0, b: 0, c: 0, d: 0 },
    ] as const;
    const phases = [
      audit('audit-start'),
      audit('audit-scan', 2),
      audit('audit-scan', 1),
      audit('audit-finish'),
      audit('audit-resolve'),
    ];
    let next = 0;
    for (const phase of phases) {
      runner.client = 0;
      expect(await runner.run(phase)).toBe('taken');
      // Between the audit's steps, two other operations on the audited product and bucket, sent to process 2.
      runner.client = 1;
      for (let k = 0; k < 2 && next < others.length; k++) await runner.run(others[next++]!);
      runner.client = 0;
      await runner.verify();
    }
    expect(runner.model.audits).toHaveLength(0);
    expect(runner.counts.get('audit-resolve:taken')).toBe(1);
    await runner.verify({ lines: true, releases: true });
  }, 240_000);
});
