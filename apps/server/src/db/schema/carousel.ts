import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The home-page carousel (002 §3 Carousel item): its items in order, each a link (https) and the
 * URL of an image the ImageStore holds. A save replaces every row in one transaction (modules/carousel).
 */
export const carouselItems = pgTable(
  'carousel_items',
  {
    id: serial('id').primaryKey(),
    position: integer('position').notNull(),
    link: text('link').notNull(),
    imageUrl: text('image_url').notNull(),
    updatedById: integer('updated_by_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carousel_items_position_idx').on(t.position),
    check('carousel_items_position_check', sql`${t.position} >= 0`),
  ],
);
