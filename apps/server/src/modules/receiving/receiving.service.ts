import {
  hasPermission,
  isBarcode,
  PO_STATUS,
  PO_STATUSES,
  productNotInListMessage,
  RECEIVING_MESSAGES,
  SCANNED_ITEM_REMOVAL_MINUTES,
  serialError,
  serialsPerItem,
  splitSerials,
  upcMatches,
  type TScanProduct,
  type TTransactedReceipt,
  ZManifestReceiveSchema,
  ZQuickScanReceiveSchema,
  ZScanSetupSchema,
  ZUnreceiveSchema,
} from '@keystone/contracts';
import { is } from 'drizzle-orm';
import { errorChain } from '../../db/error-chain.js';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.js';
import { checkManifest } from './manifest-rules.js';
import { LedgerRefusal, type Ledger } from '../ledger/ledger-writer.js';
import { LedgerWrites, type LedgerTx } from '../ledger/ledger-transaction.js';
import { ReceivingRepository, type TransactionRow } from './receiving.repository.js';
import { onceForScan } from '../client-scans/client-scans.js';

type LockedLine = NonNullable<Awaited<ReturnType<ReceivingRepository['lockLine']>>>;
type OpenReceipt = NonNullable<Awaited<ReturnType<ReceivingRepository['openReceipt']>>>;

const statusId = (name: string) => PO_STATUSES.find((s) => s.status_name === name)!.id;
const COMPLETE = statusId(PO_STATUS.complete);
const CANCELLED = statusId(PO_STATUS.cancelled);

type TReceive = z.output<typeof ZQuickScanReceiveSchema>;
type TUnreceive = z.output<typeof ZUnreceiveSchema>;
type TManifest = z.output<typeof ZManifestReceiveSchema>;
interface Actor {
  id: number;
  username: string;
  role: string;
}

function scanProduct(p: {
  modelNumber: string;
  partNumber: string | null;
  upc: string | null;
  alternateUpc: string | null;
  serialNumberTracked: boolean;
  numOfSerialsPerItem: number | null;
}): TScanProduct {
  return {
    model_number: p.modelNumber,
    mpn: p.partNumber,
    upc: p.upc,
    alternate_upc: p.alternateUpc,
    serial_number_tracked: p.serialNumberTracked ? 1 : 0,
    num_of_serials_per_item: p.numOfSerialsPerItem,
  };
}

const LIVE_SERIAL_INDEX = 'inventory_serials_live_unique';

/** PostgreSQL's unique violation on the one-live-serial index (named by the error, or by the innermost message). */
function isLiveSerialConflict(error: unknown): boolean {
  const chain = errorChain(error);
  return (
    chain.some((e) => e.code === '23505' && (e.constraint_name ?? e.constraint ?? '').includes(LIVE_SERIAL_INDEX)) ||
    String(chain.at(-1)?.message ?? '').includes(LIVE_SERIAL_INDEX)
  );
}

export class ReceivingService {
  constructor(
    private readonly db: Database,
    /** The one entry of stock writes (the process's gate, the transaction, the retry): every write here goes through it. */
    private readonly writes: LedgerWrites = new LedgerWrites(db),
  ) {}

  private get ledger(): Ledger {
    return this.writes.ledger;
  }

  /**
   * Receives one unit of a PO line (001 §4, §5, §7): the line is locked, every rule checked, then the ledger row,
   * the serials, on-hand, the line's received count, the PO totals and status change in one transaction.
   * A retried request with the same clientScanId is applied once and answers the same. `options.at`: when the unit
   * was received, if not now (a loader of past documents: the demo data); its ledger rows carry that time.
   */
  receive(input: TReceive, actor: Actor, options: { at?: Date } = {}) {
    // Its last statement ends the transaction, unless this service runs inside a caller's transaction (the demo
    // loader's): then the scan is a savepoint, and the caller's transaction goes on after it.
    const outermost = !is(this.db, PgTransaction);
    return this.write((tx) => this.receiveIn(tx, input, actor, outermost, options.at ?? null));
  }

