import { sql, type SQL } from 'drizzle-orm';

/**
 * The live serial rows whose number (any case) is one of `upperNumbers` (a JSON array of upper-case numbers), as a
 * subquery for a FROM clause: `from ${liveSerialsNamed(json)} s` gives every column of `inventory_serials`.
 *
 * Written as one index look-up per number (a lateral subquery kept apart by `offset 0`) because the plain form,
 * `where disposition_code = 'LIVE' and upper(serial_number) = any(array(…))`, is planned from the table's statistics:
 * where there are none (a PGlite folder is never analyzed; a new PostgreSQL table until autovacuum's ANALYZE) or the
 * plan is generic (prepared statements), PostgreSQL read every live serial through the partial index
 * `inventory_serials_product_bucket_live_idx`, whose predicate matches, and filtered them: a receiving scan's cost
 * grew with the stock (docs/performance.md, "Session 18"). Here each number is an equality on
 * `upper(serial_number)`, which only the btree indexes on it answer.
 */
export function liveSerialsNamed(upperNumbers: string): SQL {
  return sql`(select live.* from (select distinct jsonb_array_elements_text(${upperNumbers}::jsonb) as n) wanted
            cross join lateral (select * from inventory_serials x where upper(x.serial_number) = wanted.n and x.disposition_code = 'LIVE' offset 0) live)`;
}
