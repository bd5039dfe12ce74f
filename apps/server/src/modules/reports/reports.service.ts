import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import {
  hasPermission,
  NAMED_REPORTS,
  REPORT_CSV_JOB_KIND,
  REPORT_MESSAGES,
  REPORT_ROW_LIMIT,
  reportMoneyText,
  type TJob,
  type TReportCatalogue,
  type TReportCatalogueEntry,
  type TReportColumn,
  type TReportCsvJobResult,
  type TReportResult,
} from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { mainDatabaseReports, type ReportsDatabase } from '../../db/reports-database.js';
import { csvTimestamp, csvWriter, type TCsvColumn } from '../../http/csv-reply.js';
import { forbidden, HttpError, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/register-route.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ServiceLog } from '../service-log.js';
import { REPORT_DEFINITIONS } from './definitions/index.js';
import { catalogueEntry, type ReportDefinition, type TReportParams } from './report-definition.js';
import { parseReportParameters, reportRow } from './report-parameters.js';
import { ReportsRepository } from './reports.repository.js';

/** A report job's payload. */
interface ReportJobPayload {
  slug: string;
  parameters: TReportParams;
}

/**
 * A CSV cell: money as dollars with 2 decimals, a timestamp as UTC 'YYYY-MM-DD HH:MM:SS' (a form Excel reads as a date
 * and time; the JSON answer's ISO text it does not), the rest as the JSON answer has it (an id column's digits are kept
 * text by the writer, csv-reply.ts `csvIdCell`).
 */
function csvCell(column: TReportColumn, value: string | number | boolean | null): string | number | boolean | null {
  if (value === null) return null;
  if (column.type === 'money' && typeof value === 'number') return reportMoneyText(value);
  if (column.type === 'timestamp' && typeof value === 'string') return csvTimestamp(value);
  return value;
}

export function csvRow(columns: readonly TReportColumn[], row: Record<string, unknown>): Record<string, unknown> {
  const cells = reportRow(columns, row);
  const out: Record<string, unknown> = {};
  for (const column of columns) out[column.key] = csvCell(column, cells[column.key] ?? null);
  return out;
}

export const csvColumns = (definition: ReportDefinition): TCsvColumn[] =>
  definition.columns.map((c) => ({ key: c.key, header: c.label, ...(c.type === 'id' ? { kind: 'id' as const } : {}) }));

/** The files a report job writes in the files folder: its CSV, and the temporary name it has until whole. */
const JOB_FILE = /^report-job-\d+\.csv(\.part)?$/;
const HOUR_MS = 3_600_000;

/** How often the sweep runs: a quarter of the retention period, between 1 s and 1 hour (24 h kept: hourly). */
export function fileSweepIntervalMs(retentionHours: number): number {
  return Math.min(HOUR_MS, Math.max(1_000, Math.round((retentionHours * HOUR_MS) / 4)));
}

/**
 * The report catalogue and the generic report engine: the definitions' registry, runs on screen (the first
 * REPORT_ROW_LIMIT rows), the streamed CSV and the CSV written by a background job.
 */
export class ReportsService {
  private readonly bySlug = new Map<string, ReportDefinition>();
  readonly repository: ReportsRepository;

  /** Where the report queries run: the reports database (REPORTS_DATABASE_URL, a standby) or the main one. */
  private readonly reads: ReportsDatabase;

  constructor(
    private readonly db: Database,
    private readonly options: {
      dbKind: 'pglite' | 'postgres';
      role: string | null;
      filesDir: string;
      fileRetentionHours?: number;
      /** The reports database; the main database when absent. */
      reads?: ReportsDatabase;
      /** The lag (seconds) above which a report states it (REPORTS_LAG_NOTICE_SECONDS). */
      lagNoticeSeconds?: number;
    },
    definitions: readonly ReportDefinition[] = REPORT_DEFINITIONS,
  ) {
    for (const definition of definitions) {
      if (this.bySlug.has(definition.slug)) throw new Error(`two reports are named ${definition.slug}`);
      this.bySlug.set(definition.slug, definition);
    }
    this.reads = options.reads ?? mainDatabaseReports(db);
    this.repository = new ReportsRepository(this.reads.db, { role: options.role, dbKind: options.dbKind });
  }

