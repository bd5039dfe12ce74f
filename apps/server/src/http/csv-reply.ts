import { Readable } from 'node:stream';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/** One CSV column: the row's key and the header the file shows. */
export type TCsvColumn = { key: string; header: string };

/** 000 §7 "Report download": report-{MM-DD-YYYY}.csv, the server's local date. */
export function reportFileName(now = new Date(), extension = 'csv'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `report-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${now.getFullYear()}.${extension}`;
}

type TRow = Record<string, unknown>;

/** Rows are written this many at a time as one chunk: a stream step per row cost more than the rows' own text. */
const CSV_BATCH_ROWS = 500;

/** The CSV text of `rows`: the header line first, then one chunk per batch of rows (or per page handed in). */
async function* csvChunks(rows: AsyncIterable<TRow | TRow[]> | Iterable<TRow | TRow[]>, columns: readonly TCsvColumn[]): AsyncGenerator<string> {
  const options = {
    columns: columns.map((c) => ({ key: c.key, header: c.header })),
    cast: { boolean: (value: boolean) => (value ? 'true' : 'false'), date: (value: Date) => value.toISOString() },
  };
  yield stringifySync([], { ...options, header: true });
  let batch: TRow[] = [];
  for await (const item of rows) {
    if (Array.isArray(item)) {
      if (batch.length) yield stringifySync(batch, options);
      batch = [];
      if (item.length) yield stringifySync(item, options);
      continue;
    }
    batch.push(item);
    if (batch.length >= CSV_BATCH_ROWS) {
      yield stringifySync(batch, options);
      batch = [];
    }
  }
  if (batch.length) yield stringifySync(batch, options);
}

/**
 * Sends rows as a CSV file, streamed: rows are written as they come from `rows` (an async generator paging the
 * database, see `pagedRows`; it may also hand whole pages as arrays), so the server holds one page at a time whatever
 * the report's size, and the stream waits while the client is slow to read. The header row comes first even when
 * there are no rows. A failure after the first bytes cuts the connection (the client sees a failed download, never
 * a file cut short that looks whole).
 */
export function sendCsv(
  reply: FastifyReply,
  rows: AsyncIterable<TRow | TRow[]> | Iterable<TRow | TRow[]>,
  columns: readonly TCsvColumn[],
  filename = reportFileName(),
): FastifyReply {
  const out = Readable.from(csvChunks(rows, columns), { objectMode: false });
  out.on('error', (error) => reply.log.error({ err: error }, 'CSV stream failed'));
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.send(out);
}

/**
 * Rows read a page at a time by keyset: `fetchPage(after)` answers the page after the last row of the previous
 * one (null for the first page), at most `pageSize` rows; a shorter page is the last.
 */
export async function* pagedRows<T>(fetchPage: (after: T | null) => Promise<T[]>, pageSize: number): AsyncGenerator<T> {
  let after: T | null = null;
  for (;;) {
    const page = await fetchPage(after);
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!;
  }
}
