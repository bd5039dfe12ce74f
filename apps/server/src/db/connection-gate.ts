import pg from 'pg';
import { Backoff } from './backoff.js';

/**
 * Marks an error raised while a connection was being opened: whatever its cause (refused, timed out, too many
 * clients, the database not accepting connections, not there, our role refused), the database is not there for this
 * request, and it is answered 503 with Retry-After (http/errors.ts), never 500.
 */
export const CONNECT_FAILED = 'connectFailed';

function markConnectFailure(error: Error): Error {
  (error as Error & { [CONNECT_FAILED]?: boolean })[CONNECT_FAILED] = true;
  return error;
}

type ConnectCallback = ((error: Error) => void) | ((error: null, client: pg.Client) => void);

/**
 * The pool's connection class (pg.Pool's `Client` option): every new connection of one pool passes one gate. After a
 * connection attempt fails, further attempts fail at once, without touching the network, until a backoff wait (capped,
 * with jitter) has passed; the first success opens the gate. During an outage the pool then tries the database a few
 * times a second at most, however many requests arrive, instead of once per request.
 */
export function gatedClient(): typeof pg.Client {
  const backoff = new Backoff();
  let closedUntil = 0;

  const settle = (error: Error | null | undefined) => {
    if (error) {
      markConnectFailure(error);
      closedUntil = Math.max(closedUntil, Date.now() + backoff.next());
    } else {
      backoff.reset();
      closedUntil = 0;
    }
  };

  class GatedClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
      const wait = closedUntil - Date.now();
      if (wait > 0) {
        const error = Object.assign(
          markConnectFailure(new Error(`the database is unavailable: the next connection attempt in ${wait} ms`)),
          { code: '08001' },
        );
        if (callback) return void process.nextTick(() => (callback as (error: Error) => void)(error));
        return Promise.reject(error);
      }
      if (callback) {
        return super.connect((error: Error | null) => {
          settle(error);
          (callback as (error: Error | null, client?: pg.Client) => void)(error, error ? undefined : this);
        });
      }
      return super.connect().then(
        (client) => {
          settle(null);
          return client;
        },
        (error: Error) => {
          settle(error);
          throw error;
        },
      );
    }
  }
  return GatedClient;
}
