import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_username_at_idx').on(t.username, t.attemptedAt)],
);

/**
 * The per-username sign-in throttle: one row per username with failures since the window started. A try takes
 * its place with one atomic upsert (`AuthRepository.reserveUsernameTry`) before the password is checked.
 */
export const loginThrottle = pgTable('login_throttle', {
  username: text('username').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** No further try is checked before this moment (the progressive delay). */
  nextTryAt: timestamp('next_try_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Failed sign-ins per client address and fixed window, shared by every API process. */
export const loginAddressCounters = pgTable(
  'login_address_counters',
  {
    address: text('address').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    failures: integer('failures').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.windowStartedAt] }),
    index('login_address_counters_window_idx').on(t.windowStartedAt),
  ],
);
