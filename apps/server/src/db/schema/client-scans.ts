import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The answers of scans sent with a client scan id by routes whose writes leave no row of their own to find the id
 * on (a pick, a bin contents change, a committed sale's serials, an un-receipt): the id, the route and the request as sent, and the answer given. Written in
 * the scan's own transaction, so a scan and its row commit together; a replay (the outbox after a network cut)
 * answers the stored answer and changes nothing (docs/decisions.md, "Picks and bin changes through the scan outbox").
 */
export const clientScanAnswers = pgTable('client_scan_answers', {
  clientScanId: text('client_scan_id').primaryKey(),
  /** The route's name: `pick`, `bin-items` or `sale-serial` (a committed sale's serials, an un-receipt). */
  route: text('route').notNull(),
  /** The request that was applied (path parameters and body, without the id): a replay must send the same. */
  request: jsonb('request').notNull(),
  /** The answer given; written before the transaction commits. */
  answer: jsonb('answer'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
