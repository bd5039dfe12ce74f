import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { errorChain } from './error-chain.js';

/**
 * Fewer round trips per transaction (docs/decisions.md, "Pipelined BEGIN and COMMIT").
 *
 * node-postgres sends one statement and waits for its answer before the next, so a transaction of three statements
 * costs five round trips: BEGIN, the three, COMMIT. Each round trip is a write and a read on both sides, and a wait
 * while the transaction holds its locks. On a pooled connection this module:
 *
 * - holds back the BEGIN a transaction opens with (answering it at once) and sends it in one write with the
 *   transaction's first statement, as one extended-protocol pipeline ending in a single Sync: BEGIN runs first, the
 *   statement inside it. An empty transaction (BEGIN then COMMIT or ROLLBACK) sends nothing at all;
 * - sends a statement marked `committing(sql\`…\`)` followed by COMMIT in the same pipeline. When the statement
 *   fails the server skips the COMMIT (everything after an error up to the Sync is skipped), the transaction is left
 *   aborted and the caller's ROLLBACK goes to the server as usual. When both succeed the transaction is committed,
 *   and the caller's COMMIT is answered here without a round trip.
 *
 * A statement marked `committing` must be its transaction's last: a statement or a ROLLBACK after it, on a
 * committed transaction, is refused with an error rather than run outside the transaction or silently ignored. In a
 * transaction that has made a savepoint (a nested transaction: the statement is the savepoint's last, not the
 * transaction's) it goes without the COMMIT.
 * The markers are SQL comments, so PGlite (no connection, no round trips) runs the same text, and so does a
 * connection with pipelining off (DATABASE_PIPELINE_TRANSACTIONS=0).
 *
 * Only statements the extended protocol can carry are pipelined (parameters or a prepared name: one statement, never
 * a multi-statement script); any other first statement gets its BEGIN sent on its own first.
 */
export const COMMIT_MARK = '/* commit */ ';

/** The statement, marked as the last of its transaction: sent with COMMIT where the connection pipelines. */
export function committing(query: SQL): SQL {
  return sql`${sql.raw(COMMIT_MARK)}${query}`;
}

/** A marked text, as `prepared()` and `committing()` compose in either order. */
export function isCommitting(text: string): boolean {
  return text.startsWith(COMMIT_MARK) || text.startsWith(`/* prepared */ ${COMMIT_MARK}`);
}

type QueryConfig = {
  text: string;
  values?: unknown[];
  name?: string;
  rowMode?: string;
  types?: unknown;
  rows?: number;
};
type Callback = (error: Error | null, result?: unknown) => void;
type ProtocolConnection = {
  parse(config: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  sync(): void;
};

const QueryBase = pg.Query as unknown as new (
  config: unknown,
  values?: unknown,
  callback?: unknown,
) => {
  text: string;
  name?: string;
  rows?: number;
  portal: string;
  callback?: Callback;
  prepare(connection: ProtocolConnection): void;
  _getRows(connection: ProtocolConnection, rows?: number): void;
};

/** Runs one statement between optional statements before it (BEGIN) and after it (COMMIT), all under one Sync. */
class PipelinedQuery extends QueryBase {
  constructor(
    private readonly before: string | null,
    private readonly after: string | null,
    config: QueryConfig,
    values: unknown,
  ) {
    super(config, values);
  }

  requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: ProtocolConnection): void {
    if (this.before) PipelinedQuery.runUnnamed(connection, this.before);
    super.prepare(connection);
  }

  override _getRows(connection: ProtocolConnection, rows?: number): void {
    if (!this.after || rows) return super._getRows(connection, rows);
    connection.execute({ portal: this.portal, rows });
    PipelinedQuery.runUnnamed(connection, this.after);
    connection.sync();
  }

  private static runUnnamed(connection: ProtocolConnection, text: string): void {
    connection.parse({ text, name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '' });
  }
}

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\s*;?\s*$/i;
const ROLLBACK = /^\s*(rollback|abort)\s*;?\s*$/i;

/** `open.nested`: a savepoint was made in this transaction; a committing statement then goes without its COMMIT. */
type State =
  { kind: 'idle' } | { kind: 'pending'; begin: string } | { kind: 'open'; nested: boolean } | { kind: 'committed' };

const SAVEPOINT = /^\s*savepoint\b/i;

function emptyResult(command: string) {
  return { command, rowCount: null, oid: null, rows: [], fields: [] };
}

