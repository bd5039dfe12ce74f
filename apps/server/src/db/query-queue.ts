import type pg from 'pg';

type QueryFunction = (...args: unknown[]) => unknown;
type Submittable = { submit: unknown; callback?: (error: Error | null, result?: unknown) => void };

const isSubmittable = (value: unknown): value is Submittable =>
  value !== null && typeof value === 'object' && typeof (value as Submittable).submit === 'function';

/**
 * One statement at a time on a connection, queued here rather than in node-postgres. Handing a client a
 * query while another runs is deprecated in pg 8 and removed in pg 9 ("use async/await or an external async flow
 * control mechanism"); the product did it when a transaction's held-back BEGIN was sent ahead of a statement that
 * could not carry it, and where a transaction's reads run together (`Promise.all` on one transaction). Queued here,
 * each statement goes when the one before has answered, as node-postgres itself did: the same round trips, the
 * same order. Promise-style calls and submittables with a callback (the pipelined BEGIN and COMMIT) are queued; a
 * call with a callback argument or an event-style submittable passes as it is. Install it first on each connection
 * (the innermost wrapper), so everything the other wrappers send is queued.
 */
export function queueQueries(client: pg.ClientBase): void {
  const target = client as unknown as { query: QueryFunction };
  const query = target.query.bind(client) as QueryFunction;
  let running = false;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running = false;
  };

  /** Sends one call (the queue is ours); releases the queue when it has answered. */
  const run = (args: unknown[]): unknown => {
    const first = args[0];
    if (isSubmittable(first)) {
      const callback = first.callback!;
      first.callback = (error, result) => {
        release();
        callback(error, result);
      };
      return query(...args);
    }
    let answer: Promise<unknown>;
    try {
      answer = query(...args) as Promise<unknown>;
    } catch (error) {
      release();
      throw error;
    }
    answer.then(release, release);
    return answer;
  };

  target.query = (...args: unknown[]) => {
    const first = args[0];
    const queued =
      !args.some((a) => typeof a === 'function') && (!isSubmittable(first) || typeof first.callback === 'function');
    if (!queued) return query(...args);
    if (!running) {
      running = true;
      return run(args);
    }
    if (isSubmittable(first)) {
      waiting.push(() => void run(args));
      return first; // node-postgres answers a submittable with itself
    }
    return new Promise((resolve, reject) => {
      waiting.push(() => {
        try {
          (run(args) as Promise<unknown>).then(resolve, reject);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
  };
}
