import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadFailureMessage, downloadReport, type TDownloadProgress, type TReportRequest } from './download-report';

export type TReportDownloadState = {
  /** Starts a download of a report route; resolves true when the file was saved, false when it failed or was cancelled. */
  start(request: TReportRequest, filename?: string): Promise<boolean>;
  cancel(): void;
  busy: boolean;
  progress: TDownloadProgress | null;
  /** The server's message when the last download failed. */
  error: string | null;
};

/** One report download at a time for a screen, with its progress and the server's message on failure. */
export function useReportDownload(): TReportDownloadState {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<TDownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (request: TReportRequest, filename?: string) => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    setBusy(true);
    setError(null);
    setProgress({ loaded: 0, total: null });
    try {
      await downloadReport(request, { onProgress: setProgress, signal: mine.signal, filename });
      return true;
    } catch (failure) {
      if (!mine.signal.aborted) setError(downloadFailureMessage(failure));
      return false;
    } finally {
      if (controller.current === mine) {
        controller.current = null;
        setBusy(false);
      }
    }
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { start, cancel, busy, progress, error };
}
