import type { ApiRouteDef } from '@keystone/contracts';
import { ApiCallError, downloadFile, saveBlob, serverMessage, type TRouteParts } from '../api-client';
import type { TFileProgress } from '../file-fetch';
import { reportFileName } from './report-file-name';

export type TDownloadProgress = TFileProgress;

type TDownloadRoute = ApiRouteDef & { download: object };

/** A report route (one that declares a download) with its path parameters and query, checked by `reportRequest`. */
export type TReportRequest = { route: TDownloadRoute; input: { params?: unknown; query?: unknown } };

/** A report route and its inputs, typed by its contract. */
export const reportRequest = <R extends TDownloadRoute>(route: R, input: TRouteParts<R>): TReportRequest => ({
  route,
  input,
});

/** The text to show for a failed download: the server's message, else its text, else the error's. */
export function downloadFailureMessage(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  if (error instanceof ApiCallError)
    return typeof error.body === 'string' && error.body.trim()
      ? error.body
      : `The report could not be downloaded (HTTP ${error.status}).`;
  return error instanceof Error && error.message ? error.message : 'The report could not be downloaded.';
}

/**
 * Downloads a report route's CSV in a web worker with the session's token (api-client's downloadFile, 000 §7),
 * reporting the bytes received, and saves it as report-{MM-DD-YYYY}.csv, the local date (000 §7). A refusal rejects
 * with an ApiCallError (no toast: the screen shows `downloadFailureMessage`); an aborted download with an AbortError.
 */
export async function downloadReport(
  request: TReportRequest,
  options: { onProgress?: (progress: TDownloadProgress) => void; signal?: AbortSignal; filename?: string } = {},
): Promise<{ filename: string; size: number }> {
  const { blob } = await downloadFile(request.route, {
    ...request.input,
    background: true,
    silent: true,
    signal: options.signal,
    onProgress: options.onProgress,
  } as never);
  const filename = options.filename ?? reportFileName();
  saveBlob(blob, filename);
  return { filename, size: blob.size };
}
