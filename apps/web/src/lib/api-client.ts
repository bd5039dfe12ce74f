import {
  ROLE_HEADER,
  fillPath,
  toQueryString,
  type ApiRouteDef,
  type TRouteBody,
  type TRouteParams,
  type TRouteQuery,
  type TRouteResponse,
} from '@keystone/contracts';
import { ApiCallError } from './api-error';
import { fetchFile, parseBody, type TFileProgress, type TFileReply } from './file-fetch';
import { queueHttpFailure } from './message-queue';
import type { TDownloadReply, TDownloadRequest } from './report-download/report-download-messages';
import { useSession } from './session-store';

export { ApiCallError, serverMessage } from './api-error';

/*
 * The web's only ways to the API (a structure test holds it: scripts/structure.test.ts): callApi for JSON routes,
 * uploadFile for a route that declares `upload`, downloadFile for one that declares `download`. All three build the URL
 * from the route's contract and read every answer through `settle`: the role it names is followed, a failure is queued
 * as an error toast (000 §7) unless the caller is silent, a 401 on a signed-in session signs out, and the failure is
 * thrown as an ApiCallError.
 */

/** What every call may say besides the route's own parts. */
interface CallOptions {
  /** Do not queue a toast on failure (the caller shows its own message). */
  silent?: boolean;
  signal?: AbortSignal;
  /** The bearer token to send instead of the session's (sign-out revokes the token it has just forgotten). */
  accessToken?: string;
}

/** A route's path parameters and query, as its contract types them. */
export type TRouteParts<R extends ApiRouteDef> = (R extends { params: object }
  ? { params: TRouteParams<R> }
  : { params?: undefined }) &
  (R extends { query: object } ? { query: TRouteQuery<R> } : { query?: undefined });

type Input<R extends ApiRouteDef> = TRouteParts<R> &
  (R extends { body: object } ? { body: TRouteBody<R> } : { body?: undefined }) &
  CallOptions & {
    /** Let the request outlive the page (fetch's keepalive): sent even if the user navigates away at once. */
    keepalive?: boolean;
  };

/** The route's URL (its path filled, its query appended) and the token and headers of the call. */
function prepare(
  route: ApiRouteDef,
  input: { params?: unknown; query?: unknown; accessToken?: string },
  accept: string,
) {
  const url =
    fillPath(route.path, input.params as Record<string, unknown> | undefined) +
    toQueryString(input.query as Record<string, unknown> | undefined);
  const token = input.accessToken ?? useSession.getState().accessToken;
  const headers: Record<string, string> = { accept };
  if (token) headers.authorization = `Bearer ${token}`;
  return { url, token, headers };
}

/** One answer as the three helpers read it: its status, the role it names and (when refused) its body. */
interface Answer {
  ok: boolean;
  status: number;
  role: string | null;
  body: unknown;
}

/**
 * What every call does with its answer. A signed-in answer names the caller's current role (the role editor may have
 * changed it since sign-in): the session takes it, so the menu and the routes follow at the next call
 * (docs/decisions.md, "Tax map and role editor"). A failed answer is queued as an error toast (unless silent) and
 * thrown; a 401 on a signed-in session means the token expired or was revoked: sign out.
 */
function settle(
  route: ApiRouteDef,
  url: string,
  token: string | null,
  answer: Answer,
  silent: boolean | undefined,
): void {
  const session = useSession.getState();
  if (answer.role && token && session.accessToken === token && session.role !== answer.role)
    session.setRole(answer.role);
  if (answer.ok) return;
  if (!silent) queueHttpFailure(url, answer.status);
  // Only the session that made the call ends: a 401 that comes back after a sign-out (the inactivity timeout's
  // logout revokes the token while other calls are in flight) must not replace the reason it gave.
  if (answer.status === 401 && token && route.access !== 'public' && useSession.getState().accessToken === token)
    useSession.getState().signOut('expired');
  throw new ApiCallError(answer.status, answer.body, url);
}

