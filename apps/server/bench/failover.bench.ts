/**
 * Failover with nothing lost, on the loopback cluster of scripts/cluster/cluster.sh (started by
 * scripts/cluster/failover.sh, which runs this): 50 connections of receiving scans and 4 of reads through HAProxy's
 * URL; then the primary node is killed (kill -9 of its pg_autoctl keeper and its postmaster: the machine is lost),
 * pg_auto_failover promotes the synchronous standby, and the load goes on until service is back and a while after.
 *
 * A scanner sends each scan with its own clientScanId and sends it again (the same id) after a 503 or a broken
 * connection, 250 ms later (sooner than Retry-After's 2 s, so that the gap is measured to a quarter second), as the
 * scan outbox does. Every 2xx answer is an acknowledged scan, counted here. Then, on the new primary, directly:
 * every acknowledged scan must be in the ledger (lost must be 0) and the ledger check must be clean. Then the old
 * primary's keeper is started again and must rejoin as the synchronous standby.
 *
 *   FAILOVER_RUNS=5 (default 1), FAILOVER_CONNECTIONS=50, FAILOVER_BEFORE_SECONDS=8, FAILOVER_AFTER_SECONDS=8
 *   CLUSTER_DIR, CLUSTER_PORT_BASE: the cluster's (scripts/cluster/cluster.sh)
 *
 * Prints one Markdown row per run and exits 1 when a scan was lost, the ledger is not clean, the service did not
 * come back, a request in the cut was answered other than 503 (with Retry-After) or the old primary did not rejoin.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../src/config.js';
import { openPostgres, queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { LINES_PER_PO, PASSWORD, POS, seed, type Line } from './receiving-seed.js';

const RUNS = Number(process.env.FAILOVER_RUNS || 1);
/** `node` (default): the keeper and the postmaster, the machine lost; `postmaster`: the postmaster alone, which its keeper restarts. */
const KILL = process.env.FAILOVER_KILL === 'postmaster' ? 'postmaster' : 'node';
const CONNECTIONS = Number(process.env.FAILOVER_CONNECTIONS || 50);
const READ_CONNECTIONS = 4;
const BEFORE_S = Number(process.env.FAILOVER_BEFORE_SECONDS || 8);
const AFTER_S = Number(process.env.FAILOVER_AFTER_SECONDS || 8);
/** Service not back this long after the kill: the run fails. */
const RECOVERY_LIMIT_S = 45;
const REJOIN_LIMIT_S = 90;
const RETRY_MS = 250;
const REQUEST_TIMEOUT_MS = 10_000;

const BASE = Number(process.env.CLUSTER_PORT_BASE || 6500);
const NODES = { node1: BASE + 11, node2: BASE + 12 } as const;
type NodeName = keyof typeof NODES;
const MONITOR_PORT = BASE + 1;
const URL_TO_OPEN = `http://127.0.0.1:${BASE + 40}`;
const CLUSTER_SCRIPT = path.join(REPO_ROOT, 'scripts/cluster/cluster.sh');

const nodeUrl = (node: NodeName, db = 'keystone') => `postgres://postgres@127.0.0.1:${NODES[node]}/${db}`;

async function ask<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[] | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query<T>(text)).rows;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function primaryNode(): Promise<NodeName | null> {
  for (const node of Object.keys(NODES) as NodeName[]) {
    // Writable: not in recovery, and not held read-only by pg_auto_failover while it promotes (as HAProxy's check).
    const rows = await ask<{ r: string }>(
      nodeUrl(node, 'postgres'),
      "select current_setting('transaction_read_only') as r",
    );
    if (rows?.[0]?.r === 'off') return node;
  }
  return null;
}

/** The monitor's reported state of each node. */
async function states(): Promise<Record<string, string>> {
  const rows = await ask<{ nodename: string; reportedstate: string }>(
    `postgres://postgres@127.0.0.1:${MONITOR_PORT}/pg_auto_failover`,
    'select nodename, reportedstate from pgautofailover.node',
  );
  return Object.fromEntries((rows ?? []).map((r) => [r.nodename, r.reportedstate]));
}