  /**
   * Staged scans submitted together (001 §7 scanned-item/submit): every item is received in one database
   * transaction, or none is; a refused item answers its status with 'Item n (model): message' and its fields
   * named `scannedItems.n.field`. All its POs are locked, in id order, before anything is written.
   */
  submitScannedItems(items: TReceive[], actor: Actor) {
    return this.write(async (tx) => {
      const repo = new ReceivingRepository(tx);
      // Every writer locks a PO before its lines, so holding all the POs (in id order) is enough: the lines are
      // then locked as the items come, without waiting on anyone.
      const lines = await repo.lineRefs(items.map((i) => i.poApiPoItemId));
      await repo.lockPurchaseOrders([...lines.values()].map((l) => l.poId));
      // Then the on-hand rows, in (product, bucket) order: submits on different POs can share products. An unknown
      // line is skipped here and refused by its receive below.
      await this.ledger.lockOnHand(
        tx,
        items.flatMap((i) => {
          const line = lines.get(i.poApiPoItemId);
          return line ? [{ productId: line.productId, bucket: i.receivingBucket.toUpperCase() }] : [];
        }),
      );
      // Then every serial number of the submit, in one order: two submits sharing numbers queue, and the second is refused.
      await this.ledger.lockSerialNumbers(
        tx,
        items.flatMap((i) => splitSerials(i.scannedSerialNumbers)),
      );
      const results = [];
      for (const [index, item] of items.entries()) {
        try {
          const done = await this.receiveIn(tx, item, actor, false);
          results.push({
            transactionReferenceId: done.transactionReferenceId,
            poApiPoItemId: item.poApiPoItemId,
            qty_received: done.qty_received,
            qty_ordered: done.qty_ordered,
          });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const serials = splitSerials(item.scannedSerialNumbers);
          const label = `Item ${index + 1} (${item.model}${serials.length ? ` ${serials.join(', ')}` : ''})`;
          const errors = Object.fromEntries(
            Object.entries(error.errors ?? {}).map(([field, messages]) => [`scannedItems.${index}.${field}`, messages]),
          );
          throw new HttpError(
            error.statusCode,
            `${label}: ${error.message}`,
            Object.keys(errors).length ? errors : { [`scannedItems.${index}`]: [error.message] },
          );
        }
      }
      return { status: 'Success' as const, received: results.length, items: results };
    });
  }

