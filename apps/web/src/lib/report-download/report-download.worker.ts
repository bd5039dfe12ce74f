// Fetches a report off the page's thread (000 §7 "Report download": a background worker fetches a path), reading the
// answer as a stream so the page can show how much has come, and hands the page the whole file as a Blob.
import type { TDownloadReply, TDownloadRequest } from './report-download-messages';

const post = (reply: TDownloadReply) => (self as unknown as { postMessage(message: TDownloadReply): void }).postMessage(reply);

/** The filename a Content-Disposition header names, if any. */
function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

self.onmessage = async (event: MessageEvent<TDownloadRequest>) => {
  const { url, token } = event.data;
  try {
    const headers: Record<string, string> = { accept: 'text/csv, application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(url, { headers });
    if (!response.ok) {
      const text = await response.text();
      let message = text || response.statusText;
      try {
        const body = JSON.parse(text) as { message?: unknown };
        if (typeof body.message === 'string') message = body.message;
      } catch {
        /* not JSON: the text is the message */
      }
      post({ type: 'error', status: response.status, message });
      return;
    }
    const lengthHeader = response.headers.get('content-length');
    const total = lengthHeader ? Number(lengthHeader) : null;
    const type = response.headers.get('content-type') ?? 'text/csv';
    const parts: Uint8Array[] = [];
    let loaded = 0;
    let lastPost = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      loaded += value.byteLength;
      const now = performance.now();
      if (now - lastPost > 100) {
        lastPost = now;
        post({ type: 'progress', loaded, total });
      }
    }
    post({ type: 'progress', loaded, total: total ?? loaded });
    post({ type: 'done', blob: new Blob(parts as BlobPart[], { type }), filename: dispositionName(response.headers.get('content-disposition')) });
  } catch (error) {
    post({ type: 'error', status: 0, message: error instanceof Error ? error.message : String(error) });
  }
};
