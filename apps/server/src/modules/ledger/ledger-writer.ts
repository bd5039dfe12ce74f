import type { Executor } from '../../db/database.js';
import type { LedgerTx } from './ledger-tx.js';
import type { SQL } from 'drizzle-orm';
import {
  forcePushEmptyBucketMessage,
  forcePushOtherProductMessage,
  forcePushSoldMessage,
  forcePushSplitItemMessage,
} from '@keystone/contracts';
import { HttpError } from '../../http/errors.js';
import {
  LedgerRepository,
  scanLocksAfterLine,
  type SerialPlaceRow,
  type SerialRow,
  type TransactionRow,
} from './ledger.repository.js';
import { BinContentsRepository, type BinMovementReason } from './bin-contents.repository.js';

/**
 * The one way stock moves: every movement posts through `Ledger`, which writes the ledger rows
 * (`inventory_transactions`), their serial rows, on-hand and the serials' places, and takes the locks of the
 * documented order (docs/architecture.md): on-hand rows in (product, bucket) order, the serial-number gate shared
 * and the per-number locks in key order, then the serial rows in id order. The transaction is opened by the ledger's
 * one entry, `LedgerWrites.run` (ledger-transaction.ts: gate, transaction, rerun after a deadlock); the calling
 * service's work gets its executor, a `LedgerTx`, the only executor the posting and locking methods below accept. PO
 * and line locks (receiving, purchase orders) come before any of these; receipts also change the PO's received
 * figures (po-figures.repository.ts).
 *
 * Receiving's receipts keep their set-based statements (`postScanReceipt`, `postManifestReceipts`); transfers and
 * sales post through `postTransfer` and `postSale`; audits and admin adjustments will post through `postMovement`'s
 * statement the same way.
 */

export type LedgerRefusalCode =
  | 'bad-quantity'
  | 'same-bucket'
  | 'unknown-bucket'
  | 'unknown-product'
  | 'insufficient-on-hand'
  | 'serial-duplicate'
  | 'serial-not-tracked'
  | 'serial-count'
  | 'serial-not-live'
  | 'serial-not-in-bucket'
  | 'serial-live'
  | 'request-reused'
  | 'serial-sold'
  | 'serial-other-product'
  | 'serial-moved'
  | 'serial-split-item'
  | 'bin-over-on-hand'
  | 'bin-item-missing'
  | 'bin-item-short'
  | 'unchanged-quantity'
  | 'notes-required';

/**
 * A movement the ledger refuses; nothing of it was written (the caller's transaction should roll back). It is an
 * HttpError (409 for the state of stock, 422 for the request), so a route answers it as is unless the caller maps
 * `code` to its own message. `field` names the movement's input it is about.
 */
export class LedgerRefusal extends HttpError {
  constructor(
    readonly code: LedgerRefusalCode,
    message: string,
    readonly field: string,
    status: 409 | 422 = 422,
    /** The serial numbers concerned, when the refusal is about serials. */
    readonly serials: string[] = [],
    /** For serial-not-in-bucket: where the first serial is (its bucket), or null for another product's serial. */
    readonly place: string | null = null,
  ) {
    super(status, message, { [field]: [message] });
  }
}

interface MovementInput {
  executor: LedgerTx;
  /** The caller's document (e.g. the committed transfer's `CT-…`, the sale's invoice), recorded on every row. */
  referenceId: string;
  productId: number;
  quantity: number;
  /** Serial numbers moved (any case); for a serial-tracked product, none or quantity × serials per item. */
  serials?: string[];
  /** The UPC scanned with the serials, recorded on their movement rows. */
  scannedUpc?: string | null;
  userId: number;
  /** A retried request with the same id is applied once: the ledger answers the rows it made the first time. */
  clientRequestId?: string | null;
  notes?: string | null;
  details?: Record<string, unknown>;
  /**
   * When the movement happened, if not now: only a loader of past documents gives it (the demo data's sales history,
   * an import), so that its rows carry the document's date; every other caller posts at now().
   */
  at?: Date | null;
}

export interface TransferInput extends MovementInput {
  fromBucket: string;
  toBucket: string;
}

export interface SaleInput extends MovementInput {
  fromBucket: string;
}

export interface PostedMovement {
  /** The ledger rows, in order (a transfer: out of the source, then into the destination). */
  transactions: { id: number; referenceId: string; bucket: string; quantityDelta: number }[];
  /** On-hand of each bucket the movement changed, after it (empty when replayed). */
  onHand: Record<string, number>;
  /** True when the request id had been posted already: nothing was written. */
  replayed: boolean;
}

/** The disposition of a serial once sold (001 shows only LIVE; receiving's reversal uses UNRECEIVED). */
export const SOLD = 'SOLD';
const LIVE = 'LIVE';
/** The disposition of a serial an audit found missing: out of every bucket until found again. */
export const MISSING = 'MISSING';

/** Refuses live serials that are another product's or not in `bucket` ('serial-not-in-bucket', 409). */
function refuseSerialsElsewhere(serials: SerialRow[], productId: number, bucket: string): void {
  const elsewhere = serials.filter((s) => s.productId !== productId || s.bucket !== bucket);
  if (!elsewhere.length) return;
  const s = elsewhere[0]!;
  const other = s.productId !== productId;
  const where = other ? 'is another product' : `is in ${s.bucket ?? 'no bucket'}, not ${bucket}`;
  throw new LedgerRefusal(
    'serial-not-in-bucket',
    `Serial ${s.serialNumber} ${where}.`,
    'serials',
    409,
    elsewhere.map((e) => e.serialNumber),
    other ? null : s.bucket,
  );
}

/** A bin contents change the ledger refuses, naming the product of the line (the caller maps it to its message). */
export class BinRefusal extends LedgerRefusal {
  constructor(
    code: 'bin-over-on-hand' | 'bin-item-missing' | 'bin-item-short',
    message: string,
    readonly productId: number,
  ) {
    super(code, message, 'items', 422);
  }
}

/** One opening balance (`Ledger.postOpeningBalances`). */
export interface OpeningBalance {
  productId: number;
  bucket: string;
  quantity: number;
  serials: string[];
  bin: { id: number; bucket: string } | null;
  notes: string;
  details: Record<string, unknown>;
}

export class Ledger {
  // ---- Locks (docs/architecture.md, steps 3 and 4). ----

  /** On-hand rows in (product, bucket) order, each made at zero when missing; unknown buckets are skipped. */
  lockOnHand(executor: LedgerTx, keys: { productId: number; bucket: string }[]): Promise<void> {
    return new LedgerRepository(executor).lockOnHand(keys);
  }

