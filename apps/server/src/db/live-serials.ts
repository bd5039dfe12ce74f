import { sql, type SQL } from 'drizzle-orm';

/**
 * The live serial rows whose number (any case) is one of `upperNumbers` (a JSON array of upper-case numbers), as a
 * subquery for a FROM clause: `from ${liveSerialsNamed(json)} s` gives every column of `inventory_serials`.
 *
 * Written as one index look-up per number: a lateral subquery that finds every row of the number (live or not; a
 * number has a handful) and is kept apart by `offset 0`, with LIVE checked on what it found. The plain form,
 * `where disposition_code = 'LIVE' and upper(serial_number) = any(array(…))`, is planned from the table's statistics:
 * where there are none (a PGlite folder is never analyzed; a new PostgreSQL table until autovacuum's ANALYZE) or the
 * plan is generic (prepared statements), PostgreSQL read every live serial through the partial index
 * `inventory_serials_product_bucket_live_idx`, whose predicate matches, and filtered them: a receiving scan's cost
 * grew with the stock (docs/performance.md, "Session 18"). The per-number form still had `disposition_code = 'LIVE'`
 * inside the fence, which implies that index's predicate too: a generic plan made while the table held a few thousand
 * serials or fewer (a new database's sixth scan) read the same index whole and was kept for the connection's life
 * ("Session 19"). Inside the fence now, only the equality on `upper(serial_number)`, which no partial index's
 * predicate follows from and which only the btree `inventory_serials_serial_idx` answers.
 */
export function liveSerialsNamed(upperNumbers: string): SQL {
  return sql`(select live.* from (select distinct jsonb_array_elements_text(${upperNumbers}::jsonb) as n) wanted
            cross join lateral (select * from (select * from inventory_serials x where upper(x.serial_number) = wanted.n offset 0) numbered
                                where numbered.disposition_code = 'LIVE') live)`;
}
