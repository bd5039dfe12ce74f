import {
  HOLDINGS_UPLOAD_FIELD,
  holdingsSyncRoute,
  holdingsUploadRoute,
  settlementReportRoute,
  UPLOAD_MESSAGES,
  type THoldingsSyncResult,
  type THoldingsUploadResult,
  type TSettlementReportResult,
} from '@keystone/contracts';
import { ApiCallError, callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** The message of a failed upload call: the server's (its first field message, else its message), else 'Unknown error' (002 §8). */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof ApiCallError) {
    const body = error.body as { message?: unknown; errors?: Record<string, unknown> } | null;
    if (body && typeof body === 'object') {
      const fields = Object.values(body.errors ?? {}).flatMap((m) => (Array.isArray(m) ? m.map(String) : [String(m)]));
      if (typeof body.message === 'string' && body.message) return fields.length > 1 ? `${body.message}\n${fields.join('\n')}` : body.message;
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
  const form = new FormData();
  form.append(HOLDINGS_UPLOAD_FIELD, file, file.name);
  const token = useSession.getState().accessToken;
  let response: Response;
  try {
    response = await fetch(holdingsUploadRoute.path, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  } catch {
    throw new Error(UPLOAD_MESSAGES.unknownError);
  }
  const body = (await response.json().catch(() => null)) as (THoldingsUploadResult & { message?: string; errors?: Record<string, string[]> }) | null;
  if (response.ok && body?.filename) return body;
  if (response.status === 401 && token) useSession.getState().signOut('expired');
  throw new Error(body?.errors?.[HOLDINGS_UPLOAD_FIELD]?.[0] ?? body?.message ?? UPLOAD_MESSAGES.unknownError);
}

/** 002 §7 PUT /ep-holdings/orders/sync?filename=; answers the message to show. */
export const syncHoldings = (filename: string): Promise<THoldingsSyncResult> => callApi(holdingsSyncRoute, { query: { filename }, silent: true });
