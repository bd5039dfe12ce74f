import { PassThrough, Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** One CSV column: the row's key and the header the file shows. */
export type TCsvColumn = { key: string; header: string };

/** 000 §7 "Report download": report-{MM-DD-YYYY}.csv, the server's local date. */
export function reportFileName(now = new Date(), extension = 'csv'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `report-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${now.getFullYear()}.${extension}`;
}

/**
 * Sends rows as a CSV file, streamed: each row is written as it comes from `rows` (an async generator paging the
 * database, see `pagedRows`), so the server holds one page at a time whatever the report's size. The header row
 * comes first even when there are no rows. A failure after the first bytes cuts the connection (the client sees
 * a failed download, never a file cut short that looks whole).
 */
export function sendCsv(
  reply: FastifyReply,
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  columns: readonly TCsvColumn[],
  filename = reportFileName(),
): FastifyReply {
  const out = new PassThrough();
  pipeline(
    Readable.from(rows),
    stringify({
      header: true,
      columns: columns.map((c) => ({ key: c.key, header: c.header })),
      cast: { boolean: (value) => (value ? 'true' : 'false'), date: (value) => value.toISOString() },
    }),
    out,
    (error) => {
      if (error) reply.log.error({ err: error }, 'CSV stream failed');
    },
  );
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
