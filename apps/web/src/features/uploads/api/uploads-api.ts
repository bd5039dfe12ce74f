import {
  holdingsSyncRoute,
  holdingsUploadRoute,
  settlementReportRoute,
  UPLOAD_MESSAGES,
  type THoldingsSyncResult,
  type THoldingsUploadResult,
  type TSettlementReportResult,
} from '@keystone/contracts';
import { ApiCallError, callApi, uploadFile } from '../../../lib/api-client';

/** The message of a failed upload call: the server's (its first field message, else its message), else 'Unknown error' (002 §8). */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof ApiCallError) {
    const body = error.body as { message?: unknown; errors?: Record<string, unknown> } | null;
    if (body && typeof body === 'object') {
      const fields = Object.values(body.errors ?? {}).flatMap((m) => (Array.isArray(m) ? m.map(String) : [String(m)]));
      if (typeof body.message === 'string' && body.message)
        return fields.length > 1 ? `${body.message}\n${fields.join('\n')}` : body.message;
      if (fields.length) return fields.join('\n');
    }
    return UPLOAD_MESSAGES.unknownError;
  }
  return error instanceof Error && error.message ? error.message : UPLOAD_MESSAGES.unknownError;
}

/** 002 §7 POST om/payments/settlement-report: the rows as a JSON string, with each row's line in the file (for the messages). */
export const submitSettlement = (table: string, lines: number[], filename: string): Promise<TSettlementReportResult> =>
  callApi(settlementReportRoute, { body: { table, lines, filename }, silent: true });

/** 002 §7 POST /ep-holdings/orders/upload (multipart); answers the stored filename. */
export async function uploadHoldingsFile(file: File): Promise<THoldingsUploadResult> {
  try {
    return await uploadFile(holdingsUploadRoute, { file, silent: true });
  } catch (error) {
    const body =
      error instanceof ApiCallError
        ? (error.body as { message?: string; errors?: Record<string, string[]> } | null)
        : null;
    throw new Error(
      body?.errors?.[holdingsUploadRoute.upload.field]?.[0] ?? body?.message ?? UPLOAD_MESSAGES.unknownError,
      { cause: error },
    );
  }
}

/** 002 §7 PUT /ep-holdings/orders/sync?filename=; answers the message to show. */
export const syncHoldings = (filename: string): Promise<THoldingsSyncResult> =>
  callApi(holdingsSyncRoute, { query: { filename }, silent: true });