  /** The serial-number gate shared, then a lock per number (any case) in key order. */
  lockSerialNumbers(executor: LedgerTx, serials: string[]): Promise<void> {
    return new LedgerRepository(executor).lockSerialNumbers(serials);
  }

  /** The serial-number gate exclusively: no other writer makes a number live until this transaction ends. */
  lockSerialNumberSpace(executor: LedgerTx): Promise<void> {
    return new LedgerRepository(executor).lockSerialNumberSpace();
  }

  /**
   * A receiving scan's on-hand and serial-number locks as CTEs of its line-locking statement (one round trip for
   * steps 1 to 4; see `scanLocksAfterLine`).
   */
  scanLocksAfterLine(bucket: string, serials: string[]): SQL {
    return scanLocksAfterLine(bucket, serials);
  }

  /**
   * A commitment's lock (step 3): the on-hand row of a product in a bucket, made at zero when missing, held to
   * the end of the caller's transaction; answers its on-hand. Every commit of stock from that bucket (a transfer's
   * commit and raise, a committed sale's intake) takes it before it reads the open commitments, so two commits
   * racing for the last units queue and the second sees the first (docs/architecture.md, lock order).
   */
  async lockOnHandForCommit(executor: LedgerTx, productId: number, bucket: string): Promise<number> {
    const rows = await new LedgerRepository(executor).lockOnHandRows(productId, [bucket]);
    return rows.find((r) => r.bucket === bucket)?.quantity ?? 0;
  }

  // ---- Reads under the caller's locks. ----

  /** On-hand of a product in a bucket as it stands (0 without a row), read without a lock: for checks and messages. */
  onHand(executor: Executor, productId: number, bucket: string): Promise<number> {
    return new LedgerRepository(executor).onHand(productId, bucket, { lock: false });
  }

  /** Serials live anywhere whose number (any case) is one of these. */
  liveSerials(executor: Executor, numbers: string[]) {
    return new LedgerRepository(executor).liveSerials(numbers);
  }

  /** The live serials among these numbers, as stored: one statement, the list as one JSON parameter. */
  liveSerialsAmong(executor: Executor, numbers: string[]): Promise<string[]> {
    return new LedgerRepository(executor).liveSerialsAmong(numbers);
  }

  /**
   * A scan's check of serials against a source bucket (a committed transfer's addScannedItem): takes the
   * serial-number locks (step 4) and then the live serial rows (step 5), and answers them, one per number, or
   * refuses: 'serial-not-live' (no live serial has the number) or 'serial-not-in-bucket' (live, but another
   * product's or in another bucket; `place` says which bucket). Writes nothing; the locks last the caller's transaction.
   */
  async lockSerialsInBucket(input: {
    executor: LedgerTx;
    productId: number;
    bucket: string;
    serials: string[];
    numbersLocked?: boolean;
  }): Promise<SerialRow[]> {
    const numbers = input.serials.map((s) => s.trim()).filter(Boolean);
    if (!numbers.length) return [];
    const repo = new LedgerRepository(input.executor);
    // `numbersLocked`: the caller took these numbers' locks in this transaction already (lockSerialNumbers).
    if (!input.numbersLocked) await repo.lockSerialNumbers(numbers);
    const serials = await repo.lockLiveSerials(numbers);
    const byNumber = new Map(serials.map((s) => [s.serialNumber.toUpperCase(), s]));
    const notLive = numbers.filter((n) => !byNumber.has(n.toUpperCase()));
    if (notLive.length)
      throw new LedgerRefusal('serial-not-live', `Serial ${notLive[0]} is not live.`, 'serials', 409, notLive);
    refuseSerialsElsewhere(serials, input.productId, input.bucket.toUpperCase());
    return numbers.map((n) => byNumber.get(n.toUpperCase())!);
  }

  // ---- Receipts. ----

  /** A receiving scan in one statement (see `LedgerRepository.postScanReceipt`): the receipt, on-hand and the PO figures. */
  postScanReceipt(input: { executor: LedgerTx } & Parameters<LedgerRepository['postScanReceipt']>[0]) {
    const { executor, ...rest } = input;
    return new LedgerRepository(executor).postScanReceipt(rest);
  }

  /**
   * A manifest's receipts, set-based, then on-hand, the line's received count and the PO's totals and status by
   * their count. The caller holds the PO and line, the on-hand row and the serial-number gate and has checked every
   * serial. Answers the receipts' references in unit order and the line's received count after them.
   */
  async postManifestReceipts(
    input: { executor: LedgerTx } & Parameters<LedgerRepository['postManifestReceipts']>[0],
  ): Promise<{ references: string[]; qtyReceived: number }> {
    const { executor, ...rest } = input;
    const repo = new LedgerRepository(executor);
    const references = await repo.postManifestReceipts(rest);
    await repo.addOnHand(rest.productId, rest.bucket, references.length);
    const qtyReceived = await repo.changeReceived({
      purchaseOrderId: rest.purchaseOrderId,
      purchaseOrderItemId: rest.purchaseOrderItemId,
      delta: references.length,
      userId: rest.userId,
    });
    return { references, qtyReceived };
  }

