import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { COMMIT_MARK } from './transaction-pipeline.js';

/**
 * node-postgres sends every statement unnamed, so PostgreSQL parses, analyses and plans it again on every call. For
 * the product's hot writes (a receiving scan, an audit scan) that cost more than running the statements
 * (docs/performance.md, "Prepared statements"). A statement written as `prepared(sql\`…\`)` is therefore sent as a
 * named prepared statement, named after a hash of its text (same text, same name, so a name never stands for two
 * texts): the first call on a connection parses it, later calls only bind and execute it, and after five calls
 * PostgreSQL may keep one generic plan for it.
 *
 * It is opt-in, statement by statement, because a generic plan is made without the parameters' values: where their
 * selectivity varies (one product with 5,000 serials among products with ten) a generic plan can be far worse. The
 * audit review, named with every other statement in a first version, went from 80 ms to 805 ms. Mark a statement
 * only when its plan does not depend on its values (look-ups and locks by key, inserts), and measure.
 *
 * The marker is a leading SQL comment, so PGlite and a connection that does not name statements run the same text.
 * A connection keeps at most `limit` statements; past it, new texts go unnamed. DATABASE_PREPARED_STATEMENTS=0
 * turns naming off (a pooler in transaction mode that cannot keep statements, for one).
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 200;

const MARK = '/* prepared */ ';
const names = new Map<string, string>();
const NAME_CACHE_LIMIT = 2_000;

/** The statement, marked to be sent as a named prepared statement where the connection names them. */
export function prepared(query: SQL): SQL {
  return sql`${sql.raw(MARK)}${query}`;
}

/** The prepared statement's name for a text, or null when the text is not marked. */
export function statementName(text: string): string | null {
  if (!text.startsWith(MARK) && !text.startsWith(COMMIT_MARK + MARK)) return null;
  const known = names.get(text);
  if (known) return known;
  const name = `ks_${createHash('sha1').update(text).digest('base64url').slice(0, 27)}`;
  if (names.size >= NAME_CACHE_LIMIT) names.clear();
  names.set(text, name);
  return name;
}

type QueryFunction = (...args: unknown[]) => unknown;

/** Makes `client` name its marked statements (see above). Call once per connection, on the pool's 'connect'. */
export function namePreparedStatements(client: pg.ClientBase, limit = PREPARED_STATEMENTS_PER_CONNECTION): void {
  const target = client as unknown as { query: QueryFunction };
  const query = target.query.bind(client) as QueryFunction;
  const named = new Set<string>();
  target.query = (...args: unknown[]) => {
    const config = args[0] as { text?: unknown; name?: unknown } | null;
    // A plain config object only: a cursor or another submittable keeps its prototype and is passed as it is.
    if (
      config &&
      typeof config === 'object' &&
      Object.getPrototypeOf(config) === Object.prototype &&
      typeof config.text === 'string' &&
      !config.name
    ) {
      const name = statementName(config.text);
      if (name && (named.has(name) || named.size < limit)) {
        named.add(name);
        args[0] = { ...config, name };
      }
    }
    return query(...args);
  };
}
