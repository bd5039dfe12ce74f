import type { TFileReply } from '../file-fetch';

/** What the page asks the file-download worker (the URL and its headers), and what the worker answers. */
export type TDownloadRequest = { url: string; headers: Record<string, string> };

export type TDownloadReply =
  | { type: 'progress'; loaded: number; total: number | null }
  | { type: 'reply'; reply: TFileReply }
  /** The request got no answer (the network). */
  | { type: 'failed'; message: string };