  /**
   * Receives a vendor's serial manifest for one PO line in one submit: every unit a receipt, as if
   * scanned, in one database transaction or none, written set-based (a few statements whatever the manifest's
   * size). The lock order is every receive's: the PO and line, the on-hand row, then the serial numbers, here
   * all of them at once through the gate (lockSerialNumberSpace). Every serial is checked by the scan rules;
   * refusals name each serial (`units.<unit>.<serial>`) and change nothing. A retry with the same
   * clientRequestId is applied once and answers the same references.
   */
  receiveManifest(input: TManifest, actor: Actor) {
    return this.write(async (tx) => {
      const repo = new ReceivingRepository(tx);
      const line = await repo.lockLine(input.poApiPoItemId);
      if (!line || line.item.purchaseOrderId !== input.poApiPoId)
        throw notFound(`PO line ${input.poApiPoItemId} does not exist on PO ${input.poApiPoId}`);
      // Under the line lock: a retry whose first attempt committed finds it here.
      const previous = await repo.manifestReceipts(input.clientRequestId, input.units.length);
      if (previous.length) {
        if (previous.some((p) => p.purchaseOrderItemId !== line.item.id))
          throw conflict('This manifest request id was already used for another line.');
        return this.manifestResult(
          previous.map((p) => p.referenceId),
          line.item.qtyReceived,
          line.item.qtyOrdered,
        );
      }
      if (line.po.statusId === COMPLETE || line.po.statusId === CANCELLED)
        throw conflict('This purchase order is Complete: receiving is locked.');
      if (line.product.modelNumber.toUpperCase() !== input.model.toUpperCase()) {
        throw unprocessable(productNotInListMessage(input.model, line.product.modelNumber), {
          model: ['does not match the PO line'],
        });
      }
      const product = scanProduct(line.product);
      if (!serialsPerItem(product)) {
        throw unprocessable(`${line.product.modelNumber} is not serial tracked: receive it by scanning its UPC.`, {
          units: ['a manifest lists serials; this product has none'],
        });
      }
      const bucket = await repo.bucket(input.receivingBucket.toUpperCase());
      if (!bucket || bucket.parentLocationCode !== line.po.imsLocationCode) {
        throw unprocessable('The receiving bucket is not one of the PO’s location.', {
          receivingBucket: [`must be a bucket of ${line.po.imsLocationCode}`],
        });
      }

      // The lock order (docs/architecture.md): the on-hand row, then every serial number, here through the gate.
      await this.ledger.lockOnHand(tx, [{ productId: line.product.id, bucket: bucket.bucket }]);
      await this.ledger.lockSerialNumberSpace(tx);
      const live = new Set((await this.ledger.liveSerialsAmong(tx, input.units.flat())).map((s) => s.toUpperCase()));
      const refusal = checkManifest(input.units, product, live, line.item.qtyOrdered - line.item.qtyReceived);
      if (refusal) throw new HttpError(refusal.status, refusal.message, refusal.errors);

      const { references, qtyReceived } = await this.ledger.postManifestReceipts({
        executor: tx,
        units: input.units,
        productId: line.product.id,
        bucket: bucket.bucket,
        locationCode: bucket.locationCode,
        conditionCode: bucket.conditionCode,
        purchaseOrderId: line.po.id,
        legacyPoApiPoId: line.po.legacyPoNumber,
        purchaseOrderItemId: line.item.id,
        userId: actor.id,
        clientRequestId: input.clientRequestId,
        details: {
          received_quantity: 1,
          receiving_bucket: bucket.bucket,
          po_api_po_id: line.po.id,
          scanned_by: input.scannedBy ?? actor.username,
          scanned_upc: null,
          manifest_request_id: input.clientRequestId,
        },
      });
      return this.manifestResult(references, qtyReceived, line.item.qtyOrdered);
    });
  }

  private manifestResult(references: string[], qtyReceived: number, qtyOrdered: number) {
    return {
      message: 'Success' as const,
      received: references.length,
      transactionReferenceIds: references,
      qty_received: qtyReceived,
      qty_ordered: qtyOrdered,
    };
  }

  /**
   * A ledger write through the ledger's one entry (gate, transaction, rerun after a deadlock or serialization
   * failure), and a race onto the one-live-serial index answered as 422.
   */
  private write<T>(work: (tx: LedgerTx) => Promise<T>): Promise<T> {
    return this.writes.run(work, {
      // Two receivers racing the same serial onto different lines: the database refuses the second.
      mapError: (error) =>
        isLiveSerialConflict(error)
          ? unprocessable(RECEIVING_MESSAGES.serialRescanned, {
              scannedSerialNumbers: [RECEIVING_MESSAGES.serialRescanned],
            })
          : undefined,
    });
  }

