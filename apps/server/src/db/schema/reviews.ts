import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded review store: the realtime database's `reviews/{product}/{id}` and `users/{id}`
 * kept in our database when no remote store is configured (modules/reviews/embedded-review-store.ts). Values are
 * user content. A change to `reviews` notifies channel `keystone_reviews` (migration review-moderation), which
 * the store's subscription hears in every API process.
 */
export const reviews = pgTable(
  'reviews',
  {
    /** The store's key under the product: a Firebase-style push id, time-ordered. */
    id: text('id').notNull(),
    /** The product key (our product id as text). */
    product: text('product').notNull(),
    message: text('message').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    stars: integer('stars').notNull(),
    reviewOn: date('review_on', { mode: 'string' }).notNull(),
    visible: boolean('visible').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.product, t.id] }),
    index('reviews_created_idx').on(t.createdAt),
    check('reviews_stars', sql`${t.stars} between 0 and 5`),
  ],
);

/** `users/{id}` of the realtime database: the website's reviewers. */
export const reviewUsers = pgTable('review_users', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Reviews pushed per client address and fixed window (the public intake's rate limit), shared by every API process. */
export const reviewIntakeCounters = pgTable(
  'review_intake_counters',
  {
    address: text('address').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.windowStartedAt] }),
    index('review_intake_counters_window_idx').on(t.windowStartedAt),
  ],
);
