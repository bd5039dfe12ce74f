import { timestamp } from 'drizzle-orm/pg-core';

/** A row's creation time (UTC), set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
