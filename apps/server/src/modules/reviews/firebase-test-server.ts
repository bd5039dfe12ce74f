import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pushId } from './push-id.js';

/**
 * A loopback stand-in for a Firebase Realtime Database's REST protocol (for tests only), answering as its
 * documentation describes for the subset the review store uses: `GET|PUT|PATCH|POST|DELETE /{path}.json` with
 * `?auth=<secret>` (401 `{ error: "Permission denied" }` otherwise), POST answering `{ name: <push id> }`, and the
 * streaming GET (`Accept: text/event-stream`): a `put` of the whole node at path `/`, then `put`/`patch` events
 * with the changed path relative to the streamed node, and `keep-alive` events.
 */
export interface RecordedFirebaseRequest {
  method: string;
  path: string;
  query: string;
  body: string;
}

export interface FakeFirebase {
  url: string;
  secret: string;
  /** The whole tree (mutable). */
  root: Record<string, unknown>;
  requests: RecordedFirebaseRequest[];
  /** `METHOD /path-prefix` → status answered instead. */
  failures: Map<string, number>;
  /** A write made by another client of the database: changes the tree and tells the streams. */
  write(method: 'PUT' | 'PATCH' | 'DELETE', path: string, value?: unknown): void;
  /** Open event streams. */
  readonly streamCount: number;
  /** Ends every open event stream (as a lost connection). */
  dropStreams(): void;
  close(): Promise<void>;
}

type Node = Record<string, unknown>;

const segmentsOf = (path: string) => path.split('/').filter(Boolean).map(decodeURIComponent);
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

function getAt(root: Node, segments: string[]): unknown {
  let node: unknown = root;
  for (const s of segments) node = isNode(node) ? node[s] : undefined;
  return node === undefined ? null : node;
}

function setAt(root: Node, segments: string[], value: unknown): void {
  if (segments.length === 0) {
    for (const key of Object.keys(root)) delete root[key];
    if (isNode(value)) Object.assign(root, structuredClone(value));
    return;
  }
  let node = root;
  for (const s of segments.slice(0, -1)) {
    if (!isNode(node[s])) node[s] = {};
    node = node[s] as Node;
  }
  const last = segments[segments.length - 1]!;
  if (value === null || value === undefined) delete node[last];
  else node[last] = structuredClone(value);
}

interface Stream {
  segments: string[];
  res: ServerResponse;
}

export async function startFakeFirebase(secret = 'test-database-secret'): Promise<FakeFirebase> {
  const root: Node = {};
  const streams = new Set<Stream>();
  const requests: RecordedFirebaseRequest[] = [];
  const failures = new Map<string, number>();

  const notify = (event: 'put' | 'patch', segments: string[], data: unknown) => {
    for (const stream of streams) {
      const under = stream.segments;
      if (under.every((s, i) => segments[i] === s)) {
        const rel = `/${segments.slice(under.length).join('/')}`;
        stream.res.write(`event: ${event}\ndata: ${JSON.stringify({ path: rel, data })}\n\n`);
      } else if (segments.every((s, i) => under[i] === s)) {
        // A write above the streamed node: the node's new value.
        stream.res.write(`event: put\ndata: ${JSON.stringify({ path: '/', data: getAt(root, under) })}\n\n`);
      }
    }
  };

  const apply = (method: string, segments: string[], value: unknown): unknown => {
    if (method === 'PUT') {
      setAt(root, segments, value);
      notify('put', segments, value);
      return value;
    }
    if (method === 'PATCH') {
      if (!isNode(value)) throw new Error('PATCH needs an object');
      for (const [key, v] of Object.entries(value)) setAt(root, [...segments, ...segmentsOf(key)], v);
      notify('patch', segments, value);
      return value;
    }
    if (method === 'POST') {
      const name = pushId();
      setAt(root, [...segments, name], value);
      notify('put', [...segments, name], value);
      return { name };
    }
    if (method === 'DELETE') {
      setAt(root, segments, null);
      notify('put', segments, null);
      return null;
    }
    throw new Error(`unsupported ${method}`);
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname, query: url.search, body });
    for (const [key, status] of failures) {
      const [m, prefix] = key.split(' ');
      if (m === method && url.pathname.startsWith(prefix!)) return send(res, status, { error: `failure ${status}` });
    }
    if (!url.pathname.endsWith('.json')) return send(res, 404, { error: 'Not found' });
    if (url.searchParams.get('auth') !== secret) return send(res, 401, { error: 'Permission denied' });
    const segments = segmentsOf(url.pathname.slice(0, -'.json'.length));
    if (method === 'GET' && (req.headers.accept ?? '').includes('text/event-stream')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(`event: put\ndata: ${JSON.stringify({ path: '/', data: getAt(root, segments) })}\n\n`);
      const stream = { segments, res };
      streams.add(stream);
      const keepAlive = setInterval(() => res.write('event: keep-alive\ndata: null\n\n'), 1_000);
      res.once('close', () => {
        clearInterval(keepAlive);
        streams.delete(stream);
      });
      return;
    }
    if (method === 'GET') return send(res, 200, getAt(root, segments));
    let value: unknown = null;
    if (method !== 'DELETE') {
      try {
        value = JSON.parse(body);
      } catch {
        return send(res, 400, { error: 'Invalid data; couldn\u2019t parse JSON object, array, or value.' });
      }
    }
    try {
      return send(res, 200, apply(method, segments, value));
    } catch (error) {
      return send(res, 400, { error: (error as Error).message });
    }
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secret,
    root,
    requests,
    failures,
    write: (method, path, value) => void apply(method, segmentsOf(path), value ?? null),
    get streamCount() {
      return streams.size;
    },
    dropStreams() {
      for (const stream of [...streams]) stream.res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of [...streams]) stream.res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