  /**
   * One scan in two statements (docs/architecture.md): the PO, the line and, for serials, the
   * on-hand row and the serial numbers locked, and read with the product, bucket and any receipt of this scan id;
   * then one statement that checks the scan id and the serials' liveness again under those locks and writes the
   * ledger row and every figure it changes. The lock order and the one transaction are every ledger write's. `last`: the scan is its transaction's only work, so its last statement goes with the COMMIT (one round
   * trip less; db/transaction-pipeline.ts); nothing may run after it.
   */
  private async receiveIn(tx: LedgerTx, input: TReceive, actor: Actor, last: boolean, at: Date | null = null) {
    const repo = new ReceivingRepository(tx);
    // Steps 1 to 4 of the lock order in one statement: the PO, the line, then (for serials scanned) the on-hand row and
    // the numbers. A scan refused below rolls them back with the rest.
    const bucketName = input.receivingBucket.toUpperCase();
    const scanned = splitSerials(input.scannedSerialNumbers);
    const line = await repo.lockLineForScan(
      input.poApiPoItemId,
      bucketName,
      input.clientScanId ?? null,
      this.ledger.scanLocksAfterLine(bucketName, scanned),
    );
    if (!line || line.item.purchaseOrderId !== input.poApiPoId)
      throw notFound(`PO line ${input.poApiPoItemId} does not exist on PO ${input.poApiPoId}`);
    const retried = (previous: { referenceId: string; purchaseOrderItemId: number | null }, qtyReceived: number) => {
      if (previous.purchaseOrderItemId !== line.item.id)
        throw conflict('This scan id was already used for another line.');
      return {
        message: 'Success' as const,
        transactionReferenceId: previous.referenceId,
        errors: [],
        qty_received: qtyReceived,
        qty_ordered: line.item.qtyOrdered,
      };
    };
    if (input.clientScanId && line.previous) return retried(line.previous, line.item.qtyReceived);

    let serials: string[];
    try {
      serials = this.checkScan(input, line);
    } catch (error) {
      // A retry whose first attempt committed while this one waited for the PO: the read above could not see it
      // (its snapshot predates the wait), and the line may be full by now. Its first answer, not a refusal.
      const previous =
        input.clientScanId && error instanceof HttpError ? await repo.findByClientRequestId(input.clientScanId) : null;
      if (previous) return retried(previous, line.item.qtyReceived);
      throw error;
    }
    const product = scanProduct(line.product);
    const bucket = line.bucket!;

    // The serial rules on the scan alone; a refused serial is named with its liveness known, as the rules order it.
    if (
      serials.some((serial, i) =>
        serialError(serial, product, new Set(serials.slice(0, i).map((s) => s.toUpperCase()))),
      )
    ) {
      this.refuseSerials(
        serials,
        product,
        (await this.ledger.liveSerials(tx, serials)).map((s) => s.serialNumber),
      );
    }

    const written = await this.ledger.postScanReceipt({
      executor: tx,
      productId: line.product.id,
      bucket: bucket.bucket,
      locationCode: bucket.locationCode,
      conditionCode: bucket.conditionCode,
      purchaseOrderId: line.po.id,
      legacyPoApiPoId: line.po.legacyPoNumber,
      purchaseOrderItemId: line.item.id,
      userId: actor.id,
      clientRequestId: input.clientScanId ?? null,
      scannedUpc: input.scannedUpc,
      serials,
      details: {
        received_quantity: 1,
        receiving_bucket: bucket.bucket,
        po_api_po_id: line.po.id,
        scanned_by: input.scannedBy ?? actor.username,
        scanned_upc: input.scannedUpc,
      },
      last,
      at,
    });
    if ('previous' in written) return retried(written.previous, written.previous.qtyReceived);
    if ('live' in written) {
      this.refuseSerials(serials, product, written.live);
      throw new Error('a serial was live but the serial rules found nothing to refuse'); // unreachable
    }
    return {
      message: 'Success' as const,
      transactionReferenceId: written.referenceId,
      errors: [],
      qty_received: written.qtyReceived,
      qty_ordered: line.item.qtyOrdered,
    };
  }

