import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { TRouteDownload } from '@keystone/contracts';

/**
 * What the handler of a download route (one that declares `download` in its contract) answers: the file's bytes (or
 * its text, or a stream of it), its media type (one the contract declares) and its name. registerRoute sends it.
 */
export interface FileAnswer {
  body: Buffer | string | Readable;
  contentType: string;
  /** The name the browser saves it under; the contract's `fileName` when absent. */
  fileName?: string;
  /** `inline` (a PDF the browser may show) or `attachment` (saved; the default). */
  disposition?: 'inline' | 'attachment';
  /** The size in bytes, when known before sending (a file on disk). */
  bytes?: number;
}

/** The media type without its parameters (`text/csv; charset=utf-8` → `text/csv`). */
const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/**
 * Sends a download route's file: its Content-Type, a Content-Disposition with its name and `cache-control: no-store`
 * (a report or a document is the caller's, never a shared cache's). A media type the contract does not declare is the
 * server's mistake: thrown (a 500), so the contract stays the list of what a route sends.
 */
export function sendFile(reply: FastifyReply, download: TRouteDownload, file: FileAnswer): FastifyReply {
  if (!download.contentTypes.includes(mediaType(file.contentType))) {
    throw new Error(
      `${file.contentType} is not a content type the route declares (${download.contentTypes.join(', ')})`,
    );
  }
  const name = file.fileName ?? download.fileName;
  reply.header('content-type', file.contentType).header('cache-control', 'no-store');
  if (name) reply.header('content-disposition', `${file.disposition ?? 'attachment'}; filename="${name}"`);
  if (file.bytes !== undefined) reply.header('content-length', String(file.bytes));
  return reply.send(file.body);
}