async function waitFor(limitS: number, check: () => Promise<boolean>): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < limitS * 1000) {
    if (await check()) return (performance.now() - start) / 1000;
    await sleep(250);
  }
  return null;
}

function cluster(...args: string[]): string {
  return execFileSync('bash', [CLUSTER_SCRIPT, ...args], { encoding: 'utf8', env: process.env }).trim();
}

async function signIn(): Promise<string> {
  const res = await fetch(`${URL_TO_OPEN}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: 'bench-receiver',
      password: PASSWORD,
      client_id: 'keystone-web',
      client_secret: 'keystone-web-public',
    }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface RunResult {
  crashed: NodeName;
  promoted: NodeName | null;
  acknowledged: number;
  /** Null: no primary to check them on. */
  lost: number | null;
  ledgerClean: boolean;
  unitsMatch: boolean;
  /** The longest time without a scan acknowledged, from 2 s before the kill on. */
  secondsWithoutService: number;
  beforePerSecond: number;
  afterPerSecond: number;
  answered503: number;
  answered503WithoutRetryAfter: number;
  brokenConnections: number;
  /** Answers other than 2xx and 503 (scans and reads), by status, with a sample. */
  otherAnswers: Record<string, number>;
  otherSample: string;
  readsOk: number;
  rejoinSeconds: number | null;
  synchronousStandbyNames: string;
}

async function oneRun(lines: Line[], token: string): Promise<RunResult> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const acknowledged = new Set<string>();
  const ackTimes: number[] = [];
  const result = {
    answered503: 0,
    answered503WithoutRetryAfter: 0,
    brokenConnections: 0,
    otherAnswers: {} as Record<string, number>,
    otherSample: '',
    readsOk: 0,
  };
  let stop = false;
  let crashAt = Infinity;
  /** When the new primary was first seen writable; the first scan acknowledged after it marks the service back. */
  let promotedAt = Infinity;
  let recoveredAt: number | null = null;

  const other = (status: number, body: string) => {
    result.otherAnswers[status] = (result.otherAnswers[status] ?? 0) + 1;
    result.otherSample ||= `${status} ${body.slice(0, 200)}`;
  };
  /** One request: its status (0: the connection broke or timed out) and body. */
  const send = async (p: string, init: RequestInit = {}): Promise<{ status: number; body: string }> => {
    try {
      const res = await fetch(`${URL_TO_OPEN}${p}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = await res.text();
      if (res.status === 503) {
        result.answered503++;
        if (!res.headers.get('retry-after')) result.answered503WithoutRetryAfter++;
      }
      return { status: res.status, body };
    } catch {
      result.brokenConnections++;
      return { status: 0, body: '' };
    }
  };

  const scanner = async (c: number) => {
    const po = c % POS;
    for (let n = 0; !stop; n++) {
      const line = lines[po * LINES_PER_PO + (n % LINES_PER_PO)]!;
      const id = randomUUID();
      const body = JSON.stringify({
        scannedUpc: line.upc,
        model: line.model,
        poApiPoId: line.poId,
        poApiPoItemId: line.lineId,
        receivingBucket: 'KY01',
        scannedSerialNumbers: line.serialTracked ? [`SN-${id.slice(0, 18)}`] : [],
        clientScanId: id,
      });
      // The same scan until it is acknowledged (or the run ends: then it was never acknowledged, and not counted).
      while (!stop) {
        const answer = await send('/api/scanner/receipt/quickScanReceive', { method: 'POST', headers, body });
        if (answer.status >= 200 && answer.status < 300) {
          const now = performance.now();
          acknowledged.add(id);
          ackTimes.push(now);
          if (now > promotedAt && recoveredAt === null) recoveredAt = now;
          break;
        }
        if (answer.status === 503 || answer.status === 0) {
          await sleep(RETRY_MS);
          continue;
        }
        other(answer.status, answer.body);
        break;
      }
    }
  };
  const reader = async () => {
    while (!stop) {
      const answer = await send('/api/purchase?page=1&perPage=25', { headers });
      if (answer.status === 200) result.readsOk++;
      else if (answer.status === 503 || answer.status === 0) await sleep(RETRY_MS);
      else other(answer.status, answer.body);
    }
  };

  const started = performance.now();
  const loops = [
    ...Array.from({ length: CONNECTIONS }, (_, c) => scanner(c)),
    ...Array.from({ length: READ_CONNECTIONS }, () => reader()),
  ];
  await sleep(BEFORE_S * 1000);
  crashAt = performance.now();
  const crashed = cluster('crash-primary', KILL).split('\n').pop() as NodeName;
  console.error(
    `killed ${crashed} (${KILL === 'node' ? 'keeper and postmaster' : 'postmaster'}, kill -9) at ${((crashAt - started) / 1000).toFixed(1)} s`,
  );
  // Service is back at the first scan acknowledged once the other node is seen as a writable primary.
  while (performance.now() - crashAt < RECOVERY_LIMIT_S * 1000) {
    if (recoveredAt !== null && performance.now() - recoveredAt >= AFTER_S * 1000) break;
    if (promotedAt === Infinity) {
      const now = performance.now();
      const node = await primaryNode();
      // The postmaster alone: its keeper may restart it before the monitor fails over; that node serving again counts.
      if (node && (node !== crashed || (KILL === 'postmaster' && now - crashAt > 1_000))) promotedAt = now;
    }
    await sleep(250);
  }
  stop = true;
  await Promise.all(loops);
  const recovered = recoveredAt as number | null;

  // The longest gap between acknowledgements from 2 s before the kill.
  const times = ackTimes.filter((t) => t >= crashAt - 2_000).sort((a, b) => a - b);
  let gap = 0;
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i]! - times[i - 1]!);
  if (recovered === null) gap = Math.max(gap, performance.now() - (times.at(-1) ?? crashAt));
  const beforePerSecond = ackTimes.filter((t) => t >= started + 1_000 && t < crashAt).length / (BEFORE_S - 1);
  const afterPerSecond =
    recovered === null ? 0 : ackTimes.filter((t) => t >= recovered && t < recovered + AFTER_S * 1000).length / AFTER_S;

  // On the new primary, directly: every acknowledged scan, and the ledger check.
  const promoted = await primaryNode();
  let lost: number | null = null;
  let ledgerClean = false;
  let unitsMatch = false;
  if (promoted) {
    const database = await openPostgres(nodeUrl(promoted), { max: 2, migrate: false });
    try {
      const rows = await queryRows<{ client_request_id: string }>(
        database.db,
        sql`select client_request_id from inventory_transactions where type = 'INVENTORY_RECEIPT'`,
      );
      const stored = new Set(rows.map((r) => r.client_request_id));
      lost = [...acknowledged].filter((id) => !stored.has(id)).length;
      const [units] = await queryRows<{ n: number }>(
        database.db,
        sql`select coalesce(sum(qty_received), 0)::int as n from purchase_order_items`,
      );
      unitsMatch = units!.n === rows.length;
      ledgerClean = (await checkLedger(database.db)).length === 0;
    } finally {
      await database.close();
    }
  }

  // The old primary's keeper is started again: it must come back as the (synchronous) standby.
  cluster('rejoin');
  console.error(`checked on the new primary; the old primary's keeper restarted`);
  const rejoinSeconds = promoted
    ? await waitFor(REJOIN_LIMIT_S, async () => {
        const s = await states();
        const other = promoted === crashed ? (Object.keys(NODES) as NodeName[]).find((n) => n !== crashed)! : crashed;
        return s[other] === 'secondary' && s[promoted] === 'primary';
      })
    : null;
  const names = promoted
    ? ((
        await ask<{ s: string }>(
          nodeUrl(promoted, 'postgres'),
          "select current_setting('synchronous_standby_names') as s",
        )
      )?.[0]?.s ?? '')
    : '';
  return {
    crashed,
    promoted,
    acknowledged: acknowledged.size,
    lost,
    ledgerClean,
    unitsMatch,
    secondsWithoutService: gap / 1000,
    beforePerSecond,
    afterPerSecond,
    ...result,
    rejoinSeconds,
    synchronousStandbyNames: names,
  };
}