  /** Every rule of a scan but the serials' liveness (001 §4, §5); answers its serial numbers. */
  private checkScan(
    input: TReceive,
    line: NonNullable<Awaited<ReturnType<ReceivingRepository['lockLineForScan']>>>,
  ): string[] {
    if (line.po.statusId === COMPLETE || line.po.statusId === CANCELLED)
      throw conflict('This purchase order is Complete: receiving is locked.');
    const product = scanProduct(line.product);
    if (line.product.modelNumber.toUpperCase() !== input.model.toUpperCase()) {
      throw unprocessable(productNotInListMessage(input.model, line.product.modelNumber), {
        model: ['does not match the PO line'],
      });
    }
    if (!upcMatches(product, input.scannedUpc))
      throw unprocessable(RECEIVING_MESSAGES.upcMismatch, { scannedUpc: [RECEIVING_MESSAGES.upcMismatch] });
    if (line.item.qtyReceived >= line.item.qtyOrdered) throw conflict(RECEIVING_MESSAGES.nothingLeftToReceive);
    const bucket = line.bucket;
    if (!bucket || bucket.parentLocationCode !== line.po.imsLocationCode) {
      throw unprocessable('The receiving bucket is not one of the PO’s location.', {
        receivingBucket: [`must be a bucket of ${line.po.imsLocationCode}`],
      });
    }
    const expected = serialsPerItem(product);
    const serials = expected ? splitSerials(input.scannedSerialNumbers) : [];
    if (serials.length < expected)
      throw unprocessable(RECEIVING_MESSAGES.serialBlank, { scannedSerialNumbers: [RECEIVING_MESSAGES.serialBlank] });
    if (serials.length > expected)
      throw unprocessable(`This product takes ${expected} serial(s) per item.`, {
        scannedSerialNumbers: [`expected ${expected}`],
      });
    return serials;
  }

  /** Throws the first serial's refusal (001 §5 rules, a live number counting as scanned already). */
  private refuseSerials(serials: string[], product: TScanProduct, live: string[]): void {
    const seen = new Set(live.map((s) => s.toUpperCase()));
    for (const serial of serials) {
      const message = serialError(serial, product, seen);
      if (message) throw unprocessable(message, { scannedSerialNumbers: [message] });
      seen.add(serial.toUpperCase());
    }
  }

  private async receiptsOf(repo: ReceivingRepository, itemId: number): Promise<TTransactedReceipt[]> {
    return (await repo.openReceipts(itemId)).map((r) => ({
      ims_transaction_reference_id: r.tx.referenceId,
      received_quantity: r.tx.quantityDelta,
      receiving_bucket: r.tx.bucket,
      transacted_at: r.tx.createdAt.toISOString(),
      transacted_by: r.username,
      product: {
        id: r.product.id,
        model: r.product.modelNumber,
        upc: r.product.upc,
        alternate_upc: r.product.alternateUpc,
      },
      serials: r.serials.map((s) => ({
        scanned_serial_number: s.scannedSerialNumber,
        scanned_upc: s.scannedUpc,
        scanned_at: s.scannedAt.toISOString(),
        receiving_disposition_code: s.newDispositionCode ?? 'LIVE',
        notes: s.notes,
        fk_inventory_serial_id: s.serialId,
      })),
    }));
  }

  canBeUnreceived(itemId: number) {
    return this.receiptsOf(new ReceivingRepository(this.db), itemId);
  }