  /**
   * The INVENTORY_UNRECEIPT reversing a receipt: its serials leave live stock (UNRECEIVED), on-hand goes down.
   * Takes the on-hand row then the receipt's serial rows; refuses (409) when the bucket holds none of the product
   * or a serial has moved since. The caller holds the receipt's PO and line; their received figures go down with it.
   * Answers the reversal and the line's received count after it. `at`: when it happened, if not now (a loader of
   * past documents); its ledger and serial movement rows carry that time.
   */
  async postUnreceipt(input: {
    executor: LedgerTx;
    receipt: TransactionRow;
    serialIds: number[];
    userId: number;
    notes: string;
    scannedUpc: string | null;
    at?: Date | null;
  }): Promise<{ id: number; referenceId: string; qtyReceived: number | null }> {
    const { receipt } = input;
    const repo = new LedgerRepository(input.executor);
    if ((await repo.onHand(receipt.productId, receipt.bucket)) < receipt.quantityDelta) {
      throw new LedgerRefusal(
        'insufficient-on-hand',
        `Nothing is left in ${receipt.bucket} to un-receive.`,
        'quantity',
        409,
      );
    }
    const serials = await repo.serialsById(input.serialIds);
    const moved = serials.filter((s) => s.dispositionCode !== LIVE || s.bucket !== receipt.bucket);
    if (moved.length) {
      throw new LedgerRefusal(
        'serial-not-in-bucket',
        `Serial ${moved[0]!.serialNumber} is no longer in ${receipt.bucket}.`,
        'serials',
        409,
        moved.map((s) => s.serialNumber),
      );
    }
    const reversal = await repo.insertTransaction({
      type: 'INVENTORY_UNRECEIPT',
      productId: receipt.productId,
      bucket: receipt.bucket,
      quantityDelta: -receipt.quantityDelta,
      purchaseOrderId: receipt.purchaseOrderId,
      purchaseOrderItemId: receipt.purchaseOrderItemId,
      reversesId: receipt.id,
      userId: input.userId,
      notes: input.notes,
      details: { unreceived_quantity: receipt.quantityDelta, reverses: receipt.referenceId },
      ...(input.at ? { createdAt: input.at } : {}),
    });
    for (const s of serials) await repo.updateSerial(s.id, { dispositionCode: 'UNRECEIVED', bucket: null });
    await repo.insertTransactionSerials(
      serials.map((s) => ({
        transactionId: reversal.id,
        serialId: s.id,
        scannedSerialNumber: s.serialNumber,
        scannedUpc: input.scannedUpc,
        oldLocationCode: s.locationCode,
        oldConditionCode: s.conditionCode,
        oldDispositionCode: s.dispositionCode,
        newLocationCode: null,
        newConditionCode: null,
        newDispositionCode: 'UNRECEIVED',
        notes: input.notes,
        ...(input.at ? { scannedAt: input.at } : {}),
      })),
    );
    const left = await repo.addOnHand(receipt.productId, receipt.bucket, -receipt.quantityDelta);
    await this.releaseBins(
      input.executor,
      receipt.productId,
      [{ id: reversal.id, bucket: receipt.bucket, quantityDelta: -receipt.quantityDelta, onHand: left }],
      input.userId,
      input.at ?? null,
    );
    const qtyReceived =
      receipt.purchaseOrderId !== null && receipt.purchaseOrderItemId !== null
        ? await repo.changeReceived({
            purchaseOrderId: receipt.purchaseOrderId,
            purchaseOrderItemId: receipt.purchaseOrderItemId,
            delta: -receipt.quantityDelta,
            userId: input.userId,
            at: input.at ?? null,
          })
        : null;
    return { ...reversal, qtyReceived };
  }

  // ---- Corrections. ----

  /**
   * A force push (001 §4): corrects the records of one item's serials so that they are live in `bucket` for the
   * product, as an audited INVENTORY_AUDIT_ADJUSTMENT (`IA-`, `details.reason` 'force_push', the caller's reference
   * and the user on the rows, a movement row per serial with its old place):
   * - a number live nowhere (never recorded, or un-received) is created live in `bucket`, and on-hand there goes up
   *   by 1 (one row, +1);
   * - a number live for the product in another bucket X moves to `bucket`: on-hand −1 at X, +1 in `bucket`, two
   *   rows paired by `details.movement` as a transfer's (the old place on the serial's movement row); serials of the
   *   item live nowhere are created along with it.
   * Refused (409, nothing written): a number whose newest record is SOLD, a number live as another product's serial,
   * an item whose serials sit in different places (or some already right), and a move out of a bucket whose on-hand
   * is 0. Serials already live in `bucket` need nothing: answers null then.
   * Locks in order: the on-hand rows of `bucket` and of the buckets the numbers were seen in (a look without lock
   * first), the serial numbers, then the live serial rows; `whileLocked` (the caller's check of reservations) runs
   * under them before anything is written. A serial that moved between the look and the locks is refused
   * ('serial-moved') rather than locked out of order. `at`: when it happened, if not now (a loader of past
   * documents); its ledger and movement rows carry that time.
   */
  async postSerialCorrection(input: {
    executor: LedgerTx;
    referenceId: string;
    productId: number;
    bucket: string;
    serials: string[];
    scannedUpc?: string | null;
    userId: number;
    details?: Record<string, unknown>;
    whileLocked?: () => Promise<void>;
    at?: Date | null;
  }): Promise<{
    correction: 'create' | 'move';
    transactions: { id: number; referenceId: string; bucket: string; quantityDelta: number }[];
  } | null> {
    const to = input.bucket.toUpperCase();
    const numbers = [
      ...new Map(
        input.serials
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => [n.toUpperCase(), n]),
      ).values(),
    ];
    const repo = new LedgerRepository(input.executor);
    const seen = await repo.livePlaces(numbers);
    const others = seen
      .filter((s) => s.productId === input.productId && s.bucket && s.bucket !== to)
      .map((s) => s.bucket!);
    const locked = await repo.lockOnHandRows(input.productId, [to, ...others]);
    if (!locked.length)
      throw new LedgerRefusal('unknown-product', `Product ${input.productId} does not exist.`, 'productId');
    const places = new Map(locked.filter((r) => r.bucket !== null).map((r) => [r.bucket!, r]));
    if (!places.has(to)) throw new LedgerRefusal('unknown-bucket', `Bucket ${to} does not exist.`, 'fromBucket');
    await repo.lockSerialNumbers(numbers);
    await input.whileLocked?.();

    const live = await repo.lockLiveSerials(numbers);
    const byNumber = new Map(live.map((s) => [s.serialNumber.toUpperCase(), s]));
    const foreign = live.filter((s) => s.productId !== input.productId);
    if (foreign.length) {
      const s = foreign[0]!;
      const model = (await repo.modelsOf([s.productId])).get(s.productId) ?? `#${s.productId}`;
      throw new LedgerRefusal(
        'serial-other-product',
        forcePushOtherProductMessage(s.serialNumber, model, s.bucket),
        'scannedSerialNumbers',
        409,
        [s.serialNumber],
      );
    }
    const missing = numbers.filter((n) => !byNumber.has(n.toUpperCase()));
    const dispositions = await repo.latestDispositions(missing);
    const sold = missing.find((n) => dispositions.get(n.toUpperCase()) === SOLD);
    if (sold) throw new LedgerRefusal('serial-sold', forcePushSoldMessage(sold), 'scannedSerialNumbers', 409, [sold]);
    const right = live.filter((s) => s.bucket === to);
    const elsewhere = live.filter((s) => s.bucket !== to);
    if (!missing.length && !elsewhere.length) return null;
    const fromBuckets = [...new Set(elsewhere.map((s) => s.bucket))];
    if (right.length || fromBuckets.length > 1) {
      throw new LedgerRefusal(
        'serial-split-item',
        forcePushSplitItemMessage(numbers),
        'scannedSerialNumbers',
        409,
        numbers,
      );
    }
    const from = fromBuckets[0] ?? null;
    if (from !== null && !places.has(from)) {
      const s = elsewhere[0]!;
      throw new LedgerRefusal(
        'serial-moved',
        `Serial ${s.serialNumber} moved while it was being corrected: scan it again`,
        'scannedSerialNumbers',
        409,
        [s.serialNumber],
      );
    }
    if (from !== null && (places.get(from)!.quantity ?? 0) < 1) {
      throw new LedgerRefusal(
        'insufficient-on-hand',
        forcePushEmptyBucketMessage(elsewhere[0]!.serialNumber, from),
        'scannedSerialNumbers',
        409,
        [elsewhere[0]!.serialNumber],
      );
    }