  /** The reports database's lag in seconds when above the notice threshold, else null (caught up, or the main database). */
  async replicaLag(): Promise<number | null> {
    if (!this.reads.separate) return null;
    const lag = await this.reads.lagSeconds();
    return lag > (this.options.lagNoticeSeconds ?? 5) ? lag : null;
  }

  private jobs: JobQueue | null = null;

  definitions(): ReportDefinition[] {
    return [...this.bySlug.values()];
  }

  /** Every report the user may open: the named ones of 002 §2 and the generic ones, by category and name. */
  async catalogue(user: AuthUser, today = new Date()): Promise<TReportCatalogue> {
    const named: TReportCatalogueEntry[] = NAMED_REPORTS.map((r) => ({
      ...r,
      kind: 'named',
      parameters: [],
      columns: [],
      chart: null,
      background: false,
    }));
    const generic = this.definitions().map((d) => catalogueEntry(d, today));
    const reports = [...named, ...generic]
      .filter((r) => r.permission === null || hasPermission(user.role, r.permission))
      .sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
    // The catalogue is the server's own list: a reports database out of reach leaves it without a lag, not without reports.
    return { reports, replicaLagSeconds: await this.replicaLag().catch(() => null) };
  }

  /** The definition the user may run: 404 for an unknown name, 403 without its permission. */
  definitionFor(slug: string, user: AuthUser): ReportDefinition {
    const definition = this.bySlug.get(slug);
    if (!definition) throw notFound(REPORT_MESSAGES.unknownReport(slug));
    const permission = catalogueEntry(definition, new Date()).permission;
    if (permission && !hasPermission(user.role, permission)) throw forbidden();
    return definition;
  }

  async run(slug: string, query: Record<string, string>, user: AuthUser): Promise<TReportResult> {
    const definition = this.definitionFor(slug, user);
    const parameters = parseReportParameters(definition, query);
    return this.runDefinition(definition, parameters);
  }

  async runDefinition(
    definition: ReportDefinition,
    parameters: TReportParams,
    limit = REPORT_ROW_LIMIT,
  ): Promise<TReportResult> {
    const [{ rows, rowCount, truncated }, replicaLagSeconds] = await Promise.all([
      this.repository.firstRows(definition.query(parameters), limit, definition.count?.(parameters)),
      this.replicaLag(),
    ]);
    return {
      slug: definition.slug,
      columns: definition.columns,
      rows: rows.map((r) => reportRow(definition.columns, r)),
      rowCount,
      truncated,
      parameters,
      replicaLagSeconds,
    };
  }

  /** The CSV's definition, parameters and rows (an async iterable read a page at a time). */
  csv(slug: string, query: Record<string, string>, user: AuthUser) {
    const definition = this.definitionFor(slug, user);
    const parameters = parseReportParameters(definition, query);
    return { definition, rows: this.csvRows(definition, parameters) };
  }

  async *csvRows(definition: ReportDefinition, parameters: TReportParams): AsyncGenerator<Record<string, unknown>> {
    for await (const row of this.repository.rows(definition.query(parameters))) yield csvRow(definition.columns, row);
  }

  // ---- background CSV ----

  useJobQueue(jobs: JobQueue): void {
    this.jobs = jobs;
    jobs.register<ReportJobPayload, TReportCsvJobResult>(REPORT_CSV_JOB_KIND, async (ctx) => {
      const definition = this.bySlug.get(ctx.payload.slug);
      if (!definition) throw notFound(REPORT_MESSAGES.unknownReport(ctx.payload.slug));
      // The rows come from the reports database; on the main one, inside the job's transaction (PGlite has one
      // connection: a query beside that transaction would wait for it).
      const executor = this.reads.separate ? this.reads.db : ctx.executor;
      return this.writeCsvFile(ctx.jobId, definition, ctx.payload.parameters, executor, (done) =>
        ctx.progress(done, 0),
      );
    });
  }

  async queueCsv(slug: string, query: Record<string, string>, user: AuthUser): Promise<TJob> {
    const definition = this.definitionFor(slug, user);
    const parameters = parseReportParameters(definition, query, { field: 'parameters' });
    if (!this.jobs) throw new Error('the job queue is not connected');
    return this.jobs.enqueue(this.db, {
      kind: REPORT_CSV_JOB_KIND,
      payload: { slug, parameters },
      createdById: user.id,
    });
  }

  jobFilePath(jobId: number): string {
    return path.join(this.options.filesDir, `report-job-${jobId}.csv`);
  }

