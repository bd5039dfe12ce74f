import { ROLE_HEADER } from '@keystone/contracts';

/**
 * The one fetch of a file download (a route that declares `download`), on the page or in the report-download worker
 * (000 §7: a background worker fetches a path). It knows nothing of the session: `downloadFile` (api-client.ts) gives
 * it the URL and headers and reads its answer as callApi reads one (role change, toast, 401 sign-out).
 */

/** What a download answered: the file, or the refusal's body (parsed JSON, else its text). */
export type TFileReply =
  | { ok: true; status: number; role: string | null; blob: Blob; fileName: string | null }
  | { ok: false; status: number; role: string | null; body: unknown };

export type TFileProgress = { loaded: number; total: number | null };

/** The filename a Content-Disposition header names, if any. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/** A refusal's body: its JSON, or its text when it is not JSON (null when empty). */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Fetches a file, reading the answer as a stream so `onProgress` can say how much has come (every 100 ms at most,
 * and once at the end). Rejects only when the request never got an answer (the network, an abort).
 */
export async function fetchFile(
  url: string,
  headers: Record<string, string>,
  options: { signal?: AbortSignal; onProgress?: (progress: TFileProgress) => void } = {},
): Promise<TFileReply> {
  const response = await fetch(url, { headers, signal: options.signal });
  const role = response.headers.get(ROLE_HEADER);
  if (!response.ok) return { ok: false, status: response.status, role, body: parseBody(await response.text()) };
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fileName = dispositionName(response.headers.get('content-disposition'));
  const lengthHeader = response.headers.get('content-length');
  const total = lengthHeader ? Number(lengthHeader) : null;
  if (!options.onProgress || !response.body)
    return { ok: true, status: response.status, role, blob: await response.blob(), fileName };
  const parts: Uint8Array[] = [];
  let loaded = 0;
  let lastPost = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    const now = performance.now();
    if (now - lastPost > 100) {
      lastPost = now;
      options.onProgress({ loaded, total });
    }
  }
  options.onProgress({ loaded, total: total ?? loaded });
  return { ok: true, status: response.status, role, blob: new Blob(parts as BlobPart[], { type }), fileName };
}
