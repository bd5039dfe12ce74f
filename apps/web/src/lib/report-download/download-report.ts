import { useSession } from '../session-store';
import type { TDownloadReply } from './report-download-messages';
import { reportFileName } from './report-file-name';

export type TDownloadProgress = { loaded: number; total: number | null };

/** A download the server refused: its status and its message (the JSON body's `message`, or the text). */
export class ReportDownloadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Hands a Blob to the browser as a saved file. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Downloads a report path (an `/api/…` URL answering CSV) in a web worker with the session's token, reporting the
 * bytes received, and saves it as report-{MM-DD-YYYY}.csv (000 §7). Rejects with a ReportDownloadError carrying the
 * server's message when the answer is not ok; an aborted download rejects with an AbortError.
 */
export function downloadReport(
  url: string,
  options: { onProgress?: (progress: TDownloadProgress) => void; signal?: AbortSignal; filename?: string } = {},
): Promise<{ filename: string; size: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./report-download.worker.ts', import.meta.url), { type: 'module' });
    const end = () => {
      worker.terminate();
      options.signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      end();
      reject(new DOMException('The download was cancelled.', 'AbortError'));
    };
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener('abort', abort);
    worker.onmessage = (event: MessageEvent<TDownloadReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') {
        options.onProgress?.({ loaded: reply.loaded, total: reply.total });
        return;
      }
      end();
      if (reply.type === 'error') return reject(new ReportDownloadError(reply.status, reply.message));
      const filename = options.filename ?? reportFileName();
      saveBlob(reply.blob, filename);
      resolve({ filename, size: reply.blob.size });
    };
    worker.onerror = (event) => {
      end();
      reject(new ReportDownloadError(0, event.message || 'The report could not be downloaded.'));
    };
    worker.postMessage({ url, token: useSession.getState().accessToken });
  });
}