  /**
   * Un-receives a receipt: a new INVENTORY_UNRECEIPT transaction reversing it (never a deletion). Notes are
   * required; the scanned UPC and serials must match the receipt, unless the caller holds admin:override.
   * `options.at`: when it happened, if not now (a loader of past documents, as `receive`'s). With a clientScanId it
   * is applied once: a replay answers the first answer (client-scans.ts).
   */
  async unreceive(referenceId: string, input: TUnreceive, actor: Actor, options: { at?: Date } = {}) {
    if (!input.notes.trim())
      throw unprocessable(RECEIVING_MESSAGES.notesEmpty, { notes: [RECEIVING_MESSAGES.notesEmpty] });
    const { clientScanId, ...request } = input;
    // A clientScanId (the scan outbox's replay after a network cut): claimed first, before the line's row lock.
    const scan = clientScanId
      ? { id: clientScanId, route: 'unreceive' as const, request: { referenceId, ...request } }
      : null;
    return this.write((tx) =>
      onceForScan(tx, scan, async () => {
        const repo = new ReceivingRepository(tx);
        const line = await repo.lockLine(input.lineItemId);
        if (!line) throw notFound(`PO line ${input.lineItemId} does not exist`);
        const receipt = await repo.findByReference(referenceId);
        if (!receipt || receipt.type !== 'INVENTORY_RECEIPT' || receipt.purchaseOrderItemId !== line.item.id) {
          throw new HttpError(
            404,
            `Fatal error: No product record found in list of ${(await repo.openReceipts(line.item.id)).length} un-receivable receipt(s)`,
          );
        }
        const current = await this.openReceipt(repo, line, receipt);
        const product = scanProduct(line.product);
        const scanningRequired = !hasPermission(actor.role, 'admin:override');
        if (scanningRequired || input.scannedUpc) {
          if (!upcMatches(product, input.scannedUpc ?? ''))
            throw unprocessable(RECEIVING_MESSAGES.upcMismatch, { scannedUpc: [RECEIVING_MESSAGES.upcMismatch] });
          const scanned = splitSerials(input.scannedSerialNumbers)
            .map((s) => s.toUpperCase())
            .sort();
          const expected = current.serials.map((s) => s.scannedSerialNumber.toUpperCase()).sort();
          if (scanned.length !== expected.length || scanned.some((s, i) => s !== expected[i])) {
            throw unprocessable(RECEIVING_MESSAGES.serialMismatch, {
              scannedSerialNumbers: [RECEIVING_MESSAGES.serialMismatch],
            });
          }
        }
        const reversal = await this.reverseIn(
          tx,
          line,
          receipt,
          current,
          input.notes.trim(),
          input.scannedUpc ?? null,
          actor,
          options.at ?? null,
        );
        return {
          message: 'Success' as const,
          transactionReferenceId: reversal.referenceId,
          remaining_transacted_receipts: await this.receiptsOf(repo, line.item.id),
        };
      }),
    );
  }

  /**
   * Takes back a scan (001 §7 DELETE scanned-item): the receiver who scanned it, within
   * SCANNED_ITEM_REMOVAL_MINUTES, reverses it without scanning again or writing notes. It is an un-receive all
   * the same, a new reversing ledger transaction; older scans and other people's go through Un-Receive.
   */
  removeScannedItem(referenceId: string, actor: Actor) {
    return this.write(async (tx) => {
      const repo = new ReceivingRepository(tx);
      // Ledger rows never change, so the receipt read before the lock is the receipt; its reversal is checked under it.
      const receipt = await repo.findByReference(referenceId);
      if (!receipt || receipt.type !== 'INVENTORY_RECEIPT' || !receipt.purchaseOrderItemId)
        throw notFound(`Scanned item ${referenceId} does not exist.`);
      const line = (await repo.lockLine(receipt.purchaseOrderItemId))!;
      if (receipt.userId !== actor.id) throw conflict(RECEIVING_MESSAGES.scannedItemNotYours);
      const current = await this.openReceipt(repo, line, receipt);
      if (Date.now() - receipt.createdAt.getTime() > SCANNED_ITEM_REMOVAL_MINUTES * 60_000)
        throw conflict(RECEIVING_MESSAGES.scannedItemTooOld);
      const reversal = await this.reverseIn(
        tx,
        line,
        receipt,
        current,
        `Scan removed from the receiving list by ${actor.username}`,
        null,
        actor,
      );
      return {
        message: 'Success' as const,
        removed: receipt.referenceId,
        transactionReferenceId: reversal.referenceId,
        qty_received: reversal.qtyReceived,
        qty_ordered: line.item.qtyOrdered,
      };
    });
  }

  /** The receipt among the line's open (not yet reversed) receipts, once the PO allows it. */
  private async openReceipt(repo: ReceivingRepository, line: LockedLine, receipt: TransactionRow) {
    if (line.po.statusId === COMPLETE) throw conflict('This purchase order is Complete: receiving is locked.');
    const current = await repo.openReceipt(receipt.id);
    if (!current) throw conflict('This receipt was already un-received.');
    return current;
  }

