import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

/** What the metrics read from the rest of the process at each scrape. */
export interface MetricsSources {
  /** PostgreSQL's pool: connections open, idle and requests waiting for one; absent on PGlite (no pool). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Stock writes running and waiting at the ledger's write gate (LEDGER_WRITE_CONCURRENCY). */
  writeGate?: () => { running: number; waiting: number };
  jobs: () => Promise<{ queued: number; running: number; oldestQueuedSeconds: number }>;
  sseClients: () => number;
  lastLedgerCheck: () => { clean: boolean; differences: number; elapsedMs: number; at: Date } | null;
}

/** How long a scrape waits for the database's figures (the job queue) before it answers without them. */
const DATABASE_FIGURES_TIMEOUT_MS = 1_000;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    work,
    new Promise<T>((_resolve, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

/**
 * One process's metrics in the Prometheus text format (prom-client), each app its own registry: requests by
 * route, status and duration; the pool; the job queue; scans; SSE clients; the last ledger check; and prom-client's
 * process figures (memory, CPU, event-loop delay, garbage collection).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly scans: Counter<'route'>;
  private readonly jobsUp: Gauge;
  private readonly jobs: Gauge<'status'>;
  private readonly jobAge: Gauge;
  private ledgerCheck: { clean: Gauge; differences: Gauge; duration: Gauge; at: Gauge } | null = null;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new Histogram({
      name: 'keystone_http_request_duration_seconds',
      help: 'HTTP requests by method, route (its pattern) and status code, and the time each took to answer',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.scans = new Counter({
      name: 'keystone_scans_total',
      help: 'Scans acknowledged (2xx answers to requests carrying a client scan id), by route; rate() gives scans per second',
      labelNames: ['route'],
      registers,
    });
    new Gauge({
      name: 'keystone_db_pool_connections',
      help: 'PostgreSQL pool of this process: connections by state (open, idle) and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.pool?.();
        if (!pool) return;
        this.set({ state: 'open' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'keystone_ledger_write_gate',
      help: 'Stock writes of this process running and waiting at the ledger write gate',
      labelNames: ['state'],
      registers,
      collect() {
        const gate = sources.writeGate?.();
        if (!gate) return;
        this.set({ state: 'running' }, gate.running);
        this.set({ state: 'waiting' }, gate.waiting);
      },
    });
    this.jobsUp = new Gauge({
      name: 'keystone_jobs_figures_up',
      help: '1 when the job queue figures of this scrape were read from the database, 0 when it did not answer in time',
      registers,
    });
    this.jobs = new Gauge({
      name: 'keystone_jobs',
      help: 'Jobs in the database queue by status (all processes)',
      labelNames: ['status'],
      registers,
    });
    this.jobAge = new Gauge({
      name: 'keystone_jobs_oldest_queued_seconds',
      help: 'Age of the oldest job queued and due to run (0 when none waits)',
      registers,
    });
    new Gauge({
      name: 'keystone_sse_clients',
      help: 'Live event streams (server-sent events) open on this process',
      registers,
      collect() {
        this.set(sources.sseClients());
      },
    });
  }

  /** Counts every answered request (its route's pattern, not its URL) and every acknowledged scan. */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      this.requests.observe({ method: request.method, route, status_code: String(status) }, reply.elapsedTime / 1000);
      const body = request.body as { clientScanId?: unknown } | null | undefined;
      if (status >= 200 && status < 300 && body && typeof body === 'object' && typeof body.clientScanId === 'string')
        this.scans.inc({ route });
      done();
    });
  }

  /** The exposition; the database's figures (the job queue) are read first, within DATABASE_FIGURES_TIMEOUT_MS. */
  async text(): Promise<string> {
    try {
      const stats = await withTimeout(this.sources.jobs(), DATABASE_FIGURES_TIMEOUT_MS);
      this.jobs.set({ status: 'queued' }, stats.queued);
      this.jobs.set({ status: 'running' }, stats.running);
      this.jobAge.set(stats.oldestQueuedSeconds);
      this.jobsUp.set(1);
    } catch {
      this.jobsUp.set(0);
    }
    this.showLedgerCheck();
    return this.registry.metrics();
  }

  /** The last ledger check's gauges, registered once a check has run (before it they are absent, not 0). */
  private showLedgerCheck(): void {
    const last = this.sources.lastLedgerCheck();
    if (!last) return;
    const registers = [this.registry];
    this.ledgerCheck ??= {
      clean: new Gauge({
        name: 'keystone_ledger_check_clean',
        help: '1 when the last ledger check of this process was clean, 0 when it found differences',
        registers,
      }),
      differences: new Gauge({
        name: 'keystone_ledger_check_differences',
        help: 'Differences the last ledger check of this process found',
        registers,
      }),
      duration: new Gauge({
        name: 'keystone_ledger_check_duration_seconds',
        help: 'How long the last ledger check of this process took',
        registers,
      }),
      at: new Gauge({
        name: 'keystone_ledger_check_timestamp_seconds',
        help: 'When the last ledger check of this process ended (Unix time)',
        registers,
      }),
    };
    this.ledgerCheck.clean.set(last.clean ? 1 : 0);
    this.ledgerCheck.differences.set(last.differences);
    this.ledgerCheck.duration.set(last.elapsedMs / 1000);
    this.ledgerCheck.at.set(last.at.getTime() / 1000);
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
