/**
 * The API under load: 50 connections of receiving scans (POST quickScanReceive) for a bounded
 * time, against the real server started as its own process(es) on loopback, while a few other connections read
 * (`/api/health` and the PO list). Modes: PostgreSQL with one process, the same with prepared statements off, the same
 * through PgBouncer in transaction mode (prepared statements off, as PgBouncer 1.18 needs), PostgreSQL with WORKERS=2,
 * two API processes behind HAProxy, PGlite. The PgBouncer and HAProxy modes need those Debian packages
 * (`bash scripts/cluster/cluster.sh install`); without them they are skipped, saying so.
 *
 *   npm run bench:api                          # every mode
 *   npm run bench:api -- pg1 pglite            # some of them
 *   BENCH_SECONDS=15 BENCH_CONNECTIONS=50 npm run bench:api
 *   BENCH_SECONDS=60 BENCH_TIMELINE=1 npm run bench:api -- pg2   # every second's scans and latencies
 *
 * The scans: 25 POs of 4 lines each over 40 products (half serial tracked, one fresh serial per scan), each
 * scanner (connection) on one PO, two scanners per PO, every scan with its own clientScanId. After each run the
 * server is stopped and the database checked: the ledger check is clean, every acknowledged (2xx) scan is in the
 * ledger exactly once, and the units received equal the receipts (a scan still in flight when the clock ran out
 * may have been written without its answer being counted: it is reported as "unacknowledged").
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, queryRows, type Database, type OpenDatabase } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { LINES_PER_PO, PASSWORD, POS, seed } from './receiving-seed.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
} from '../test/concurrency/server-processes.js';
import { missingEngine, startHaproxy, startPgBouncer, type EngineProcess } from './engines.js';

const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const READ_CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS || 2);

type Mode = 'pg1' | 'pg1np' | 'pgbouncer' | 'pg2' | 'haproxy2' | 'pglite';
interface ModeSpec {
  label: string;
  database: 'postgres' | 'pglite';
  workers: number;
  env?: Record<string, string>;
  /** API processes of their own (each WORKERS=1), behind an HAProxy started for the run. */
  behindHaproxy?: number;
  /** The API process reaches PostgreSQL through a PgBouncer (transaction mode) started for the run. */
  throughPgBouncer?: boolean;
}
const MODES: Record<Mode, ModeSpec> = {
  pg1: { label: 'PostgreSQL, 1 process', database: 'postgres', workers: 1 },
  pg1np: {
    label: 'PostgreSQL, 1 process, prepared statements off',
    database: 'postgres',
    workers: 1,
    env: { DATABASE_PREPARED_STATEMENTS: '0' },
  },
  pgbouncer: {
    label: 'PgBouncer (transaction mode), 1 process, prepared statements off',
    database: 'postgres',
    workers: 1,
    throughPgBouncer: true,
  },
  pg2: { label: 'PostgreSQL, 2 processes (WORKERS=2)', database: 'postgres', workers: 2 },
  haproxy2: { label: 'HAProxy, 2 API processes', database: 'postgres', workers: 1, behindHaproxy: 2 },
  pglite: { label: 'PGlite, 1 process', database: 'pglite', workers: 1 },
};

interface Verdict {
  ledgerClean: boolean;
  acknowledged: number;
  receipts: number;
  unitsReceived: number;
  missing: number;
}