/** Sends a JSON or multipart request and reads its JSON answer through `settle`. */
async function exchange<R extends ApiRouteDef>(
  route: R,
  input: Input<R> | UploadInput<R>,
  body: BodyInit | undefined,
  contentType?: string,
): Promise<TRouteResponse<R>> {
  const { url, token, headers } = prepare(route, input, 'application/json');
  if (contentType) headers['content-type'] = contentType;
  const response = await fetch(url, {
    method: route.method,
    headers,
    body,
    signal: input.signal,
    keepalive: 'keepalive' in input ? input.keepalive : undefined,
  });
  const parsed = parseBody(await response.text());
  settle(
    route,
    url,
    token,
    { ok: response.ok, status: response.status, role: response.headers.get(ROLE_HEADER), body: parsed },
    input.silent,
  );
  return parsed as TRouteResponse<R>;
}

/** Calls one JSON contract route with the bearer token (see `settle` for what a failure does). */
export async function callApi<R extends ApiRouteDef>(route: R, input: Input<R>): Promise<TRouteResponse<R>> {
  if (route.upload || route.download)
    throw new Error(`${route.method} ${route.path} is a file route: use uploadFile or downloadFile`);
  return exchange(
    route,
    input,
    input.body === undefined ? undefined : JSON.stringify(input.body),
    input.body === undefined ? undefined : 'application/json',
  );
}

type UploadInput<R extends ApiRouteDef> = TRouteParts<R> &
  CallOptions & {
    file: Blob & { name?: string };
    /** Text fields sent before the file. */
    fields?: Record<string, string>;
  };

/**
 * Sends a file to a route that declares `upload` (multipart/form-data, the file in its declared field) and answers
 * its JSON, as callApi does. The browser sets the multipart content type with its boundary.
 */
export async function uploadFile<R extends ApiRouteDef & { upload: object }>(
  route: R,
  input: UploadInput<R>,
): Promise<TRouteResponse<R>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  form.append(route.upload.field, input.file, input.file.name ?? route.upload.field);
  return exchange(route, input, form);
}

type DownloadInput<R extends ApiRouteDef> = TRouteParts<R> &
  CallOptions & {
    onProgress?: (progress: TFileProgress) => void;
    /** Fetch in a web worker (000 §7 "Report download"), off the page's thread. */
    background?: boolean;
  };

/** A downloaded file and the name to save it under (the answer's, else the contract's; null when neither names one). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The download fetched by the worker (report-download.worker.ts): its progress, then its answer. */
function fetchFileInWorker(
  url: string,
  headers: Record<string, string>,
  options: { signal?: AbortSignal; onProgress?: (progress: TFileProgress) => void },
): Promise<TFileReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./report-download/report-download.worker.ts', import.meta.url), {
      type: 'module',
    });
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
      const message = event.data;
      if (message.type === 'progress') return options.onProgress?.({ loaded: message.loaded, total: message.total });
      end();
      if (message.type === 'failed') reject(new Error(message.message));
      else resolve(message.reply);
    };
    worker.onerror = (event) => {
      end();
      reject(new Error(event.message || 'The file could not be downloaded.'));
    };
    worker.postMessage({ url, headers } satisfies TDownloadRequest);
  });
}

/**
 * Fetches the file of a route that declares `download`, as callApi calls (see `settle`), on the page or in a worker
 * (`background`). Resolves the file; saving it is `saveBlob`'s.
 */
export async function downloadFile<R extends ApiRouteDef & { download: object }>(
  route: R,
  input: DownloadInput<R>,
): Promise<DownloadedFile> {
  const { url, token, headers } = prepare(
    route,
    input,
    [...route.download.contentTypes, 'application/json'].join(', '),
  );
  const options = { signal: input.signal, onProgress: input.onProgress };
  const reply = input.background
    ? await fetchFileInWorker(url, headers, options)
    : await fetchFile(url, headers, options);
  settle(route, url, token, reply.ok ? { ...reply, body: null } : reply, input.silent);
  const file = reply as Extract<TFileReply, { ok: true }>; // settle has thrown on a refusal
  return { blob: file.blob, fileName: file.fileName ?? route.download.fileName ?? null };
}

/** Hands a Blob to the browser as a saved file (the one blob-save of the web). */
export function saveBlob(blob: Blob, fileName: string): void {
  openBlob(blob, (href) => {
    const a = document.createElement('a');
    a.href = href;
    a.download = fileName;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  });
}

/**
 * Shows a Blob at an object URL (`show` opens it: a tab, a print frame, a link to click) and frees the URL a minute
 * later, when the browser has long read it.
 */
export function openBlob(blob: Blob, show: (href: string) => void): void {
  const href = URL.createObjectURL(blob);
  show(href);
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