  /** The reversing INVENTORY_UNRECEIPT: serials out of live stock, on-hand, the line's count, PO totals and status. */
  private async reverseIn(
    tx: LedgerTx,
    line: LockedLine,
    receipt: TransactionRow,
    current: OpenReceipt,
    notes: string,
    scannedUpc: string | null,
    actor: Actor,
    at: Date | null = null,
  ) {
    let reversal: Awaited<ReturnType<Ledger['postUnreceipt']>>;
    try {
      reversal = await this.ledger.postUnreceipt({
        executor: tx,
        receipt,
        serialIds: current.serials.map((s) => s.serialId),
        userId: actor.id,
        notes,
        scannedUpc,
        at,
      });
    } catch (error) {
      if (!(error instanceof LedgerRefusal)) throw error;
      if (error.code === 'insufficient-on-hand')
        throw conflict(`Nothing of ${line.product.modelNumber} is left in ${receipt.bucket} to un-receive.`);
      throw conflict(`Serial ${error.serials[0]} is no longer in ${receipt.bucket}; it cannot be un-received.`);
    }
    return { ...reversal, qtyReceived: reversal.qtyReceived! };
  }

  async lineSerials(itemId: number) {
    const rows = await new ReceivingRepository(this.db).receivedSerialsOfLine(itemId);
    return rows.map((r) => ({
      scanned_serial_number: r.scannedSerialNumber,
      scanned_upc: r.scannedUpc,
      scanned_at: r.scannedAt.toISOString(),
      receiving_disposition_code: r.receivingDispositionCode ?? 'LIVE',
      notes: r.notes,
      fk_inventory_serial_id: r.serialId,
      serial_number: r.serialNumber,
      inventory_serial_id: r.serialId,
      ims_transaction_reference_id: r.referenceId,
      received_at: r.receivedAt.toISOString(),
      disposition_code: r.dispositionCode,
      location_code: r.locationCode,
      condition_code: r.conditionCode,
    }));
  }

  /** Scan setup (001 §5): the untracked one of masterBoxQty / numOfSerialsPerItem is stored as null. */
  async updateScanSetup(input: z.output<typeof ZScanSetupSchema>) {
    return this.db.transaction(async (tx) => {
      const repo = new ReceivingRepository(tx);
      const product = await repo.productByModel(input.model);
      if (!product)
        throw unprocessable('The given data was invalid.', { model: ['No product has this model number.'] });
      const tracked = input.serialNumberTracked === true || input.serialNumberTracked === 1;
      const errors: Record<string, string[]> = {};
      if (tracked && !input.numOfSerialsPerItem)
        errors.numOfSerialsPerItem = ['Serials per item is required for a serial-tracked product.'];
      for (const [key, code] of [
        ['upc', input.upc],
        ['alternateUpc', input.alternateUpc],
        ['masterCartonCode', input.masterCartonCode],
      ] as const) {
        if (!code) continue;
        if (!isBarcode(code)) errors[key] = ['must be a barcode of 9 to 13 digits'];
        else if (key !== 'masterCartonCode') {
          const other = await repo.productUsingUpc(code, product.id);
          if (other) errors[key] = [`is already used by ${other.model}`];
        }
      }
      if (input.upc && input.alternateUpc && input.upc === input.alternateUpc)
        errors.alternateUpc = ['must differ from the UPC'];
      if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0]![0]!, errors);
      await repo.updateProductScanSetup(product.id, {
        serialNumberTracked: tracked,
        numOfSerialsPerItem: tracked ? (input.numOfSerialsPerItem ?? 1) : null,
        masterBoxQty: tracked ? null : (input.masterBoxQty ?? null),
        masterCartonCode: input.masterCartonCode || null,
        ...(input.upc !== undefined ? { upc: input.upc || null } : {}),
        ...(input.alternateUpc !== undefined ? { alternateUpc: input.alternateUpc || null } : {}),
      });
      return { message: 'Updated!' as const };
    });
  }
}
