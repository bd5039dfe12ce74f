import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor, type Transaction } from '../../db/database.js';
import type { ReportsDb } from '../../db/reports-database.js';

type Row = Record<string, unknown>;

/** Thrown into the cursor's transaction when the reader stopped early: ends it (a read-only rollback changes nothing). */
class StopReading extends Error {}

/** Held cursors open in this process (PGlite): each stream's cursor has a name of its own. */
let heldCursors = 0;

/** Rows a cursor fetches at a time: the most a CSV stream holds in memory. */
export const CURSOR_PAGE_ROWS = 2_000;

/**
 * Report queries only read. Every one runs in a READ ONLY transaction: PostgreSQL (and PGlite, the
 * same engine) refuses any write in it, a sequence's nextval included. On an open transaction (a job's) this is a
 * savepoint made read-only, which its release gives back. On PostgreSQL, `role` (REPORTS_DB_ROLE) also switches to
 * a select-only role for the transaction.
 */
export class ReportsRepository {
  constructor(
    private readonly db: ReportsDb,
    private readonly options: { role: string | null; dbKind: 'pglite' | 'postgres' },
  ) {}

  async readOnly<T>(executor: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return executor.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      if (this.options.role && this.options.dbKind === 'postgres')
        await tx.execute(sql`select set_config('role', ${this.options.role}, true)`);
      return work(tx);
    });
  }

  /** The first `limit` rows of the query and, when there are more, how many in all. */
  async firstRows(
    query: SQL,
    limit: number,
    countQuery?: SQL,
  ): Promise<{ rows: Row[]; rowCount: number; truncated: boolean }> {
    return this.readOnly(this.db, async (tx) => {
      const rows = await queryRows<Row>(tx, sql`${query} limit ${limit + 1}`);
      if (rows.length <= limit) return { rows, rowCount: rows.length, truncated: false };
      const [count] = await queryRows<{ n: number | string }>(
        tx,
        countQuery ?? sql`select count(*) as n from (${query}) as report`,
      );
      return { rows: rows.slice(0, limit), rowCount: Number(count?.n ?? 0), truncated: true };
    });
  }

  /** Pages of the query through a cursor inside `executor`'s read-only transaction, each handed to `onPage` before the next is read. */
  async eachPage(
    executor: Executor,
    query: SQL,
    onPage: (rows: Row[]) => Promise<void>,
    pageSize = CURSOR_PAGE_ROWS,
  ): Promise<void> {
    await this.readOnly(executor, async (tx) => {
      await tx.execute(sql`declare report_rows no scroll cursor for ${query}`);
      for (;;) {
        const page = await queryRows<Row>(tx, sql.raw(`fetch ${pageSize} from report_rows`));
        if (page.length > 0) await onPage(page);
        if (page.length < pageSize) break;
      }
      await tx.execute(sql`close report_rows`);
    });
  }

  /**
   * Every row of the query, read a page at a time through a cursor in one read-only transaction that stays open
   * while the consumer reads: the next page is fetched only when the consumer asks for it (a CSV response's
   * back-pressure), so memory holds one page whatever the report's size. Ending the iteration early (a client gone)
   * ends the transaction.
   */
  rows(query: SQL, pageSize = CURSOR_PAGE_ROWS): AsyncGenerator<Row> {
    return this.options.dbKind === 'pglite' ? this.heldRows(query, pageSize) : this.transactionRows(query, pageSize);
  }

  /**
   * PGlite has one connection: a transaction held open while a client downloads would stop every other query of the
   * process for as long. There the cursor is declared WITH HOLD in a short read-only transaction (PostgreSQL keeps
   * its result in a tuple store that spills to disk past work_mem), and each page is fetched by a statement of its
   * own, so other queries run between pages. (A held cursor belongs to its session: PostgreSQL's pool could answer
   * the next fetch on another connection, hence the open transaction there.)
   */
  private async *heldRows(query: SQL, pageSize: number): AsyncGenerator<Row> {
    const cursor = `report_rows_${++heldCursors}`;
    await this.readOnly(this.db, async (tx) => {
      await tx.execute(sql`declare ${sql.raw(cursor)} no scroll cursor with hold for ${query}`);
    });
    try {
      for (;;) {
        const page = await queryRows<Row>(this.db, sql.raw(`fetch ${pageSize} from ${cursor}`));
        yield* page;
        if (page.length < pageSize) break;
      }
    } finally {
      await this.db.execute(sql.raw(`close ${cursor}`)).catch(() => {});
    }
  }

  private async *transactionRows(query: SQL, pageSize: number): AsyncGenerator<Row> {
    type Ask = { resolve: (page: Row[]) => void; reject: (error: unknown) => void };
    const asks: (Ask | null)[] = [];
    let waiting: ((ask: Ask | null) => void) | null = null;
    let failure: unknown = null;
    let failed = false;
    const post = (ask: Ask | null) => {
      if (failed) return ask?.reject(failure);
      if (waiting) {
        const wake = waiting;
        waiting = null;
        wake(ask);
      } else asks.push(ask);
    };
    const nextAsk = () =>
      asks.length > 0 ? Promise.resolve(asks.shift()!) : new Promise<Ask | null>((resolve) => (waiting = resolve));
    let current: Ask | null = null;
    const producer = this.eachPage(
      this.db,
      query,
      async (page) => {
        current = await nextAsk();
        if (!current) throw new StopReading();
        current.resolve(page);
        current = null;
      },
      pageSize,
    ).then(
      async () => {
        // The last page was shorter than a page (or there were none): answer the pending or next ask with nothing.
        const ask = await nextAsk();
        ask?.resolve([]);
      },
      (error: unknown) => {
        if (error instanceof StopReading) return;
        failed = true;
        failure = error;
        (current as Ask | null)?.reject(error);
        for (const ask of asks.splice(0)) ask?.reject(error);
        const wake = waiting;
        waiting = null;
        wake?.({ resolve: () => {}, reject: () => {} });
      },
    );
    try {
      for (;;) {
        const page = await new Promise<Row[]>((resolve, reject) => post({ resolve, reject }));
        yield* page;
        if (page.length < pageSize) break;
      }
    } finally {
      post(null);
      await producer;
    }
  }
}
