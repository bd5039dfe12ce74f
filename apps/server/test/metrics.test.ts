import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { runWithRequestId } from '../src/http/request-context.js';
import { JobQueue } from '../src/modules/jobs/job-queue.js';
import { createLocation, createPoLine, createProducts, createSignedInUser, nextUpc } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/**
 * `GET /metrics` (modules/metrics) read back by the Prometheus project's own parser of the text format (Python's
 * prometheus_client from Debian, scripts/ensure-debian-packages.sh python3-prometheus-client), and the request id followed from a request to the job it queued. On PGlite and
 * (TEST_DB=postgres) PostgreSQL.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    jobsEnabled: false,
    metricsToken: 'scrape-secret',
    metricsAllow: ['127.0.0.1', '10.0.0.0/8'],
  });
  await createLocation(t.services, 'KY01');
  admin = (await createSignedInUser(t, { role: 'admin' })).token;
});
afterAll(() => t?.close());

interface Family {
  name: string;
  type: string;
  samples: { name: string; labels: Record<string, string>; value: number | null }[];
}
type Families = Family[];

const READER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'read-prometheus.py');

/** The exposition read by prometheus_client's parser (Debian's /usr/bin/python3 has it; pyenv's python may not). */
function readPrometheus(text: string): Families {
  const read = spawnSync('/usr/bin/python3', [READER], { input: text, encoding: 'utf8' });
  if (read.status !== 0)
    throw new Error(
      `prometheus_client could not read the metrics (bash scripts/ensure-debian-packages.sh python3-prometheus-client installs it): ${read.stderr}`,
    );
  return JSON.parse(read.stdout) as Families;
}

async function scrape(headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return readPrometheus(res.body);
}

