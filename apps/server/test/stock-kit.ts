import { expect } from 'vitest';
import type { Executor } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { Ledger } from '../src/modules/ledger/ledger-writer.js';
import type { Services } from '../src/modules/services.js';
import { appUser, unique } from './factories.js';

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

/** The user stock is posted by, when a test names none: the app's admin (`appUser`). */
const stockClerk = async (services: Services): Promise<number> => (await appUser(services, 'admin')).id;

export interface StockOptions {
  /** When the ledger row is dated (default now): a `Date` or an ISO instant. */
  at?: Date | string;
  /** Who posted it (default a clerk user of the app). */
  userId?: number;
  notes?: string;
  /**
   * The adjustment's details: its `reason` (default the ledger's `admin_adjustment`) and what that reason needs (an
   * audit's, `audit`, its `audit_item_reference`).
   */
  details?: Record<string, unknown>;
}

/**
 * Changes on-hand of a product in a bucket by `delta` units (negative takes units away): one quantity adjustment
 * (INVENTORY_AUDIT_ADJUSTMENT) posted by `Ledger.postQuantityAdjustment` through `LedgerWrites.run`, dated `at` when
 * given. A zero delta posts nothing. Answers the ledger row.
 */
export async function adjustStock(
  services: Services,
  product: { id: number },
  bucket: string,
  delta: number,
  options: StockOptions = {},
) {
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
      details: options.details ?? {},
      at,
    }),
  );
  return posted.transaction;
}

/**
 * Counts a bucket: sets on-hand of a product there to `newQuantity` (an audit's count correction, one quantity
 * adjustment by `Ledger.postQuantityAdjustment`), dated `at` when given. Answers the ledger row.
 */
export async function countStock(
  services: Services,
  product: { id: number },
  bucket: string,
  newQuantity: number,
  options: StockOptions = {},
) {
  const userId = options.userId ?? (await stockClerk(services));
  const posted = await services.ledgerWrites.run((executor, ledger) =>
    ledger.postQuantityAdjustment({
      executor,
      productId: product.id,
      bucket,
      newQuantity,
      userId,
      notes: options.notes ?? 'count',
      details: options.details ?? {},
      at: options.at === undefined ? null : new Date(options.at),
    }),
  );
  return posted.transaction;
}

interface StockMove {
  from: string;
  quantity: number;
  /** Serial numbers moved with the units (serial-tracked products). */
  serials?: string[];
  /** The caller's document (default a fresh `CT-TEST-…` or `INV-TEST-…`). */
  referenceId?: string;
}

/** A transfer (with `to`) or a sale of stock through `Ledger.postTransfer` / `postSale`, dated `at` when given. */
async function moveStock(
  services: Services,
  product: { id: number },
  move: StockMove & { to?: string },
  options: StockOptions,
) {
  const userId = options.userId ?? (await stockClerk(services));
  const input = {
    referenceId: move.referenceId ?? unique(move.to ? 'CT-TEST' : 'INV-TEST'),
    productId: product.id,
    fromBucket: move.from,
    quantity: move.quantity,
    serials: move.serials ?? [],
    userId,
    notes: options.notes ?? null,
    at: options.at === undefined ? null : new Date(options.at),
  };
  const to = move.to;
  return services.ledgerWrites.run((executor, ledger) =>
    to ? ledger.postTransfer({ executor, ...input, toBucket: to }) : ledger.postSale({ executor, ...input }),
  );
}

/**
 * Moves `quantity` units of a product from one bucket to another (an INVENTORY_TRANSFER pair by
 * `Ledger.postTransfer`, as a transacted transfer posts it), with their serials when given, dated `at` when given.
 * Answers the posted movement.
 */
export function transferStock(
  services: Services,
  product: { id: number },
  move: StockMove & { to: string },
  options: StockOptions = {},
) {
  return moveStock(services, product, move, options);
}

/**
 * Sells `quantity` units of a product out of a bucket (an INVENTORY_SALE by `Ledger.postSale`, as a transacted
 * committed sale posts it), with their serials when given (they become SOLD), dated `at` when given.
 */
export function sellStock(services: Services, product: { id: number }, sale: StockMove, options: StockOptions = {}) {
  return moveStock(services, product, sale, options);
}

/**
 * A force push of one item's serials into `bucket` (`Ledger.postSerialCorrection` through `LedgerWrites.run`, as a
 * transfer scan posts it): numbers live nowhere are created there (one row, +1); numbers live in another bucket move
 * there (a pair of rows, −1 and +1). Dated `at` when given, posted by `userId` (default a clerk of the app). Answers
 * the correction and its ledger rows, or null when the serials were already live in `bucket`.
 */
export async function correctSerials(
  services: Services,
  product: { id: number },
  bucket: string,
  serials: string[],
  options: Pick<StockOptions, 'at' | 'userId'> & { referenceId?: string } = {},
) {
  const userId = options.userId ?? (await stockClerk(services));
  return services.ledgerWrites.run((executor, ledger) =>
    ledger.postSerialCorrection({
      executor,
      referenceId: options.referenceId ?? unique('CT-TEST'),
      productId: product.id,
      bucket,
      serials,
      userId,
      at: options.at === undefined ? null : new Date(options.at),
    }),
  );
}

/**
 * Puts `quantity` more units of a product on hand in a bucket through the ledger (see `adjustStock`). Zero leaves the
 * bucket an on-hand row at zero, as a bucket whose stock has all gone: one unit in, then out.
 */
export async function stockUp(
  services: Services,
  product: { id: number },
  bucket: string,
  quantity: number,
  at?: Date | string,
): Promise<void> {
  const options = at === undefined ? {} : { at };
  if (quantity === 0) {
    await adjustStock(services, product, bucket, 1, options);
    await adjustStock(services, product, bucket, -1, options);
  } else {
    await adjustStock(services, product, bucket, quantity, options);
  }
}

/**
 * Puts `quantity` more units of a product into a bin: on hand in the bin's bucket first (`stockUp`), then assigned to
 * the bin (`Ledger.moveBinContents`, an ASSIGN bin movement), so the bucket's bins never hold more than its on-hand.
 */
export async function stockUpInBin(
  services: Services,
  bin: { id: number; bucket: string },
  product: { id: number },
  quantity: number,
): Promise<void> {
  await stockUp(services, product, bin.bucket, quantity);
  const userId = await stockClerk(services);
  await services.ledgerWrites.run((executor, ledger) =>
    ledger.moveBinContents({
      executor,
      bin,
      lines: [{ productId: product.id, delta: quantity }],
      reason: 'ASSIGN',
      userId,
    }),
  );
}

/** The ledger check finds nothing: on-hand, serials, bins and PO figures all agree with the ledger's rows. */
export async function expectLedgerClean(db: Executor): Promise<void> {
  expect(await checkLedger(db)).toEqual([]);
}
