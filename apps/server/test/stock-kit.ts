import { expect } from 'vitest';
import type { Executor } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { Ledger } from '../src/modules/ledger/ledger-writer.js';
import type { Services } from '../src/modules/services.js';
import { createUser } from './factories.js';

/**
 * Stock for tests, made and read the way the product does: through the ledger module's one entry
 * (`services.ledgerWrites.run`), never by writing its tables. A test that means to write around the ledger (to show
 * the ledger check a broken state, or to fill a table for a query plan) says so with a comment
 * "deliberately written around the ledger" beside the statement (test/ledger-ownership.test.ts holds every other
 * test file to this).
 */

/** On-hand of a product in a bucket as it stands (0 without a row), as the ledger reads it. */
export function onHand(db: Executor, product: { id: number } | number, bucket: string): Promise<number> {
  return new Ledger().onHand(db, typeof product === 'number' ? product : product.id, bucket);
}

/** The user stock adjustments are posted by, when a test names none: one per app, made on first need. */
const clerks = new WeakMap<Services, Promise<number>>();
function stockClerk(services: Services): Promise<number> {
  let clerk = clerks.get(services);
  if (!clerk) {
    clerk = createUser(services, { role: 'admin' }).then((u) => u.id);
    clerks.set(services, clerk);
  }
  return clerk;
}

export interface StockOptions {
  /** When the ledger row is dated (default now): a `Date` or an ISO instant. */
  at?: Date | string;
  /** Who posted it (default a clerk user of the app). */
  userId?: number;
  notes?: string;
  /** The adjustment's `details.reason` (default the ledger's `admin_adjustment`). */
  reason?: string;
}

/**
 * Changes on-hand of a product in a bucket by `delta` units (negative takes units away): one quantity adjustment
 * (INVENTORY_AUDIT_ADJUSTMENT) posted by `Ledger.postQuantityAdjustment` through `LedgerWrites.run`, dated `at` when
 * given. A zero delta posts nothing. Answers the ledger row.
 */
export async function adjustStock(services: Services, product: { id: number }, bucket: string, delta: number, options: StockOptions = {}) {
  if (delta === 0) return null;
  const userId = options.userId ?? (await stockClerk(services));
  const at = options.at === undefined ? null : new Date(options.at);
  const posted = await services.ledgerWrites.run(async (executor, ledger) =>
    ledger.postQuantityAdjustment({
      executor,
      productId: product.id,
      bucket,
      newQuantity: (await ledger.onHand(executor, product.id, bucket)) + delta,
      userId,
      notes: options.notes ?? 'test stock',
      details: options.reason ? { reason: options.reason } : {},
      at,
    }),
  );
  return posted.transaction;
}

/** Puts `quantity` more units of a product on hand in a bucket through the ledger (see `adjustStock`). */
export function stockUp(services: Services, product: { id: number }, bucket: string, quantity: number, at?: Date | string) {
  return adjustStock(services, product, bucket, quantity, at === undefined ? {} : { at });
}

/** The ledger check finds nothing: on-hand, serials, bins and PO figures all agree with the ledger's rows. */
export async function expectLedgerClean(db: Executor): Promise<void> {
  expect(await checkLedger(db)).toEqual([]);
}
