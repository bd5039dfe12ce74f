import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatedClient } from './connection-gate.js';
import { isDatabaseUnavailable } from '../http/errors.js';
import { FaultProxy } from '../../test/concurrency/fault-proxy.js';

/**
 * Issue 30 part 2: a server that is up but turns our connections away answers the startup message with an
 * ErrorResponse (the proxy plays that server: nothing behind it is reached). Whatever the SQLSTATE, the request is
 * told the database is unavailable (503 with Retry-After), never an internal error.
 */
let proxy: FaultProxy;
const url = 'postgres://postgres@127.0.0.1:1/kt_refused';

beforeAll(async () => {
  proxy = await FaultProxy.start(url);
});
afterAll(async () => {
  await proxy.close();
});

describe('a connection turned away by the server', () => {
  it.each([
    ['55000', 'database "kt_refused" is not currently accepting connections'],
    ['3D000', 'database "kt_refused" does not exist'],
    ['42501', 'permission denied for database "kt_refused"'],
    ['28P01', 'password authentication failed for user "postgres"'],
    ['28000', 'no pg_hba.conf entry for host "127.0.0.1"'],
    ['53300', 'sorry, too many clients already'],
    ['57P03', 'the database system is starting up'],
  ])('%s is "the database is unavailable"', async (code, message) => {
    proxy.reject(code, message);
    const Client = gatedClient();
    const client = new Client({ connectionString: proxy.url(url) });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(error?.code).toBe(code);
    expect(error?.message).toBe(message);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Wrapped as Drizzle and the pool wrap it.
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: error }))).toBe(true);
  });

  it('the same SQLSTATE raised by a statement on an open connection is not taken for an outage', () => {
    const statementError = Object.assign(
      new pg.DatabaseError('currval of sequence "s" is not yet defined in this session', 0, 'error'),
      { code: '55000' },
    );
    expect(isDatabaseUnavailable(statementError)).toBe(false);
  });

  it('after a failed attempt, the next ones fail at once without reaching the server until the backoff wait has passed', async () => {
    proxy.refuse();
    const Client = gatedClient();
    const attempt = () =>
      new Client({ connectionString: proxy.url(url) }).connect().then(
        () => null,
        (e: unknown) => e as Error & { code?: string },
      );
    const before = proxy.accepted;
    expect(isDatabaseUnavailable(await attempt())).toBe(true);
    expect(proxy.accepted).toBe(before + 1);
    const gated = await Promise.all(Array.from({ length: 20 }, attempt));
    expect(gated.every((e) => e?.code === '08001' && isDatabaseUnavailable(e))).toBe(true);
    expect(proxy.accepted).toBe(before + 1); // none of the 20 reached the server
    await new Promise((r) => setTimeout(r, 150)); // the first wait is at most 100 ms
    await attempt();
    expect(proxy.accepted).toBe(before + 2);
  });
});
