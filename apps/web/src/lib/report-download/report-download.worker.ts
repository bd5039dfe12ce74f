// Fetches a file off the page's thread (000 §7 "Report download": a background worker fetches a path) with the one
// download fetch (lib/file-fetch.ts), reporting the bytes received; the page reads the answer (api-client's downloadFile).
import { fetchFile } from '../file-fetch';
import type { TDownloadReply, TDownloadRequest } from './report-download-messages';

const post = (reply: TDownloadReply) =>
  (self as unknown as { postMessage(message: TDownloadReply): void }).postMessage(reply);

self.onmessage = async (event: MessageEvent<TDownloadRequest>) => {
  const { url, headers } = event.data;
  try {
    const reply = await fetchFile(url, headers, { onProgress: (progress) => post({ type: 'progress', ...progress }) });
    post({ type: 'reply', reply });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