    const dest = places.get(to)!;
    const created = await repo.insertLiveSerials(
      missing.map((n) => ({
        serialNumber: n,
        productId: input.productId,
        bucket: to,
        locationCode: dest.location_code,
        conditionCode: dest.condition_code,
      })),
    );
    const correction = from === null ? ('create' as const) : ('move' as const);
    const details = {
      ...input.details,
      reason: 'force_push',
      correction,
      reference_id: input.referenceId,
      serials: numbers,
      from_bucket: from,
      to_bucket: to,
      created_serials: missing,
    };
    const notes =
      from === null
        ? `Force push (${input.referenceId}): serial(s) ${numbers.join(', ')} did not exist for the product; recorded in ${to}`
        : `Force push (${input.referenceId}): serial(s) ${numbers.join(', ')} moved from ${from} to ${to}`;
    const newPlace = { bucket: to, location: dest.location_code, condition: dest.condition_code, disposition: LIVE };
    const posted = await this.postMovement(input.executor, {
      type: 'INVENTORY_AUDIT_ADJUSTMENT',
      productId: input.productId,
      userId: input.userId,
      notes,
      at: input.at ?? null,
      rows:
        from === null
          ? [{ bucket: to, quantityDelta: 1, clientRequestId: null, details }]
          : [
              { bucket: from, quantityDelta: -1, clientRequestId: null, details },
              { bucket: to, quantityDelta: 1, clientRequestId: null, details },
            ],
      serials: [
        ...elsewhere.map((s) => ({
          id: s.id,
          serialNumber: s.serialNumber,
          scannedUpc: input.scannedUpc ?? null,
          old: { location: s.locationCode, condition: s.conditionCode, disposition: s.dispositionCode },
          new: newPlace,
        })),
        ...created.map((s) => ({
          id: s.id,
          serialNumber: s.serialNumber,
          scannedUpc: input.scannedUpc ?? null,
          old: { location: null, condition: null, disposition: null },
          new: newPlace,
        })),
      ],
    });
    return { correction, transactions: posted.map(({ onHand: _onHand, ...t }) => t) };
  }

  // ---- Opening balances. ----

  /**
   * INVENTORY_OPENING_BALANCE (`IO-`): stock a store brought in (an import's opening stock rows, `details` naming the
   * import and its rows). One entry; see `postOpeningBalances`.
   */
  async postOpeningBalance(
    input: { executor: LedgerTx; userId: number | null } & OpeningBalance,
  ): Promise<{ id: number; referenceId: string; onHand: number }> {
    const { executor, userId, ...entry } = input;
    const [posted] = await this.postOpeningBalances({ executor, userId, entries: [entry] });
    return posted!;
  }

  /**
   * Many opening balances at once, set-based (a page of an import): per entry one ledger row adding `quantity` to
   * `bucket`; with serials, the quantity is their count and each is made live there (refused 'serial-live' when one
   * is live anywhere, 'serial-duplicate' when one is listed twice). A bulk load: it takes the on-hand rows in
   * (product, bucket) order in one statement and the serial-number gate exclusively (as a manifest receive does)
   * rather than a lock per number, then writes the ledger rows, serials, movement rows and on-hand in one statement.
   * With `bin`, the units are assigned to that bin of the bucket (an ASSIGN bin movement per bin and product) in the
   * same transaction. Refused before anything is written, except a bin's own refusal (the caller rolls back).
   * Answers each entry's ledger row with its on-hand after all of them.
   */
  async postOpeningBalances(input: {
    executor: LedgerTx;
    userId: number | null;
    entries: OpeningBalance[];
  }): Promise<{ id: number; referenceId: string; onHand: number }[]> {
    if (!input.entries.length) return [];
    const entries = input.entries.map((e) => ({ ...e, bucket: e.bucket.toUpperCase() }));
    const numbers = new Set<string>();
    for (const e of entries) {
      if (!Number.isInteger(e.quantity) || e.quantity < 1)
        throw new LedgerRefusal('bad-quantity', 'The quantity must be a whole number of at least 1.', 'quantity', 422);
      if (e.serials.length && e.serials.length !== e.quantity)
        throw new LedgerRefusal('serial-count', 'One serial a unit.', 'serials', 422);
      if (e.bin && e.bin.bucket !== e.bucket)
        throw new LedgerRefusal('unknown-bucket', `The bin is not in ${e.bucket}.`, 'bin', 422);
      for (const n of e.serials) {
        const upper = n.toUpperCase();
        if (numbers.has(upper))
          throw new LedgerRefusal('serial-duplicate', 'A serial is listed twice.', 'serials', 422, [n]);
        numbers.add(upper);
      }
    }
    const repo = new LedgerRepository(input.executor);
    const places = await repo.lockOnHandPairs(entries);
    const placeOf = new Map(places.map((p) => [`${p.product_id}|${p.bucket}`, p]));
    for (const e of entries) {
      const place = placeOf.get(`${e.productId}|${e.bucket}`);
      if (!place?.product_known)
        throw new LedgerRefusal('unknown-product', `Product ${e.productId} does not exist.`, 'productId', 422);
      if (!place.bucket_known)
        throw new LedgerRefusal('unknown-bucket', `Bucket ${e.bucket} does not exist.`, 'bucket', 422);
    }
    const serials = entries.flatMap((e) => e.serials);
    if (serials.length) {
      await repo.lockSerialNumberSpace();
      const live = await repo.liveSerialsProbed(serials);
      if (live.length)
        throw new LedgerRefusal('serial-live', `Serial ${live[0]} is live already.`, 'serials', 409, live);
    }
    const posted = await repo.postOpeningBalances({
      userId: input.userId,
      entries: entries.map((e) => {
        const place = placeOf.get(`${e.productId}|${e.bucket}`)!;
        return {
          productId: e.productId,
          bucket: e.bucket,
          quantity: e.quantity,
          serials: e.serials,
          locationCode: place.location_code,
          conditionCode: place.condition_code,
          notes: e.notes,
          details: { ...e.details, reason: 'opening_balance' },
        };
      }),
    });
    // Bins: per bin (in id order) one change, a line per product.
    const binned = new Map<number, { bin: { id: number; bucket: string }; lines: Map<number, number> }>();
    for (const e of entries) {
      if (!e.bin) continue;
      const held = binned.get(e.bin.id) ?? { bin: { id: e.bin.id, bucket: e.bin.bucket }, lines: new Map() };
      held.lines.set(e.productId, (held.lines.get(e.productId) ?? 0) + e.quantity);
      binned.set(e.bin.id, held);
    }
    for (const { bin, lines } of [...binned.values()].sort((a, b) => a.bin.id - b.bin.id))
      await this.moveBinContents({
        executor: input.executor,
        bin,
        lines: [...lines].map(([productId, delta]) => ({ productId, delta })),
        reason: 'ASSIGN',
        userId: input.userId,
      });
    return posted;
  }

  /** Fresh planner statistics of the stock tables within a bulk load's transaction (see LedgerRepository). */
  refreshStatistics(executor: LedgerTx): Promise<void> {
    return new LedgerRepository(executor).refreshStatistics();
  }

  // ---- Movements of live stock. ----

  /**
   * INVENTORY_TRANSFER: two ledger rows, `quantity` out of the source (negative delta, the un-receipt's
   * convention) and into the destination, both carrying the caller's reference and `details.movement` (the first
   * row's reference), so the ledger check can pair them. Each serial moves to the destination's place, its
   * movement row (old and new place) on the row into the destination.
   */
  async postTransfer(input: TransferInput): Promise<PostedMovement> {
    const from = input.fromBucket.toUpperCase();
    const to = input.toBucket.toUpperCase();
    if (from === to)
      throw new LedgerRefusal('same-bucket', 'The source and destination buckets must differ.', 'toBucket');
    return this.move(input, from, to);
  }

  /** INVENTORY_SALE: one ledger row, `quantity` out of the source bucket; each serial leaves live stock as SOLD. */
  postSale(input: SaleInput): Promise<PostedMovement> {
    return this.move(input, input.fromBucket.toUpperCase(), null);
  }

  private async move(input: MovementInput, from: string, to: string | null): Promise<PostedMovement> {
    const type = to ? 'INVENTORY_TRANSFER' : 'INVENTORY_SALE';
    if (!Number.isInteger(input.quantity) || input.quantity < 1)
      throw new LedgerRefusal('bad-quantity', 'The quantity must be a whole number of at least 1.', 'quantity');
    const numbers = (input.serials ?? []).map((s) => s.trim()).filter(Boolean);
    const upper = numbers.map((s) => s.toUpperCase());
    const duplicate = upper.find((s, i) => upper.indexOf(s) !== i);
    if (duplicate)
      throw new LedgerRefusal('serial-duplicate', `Serial ${duplicate} is listed twice.`, 'serials', 422, [duplicate]);
    const repo = new LedgerRepository(input.executor);

    // The lock order: on-hand rows by (product, bucket), the gate and the numbers, then the serial rows.
    const locked = await repo.lockOnHandRows(input.productId, to ? [from, to] : [from]);
    if (!locked.length)
      throw new LedgerRefusal('unknown-product', `Product ${input.productId} does not exist.`, 'productId');
    const places = new Map(locked.filter((r) => r.bucket !== null).map((r) => [r.bucket!, r]));
    for (const [bucket, field] of [
      [from, 'fromBucket'],
      [to, 'toBucket'],
    ] as const) {
      if (bucket !== null && !places.has(bucket))
        throw new LedgerRefusal('unknown-bucket', `Bucket ${bucket} does not exist.`, field);
    }
    if (numbers.length) await repo.lockSerialNumbers(numbers);

    // A retry of a request already posted: the rows it made, nothing written again (checked under the locks).
    if (input.clientRequestId) {
      const previous = await repo.transactionsOfRequest(input.clientRequestId);
      if (previous.length) {
        if (previous.some((t) => t.type !== type || t.productId !== input.productId)) {
          throw new LedgerRefusal(
            'request-reused',
            'This request id was already used for another movement.',
            'clientRequestId',
            409,
          );
        }
        return {
          transactions: previous.map((t) => ({
            id: t.id,
            referenceId: t.referenceId,
            bucket: t.bucket,
            quantityDelta: t.quantityDelta,
          })),
          onHand: {},
          replayed: true,
        };
      }
    }

    const product = locked[0]!;
    const perItem = product.serial_number_tracked ? (product.num_of_serials_per_item ?? 1) : 0;
    if (numbers.length && !perItem)
      throw new LedgerRefusal(
        'serial-not-tracked',
        'This product is not serial tracked: it moves without serials.',
        'serials',
      );
    if (numbers.length && numbers.length !== input.quantity * perItem) {
      throw new LedgerRefusal(
        'serial-count',
        `Moving ${input.quantity} unit(s) takes ${input.quantity * perItem} serial(s), not ${numbers.length}.`,
        'serials',
      );
    }
    const available = places.get(from)!.quantity ?? 0;
    if (available < input.quantity) {
      throw new LedgerRefusal(
        'insufficient-on-hand',
        available > 0 ? `Only ${available} in ${from}.` : `There is nothing in ${from}.`,
        'quantity',
        409,
      );
    }
    const serials = await repo.lockLiveSerials(numbers);
    const byNumber = new Map(serials.map((s) => [s.serialNumber.toUpperCase(), s]));
    const notLive = numbers.filter((n) => !byNumber.has(n.toUpperCase()));
    if (notLive.length)
      throw new LedgerRefusal('serial-not-live', `Serial ${notLive[0]} is not live.`, 'serials', 409, notLive);
    refuseSerialsElsewhere(serials, input.productId, from);

    const details = { ...input.details, reference_id: input.referenceId };
    const dest = to ? places.get(to)! : null;
    const posted = await this.postMovement(input.executor, {
      type,
      productId: input.productId,
      userId: input.userId,
      notes: input.notes ?? null,
      at: input.at ?? null,
      rows: to
        ? [
            {
              bucket: from,
              quantityDelta: -input.quantity,
              clientRequestId: input.clientRequestId ?? null,
              details: { ...details, from_bucket: from, to_bucket: to, transferred_quantity: input.quantity },
            },
            {
              bucket: to,
              quantityDelta: input.quantity,
              clientRequestId: input.clientRequestId ? `${input.clientRequestId}/in` : null,
              details: { ...details, from_bucket: from, to_bucket: to, transferred_quantity: input.quantity },
            },
          ]
        : [
            {
              bucket: from,
              quantityDelta: -input.quantity,
              clientRequestId: input.clientRequestId ?? null,
              details: { ...details, source_bucket: from, invoiced_quantity: input.quantity },
            },
          ],
      serials: numbers.map((n) => {
        const s: SerialRow = byNumber.get(n.toUpperCase())!;
        return {
          id: s.id,
          serialNumber: s.serialNumber,
          scannedUpc: input.scannedUpc ?? null,
          old: { location: s.locationCode, condition: s.conditionCode, disposition: s.dispositionCode },
          new: dest
            ? { bucket: to, location: dest.location_code, condition: dest.condition_code, disposition: LIVE }
            : { bucket: null, location: s.locationCode, condition: s.conditionCode, disposition: SOLD },
        };
      }),
    });
    return {
      transactions: posted.map(({ onHand: _onHand, ...t }) => t),
      onHand: Object.fromEntries(posted.map((t) => [t.bucket, t.onHand])),
      replayed: false,
    };
  }

  // ---- Audits. ----

  /**
   * A physical audit's adjustment (INVENTORY_AUDIT_ADJUSTMENT, `details.reason` 'audit', `IA-`), in the caller's
   * transaction. Two forms:
   * - `quantityDelta` alone (Submit Adjustment Only, or a non-serialized item): one row of that delta in `bucket`, no
   *   serial moves; nothing when it is 0.
   * - `serials` (a serialized item's resolve): `out` (missing) serials leave the bucket (disposition MISSING, no
   *   bucket; location and condition kept, as a sale keeps them), `in` (discovered) ones come into it: live elsewhere
   *   for the product → out of that bucket (a row of −units there), recorded but not live (SOLD, UNRECEIVED,
   *   MISSING) → live again in the bucket, never recorded for the product → created live in it. The judgement is
   *   re-made under the locks: a missing serial no longer live in the bucket, or a discovered one already in it, has
   *   moved since the review and is left alone. The bucket's row then carries
   *   trunc((moved in − moved out) / perItem) − alreadyPosted (what the item's earlier adjustment posted), so the
   *   item's rows in the bucket add up to its serial judgement and a transact followed by a resolve never counts twice.
   *   The bucket's row (last; it carries the serial movement rows) is written when its delta is not 0 or serials moved.
   * Refused (409, nothing written): a discovered serial live as another product's ('serial-other-product') or moved
   * to a bucket not locked since the look ('serial-moved': resolve again).
   * Lock order (docs/architecture.md): the on-hand rows of the bucket and of the buckets the discovered serials were
   * seen live in (a look without lock first), in (product, bucket) order; the serial numbers (the gate exclusively
   * for more than 50 numbers, as a manifest receive, else a lock per number); then the live serial rows in id order,
   * in chunks of 1,000 (`progress` after each), and the product's newest non-live rows of the numbers to revive.
   * Each row: the caller's `details` plus reason 'audit', old_quantity and new_quantity (on-hand of the row's
   * bucket before and after), the user and the notes.
   */
  async postAuditAdjustment(input: {
    executor: LedgerTx;
    /** The audit item's reference (AA-…), recorded in `details.audit_item_reference`. */
    referenceId: string;
    productId: number;
    bucket: string;
    quantityDelta?: number;
    serials?: { out: string[]; in: string[]; perItem: number; alreadyPosted: number };
    userId: number;
    notes: string | null;
    details: Record<string, unknown>;
    progress?: (done: number, total: number) => Promise<void>;
  }): Promise<{
    transactions: { id: number; referenceId: string; bucket: string; quantityDelta: number }[];
    movedOut: string[];
    movedIn: string[];
    bucketDelta: number;
  }> {
    const to = input.bucket.toUpperCase();
    const repo = new LedgerRepository(input.executor);
    const dedupe = (list: string[]) => [
      ...new Map(
        list
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => [n.toUpperCase(), n]),
      ).values(),
    ];
    const outNumbers = dedupe(input.serials?.out ?? []);
    const inNumbers = dedupe(input.serials?.in ?? []);
    const seen = await repo.livePlacesAmong(inNumbers);
    const others = [
      ...new Set(
        seen.filter((s) => s.productId === input.productId && s.bucket && s.bucket !== to).map((s) => s.bucket!),
      ),
    ];
    const locked = await repo.lockOnHandRows(input.productId, [to, ...others]);
    if (!locked.length)
      throw new LedgerRefusal('unknown-product', `Product ${input.productId} does not exist.`, 'productId');
    const places = new Map(locked.filter((r) => r.bucket !== null).map((r) => [r.bucket!, r]));
    const dest = places.get(to);
    if (!dest) throw new LedgerRefusal('unknown-bucket', `Bucket ${to} does not exist.`, 'bucket');
    const rowDetails = (bucket: string, delta: number) => {
      const old = places.get(bucket)?.quantity ?? 0;
      return {
        ...input.details,
        reason: 'audit',
        audit_item_reference: input.referenceId,
        old_quantity: old,
        new_quantity: old + delta,
      };
    };

    if (!input.serials) {
      const delta = input.quantityDelta ?? 0;
      if (!Number.isInteger(delta))
        throw new LedgerRefusal('bad-quantity', 'The quantity must be a whole number.', 'quantity');
      if (delta === 0) return { transactions: [], movedOut: [], movedIn: [], bucketDelta: 0 };
      const posted = await this.postMovement(input.executor, {
        type: 'INVENTORY_AUDIT_ADJUSTMENT',
        productId: input.productId,
        userId: input.userId,
        notes: input.notes,
        rows: [{ bucket: to, quantityDelta: delta, clientRequestId: null, details: rowDetails(to, delta) }],
        serials: [],
      });
      return { transactions: posted.map(({ onHand: _o, ...t }) => t), movedOut: [], movedIn: [], bucketDelta: delta };
    }

    const numbers = dedupe([...outNumbers, ...inNumbers]);
    if (numbers.length > 50) await repo.lockSerialNumberSpace();
    else await repo.lockSerialNumbers(numbers);
    const live: SerialPlaceRow[] = [];
    const total = numbers.length;
    await input.progress?.(0, total);
    for (let after = 0; ;) {
      const chunk = await repo.lockLiveSerialsChunk(numbers, after, 1000);
      live.push(...chunk);
      await input.progress?.(Math.min(live.length, total), total);
      if (chunk.length < 1000) break;
      after = chunk[chunk.length - 1]!.id;
    }
    const byNumber = new Map(live.map((s) => [s.serialNumber.toUpperCase(), s]));

    const perItem = Math.max(1, input.serials.perItem);
    const goingOut = outNumbers
      .map((n) => byNumber.get(n.toUpperCase()))
      .filter((s): s is SerialPlaceRow => !!s && s.productId === input.productId && s.bucket === to);
    const fromElsewhere: SerialPlaceRow[] = [];
    const notLive: string[] = [];
    for (const n of inNumbers) {
      const s = byNumber.get(n.toUpperCase());
      if (!s) {
        notLive.push(n);
        continue;
      }
      if (s.productId !== input.productId) {
        const model = (await repo.modelsOf([s.productId])).get(s.productId) ?? `#${s.productId}`;
        throw new LedgerRefusal(
          'serial-other-product',
          `Serial ${s.serialNumber} is recorded for model ${model}.`,
          'serials',
          409,
          [s.serialNumber],
        );
      }
      if (s.bucket === to) continue;
      if (!s.bucket || !places.has(s.bucket)) {
        throw new LedgerRefusal(
          'serial-moved',
          `Serial ${s.serialNumber} moved while the audit was being resolved: resolve it again.`,
          'serials',
          409,
          [s.serialNumber],
        );
      }
      fromElsewhere.push(s);
    }
    const records = await repo.lockLatestRecordsOf(input.productId, notLive);
    const revived = notLive.map((n) => records.get(n.toUpperCase())).filter((r) => !!r);
    const unrecorded = notLive.filter((n) => !records.has(n.toUpperCase()));
    const created = await repo.insertLiveSerialsAmong(
      input.productId,
      to,
      dest.location_code,
      dest.condition_code,
      unrecorded,
    );

    const movedIn = fromElsewhere.length + revived.length + created.length;
    const bucketDelta = Math.trunc((movedIn - goingOut.length) / perItem) - input.serials.alreadyPosted;
    const perBucket = new Map<string, number>();
    for (const s of fromElsewhere) perBucket.set(s.bucket!, (perBucket.get(s.bucket!) ?? 0) + 1);
    const rows = [...perBucket.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([bucket, count]) => ({ bucket, delta: -Math.trunc(count / perItem) }))
      .filter((r) => r.delta !== 0)
      .map((r) => ({
        bucket: r.bucket,
        quantityDelta: r.delta,
        clientRequestId: null,
        details: { ...rowDetails(r.bucket, r.delta), to_bucket: to },
      }));
    const anySerial = goingOut.length + movedIn > 0;
    if (!anySerial && bucketDelta === 0) return { transactions: [], movedOut: [], movedIn: [], bucketDelta: 0 };
    rows.push({
      bucket: to,
      quantityDelta: bucketDelta,
      clientRequestId: null,
      details: { ...rowDetails(to, bucketDelta), to_bucket: to },
    });
    const here = { bucket: to, location: dest.location_code, condition: dest.condition_code, disposition: LIVE };
    const posted = await this.postMovement(input.executor, {
      type: 'INVENTORY_AUDIT_ADJUSTMENT',
      productId: input.productId,
      userId: input.userId,
      notes: input.notes,
      rows,
      serials: [
        ...goingOut.map((s) => ({
          id: s.id,
          serialNumber: s.serialNumber,
          scannedUpc: null,
          old: { location: s.locationCode, condition: s.conditionCode, disposition: s.dispositionCode },
          new: { bucket: null, location: s.locationCode, condition: s.conditionCode, disposition: MISSING },
        })),
        ...[...fromElsewhere, ...revived].map((s) => ({
          id: s.id,
          serialNumber: s.serialNumber,
          scannedUpc: null,
          old: { location: s.locationCode, condition: s.conditionCode, disposition: s.dispositionCode },
          new: here,
        })),
        ...created.map((s) => ({
          id: s.id,
          serialNumber: s.serialNumber,
          scannedUpc: null,
          old: { location: null, condition: null, disposition: null },
          new: here,
        })),
      ],
    });
    await input.progress?.(total, total);
    return {
      transactions: posted.map(({ onHand: _o, ...t }) => t),
      movedOut: goingOut.map((s) => s.serialNumber),
      movedIn: [...fromElsewhere, ...revived, ...created].map((s) => s.serialNumber),
      bucketDelta,
    };
  }

  // ---- Adjustments. ----

  /**
   * A quantity adjustment (an admin adjustment, 002 §2; an audit's quantity-only correction): sets on-hand of a
   * product in a bucket to `newQuantity` as ONE INVENTORY_AUDIT_ADJUSTMENT row (`IA-`) whose delta is new − old, the
   * old quantity read under the on-hand row's lock (step 3 of the lock order, `lockOnHandRows`), so two adjustments of
   * one bucket queue and the second records what the first left; a new quantity below what the bucket's bins hold
   * releases the excess from its bins (`releaseBins`). The row carries the user, the notes, and `details`
   * { reason (default 'admin_adjustment', the caller's `details.reason` wins), old_quantity, new_quantity,
   * submit_notes, audit_bucket, reference_id / ims_initiating_transaction_id (when given), ...details }.
   * Serials are not moved: it is a count correction of the bucket; serials are corrected by their own movements
   * (a force push, an audit's resolve). Refused, nothing written: a negative or fractional quantity and an unchanged
   * one (422, field `quantity`), an unknown product (422 `productId`) or bucket (422 `bucket`).
   */
  async postQuantityAdjustment(input: {
    executor: LedgerTx;
    productId: number;
    bucket: string;
    newQuantity: number;
    userId: number;
    notes: string;
    /** The document the adjustment belongs to (an audit item's reference), recorded as ims_initiating_transaction_id. */
    referenceId?: string | null;
    details?: Record<string, unknown>;
    /** When the adjustment happened, if not now: only a loader of past documents (or a test's dated history) gives it. */
    at?: Date | null;
  }): Promise<{
    transaction: { id: number; referenceId: string; bucket: string; quantityDelta: number };
    oldQuantity: number;
    newQuantity: number;
  }> {
    const bucket = input.bucket.trim().toUpperCase();
    const newQuantity = input.newQuantity;
    if (!Number.isInteger(newQuantity) || newQuantity < 0)
      throw new LedgerRefusal('bad-quantity', 'The new quantity must be a whole number of at least 0.', 'quantity');
    const notes = input.notes.trim();
    if (!notes) throw new LedgerRefusal('notes-required', 'Notes are required.', 'notes');
    const repo = new LedgerRepository(input.executor);
    const locked = await repo.lockOnHandRows(input.productId, [bucket]);
    if (!locked.length)
      throw new LedgerRefusal('unknown-product', `Product ${input.productId} does not exist.`, 'productId');
    const place = locked.find((r) => r.bucket === bucket);
    if (!place) throw new LedgerRefusal('unknown-bucket', `Bucket ${bucket} does not exist.`, 'bucket');
    const oldQuantity = place.quantity ?? 0;
    if (newQuantity === oldQuantity) {
      throw new LedgerRefusal(
        'unchanged-quantity',
        `${bucket} already holds ${oldQuantity} of this product: enter a different quantity.`,
        'quantity',
      );
    }
    const reference = input.referenceId ?? null;
    const details = {
      reason: 'admin_adjustment',
      ...input.details,
      old_quantity: oldQuantity,
      new_quantity: newQuantity,
      submit_notes: notes,
      audit_bucket: bucket,
      ...(reference ? { reference_id: reference, ims_initiating_transaction_id: reference } : {}),
    };
    const [row] = await this.postMovement(input.executor, {
      type: 'INVENTORY_AUDIT_ADJUSTMENT',
      productId: input.productId,
      userId: input.userId,
      notes,
      at: input.at ?? null,
      rows: [{ bucket, quantityDelta: newQuantity - oldQuantity, clientRequestId: null, details }],
      serials: [],
    });
    const { onHand: _onHand, ...transaction } = row!;
    return { transaction, oldQuantity, newQuantity };
  }

  // ---- Bins follow on-hand (docs/decisions.md, "Bins follow on-hand"). ----

  /** Writes a movement (`LedgerRepository.postMovement`) and then releases the bins of every bucket it took units out of. */
  private async postMovement(executor: Executor, input: Parameters<LedgerRepository['postMovement']>[0]) {
    const posted = await new LedgerRepository(executor).postMovement(input);
    await this.releaseBins(executor, input.productId, posted, input.userId, input.at ?? null);
    return posted;
  }

  /**
   * Bins follow on-hand (docs/decisions.md, "Bins follow on-hand"): after a ledger row took units of a product out of a
   * bucket, the units leave the bucket's unbinned stock first; when its bins then hold more than its on-hand, the
   * excess leaves the bins, the bins holding the fewest units first (then by name), each removal a RELEASE bin
   * movement naming the ledger row, until the bins hold exactly the on-hand. Runs under the on-hand row's lock, which
   * every addition to a bin takes too (`moveBinContents`), then locks the bins' rows in bin id order.
   */
  private async releaseBins(
    executor: Executor,
    productId: number,
    rows: { id: number; bucket: string; quantityDelta: number; onHand: number }[],
    userId: number | null,
    at: Date | null = null,
  ): Promise<void> {
    const bins = new BinContentsRepository(executor);
    // The last row out of each bucket names the release; its on-hand is the bucket's after the whole movement.
    const out = new Map<string, { id: number; onHand: number }>();
    for (const r of rows) if (r.quantityDelta < 0) out.set(r.bucket, { id: r.id, onHand: r.onHand });
    for (const [bucket, { id, onHand }] of [...out.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const held = await bins.lockBinsOfProduct(bucket, productId);
      let excess = held.reduce((sum, b) => sum + b.quantity, 0) - onHand;
      for (const bin of held) {
        if (excess <= 0) break;
        const take = Math.min(bin.quantity, excess);
        await bins.apply({
          binId: bin.binId,
          productId,
          delta: -take,
          reason: 'RELEASE',
          userId,
          pickListItemId: null,
          inventoryTransactionId: id,
          at,
        });
        excess -= take;
      }
    }
  }

  // ---- Bin contents. ----

  /**
   * Changes the contents of one bin: each line adds (`delta` > 0) or removes (< 0) units of a product, and each
   * change is a `bin_movements` row (ASSIGN, REMOVE or PICK) in the caller's transaction. Bins hold stock that is on
   * hand in their bucket: an addition is refused when the bucket's bins would hold more of the product than its
   * on-hand (`bin-over-on-hand`, 422, field `items`), a removal when the bin does not hold the product
   * (`bin-item-missing`, 422) or holds fewer units (`bin-item-short`, 422); the refusal's `productId` names the line.
   *
   * Lock order (docs/architecture.md): for additions, the on-hand rows of the bin's bucket in product order (so two
   * additions of one product to two bins of a bucket queue), then the bin's rows in product order (FOR UPDATE), so
   * two removals draining one bin queue and the second sees what the first left. A pick's caller holds its pick
   * list item's row before this.
   */
  async moveBinContents(input: {
    executor: LedgerTx;
    bin: { id: number; bucket: string };
    lines: { productId: number; delta: number }[];
    reason: BinMovementReason;
    userId: number | null;
    pickListItemId?: number | null;
  }): Promise<void> {
    const lines = [...input.lines].filter((l) => l.delta !== 0).sort((a, b) => a.productId - b.productId);
    for (const l of lines) {
      if (!Number.isInteger(l.delta))
        throw new LedgerRefusal('bad-quantity', 'The quantity must be a whole number.', 'items');
    }
    if (!lines.length) return;
    const productIds = lines.map((l) => l.productId);
    if (new Set(productIds).size !== productIds.length)
      throw new LedgerRefusal('bad-quantity', 'A product is listed twice.', 'items');
    const bins = new BinContentsRepository(input.executor);
    const adding = lines.filter((l) => l.delta > 0);
    if (adding.length)
      await new LedgerRepository(input.executor).lockOnHand(
        adding.map((l) => ({ productId: l.productId, bucket: input.bin.bucket })),
      );
    const held = await bins.lockBinItems(input.bin.id, productIds);
    if (adding.length) {
      const ledger = new LedgerRepository(input.executor);
      const binned = await bins.binnedInBucket(
        input.bin.bucket,
        adding.map((l) => l.productId),
      );
      for (const l of adding) {
        const onHand = await ledger.onHand(l.productId, input.bin.bucket, { lock: false });
        const inBins = binned.get(l.productId) ?? 0;
        if (inBins + l.delta > onHand) {
          const free = Math.max(0, onHand - inBins);
          throw new BinRefusal(
            'bin-over-on-hand',
            free > 0
              ? `Only ${free} more of this product can be binned in ${input.bin.bucket}: it has ${onHand} on hand and ${inBins} in bins.`
              : `None of this product is left to bin in ${input.bin.bucket}: it has ${onHand} on hand and ${inBins} in bins.`,
            l.productId,
          );
        }
      }
    }
    for (const l of lines) {
      if (l.delta > 0) continue;
      const quantity = held.get(l.productId);
      if (quantity === undefined)
        throw new BinRefusal('bin-item-missing', 'The product is not in this bin.', l.productId);
      if (quantity < -l.delta)
        throw new BinRefusal('bin-item-short', `The bin holds ${quantity} of this product.`, l.productId);
    }
    for (const l of lines) {
      await bins.apply({
        binId: input.bin.id,
        productId: l.productId,
        delta: l.delta,
        reason: input.reason,
        userId: input.userId,
        pickListItemId: input.pickListItemId ?? null,
      });
    }
  }
}