function failures(r: RunResult): string[] {
  const found: string[] = [];
  if (!r.promoted) found.push('no primary after the kill');
  else if (r.promoted === r.crashed && KILL === 'node') found.push('the standby was not promoted');
  if (r.lost === null) found.push('no primary to check the acknowledged scans on');
  else if (r.lost) found.push(`${r.lost} acknowledged scans lost`);
  if (!r.ledgerClean) found.push('the ledger check is not clean');
  if (!r.unitsMatch) found.push('units received differ from the receipts');
  if (r.afterPerSecond === 0) found.push('service did not come back');
  if (r.answered503WithoutRetryAfter) found.push(`${r.answered503WithoutRetryAfter} 503 answers without Retry-After`);
  if (Object.keys(r.otherAnswers).length)
    found.push(`answers other than 2xx and 503: ${JSON.stringify(r.otherAnswers)} (${r.otherSample})`);
  if (r.rejoinSeconds === null) found.push('the old primary did not rejoin as the standby');
  if (r.rejoinSeconds !== null && !r.synchronousStandbyNames) found.push('no synchronous standby after the rejoin');
  return found;
}

async function main() {
  const primary = await primaryNode();
  if (!primary) throw new Error(`no primary on ports ${Object.values(NODES).join(', ')}: is the cluster up?`);
  // The seed's commits wait for the primary's disk only: the first scan's synchronous commit, later in the WAL, waits
  // for the standby to have them too.
  const seeding = performance.now();
  const database = await openPostgres(`${nodeUrl(primary)}?options=-c%20synchronous_commit%3Dlocal`, {
    max: 2,
    migrate: false,
  });
  const lines = await seed(database.db).finally(() => database.close());
  console.error(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const token = await signIn();
  const results: RunResult[] = [];
  let failed = false;
  for (let run = 1; run <= RUNS; run++) {
    const r = await oneRun(lines, token);
    results.push(r);
    const found = failures(r);
    console.error(`run ${run}: ${JSON.stringify(r)}`);
    if (found.length) {
      failed = true;
      console.error(`run ${run} FAILED: ${found.join('; ')}`);
    }
    if (r.rejoinSeconds === null) break; // the next run needs its standby
  }
  console.log(
    `\n${CONNECTIONS} scan connections and ${READ_CONNECTIONS} read connections through HAProxy; ${BEFORE_S} s before the kill, ${AFTER_S} s after service is back; ${os.cpus().length} cores\n`,
  );
  console.log(
    '| Run | Killed → promoted | Scans acknowledged | Lost | Seconds without service | Scans/s before / after | 503 answers (all with Retry-After) | Broken connections | Other answers | Ledger on the new primary | Old primary back as standby |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
  results.forEach((r, i) => {
    console.log(
      `| ${i + 1} | ${r.crashed} → ${r.promoted ?? 'none'} | ${r.acknowledged} | ${r.lost ?? 'unknown'} | ${r.secondsWithoutService.toFixed(1)} | ${Math.round(r.beforePerSecond)} / ${Math.round(r.afterPerSecond)} | ${r.answered503} (${r.answered503WithoutRetryAfter ? `${r.answered503WithoutRetryAfter} without` : 'yes'}) | ${r.brokenConnections} | ${Object.keys(r.otherAnswers).length ? JSON.stringify(r.otherAnswers) : 0} | ${r.ledgerClean && r.unitsMatch ? 'clean' : 'DIFFERENCES'} | ${r.rejoinSeconds === null ? 'NO' : `${r.rejoinSeconds.toFixed(0)} s, ${r.synchronousStandbyNames}`} |`,
    );
  });
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