/** A family by its name as the parser reports it (a counter's without its `_total`). */
const family = (families: Families, name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric ${name} in ${families.map((f) => f.name).join(', ')}`);
  return found;
};
const sampleValue = (families: Families, familyName: string, sampleName: string, labels: Record<string, string> = {}) =>
  family(families, familyName).samples.find(
    (s) => s.name === sampleName && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
const value = (families: Families, name: string, labels: Record<string, string> = {}) =>
  sampleValue(families, name, name, labels);

describe('who may scrape', () => {
  it('an allowed address, or anyone with the token; others get 403 naming how to get in', async () => {
    await scrape({}, '127.0.0.1');
    await scrape({}, '10.20.30.40');
    await scrape({ authorization: 'Bearer scrape-secret' }, '192.0.2.7');
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-secret' },
      { authorization: bearer(admin).authorization },
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: '192.0.2.7' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain('METRICS_ALLOW');
    }
  });
});

describe('what a scrape shows', () => {
  it('requests by route pattern, method and status, with their durations', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/purchase/getFull/999999999', headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
    const families = await scrape();
    const name = 'keystone_http_request_duration_seconds';
    expect(family(families, name).type).toBe('histogram');
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleValue(families, name, `${name}_count`, health)).toBeGreaterThanOrEqual(3);
    expect(sampleValue(families, name, `${name}_sum`, health)).toBeGreaterThan(0);
    expect(sampleValue(families, name, `${name}_bucket`, { ...health, le: '+Inf' })).toBeGreaterThanOrEqual(3);
    // The route's pattern, never the URL with its id.
    const notFound = family(families, name).samples.find((s) => s.labels.status_code === '404');
    expect(notFound?.labels.route).toBe('/api/purchase/getFull/:id');
    expect(family(families, name).samples.some((s) => s.labels.route?.includes('999999999'))).toBe(false);
  });

  it('acknowledged scans (a request with a client scan id) by route; a refused scan does not count', async () => {
    const [product] = await createProducts(t.db, [{ modelNumber: 'METRIC-KIT', upc: nextUpc() }]);
    const line = await createPoLine(t.services, product!, { qty: 3 });
    const scanRoute = '/api/scanner/receipt/quickScanReceive';
    const scans = (families: Families) =>
      sampleValue(families, 'keystone_scans', 'keystone_scans_total', { route: scanRoute }) ?? 0;
    const before = scans(await scrape());
    const body = {
      scannedUpc: product!.upc,
      model: product!.modelNumber,
      poApiPoId: line.poId,
      poApiPoItemId: line.lineId,
      receivingBucket: 'KY01',
      scannedSerialNumbers: '',
    };
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: scanRoute,
        headers: bearer(admin),
        payload: { ...body, clientScanId: randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: scanRoute,
      headers: bearer(admin),
      payload: { ...body, receivingBucket: 'NOPE', clientScanId: randomUUID() },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(scans(await scrape())).toBe(before + 2);
  });

  it('the job queue: depth by status and the age of the oldest queued job', async () => {
    await t.services.jobs.enqueue(t.db, { kind: 'metrics-test-never-runs', payload: {} });
    await t.db.execute(
      sql`update jobs set run_after = now() - interval '90 seconds' where kind = 'metrics-test-never-runs'`,
    );
    const families = await scrape();
    expect(value(families, 'keystone_jobs_figures_up')).toBe(1);
    expect(value(families, 'keystone_jobs', { status: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(value(families, 'keystone_jobs_oldest_queued_seconds')).toBeGreaterThanOrEqual(90);
  });

  it('the last ledger check: absent before the first, then its result and duration', async () => {
    expect((await scrape()).some((f) => f.name.startsWith('keystone_ledger_check'))).toBe(false);
    const developer = (await createSignedInUser(t, { role: 'developer' })).token;
    const check = await t.app.inject({ url: '/api/ledger/check', headers: bearer(developer) });
    expect(check.json(), check.body).toMatchObject({ clean: true });
    const families = await scrape();
    expect(value(families, 'keystone_ledger_check_clean')).toBe(1);
    expect(value(families, 'keystone_ledger_check_differences')).toBe(0);
    expect(value(families, 'keystone_ledger_check_duration_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(families, 'keystone_ledger_check_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('the process: memory, event-loop delay, SSE clients, the write gate and, on PostgreSQL, the pool', async () => {
    const families = await scrape();
    expect(value(families, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(family(families, 'nodejs_eventloop_lag_p99_seconds').type).toBe('gauge');
    expect(value(families, 'keystone_sse_clients')).toBe(0);
    expect(value(families, 'keystone_ledger_write_gate', { state: 'running' })).toBe(0);
    if (t.dbKind === 'postgres')
      expect(value(families, 'keystone_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
    else expect(family(families, 'keystone_db_pool_connections').samples).toEqual([]);
  });
});

describe('the request id', () => {
  it('is answered in x-request-id: the caller’s when it is an id, a new UUID otherwise', async () => {
    const fresh = await t.app.inject({ url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'haproxy-7f3a-0001' } });
    expect(given.headers['x-request-id']).toBe('haproxy-7f3a-0001');
    const hostile = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a"b\n{evil}' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is written on the job a request queues (the PO e-mail), and a job queues its own jobs under it', async () => {
    const [product] = await createProducts(t.db, [{ modelNumber: 'METRIC-MAIL', upc: nextUpc() }]);
    const line = await createPoLine(t.services, product!, { qty: 1 });
    const id = `trace-${randomUUID()}`;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/purchaseOrder/${line.poId}/email`,
      headers: { ...bearer(admin), 'x-request-id': id },
      payload: { email: 'rep@metrics.example', name: 'Pat', message: 'Please confirm.', ccs: '' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.headers['x-request-id']).toBe(id);
    const jobs = await queryRows<{ kind: string; status: string }>(
      t.db,
      sql`select kind, status from jobs where request_id = ${id}`,
    );
    expect(jobs).toEqual([{ kind: 'purchase-order.email', status: 'succeeded' }]);
  });

  it('a job’s log lines carry the id of the request that queued it', async () => {
    const lines: { message: string; details: Record<string, unknown> }[] = [];
    const log = {
      warn: (details: object, message: string) => lines.push({ message, details: details as never }),
      info: (details: object, message: string) => lines.push({ message, details: details as never }),
    };
    const queue = new JobQueue(t.db, { log });
    queue.register('metrics-trace-child', async () => 'child done');
    queue.register('metrics-trace-parent', async ({ executor }) => {
      await queue.enqueue(executor, { kind: 'metrics-trace-child', payload: {} });
      return 'parent done';
    });
    const id = `trace-${randomUUID()}`;
    await runWithRequestId(id, () => queue.enqueue(t.db, { kind: 'metrics-trace-parent', payload: {} }));
    await queue.drain();
    const succeeded = lines.filter((l) => l.message === 'jobs: a job succeeded');
    expect(succeeded.map((l) => [l.details.kind, l.details.reqId])).toEqual([
      ['metrics-trace-parent', id],
      ['metrics-trace-child', id],
    ]);
  });
});