/** After the run, the server stopped: what the database holds against what the scanners were told. */
async function verify(db: Database, acknowledged: Set<string>): Promise<Verdict> {
  const differences = await checkLedger(db);
  const rows = await queryRows<{ client_request_id: string }>(
    db,
    sql`select client_request_id from inventory_transactions where type = 'INVENTORY_RECEIPT'`,
  );
  const ids = new Set(rows.map((r) => r.client_request_id));
  const [units] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(qty_received), 0)::int as n from purchase_order_items`,
  );
  let missing = 0;
  for (const id of acknowledged) if (!ids.has(id)) missing++;
  return {
    ledgerClean: differences.length === 0,
    acknowledged: acknowledged.size,
    receipts: rows.length,
    unitsReceived: units!.n,
    missing,
  };
}

/**
 * CPU time (ms) the processes have used, from /proc (Linux; a process gone counts 0): in all (user + system) and the
 * kernel's part of it (system calls: the sockets to the clients and to PostgreSQL).
 */
function cpuOf(pids: number[]): { total: number; system: number } {
  let user = 0;
  let system = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      user += Number(fields[11]); // utime, stime (fields 14, 15) at 100 ticks/s
      system += Number(fields[12]);
    } catch {
      // gone
    }
  }
  return { total: ((user + system) * 1000) / 100, system: (system * 1000) / 100 };
}

/** The process and its children (the cluster's workers). */
function processTree(pid: number): number[] {
  const children = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}

/**
 * Scans answered 2xx per second of the run (by when the answer came), and their latencies: a scan that gets slower as
 * the stock grows shows as a last third slower than the first (docs/performance.md, "Session 19"); BENCH_TIMELINE=1
 * prints every second.
 */
class Timeline {
  private readonly seconds: number[][] = [];
  private readonly start = performance.now();
  add(sentAt: number): void {
    const now = performance.now();
    (this.seconds[Math.floor((now - this.start) / 1000)] ??= []).push(now - sentAt);
  }
  /** Scans/s over the first and the last third of the run's whole seconds. */
  thirds(seconds: number): [number, number] {
    const third = Math.max(1, Math.floor(seconds / 3));
    const rate = (from: number) =>
      this.seconds.slice(from, from + third).reduce((n, s) => n + (s?.length ?? 0), 0) / third;
    return [rate(0), rate(seconds - third)];
  }
  print(): void {
    this.seconds.forEach((latencies = [], second) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) =>
        sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!) : 0;
      console.error(
        `second ${second}: ${sorted.length} scans, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms, over 300 ms ${sorted.filter((l) => l > 300).length}`,
      );
    });
  }
}

interface Row {
  mode: string;
  scansPerSecond: number;
  /** Scans/s in the first and the last third of the run. */
  firstThird: number;
  lastThird: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  healthP99: number;
  listP99: number;
  verdict: Verdict;
  /** CPU used per acknowledged scan during the run: the API process(es), PostgreSQL's backends (0 on PGlite). */
  serverCpuPerScan: number;
  postgresCpuPerScan: number;
  /** The kernel's share of each (ms a scan): system calls, not the process's own code. */
  serverSystemPerScan: number;
  postgresSystemPerScan: number;
  /** PgBouncer's or HAProxy's CPU per scan, in the modes that run one (else 0). */
  engineCpuPerScan: number;
}

/** The same database over PostgreSQL's Unix socket in `dir` (node-postgres reads `host` from the query). */
function socketUrl(url: string, dir: string): string {
  const u = new URL(url);
  return `postgres://${u.username}@localhost${u.pathname}?host=${encodeURIComponent(dir)}`;
}

