import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from './database.js';

/** Thrown into the cursor's transaction when the reader stopped early: ends it (a read-only rollback changes nothing). */
class StopReading extends Error {}

/** Cursors opened by this process: each has a name of its own (PGlite's held cursors share its one session). */
let cursors = 0;

const READ_ONLY = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * A cursor is planned for its first tenth of rows by default (cursor_tuple_fraction 0.1), which favours nested loops
 * of index probes; a report reads every row, so it is planned as the same query run whole would be.
 */
const WHOLE_RESULT = sql`set local cursor_tuple_fraction = 1`;

/** A queue of values handed from one side to the other, each taken once, in order. */
class Handoff<V> {
  private readonly values: V[] = [];
  private readonly takers: ((value: V) => void)[] = [];
  put(value: V): void {
    const taker = this.takers.shift();
    if (taker) taker(value);
    else this.values.push(value);
  }
  take(): Promise<V> {
    return this.values.length > 0
      ? Promise.resolve(this.values.shift()!)
      : new Promise((resolve) => this.takers.push(resolve));
  }
}

/**
 * The rows of one query, `pageSize` at a time, through a cursor in one READ ONLY repeatable-read snapshot, so a report
 * read in pages is still one consistent answer. The next page is fetched only when the reader asks for it (a CSV
 * response's back-pressure), so memory holds one page whatever the report's size; ending the iteration early (a
 * client gone) ends the transaction. Empty pages are not handed out.
 *
 * PostgreSQL: the transaction stays open while the reader reads. PGlite has one connection, and a transaction held
 * open there would stop every other query of the process for as long: the cursor is declared WITH HOLD in a short
 * transaction (the engine keeps the result in a tuple store) and each page is fetched by a statement of its own.
 */
export function cursorPages<T>(
  db: Executor,
  kind: 'pglite' | 'postgres',
  query: SQL,
  pageSize: number,
): AsyncGenerator<T[]> {
  return kind === 'pglite' ? heldCursorPages<T>(db, query, pageSize) : transactionCursorPages<T>(db, query, pageSize);
}

async function* heldCursorPages<T>(db: Executor, query: SQL, pageSize: number): AsyncGenerator<T[]> {
  const cursor = sql.raw(`cursor_pages_${++cursors}`);
  await db.transaction(async (tx) => {
    await tx.execute(WHOLE_RESULT);
    await tx.execute(sql`declare ${cursor} no scroll cursor with hold for ${query}`);
  }, READ_ONLY);
  try {
    for (;;) {
      const page = await queryRows<T>(db, sql`fetch ${sql.raw(String(pageSize))} from ${cursor}`);
      if (page.length > 0) yield page;
      if (page.length < pageSize) return;
    }
  } finally {
    await db.execute(sql`close ${cursor}`).catch(() => {});
  }
}

type Delivery<T> = { page: T[] } | { done: true } | { error: unknown };

async function* transactionCursorPages<T>(db: Executor, query: SQL, pageSize: number): AsyncGenerator<T[]> {
  const cursor = sql.raw(`cursor_pages_${++cursors}`);
  const asks = new Handoff<boolean>(); // true: fetch the next page; false: the reader is gone
  const deliveries = new Handoff<Delivery<T>>();
  const producer = db
    .transaction(async (tx) => {
      await tx.execute(WHOLE_RESULT);
      await tx.execute(sql`declare ${cursor} no scroll cursor for ${query}`);
      for (;;) {
        if (!(await asks.take())) throw new StopReading();
        const page = await queryRows<T>(tx, sql`fetch ${sql.raw(String(pageSize))} from ${cursor}`);
        deliveries.put({ page });
        if (page.length < pageSize) return;
      }
    }, READ_ONLY)
    .then(
      () => deliveries.put({ done: true }),
      (error: unknown) => {
        if (!(error instanceof StopReading)) deliveries.put({ error });
      },
    );
  try {
    for (;;) {
      asks.put(true);
      const delivery = await deliveries.take();
      if ('error' in delivery) throw delivery.error;
      if ('done' in delivery) return;
      if (delivery.page.length > 0) yield delivery.page;
      if (delivery.page.length < pageSize) return;
    }
  } finally {
    // A producer waiting for the next ask stops (its transaction rolls back); one that has finished ignores it.
    asks.put(false);
    await producer;
  }
}
