import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BlockList, isIP } from 'node:net';
import type { AppMetrics } from './app-metrics.js';

/** Who may scrape `GET /metrics`: a bearer token, or a client address in the allow-list (METRICS_TOKEN, METRICS_ALLOW). */
export interface MetricsAccess {
  token: string | null;
  /** Addresses and CIDR ranges (IPv4 and IPv6); default loopback only. */
  allow: string[];
}

export const METRICS_PATH = '/metrics';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The allow-list as a BlockList (addresses and ranges); throws naming an entry that is neither (a configuration error). */
export function parseAllowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const type = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    const prefix = bits === undefined ? undefined : Number(bits);
    if (
      !isIP(address ?? '') ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (type === 'ipv4' ? 32 : 128)))
    )
      throw new Error(`METRICS_ALLOW: ${entry} is not an IP address or CIDR range`);
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, prefix, type);
  }
  return list;
}

function allowed(request: FastifyRequest, access: MetricsAccess, list: BlockList): boolean {
  const header = request.headers.authorization;
  if (access.token && header?.startsWith('Bearer ') && sameSecret(header.slice(7), access.token)) return true;
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const ip = request.ip.startsWith('::ffff:') && isIP(request.ip.slice(7)) === 4 ? request.ip.slice(7) : request.ip;
  const type = isIP(ip);
  return type !== 0 && list.check(ip, type === 6 ? 'ipv6' : 'ipv4');
}

/**
 * `GET /metrics`: this process's metrics in the Prometheus text format, for a scraper (docs/deployment.md,
 * "Metrics"). Not a contract route of the API (no session token: a scraper holds the metrics token or scrapes from
 * an allowed address); anyone else is answered 403, naming how to get in.
 */
export function registerMetricsRoutes(app: FastifyInstance, metrics: AppMetrics, access: MetricsAccess): void {
  const list = parseAllowList(access.allow);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, access, list))
      return reply.code(403).send({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Metrics need the metrics token (Authorization: Bearer …) or a client address in METRICS_ALLOW',
      });
    return reply
      .type(metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}