async function runMode(mode: Mode): Promise<Row> {
  const spec = MODES[mode];
  let open: () => Promise<OpenDatabase>;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let directUrl = '';
  const engines: EngineProcess[] = [];
  if (spec.database === 'postgres') {
    const name = `kt_bench_api_${randomBytes(4).toString('hex')}`;
    const url = await createScratchDatabase(name);
    directUrl = url;
    open = () => openPostgres(url, { max: 2 });
    // BENCH_PG_SOCKET=/var/run/postgresql: the server processes reach PostgreSQL over its Unix socket, not loopback TCP.
    env = {
      DATABASE_URL: process.env.BENCH_PG_SOCKET ? socketUrl(url, process.env.BENCH_PG_SOCKET) : url,
      WORKERS: String(spec.workers),
      ...spec.env,
    };
    cleanup = async () => {
      for (const engine of engines) await engine.stop();
      await dropScratchDatabase(name);
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kt-bench-api-'));
    open = () => openPglite(dir);
    env = { DATABASE_URL: '', DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  try {
    let database = await open();
    const lines = await seed(database.db);
    // BENCH_SETUP_SQL: statements run on the seeded database before the server starts (experiments: an index or a
    // constraint dropped, a setting changed), so that a paired run measures one change to the schema.
    if (process.env.BENCH_SETUP_SQL) await database.db.execute(sql.raw(process.env.BENCH_SETUP_SQL));
    await database.close();

    // BENCH_SERVER_NODE_OPTIONS=--cpu-prof profiles the server process(es) (one .cpuprofile each, on exit).
    const nodeOptions: Record<string, string> = process.env.BENCH_SERVER_NODE_OPTIONS
      ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
      : {};
    if (spec.throughPgBouncer) {
      const pooler = await startPgBouncer(directUrl);
      engines.push(pooler);
      // LISTEN and the migrations' session lock go past the pooler (DATABASE_SESSION_URL).
      env = { ...env, DATABASE_URL: pooler.url, DATABASE_SESSION_URL: directUrl, DATABASE_PREPARED_STATEMENTS: '0' };
    }
    const servers: ServerProcess[] = [];
    for (let i = 0; i < (spec.behindHaproxy ?? 1); i++)
      servers.push(await startServerProcess(env.DATABASE_URL ?? '', { ...env, ...nodeOptions }));
    if (spec.behindHaproxy) engines.push(await startHaproxy(servers.map((s) => s.url)));
    const server = { url: spec.behindHaproxy ? engines.at(-1)!.url : servers[0]!.url };
    const [token] = await signInOnEach(servers.slice(0, 1), 'bench-receiver', PASSWORD);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const acknowledged = new Set<string>();
    let connection = 0;
    type Scanner = { po?: number; n?: number; scanId?: string; sentAt?: number };
    const timeline = new Timeline();
    const scans = autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/scanner/receipt/quickScanReceive',
          headers,
          setupRequest: (request, context: Scanner) => {
            context.po ??= connection++ % POS;
            context.n = (context.n ?? 0) + 1;
            const line = lines[context.po * LINES_PER_PO + (context.n % LINES_PER_PO)]!;
            context.scanId = randomUUID();
            context.sentAt = performance.now();
            const body = {
              scannedUpc: line.upc,
              model: line.model,
              poApiPoId: line.poId,
              poApiPoItemId: line.lineId,
              receivingBucket: 'KY01',
              scannedSerialNumbers: line.serialTracked ? [`SN-${context.scanId.slice(0, 18)}`] : [],
              clientScanId: context.scanId,
            };
            return { ...request, body: JSON.stringify(body) };
          },
          onResponse: (status, _body, context: Scanner) => {
            if (status >= 200 && status < 300 && context.scanId) {
              acknowledged.add(context.scanId);
              timeline.add(context.sentAt!);
            }
          },
        },
      ],
    });
    const read = (p: string) =>
      autocannon({ url: `${server.url}${p}`, connections: READ_CONNECTIONS, duration: SECONDS, headers });
    const serverPids = servers.flatMap((s) => processTree(s.pid));
    const enginePids = engines.flatMap((e) => processTree(e.pid));
    const serverCpuBefore = cpuOf(serverPids);
    const engineCpuBefore = cpuOf(enginePids);
    const generatorDelay = monitorEventLoopDelay({ resolution: 5 });
    generatorDelay.enable();
    const [scanResult, health, list] = await Promise.all([
      scans,
      read('/api/health'),
      read('/api/purchase?page=1&perPage=25'),
    ]);
    generatorDelay.disable();
    if (process.env.BENCH_TIMELINE === '1') timeline.print();
    const [firstThird, lastThird] = timeline.thirds(SECONDS);
    console.error(
      `load generator event-loop delay: p50 ${(generatorDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(generatorDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(generatorDelay.max / 1e6).toFixed(1)} ms`,
    );
    const serverCpuAfter = cpuOf(serverPids);
    const engineCpu = cpuOf(enginePids).total - engineCpuBefore.total;
    const serverCpu = {
      total: serverCpuAfter.total - serverCpuBefore.total,
      system: serverCpuAfter.system - serverCpuBefore.system,
    };
    // PostgreSQL's backends of this database (started for the run; their whole CPU time, sign-in included).
    let postgresCpu = { total: 0, system: 0 };
    if (spec.database === 'postgres') {
      const admin = await openPostgres(directUrl, { max: 1, migrate: false });
      const backends = await queryRows<{ pid: number }>(
        admin.db,
        sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      postgresCpu = cpuOf(backends.map((b) => b.pid));
      await admin.close();
    }
    for (const s of servers) await s.stop();
    if (process.env.BENCH_SERVER_LOG)
      fs.writeFileSync(`${process.env.BENCH_SERVER_LOG}.${mode}.log`, servers.map((s) => s.output()).join('\n'));

    database = await open();
    const verdict = await verify(database.db, acknowledged);
    await database.close();
    const row: Row = {
      mode: spec.label,
      scansPerSecond: scanResult['2xx'] / SECONDS,
      firstThird,
      lastThird,
      p50: scanResult.latency.p50,
      p99: scanResult.latency.p99,
      errors: scanResult.errors + scanResult.timeouts,
      non2xx: scanResult.non2xx,
      healthP99: health.non2xx || health.errors ? NaN : health.latency.p99,
      listP99: list.non2xx || list.errors ? NaN : list.latency.p99,
      verdict,
      serverCpuPerScan: serverCpu.total / Math.max(1, scanResult['2xx']),
      postgresCpuPerScan: postgresCpu.total / Math.max(1, scanResult['2xx']),
      serverSystemPerScan: serverCpu.system / Math.max(1, scanResult['2xx']),
      postgresSystemPerScan: postgresCpu.system / Math.max(1, scanResult['2xx']),
      engineCpuPerScan: engineCpu / Math.max(1, scanResult['2xx']),
    };
    console.error(
      `${spec.label}: ${JSON.stringify(row)}; reads: health ${health.requests.total} (${health.non2xx} non-2xx), list ${list.requests.total} (${list.non2xx} non-2xx)`,
    );
    return row;
  } finally {
    await cleanup();
  }
}

