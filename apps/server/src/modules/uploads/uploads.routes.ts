import type { FastifyRequest } from 'fastify';
import { HOLDINGS_UPLOAD_FIELD, holdingsSyncRoute, holdingsUploadRoute, settlementReportRoute, UPLOAD_MESSAGES, UPLOADS_LIMITS } from '@keystone/contracts';
import { HttpError } from '../../http/errors.js';
import { requestFile } from '../../http/input-text.js';
import type { ModuleContext } from '../module-context.js';

/** The multipart limits of a holdings upload: one text file of at most 10 MB and a few small fields. */
const HOLDINGS_MULTIPART_LIMITS = {
  fileSize: UPLOADS_LIMITS.maxFileBytes,
  files: 1,
  fields: 10,
  fieldSize: 1_000,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 50,
} as const;

const fileError = (status: number, message: string) => new HttpError(status, message, { file: [message] });

/** The uploaded file's name and bytes; every failure is a 4xx naming `file`. */
async function readHoldingsFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw fileError(415, UPLOAD_MESSAGES.notMultipart);
  try {
    const file = await requestFile(request, { limits: HOLDINGS_MULTIPART_LIMITS, throwFileSizeLimit: true });
    if (!file || file.fieldname !== HOLDINGS_UPLOAD_FIELD) {
      file?.file.resume();
      throw fileError(400, UPLOAD_MESSAGES.fileMissing);
    }
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw fileError(413, UPLOAD_MESSAGES.fileTooLarge);
    return { name: file.filename, bytes };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const e = error as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(413, UPLOAD_MESSAGES.fileTooLarge);
    const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 400;
    throw fileError(status, `The upload could not be read: ${e.message ?? 'malformed multipart body'}`);
  }
}

export function registerUploadsRoutes({ route, services }: ModuleContext): void {
  const { uploads } = services;
  route(settlementReportRoute, async ({ body, auth }) => uploads.importSettlement(body, auth.user.id));
  route(holdingsUploadRoute, async ({ request, auth }) => {
    const file = await readHoldingsFile(request);
    return uploads.uploadHoldings(file.name, file.bytes, auth.user.id);
  });
  route(holdingsSyncRoute, async ({ query, auth }) => uploads.syncHoldings(query.filename, auth.user.id));
}