/** Makes `client` pipeline its transactions' BEGIN and marked COMMIT (see above). Call once per connection. */
export function pipelineTransactions(client: pg.ClientBase): void {
  const target = client as unknown as { query: (...args: unknown[]) => unknown };
  const query = target.query.bind(client) as (...args: unknown[]) => unknown;
  let state: State = { kind: 'idle' };

  const send = (before: string | null, after: string | null, config: QueryConfig, values: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const pipelined = new PipelinedQuery(before, after, config, values);
      const main = before ? 1 : 0;
      pipelined.callback = (error, results) => {
        if (error) {
          // BEGIN ran (or was already open): the transaction is there, aborted, for the caller's ROLLBACK.
          state = { kind: 'open', nested: false };
          reject(error);
          return;
        }
        state = after ? { kind: 'committed' } : { kind: 'open', nested: false };
        resolve(Array.isArray(results) ? results[main] : results);
      };
      query(pipelined);
    });

  target.query = (...args: unknown[]) => {
    const [first, second] = args;
    // Promise-style calls with a text or a plain config object only; callbacks and submittables pass through.
    const plain =
      typeof first === 'string' ||
      (first !== null && typeof first === 'object' && Object.getPrototypeOf(first) === Object.prototype);
    if (!plain || args.some((a) => typeof a === 'function')) return passThrough(args);
    const config = (typeof first === 'string' ? { text: first } : first) as QueryConfig;
    if (typeof config.text !== 'string') return passThrough(args);
    const values = second ?? config.values;
    const text = config.text;

    switch (state.kind) {
      case 'idle':
        if (BEGIN.test(text)) {
          state = { kind: 'pending', begin: text };
          return Promise.resolve(emptyResult('BEGIN'));
        }
        return query(...args);
      case 'pending': {
        if (COMMIT.test(text) || ROLLBACK.test(text)) {
          state = { kind: 'idle' }; // nothing was sent: nothing to end
          return Promise.resolve(emptyResult(COMMIT.test(text) ? 'COMMIT' : 'ROLLBACK'));
        }
        if (pipelinable(config, values)) return send(state.begin, isCommitting(text) ? 'COMMIT' : null, config, values);
        beginAlone(SAVEPOINT.test(text));
        return query(...args);
      }
      case 'open':
        if (COMMIT.test(text) || ROLLBACK.test(text)) {
          state = { kind: 'idle' };
          return query(...args);
        }
        if (SAVEPOINT.test(text)) state = { kind: 'open', nested: true };
        // Inside a savepoint the statement is not the transaction's last: it goes on its own.
        if (!state.nested && isCommitting(text) && pipelinable(config, values))
          return send(null, 'COMMIT', config, values);
        return query(...args);
      case 'committed':
        state = { kind: 'idle' };
        if (COMMIT.test(text)) return Promise.resolve(emptyResult('COMMIT'));
        return Promise.reject(
          new Error(
            `a transaction committed with its last statement (committing()) was then sent "${text.slice(0, 40)}": a committing statement must be its transaction's last`,
          ),
        );
    }
  };

  /** Sends the held-back BEGIN on its own, queued ahead of the statement that could not carry it. */
  function beginAlone(nested: boolean) {
    if (state.kind !== 'pending') return;
    const begin = state.begin;
    state = { kind: 'open', nested };
    (query(begin) as Promise<unknown>).catch(() => {}); // its failure fails the statement queued behind it too
  }

  function passThrough(args: unknown[]) {
    beginAlone(false);
    return query(...args);
  }
}

/** One statement the extended protocol can carry: with parameters or a prepared name (never a script), no paging. */
function pipelinable(config: QueryConfig, values: unknown): boolean {
  if (config.rows) return false;
  return Boolean(config.name) || (Array.isArray(values) && values.length > 0);
}

/** SQLSTATE of `keystone_refuse(answer)` (migration 0037): a committing statement that decided to write nothing. */
export const REFUSAL_SQLSTATE = 'KS001';

/**
 * The answer a statement raised through `keystone_refuse` (its JSON DETAIL), looking through the driver's and
 * Drizzle's wrappers, or undefined for any other error. The transaction it ran in is aborted: its caller rolls back.
 */
export function refusedAnswer(error: unknown): unknown {
  const refusal = errorChain(error).find((e) => e.code === REFUSAL_SQLSTATE && typeof e.detail === 'string');
  return refusal ? (JSON.parse(refusal.detail as string) as unknown) : undefined;
}