async function main() {
  const asked = process.argv.slice(2).filter((a) => a in MODES) as Mode[];
  const modes = asked.length ? asked : (Object.keys(MODES) as Mode[]);
  const rows: Row[] = [];
  for (const mode of modes) {
    const missing =
      (MODES[mode].throughPgBouncer && missingEngine('pgbouncer')) ||
      (MODES[mode].behindHaproxy && missingEngine('haproxy'));
    if (missing) {
      console.error(`${MODES[mode].label}: skipped, ${missing}`);
      continue;
    }
    rows.push(await runMode(mode));
  }
  const ms = (n: number) => (Number.isNaN(n) ? 'failed' : `${Math.round(n)} ms`);
  console.log(
    `\n${CONNECTIONS} scan connections for ${SECONDS} s, ${READ_CONNECTIONS} + ${READ_CONNECTIONS} read connections meanwhile; ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}\n`,
  );
  console.log(
    '| Mode | Scans/s | First / last third | Scan p50 | Scan p99 | Errors / non-2xx | Health p99 | PO list p99 | CPU per scan: API + PostgreSQL (+ PgBouncer or HAProxy) | Ledger | Acknowledged = in ledger |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of rows) {
    const v = r.verdict;
    const kept =
      v.missing === 0 && v.unitsReceived === v.receipts
        ? `yes (${v.acknowledged}; ${v.receipts - v.acknowledged} in flight at the stop)`
        : `NO: ${v.missing} missing, ${v.receipts} receipts, ${v.unitsReceived} units`;
    console.log(
      `| ${r.mode} | ${Math.round(r.scansPerSecond)} | ${Math.round(r.firstThird)} / ${Math.round(r.lastThird)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} / ${r.non2xx} | ${ms(r.healthP99)} | ${ms(r.listP99)} | ${r.serverCpuPerScan.toFixed(2)} + ${r.postgresCpuPerScan.toFixed(2)}${r.engineCpuPerScan ? ` + ${r.engineCpuPerScan.toFixed(2)}` : ''} ms | ${v.ledgerClean ? 'clean' : 'DIFFERENCES'} | ${kept} |`,
    );
  }
  if (rows.some((r) => !r.verdict.ledgerClean || r.verdict.missing || r.verdict.unitsReceived !== r.verdict.receipts))
    process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