  /**
   * The file of a finished report job of this user (404 for anyone else, as GET /api/jobs/{id}), opened: a sweep
   * deleting it while it is sent does not cut the download. A file no longer there (swept after the retention period)
   * is a 404 saying so.
   */
  async jobFile(jobId: number, user: AuthUser): Promise<{ handle: fs.promises.FileHandle; bytes: number }> {
    if (!this.jobs) throw new Error('the job queue is not connected');
    // Who may see a job, as GET /api/jobs/{id}: the user who queued it, or a holder of admin:override.
    const found = await this.jobs.lookup(jobId);
    if (
      !found ||
      found.job.kind !== REPORT_CSV_JOB_KIND ||
      (found.createdById !== user.id && !hasPermission(user.role, 'admin:override'))
    ) {
      throw notFound(`Job ${jobId} not found`);
    }
    const job = found.job;
    if (job.status !== 'succeeded') throw new HttpError(409, REPORT_MESSAGES.jobNotReady);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.jobFilePath(jobId), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw notFound(REPORT_MESSAGES.jobFileGone(this.fileRetentionHours));
      throw error;
    }
    try {
      return { handle, bytes: (await handle.stat()).size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  // ---- report files' retention ----

  get fileRetentionHours(): number {
    return this.options.fileRetentionHours ?? 24;
  }

  private sweepTimer: NodeJS.Timeout | undefined;

  /**
   * Deletes the report job files (report-job-{id}.csv, and a .part a stopped process left) last written more than the
   * retention period before `now`; other files of the folder are left alone. Answers the names deleted.
   */
  async sweepJobFiles(now = Date.now()): Promise<string[]> {
    const oldest = now - this.fileRetentionHours * HOUR_MS;
    let names: string[];
    try {
      names = await fs.promises.readdir(this.options.filesDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const removed: string[] = [];
    for (const name of names.filter((n) => JOB_FILE.test(n)).sort()) {
      const file = path.join(this.options.filesDir, name);
      try {
        const stat = await fs.promises.stat(file);
        if (!stat.isFile() || stat.mtimeMs >= oldest) continue;
        await fs.promises.rm(file, { force: true });
        removed.push(name);
      } catch (error) {
        // Gone meanwhile (another process of the cluster swept it, or its job renamed it): nothing to do.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return removed;
  }

  /** Sweeps now (awaited: the server starts after it) and then every fileSweepIntervalMs, on a timer that keeps no process alive. */
  async startFileSweep(log: ServiceLog): Promise<void> {
    if (this.sweepTimer) return;
    const sweep = async () => {
      try {
        await this.sweepJobFiles();
      } catch (error) {
        log.warn(
          { err: error, dir: this.options.filesDir },
          'reports: cannot delete old report files; the next sweep tries again',
        );
      }
    };
    this.sweepTimer = setInterval(() => void sweep(), fileSweepIntervalMs(this.fileRetentionHours));
    this.sweepTimer.unref();
    await sweep();
  }

  stopFileSweep(): void {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  /**
   * Writes every row of the report to the job's file through a cursor inside the job's transaction (a read-only
   * savepoint), honouring the file's back-pressure: a temporary name first, renamed when whole.
   */
  private async writeCsvFile(
    jobId: number,
    definition: ReportDefinition,
    parameters: TReportParams,
    executor: Parameters<ReportsRepository['eachPage']>[0],
    progress: (done: number) => void,
  ): Promise<TReportCsvJobResult> {
    await fs.promises.mkdir(this.options.filesDir, { recursive: true });
    const target = this.jobFilePath(jobId);
    const temporary = `${target}.part`;
    const out = fs.createWriteStream(temporary);
    // The same text as the streamed download (csv-reply.ts: one writer, formula injection neutralised), a page at a time.
    const csv = csvWriter(csvColumns(definition));
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    let rows = 0;
    try {
      await write(csv.start());
      await this.repository.eachPage(executor, definition.query(parameters), async (page) => {
        await write(csv.objects(page.map((row) => csvRow(definition.columns, row))));
        rows += page.length;
        progress(rows);
      });
      out.end();
      await once(out, 'finish');
      await fs.promises.rename(temporary, target);
      const { size } = await fs.promises.stat(target);
      return { rows, bytes: size };
    } catch (error) {
      out.destroy();
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }
}
