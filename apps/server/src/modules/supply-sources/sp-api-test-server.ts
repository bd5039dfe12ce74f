import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for Login with Amazon's token endpoint and the Selling Partner API's Supply Sources
 * v2020-07-01, answering as their documentation describes (for tests only): the refresh-token grant as a form,
 * the `x-amz-access-token` header on every Supply Sources call, paged lists with nextPageToken, ErrorList bodies.
 * `failures` makes a path answer a status instead; `delayMs` holds every answer back (a timeout).
 */
export interface FakeAmazonSupplySource {
  supplySourceId: string;
  supplySourceCode: string;
  alias: string;
  status: 'Active' | 'Inactive' | 'Archived';
  address: Record<string, string>;
  configuration?: Record<string, unknown>;
  capabilities?: Record<string, unknown>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeSpApi {
  url: string;
  tokenUrl: string;
  credentials: { clientId: string; clientSecret: string; refreshToken: string };
  sources: Map<string, FakeAmazonSupplySource>;
  requests: RecordedRequest[];
  tokensIssued: number;
  /** `METHOD path-prefix` → status answered instead (with an ErrorList), e.g. `GET /supplySources`. */
  failures: Map<string, number>;
  delayMs: number;
  /** Refuse the token grant (400 invalid_grant). */
  refuseToken: boolean;
  /** Seconds the issued tokens live (expires_in). */
  tokenLifetime: number;
  /** Forget every token issued (as when Amazon revokes them): the next call with one answers 403. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const BASE = '/supplySources/2020-07-01/supplySources';

function send(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': 'test-request' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}
const errorList = (code: string, message: string) => ({ errors: [{ code, message }] });

export async function startFakeSpApi(sources: FakeAmazonSupplySource[] = []): Promise<FakeSpApi> {
  const issued = new Set<string>();
  const fake: Omit<FakeSpApi, 'url' | 'tokenUrl' | 'close' | 'revokeTokens'> = {
    credentials: {
      clientId: 'amzn1.application-oa2-client.test',
      clientSecret: 'test-secret',
      refreshToken: 'Atzr|test-refresh',
    },
    sources: new Map(sources.map((s) => [s.supplySourceId, s])),
    requests: [],
    tokensIssued: 0,
    failures: new Map(),
    delayMs: 0,
    refuseToken: false,
    tokenLifetime: 3600,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    fake.requests.push({ method, path: `${url.pathname}${url.search}`, headers: req.headers, body });
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    for (const [key, status] of fake.failures) {
      const [m, prefix] = key.split(' ');
      if (m === method && url.pathname.startsWith(prefix!))
        return send(res, status, errorList(status === 404 ? 'NotFound' : 'InternalFailure', `failure ${status}`));
    }

    if (url.pathname === '/auth/o2/token' && method === 'POST') {
      const form = new URLSearchParams(body);
      const c = fake.credentials;
      const valid =
        (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
        form.get('grant_type') === 'refresh_token' &&
        form.get('refresh_token') === c.refreshToken &&
        form.get('client_id') === c.clientId &&
        form.get('client_secret') === c.clientSecret;
      if (fake.refuseToken || !valid)
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'The request has an invalid grant parameter : refresh_token',
        });
      fake.tokensIssued++;
      const token = `Atza|test-${fake.tokensIssued}`;
      issued.add(token);
      return send(res, 200, {
        access_token: token,
        refresh_token: c.refreshToken,
        token_type: 'bearer',
        expires_in: fake.tokenLifetime,
      });
    }

    if (!url.pathname.startsWith(BASE)) return send(res, 404, errorList('NotFound', 'no such path'));
    const token = req.headers['x-amz-access-token'];
    if (typeof token !== 'string' || !issued.has(token))
      return send(res, 403, errorList('Unauthorized', 'Access to requested resource is denied.'));

    const rest = url.pathname.slice(BASE.length).split('/').filter(Boolean).map(decodeURIComponent);
    if (rest.length === 0 && method === 'GET') {
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const offset = Number(Buffer.from(url.searchParams.get('nextPageToken') ?? 'MA==', 'base64').toString() || 0);
      const all = [...fake.sources.values()];
      const page = all.slice(offset, offset + pageSize);
      const next =
        offset + pageSize < all.length ? Buffer.from(String(offset + pageSize)).toString('base64') : undefined;
      return send(res, 200, {
        supplySources: page.map((s) => ({
          alias: s.alias,
          supplySourceId: s.supplySourceId,
          supplySourceCode: s.supplySourceCode,
          address: s.address,
        })),
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    const source = fake.sources.get(rest[0] ?? '');
    if (!source) return send(res, 404, errorList('NotFound', 'The supply source does not exist.'));
    if (rest.length === 1 && method === 'GET')
      return send(res, 200, { ...source, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' });
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return send(res, 400, errorList('InvalidInput', 'The body is not JSON.'));
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
      return send(res, 415, errorList('UnsupportedMediaType', 'JSON only'));
    if (rest.length === 1 && method === 'PUT') {
      if (typeof parsed.alias !== 'string' || !parsed.alias)
        return send(res, 400, errorList('InvalidInput', 'alias is invalid'));
      source.alias = parsed.alias;
      if (parsed.configuration) source.configuration = parsed.configuration as Record<string, unknown>;
      if (parsed.capabilities) source.capabilities = parsed.capabilities as Record<string, unknown>;
      return send(res, 200, {});
    }
    if (rest.length === 2 && rest[1] === 'status' && method === 'PUT') {
      if (parsed.status !== 'Active' && parsed.status !== 'Inactive')
        return send(res, 400, errorList('InvalidInput', 'status is invalid'));
      source.status = parsed.status;
      return send(res, 200, {});
    }
    return send(res, 404, errorList('NotFound', 'no such path'));
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) =>
        send(res, 500, errorList('InternalFailure', String(error))),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url: base,
    tokenUrl: `${base}/auth/o2/token`,
    revokeTokens: () => issued.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A supply source as Amazon documents it, open 09:00-17:00 on weekdays. */
export function amazonSupplySource(id: string, code: string, alias: string): FakeAmazonSupplySource {
  const weekday = [{ startTime: '09:00', endTime: '17:00' }];
  const hours = {
    monday: weekday,
    tuesday: weekday,
    wednesday: weekday,
    thursday: weekday,
    friday: weekday,
    saturday: [],
    sunday: [],
  };
  return {
    supplySourceId: id,
    supplySourceCode: code,
    alias,
    status: 'Active',
    address: {
      name: alias,
      addressLine1: '1 Test Way',
      city: 'Louisville',
      stateOrRegion: 'KY',
      postalCode: '40213',
      countryCode: 'US',
    },
    configuration: {
      operationalConfiguration: {
        contactDetails: { primary: { email: 'store@keystone.example', phone: '502-555-0100' } },
      },
      timezone: 'America/New_York',
    },
    capabilities: {
      outbound: {
        isSupported: true,
        operationalConfiguration: { operatingHoursByDay: hours },
        pickupChannel: {
          isSupported: true,
          inventoryHoldPeriod: { value: 2, timeUnit: 'Days' },
          operationalConfiguration: { handlingTime: { value: 120, timeUnit: 'Minutes' } },
          inStorePickupConfiguration: { isSupported: true },
        },
      },
    },
  };
}
