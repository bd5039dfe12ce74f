import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { TRouteUpload } from '@keystone/contracts';
import { HttpError } from './errors.js';
import { requestFile } from './input-text.js';

/**
 * The multipart limits every upload is read with besides its file size (registered on the multipart plugin too):
 * one file and a few small fields at most.
 */
export const MULTIPART_LIMITS = {
  files: 1,
  fields: 10,
  fieldSize: 1_000,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 50,
} as const;

/** An upload a route declared (`upload: 'bytes'`): the whole file in memory. */
export interface UploadedBytes {
  filename: string;
  bytes: Buffer;
}
/** An upload a route declared (`upload: 'stream'`): the file as it arrives. */
export interface UploadedStream {
  filename: string;
  stream: Readable;
}

/** The file a route's handler gets, by its declared `read`. */
export type TUploadedFile<U> = U extends { read: 'stream' }
  ? UploadedStream
  : U extends { read: 'bytes' }
    ? UploadedBytes
    : undefined;

/** A refusal naming the upload's field, as every upload refusal does. */
const refusal = (upload: TRouteUpload, status: number, message: string) =>
  new HttpError(status, message, { [upload.field]: [message] });

/** Multipart's own errors (a malformed body, a limit) as a 4xx naming the field; the file too large as a 413. */
function readError(upload: TRouteUpload, error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return refusal(upload, 413, upload.messages.tooLarge);
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 400;
  return refusal(upload, status, `The upload could not be read: ${e.message ?? 'malformed multipart body'}`);
}

/**
 * The one reader of uploaded files (every route that declares `upload` in its contract, registered by registerRoute):
 * multipart/form-data with one file in the declared field, at most `maxBytes`, its name ending in one of `extensions`
 * when the route declares them. Every refusal is the client's and answers a 4xx naming the field: not multipart
 * (415), no file in the field (400, or the route's `missingStatus`), a wrong name ending (400), too large (413), a
 * malformed body (400). `read: 'stream'` hands the file as it arrives: `settle` then turns an error its reader met
 * because the file passed `maxBytes` into that 413, and `assertWhole` refuses so a handler that read the file to its
 * end without noticing it was cut at `maxBytes`.
 */
export async function readUpload<U extends TRouteUpload>(
  request: FastifyRequest,
  upload: U,
): Promise<{ file: TUploadedFile<U>; settle: (error: unknown) => unknown; assertWhole: () => void }> {
  if (!request.isMultipart()) throw refusal(upload, 415, upload.messages.notMultipart);
  let part;
  try {
    part = await requestFile(request, {
      limits: { ...MULTIPART_LIMITS, fileSize: upload.maxBytes },
      throwFileSizeLimit: true,
    });
  } catch (error) {
    throw readError(upload, error);
  }
  if (!part || part.fieldname !== upload.field || (upload.extensions && !part.filename)) {
    part?.file.resume();
    throw refusal(upload, upload.missingStatus ?? 400, upload.messages.missing);
  }
  const name = part.filename.toLowerCase();
  if (upload.extensions && !upload.extensions.some((ending) => name.endsWith(ending))) {
    part.file.resume();
    throw refusal(upload, 400, upload.messages.wrongType ?? upload.messages.missing);
  }
  if (upload.read === 'bytes') {
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      throw readError(upload, error);
    }
    if (part.file.truncated) throw refusal(upload, 413, upload.messages.tooLarge);
    return {
      file: { filename: part.filename, bytes } as unknown as TUploadedFile<U>,
      settle: (error) => error,
      assertWhole: () => {},
    };
  }
  const stream = part.file;
  let tooLarge = false;
  stream.on('limit', () => {
    tooLarge = true;
    stream.destroy(new Error('too large'));
  });
  const cut = () => tooLarge || stream.truncated;
  return {
    file: { filename: part.filename, stream } as unknown as TUploadedFile<U>,
    settle: (error) =>
      cut() || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        ? refusal(upload, 413, upload.messages.tooLarge)
        : error,
    assertWhole: () => {
      if (cut()) throw refusal(upload, 413, upload.messages.tooLarge);
    },
  };
}
