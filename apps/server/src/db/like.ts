import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** User text inside a LIKE pattern: its `\`, `%` and `_` match themselves (PostgreSQL's default escape is `\`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `upper(column) LIKE '%TEXT%'` under collation "C", the collation of the serial numbers' trigram index
 * (`inventory_serials_serial_trgm_idx`): only a search written this way can use that index, and an equality lookup
 * (default collation) cannot, so the planner never takes the trigram index for `=` (schema/ledger.ts).
 */
export function upperContains(column: AnyColumn, text: string): SQL {
  return sql`(upper(${column}) collate "C") like ${`%${escapeLike(text.toUpperCase())}%`}`;
}
