/** What the page asks the report-download worker, and what the worker answers. */
export type TDownloadRequest = { url: string; token: string | null };

export type TDownloadReply =
  | { type: 'progress'; loaded: number; total: number | null }
  | { type: 'done'; blob: Blob; filename: string | null }
  | { type: 'error'; status: number; message: string };
