import {
  hasPermission,
  missingTransferFields,
  serialElsewhereMessage,
  serialInSaleMessage,
  serialInTransferMessage,
  serialNotForProductMessage,
  serialsPerItem,
  splitSerials,
  upcMatches,
  type TTransferSubmitted,
  ZAddScannedItemSchema,
  ZTransactTransferSchema,
  permissionDeniedMessage,
  requestedQuantityRangeMessage,
  scanIdOfOtherTransferMessage,
  scanningForced,
  TRANSFER_MESSAGES,
  type TCommittedTransfer,
  type TCommittedTransfersBoard,
  COMMITTED_TRANSFER_EXPORT_COLUMNS,
  COMMITTED_TRANSFERS_BOARD_LIMIT,
  type exportCommittedTransfersBoardRoute,
  type exportTransactedTransfersRoute,
  TRANSACTED_TRANSFER_EXPORT_COLUMNS,
  type TTransactedTransfer,
  ZCommitTransferSchema,
  ZUpdateCommittedTransferSchema,
} from '@keystone/contracts';
import { TRANSFER_TRANSACTIONS_LIMIT, type TTransferSearchKey, type TTransferTransaction } from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors.js';
import { listExportFile, listPages } from '../../http/list-export.js';
import type { AuthUser } from '../../http/register-route.js';
import { type Ledger, LedgerRefusal } from '../ledger/ledger-writer.js';
import { LedgerWrites, type LedgerTx } from '../ledger/ledger-transaction.js';
import { ReservationsRepository } from '../reservations/reservations.repository.js';
import {
  TransfersRepository,
  type CommittedTransferRow,
  type TransferProductRow,
  type TransferSerialRow,
  type TransferWithNames,
} from './transfers.repository.js';

type TCommit = z.output<typeof ZCommitTransferSchema>;
type TUpdate = z.output<typeof ZUpdateCommittedTransferSchema>;
type TScan = z.output<typeof ZAddScannedItemSchema>;
type TTransact = z.output<typeof ZTransactTransferSchema>;

/** The most transfers one list answers (the transfer tables page 5, 10 or 25 rows, 001 §9). */
const LIST_LIMIT = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Free text as stored: trimmed by the contract; empty is no value. */
const textOrNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

function serialDto(s: TransferSerialRow) {
  return {
    scanned_serial_number: s.scannedSerialNumber,
    scanned_upc: s.scannedUpc,
    scanned_at: s.scannedAt.toISOString(),
    old_location_code: s.oldLocationCode,
    new_location_code: s.newLocationCode,
    old_condition_code: s.oldConditionCode,
    new_condition_code: s.newConditionCode,
    old_disposition_code: s.oldDispositionCode,
    new_disposition_code: s.newDispositionCode,
    fk_inventory_serial_id: s.serialId,
  };
}

function toDto(
  { transfer: t, product: p, committedByName }: TransferWithNames,
  serials: TransferSerialRow[],
): TCommittedTransfer {
  return {
    id: t.id,
    ims_transaction_reference_id: t.referenceId,
    product: {
      id: p.id,
      model: p.modelNumber,
      product_title: p.description,
      upc: p.upc,
      alternate_upc: p.alternateUpc,
      part_number: p.partNumber,
      serial_number_tracked: p.serialNumberTracked ? 1 : 0,
      num_of_serials_per_item: p.numOfSerialsPerItem,
    },
    committed_quantity: t.committedQuantity,
    total_scanned_quantity: t.totalScannedQuantity,
    from_bucket: t.fromBucket,
    to_bucket: t.toBucket,
    committed_by_name: committedByName,
    committed_by_id: t.committedById,
    committed_at: t.committedAt.toISOString(),
    commit_notes: t.commitNotes,
    pos_transfer_batch_ref_id: t.posTransferBatchRefId,
    pos_transfer_batch_name: t.posTransferBatchName,
    sender_sku: t.senderSku,
    receiver_sku: t.receiverSku,
    scanning_required: t.scanningRequired,
    strict_mode: t.strictMode,
    transferred_at: iso(t.transferredAt),
    serials: serials.filter((s) => s.committedTransferId === t.id).map(serialDto),
  };
}

function toTransactedDto({ transfer: t, product: p, transferredByName }: TransferWithNames): TTransactedTransfer {
  return {
    id: t.id,
    ims_transaction_reference_id: t.referenceId,
    product: { id: p.id, model: p.modelNumber, product_title: p.description },
    transferred_quantity: t.transferredQuantity ?? t.committedQuantity,
    transferred_at: t.transferredAt!.toISOString(),
    transferred_by_name: transferredByName,
    transfer_notes: t.transferNotes,
    from_bucket: t.fromBucket,
    to_bucket: t.toBucket,
    pos_transfer_batch_ref_id: t.posTransferBatchRefId,
    pos_transfer_batch_name: t.posTransferBatchName,
  };
}

const requiredFieldsMissing = (errors: Record<string, string[]>) =>
  unprocessable(TRANSFER_MESSAGES.requiredFieldsMissing, errors);

/**
 * Transfers (001 §4/§5/§7): commit, read, edit, delete, scan, submit, the quick transfer, the transacted list and
 * notes. Stock moves only through the ledger module: a scan asks `Ledger.lockSerialsInBucket`, a submit posts
 * `Ledger.postTransfer`; this module writes only its own tables (docs/decisions.md, Transfers).
 */
export class TransfersService {
  constructor(
    private readonly db: Database,
    /** The one entry of stock writes: the process's gate, the transaction, the rerun after a deadlock. */
    private readonly writes: LedgerWrites = new LedgerWrites(db),
  ) {}

  private get ledger(): Ledger {
    return this.writes.ledger;
  }

  private repo(executor: Executor = this.db) {
    return new TransfersRepository(executor);
  }

  private async withSerials(rows: TransferWithNames[], executor: Executor = this.db): Promise<TCommittedTransfer[]> {
    const serials = await this.repo(executor).serialsOf(rows.map((r) => r.transfer.id));
    return rows.map((r) => toDto(r, serials));
  }

  private async byReference(referenceId: string, executor: Executor = this.db): Promise<TCommittedTransfer | null> {
    const row = await this.repo(executor).findByReference(referenceId);
    return row ? (await this.withSerials([row], executor))[0]! : null;
  }

  /**
   * Commits a transfer. The spec's rules answer 422 'One or more required fields are missing' naming the fields;
   * strict mode (on unless an admin:override holder turns it off) keeps the quantity within the source's on-hand.
   */
  async commit(input: TCommit, user: AuthUser): Promise<TCommittedTransfer> {
    const referenceId = await this.writes.run(async (tx) => (await this.commitIn(tx, input, user)).referenceId);
    return (await this.byReference(referenceId))!;
  }

  /** The commit's rules and its row, in the caller's transaction; answers the new row, locked (its own insert). */
  private async commitIn(
    tx: LedgerTx,
    input: TCommit,
    user: AuthUser,
    scanningRequired?: boolean,
  ): Promise<CommittedTransferRow> {
    const fromBucket = input.fromBucket;
    const toBucket = input.toBucket ?? null;
    const missing = missingTransferFields({ ...input, toBucket });
    if (Object.keys(missing).length) throw requiredFieldsMissing(missing);
    const quantity = input.requestedQuantity as number;
    const destination = toBucket!;
    const strictMode = input.strictMode ?? true;
    if (!strictMode && !hasPermission(user.role, 'admin:override'))
      throw forbidden(permissionDeniedMessage(user.role, 'admin:override'));
    if (fromBucket === destination)
      throw unprocessable(TRANSFER_MESSAGES.sameBucket, { toBucket: [TRANSFER_MESSAGES.sameBucket] });

    const repo = this.repo(tx);
    const product = await repo.productByModel(input.model);
    if (!product)
      throw unprocessable(`Product ${input.model} does not exist`, { model: ['no product has this model'] });
    const known = await repo.existingBuckets([fromBucket, destination]);
    const errors: Record<string, string[]> = {};
    if (!known.has(fromBucket)) errors.fromBucket = [`bucket ${fromBucket} does not exist`];
    if (!known.has(destination)) errors.toBucket = [`bucket ${destination} does not exist`];
    if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0]![0]!, errors);
    if (strictMode) {
      // Reservation: the source's on-hand row locked (commits of this bucket queue here), then what is available.
      const available = await this.available(tx, product.id, fromBucket);
      if (quantity > available) {
        const message = requestedQuantityRangeMessage(fromBucket, available);
        throw unprocessable(message, { requestedQuantity: [message] });
      }
    }
    const senderSku = textOrNull(input.senderSku);
    const referenceId = await repo.insert({
      productId: product.id,
      fromBucket,
      toBucket: destination,
      committedQuantity: quantity,
      committedById: user.id,
      commitNotes: textOrNull(input.commitNotes),
      posTransferBatchRefId: textOrNull(input.posTransferBatchRefId),
      posTransferBatchName: textOrNull(input.posTransferBatchName),
      senderSku,
      // 001 §5: the receiver SKU is copied from the sender SKU (unless one is given).
      receiverSku: textOrNull(input.receiverSku) ?? senderSku,
      scanningRequired:
        scanningRequired ??
        (scanningForced(fromBucket, destination) ||
          input.scanningRequired === undefined ||
          input.scanningRequired === true ||
          input.scanningRequired === 1),
      strictMode,
    });
    return (await repo.lockByReference(referenceId))!;
  }

  /**
   * What a strict commit may take from a bucket: on-hand less the open commitments from it (committed transfers
   * not submitted, open committed sales), read under the bucket's on-hand lock (`Ledger.lockOnHandForCommit`),
   * which every commit of that bucket takes first, so two commits racing for the last units queue.
   */
  private async available(tx: LedgerTx, productId: number, bucket: string, exceptTransferId?: number): Promise<number> {
    const onHand = await this.ledger.lockOnHandForCommit(tx, productId, bucket);
    return onHand - (await new ReservationsRepository(tx).committedFrom(productId, bucket, { exceptTransferId }));
  }

  /** Refuses serials reserved by another open commitment (409, naming the commitment); the caller holds their numbers. */
  private async refuseReserved(tx: Executor, numbers: string[], transferId: number): Promise<void> {
    const [reserved] = await new ReservationsRepository(tx).reservedSerials(numbers, { exceptTransferId: transferId });
    if (!reserved) return;
    const message =
      reserved.kind === 'transfer'
        ? serialInTransferMessage(reserved.serialNumber, reserved.referenceId)
        : serialInSaleMessage(reserved.serialNumber, reserved.referenceId, reserved.invoice ?? '');
    throw conflict(message, { scannedSerialNumbers: [message] });
  }

  /**
   * Scans one item into a committed transfer (001 §4 scan flow): its UPC and, for a serial-tracked product,
   * num_of_serials_per_item serials, each live in the source bucket (the ledger checks and locks them) and not
   * scanned on this transfer yet, while fewer than the committed quantity are scanned. Lock order: the committed
   * transfer, then (in the ledger) the serial numbers and the serial rows.
   *
   * A scan carrying a clientScanId claims it in the same transaction: a retry with that id on the same transfer
   * (the first answer lost on the network, the outbox replaying) records nothing and answers the transfer as it
   * stands, even once the scan is complete or the transfer submitted; on another transfer it is refused (409).
   * Retries of one transfer queue on its row lock, so the second sees the first's claim.
   */
  async addScannedItem(
    referenceId: string,
    input: TScan,
    user: AuthUser,
  ): Promise<{ message: 'Success'; updated_committed_transfer: TCommittedTransfer }> {
    const forcePush = input.forcePushSerialCorrection === 1 || input.forcePushSerialCorrection === true;
    const answer = await this.writes.run(async (tx): Promise<TCommittedTransfer | null> => {
      const repo = this.repo(tx);
      // One statement locks the transfer and reads its product and destination (a scan's round trips are its cost:
      // docs/performance.md, Transfers at scale).
      const locked = await repo.lockForScan(referenceId);
      if (!locked) throw notFound(`Committed transfer ${referenceId} not found`);
      const { transfer: row, product, destination: dest, ...names } = locked;
      if (input.clientScanId) {
        const owner = await repo.scanIdOwner(input.clientScanId);
        if (owner && owner.id === row.id) return null;
        if (owner || !(await repo.claimScanId(row.id, input.clientScanId))) {
          const other = owner ?? (await repo.scanIdOwner(input.clientScanId));
          if (other?.id === row.id) return null;
          const message = scanIdOfOtherTransferMessage(other?.referenceId ?? 'unknown');
          throw conflict(message, { clientScanId: [message] });
        }
      }
      if (row.transferredAt) throw conflict(TRANSFER_MESSAGES.alreadyTransacted);
      if (!upcMatches({ upc: product.upc, alternate_upc: product.alternateUpc }, input.scannedUpc)) {
        const message = `Scanned UPC ${input.scannedUpc} does not match model ${product.modelNumber}`;
        throw unprocessable(message, { scannedUpc: [message] });
      }
      if (row.totalScannedQuantity >= row.committedQuantity) throw conflict(TRANSFER_MESSAGES.scanComplete);
      const perItem = serialsPerItem({
        serial_number_tracked: product.serialNumberTracked ? 1 : 0,
        num_of_serials_per_item: product.numOfSerialsPerItem,
      });
      const numbers = perItem ? splitSerials(input.scannedSerialNumbers) : [];
      if (numbers.length !== perItem) {
        const message = `Model ${product.modelNumber} takes ${perItem} serial(s) per item, not ${numbers.length}`;
        throw unprocessable(message, { scannedSerialNumbers: [message] });
      }
      const upper = numbers.map((n) => n.toUpperCase());
      const twice = upper.find((n, i) => upper.indexOf(n) !== i);
      if (twice)
        throw unprocessable(`Serial ${twice} is listed twice`, {
          scannedSerialNumbers: [`Serial ${twice} is listed twice`],
        });
      // The serials scanned so far, read once: for this check and for the answer (which lists them all).
      const before = await repo.serialsOf([row.id]);
      const scannedUpper = new Set(before.map((s) => s.scannedSerialNumber.toUpperCase()));
      const scanned = numbers.filter((n) => scannedUpper.has(n.toUpperCase()));
      if (scanned.length) {
        const message = `Serial ${scanned[0]} has already been scanned on this transfer`;
        throw unprocessable(message, { scannedSerialNumbers: [message] });
      }
      if (numbers.length && forcePush) {
        // Force push (001 §4): the ledger corrects the serials' records first (an audited INVENTORY_AUDIT_ADJUSTMENT,
        // nothing when they are right already), checking reservations under its locks; then the scan goes on.
        await this.ledger.postSerialCorrection({
          executor: tx,
          referenceId: row.referenceId,
          productId: row.productId,
          bucket: row.fromBucket,
          serials: numbers,
          scannedUpc: input.scannedUpc,
          userId: user.id,
          details: { committed_transfer_id: row.id },
          whileLocked: () => this.refuseReserved(tx, numbers, row.id),
        });
      } else if (numbers.length) {
        // Reservation: the numbers locked (lock order step 4, after the transfer row), then no other open commitment.
        await this.ledger.lockSerialNumbers(tx, numbers);
        await this.refuseReserved(tx, numbers, row.id);
      }
      const serials = await this.ledger
        .lockSerialsInBucket({
          executor: tx,
          productId: row.productId,
          bucket: row.fromBucket,
          serials: numbers,
          numbersLocked: true,
        })
        .catch((e: unknown) => {
          throw this.refusal(e, product);
        });
      const recorded = await repo.recordScan(
        row.id,
        serials.map((s) => ({
          serialId: s.id,
          scannedSerialNumber: s.serialNumber,
          scannedUpc: input.scannedUpc,
          oldLocationCode: s.locationCode,
          oldConditionCode: s.conditionCode,
          oldDispositionCode: s.dispositionCode,
          newLocationCode: dest?.locationCode ?? null,
          newConditionCode: dest?.conditionCode ?? null,
          newDispositionCode: s.dispositionCode,
        })),
      );
      // The answer from the locked row as recordScan left it (one more scanned) and its serials (those read above
      // and the ones just recorded): no second read of the transfer or its serials.
      const after = { ...names, product, transfer: { ...row, totalScannedQuantity: row.totalScannedQuantity + 1 } };
      return toDto(after, [...before, ...recorded]);
    });
    return { message: 'Success', updated_committed_transfer: answer ?? (await this.byReference(referenceId))! };
  }

  /**
   * Submits (transacts) a committed transfer in one database transaction (001 §4, cannot be undone): the
   * transfer locked, the scan complete when scanning is required (strict mode; without it an admin may submit
   * what is scanned), the stock moved by the ledger under the CT- reference, the transacted fields set. A
   * transfer submitted already answers the first submission's result (`already_transacted`), moving nothing.
   */
  async transact(referenceId: string, input: TTransact, user: AuthUser): Promise<TTransferSubmitted> {
    const strictMode = input.strictMode ?? true;
    if (!strictMode && !hasPermission(user.role, 'admin:override'))
      throw forbidden(permissionDeniedMessage(user.role, 'admin:override'));
    const answer = await this.writes.run(async (tx) => {
      const repo = this.repo(tx);
      const locked = await repo.lockWithNamesByReference(referenceId);
      if (!locked) throw notFound(`Committed transfer ${referenceId} not found`);
      if (locked.transfer.transferredAt) return null;
      const done = await this.transactIn(
        tx,
        locked.transfer,
        { strictMode, notes: input.transferNotes, user },
        locked.product,
      );
      // The answer from the row as the submit left it and the serials it read: no reads after the transaction.
      const after = { ...locked, transfer: done.row, transferredByName: user.username };
      return { committed_transfer: toDto(after, done.serials), transacted_transfer: toTransactedDto(after) };
    });
    if (!answer) return this.submitted(referenceId, true);
    return { message: TRANSFER_MESSAGES.submitted, already_transacted: false, ...answer };
  }

  /**
   * Commits and submits a transfer that needs no scanning, in one database transaction (001 §7: the commit's
   * body). Refused (422) when scanning is forced (KY01, TX01, AZ02) or the product carries serials.
   */
  async quickTransfer(input: TCommit, user: AuthUser): Promise<TTransferSubmitted> {
    const referenceId = await this.writes.run(async (tx) => {
      const toBucket = input.toBucket ?? '';
      const serialTracked = (await this.repo(tx).productByModel(input.model))?.serialNumberTracked ?? false;
      if (
        scanningForced(input.fromBucket, toBucket) ||
        serialTracked ||
        input.scanningRequired === true ||
        input.scanningRequired === 1
      ) {
        throw unprocessable(TRANSFER_MESSAGES.quickNeedsScanning, {
          scanningRequired: [TRANSFER_MESSAGES.quickNeedsScanning],
        });
      }
      const row = await this.commitIn(tx, input, user, false);
      await this.transactIn(tx, row, { strictMode: row.strictMode, notes: null, user });
      return row.referenceId;
    });
    return this.submitted(referenceId, false);
  }

  /** The transact step on a locked, committed row, in the caller's transaction. */
  private async transactIn(
    tx: LedgerTx,
    row: CommittedTransferRow,
    opts: { strictMode: boolean; notes: string | null | undefined; user: AuthUser },
    knownProduct?: TransferProductRow,
  ): Promise<{ row: CommittedTransferRow; serials: TransferSerialRow[] }> {
    const repo = this.repo(tx);
    const product = knownProduct ?? (await repo.findByReference(row.referenceId))!.product;
    // A serial-tracked product always moves with its serials: scanning is required for it whatever was committed.
    const scanning = row.scanningRequired || product.serialNumberTracked;
    let quantity = row.committedQuantity;
    if (scanning && row.totalScannedQuantity < row.committedQuantity) {
      if (opts.strictMode || row.totalScannedQuantity < 1) {
        const message = `Scan all ${row.committedQuantity} unit(s) before submitting: ${row.totalScannedQuantity} scanned`;
        throw unprocessable(message, { total_scanned_quantity: [message] });
      }
      quantity = row.totalScannedQuantity;
    }
    const scannedSerials = await repo.serialsOf([row.id]);
    const serials = scanning ? scannedSerials.filter((s) => s.serialId !== null) : [];
    try {
      await this.ledger.postTransfer({
        executor: tx,
        referenceId: row.referenceId,
        productId: row.productId,
        fromBucket: row.fromBucket,
        toBucket: row.toBucket,
        quantity,
        serials: serials.map((s) => s.scannedSerialNumber),
        scannedUpc: serials[0]?.scannedUpc ?? null,
        userId: opts.user.id,
        clientRequestId: `${row.referenceId}/transact`,
        notes: textOrNull(opts.notes) ?? row.commitNotes,
        details: {
          committed_transfer_id: row.id,
          pos_transfer_batch_ref_id: row.posTransferBatchRefId,
          pos_transfer_batch_name: row.posTransferBatchName,
          sender_sku: row.senderSku,
          receiver_sku: row.receiverSku,
        },
      });
    } catch (e) {
      throw this.refusal(e, product);
    }
    const updated = await repo.markTransacted(row.id, {
      transferredQuantity: quantity,
      transferredById: opts.user.id,
      transferNotes: textOrNull(opts.notes) ?? row.transferNotes,
    });
    return { row: updated, serials: scannedSerials };
  }

  /** The ledger's serial refusals in the words the scan page matches (001 §8); others as the ledger says them. */
  private refusal(e: unknown, product: TransferProductRow): unknown {
    if (!(e instanceof LedgerRefusal)) return e;
    const serial = e.serials[0];
    if (serial && (e.code === 'serial-not-live' || (e.code === 'serial-not-in-bucket' && e.place === null))) {
      const message = serialNotForProductMessage(serial, product.modelNumber);
      return conflict(message, { scannedSerialNumbers: [message] });
    }
    if (serial && e.code === 'serial-not-in-bucket') {
      const message = serialElsewhereMessage(serial, e.place!);
      return conflict(message, { scannedSerialNumbers: [message] });
    }
    return e;
  }

  private async submitted(referenceId: string, already: boolean): Promise<TTransferSubmitted> {
    const row = (await this.repo().findByReference(referenceId))!;
    return {
      message: TRANSFER_MESSAGES.submitted,
      already_transacted: already,
      committed_transfer: (await this.withSerials([row]))[0]!,
      transacted_transfer: toTransactedDto(row),
    };
  }

  async get(referenceId: string): Promise<TCommittedTransfer> {
    const transfer = await this.byReference(referenceId);
    if (!transfer) throw notFound(`Committed transfer ${referenceId} not found`);
    return transfer;
  }

  async listCommitted(filter: { imsTransactionReferenceId?: string; model?: string }): Promise<TCommittedTransfer[]> {
    const rows = await this.repo().listCommitted(
      { referenceId: filter.imsTransactionReferenceId, model: filter.model },
      LIST_LIMIT,
    );
    return this.withSerials(rows);
  }

  async listTransacted(model: string): Promise<TTransactedTransfer[]> {
    return (await this.repo().listTransacted(model, LIST_LIMIT)).map(toTransactedDto);
  }

  /** Every transacted transfer of the model, newest first, as a CSV or XLSX file (a page at a time; not capped). */
  exportTransacted(query: z.output<typeof exportTransactedTransfersRoute.query>) {
    const pages = listPages(async (limit, offset) =>
      (await this.repo().listTransacted(query.model, limit, offset)).map(toTransactedDto),
    );
    return listExportFile(query.format, pages, TRANSACTED_TRANSFER_EXPORT_COLUMNS, 'transacted-transfers');
  }

  /**
   * Edits a committed transfer: the quantity (not below what is scanned; within on-hand in strict mode) and the
   * batch, SKU and notes fields, which must still satisfy the commit's rules.
   */
  async update(referenceId: string, input: TUpdate): Promise<TCommittedTransfer> {
    await this.writes.run(async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockByReference(referenceId);
      if (!row) throw notFound(TRANSFER_MESSAGES.updateNotFound);
      if (row.transferredAt) throw conflict(TRANSFER_MESSAGES.alreadyTransacted);
      const pick = (given: string | null | undefined, current: string | null) =>
        given === undefined ? current : textOrNull(given);
      const next = {
        committedQuantity: input.committedQty ?? row.committedQuantity,
        posTransferBatchName: pick(input.posTransferBatchName, row.posTransferBatchName),
        posTransferBatchRefId: pick(input.posTransferBatchRefId, row.posTransferBatchRefId),
        senderSku: pick(input.senderSku, row.senderSku),
        receiverSku: pick(input.receiverSku, row.receiverSku),
        commitNotes: pick(input.commitNotes, row.commitNotes),
      };
      if (input.senderSku !== undefined && input.receiverSku === undefined && row.receiverSku === row.senderSku)
        next.receiverSku = next.senderSku;
      const missing = missingTransferFields({
        ...next,
        fromBucket: row.fromBucket,
        toBucket: row.toBucket,
        requestedQuantity: next.committedQuantity,
      });
      if (Object.keys(missing).length) throw requiredFieldsMissing(missing);
      if (next.committedQuantity < row.totalScannedQuantity)
        throw unprocessable(TRANSFER_MESSAGES.belowScanned, { committedQty: [TRANSFER_MESSAGES.belowScanned] });
      if (row.strictMode && next.committedQuantity > row.committedQuantity) {
        // Lock order: this transfer's row (above), then the source's on-hand row; its own commitment left out.
        const available = await this.available(tx, row.productId, row.fromBucket, row.id);
        if (next.committedQuantity > available) {
          const message = requestedQuantityRangeMessage(row.fromBucket, available);
          throw unprocessable(message, { committedQty: [message] });
        }
      }
      await repo.update(row.id, next);
    });
    return (await this.byReference(referenceId))!;
  }

  /** Deletes a committed transfer (nothing has moved yet); a transacted one cannot be deleted. */
  async delete(referenceId: string): Promise<{ message: 'Deleted'; ims_transaction_reference_id: string }> {
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockByReference(referenceId);
      if (!row) throw notFound(TRANSFER_MESSAGES.deleteNotFound);
      if (row.transferredAt) throw conflict(TRANSFER_MESSAGES.alreadyTransacted);
      await repo.delete(row.id);
    });
    return { message: 'Deleted', ims_transaction_reference_id: referenceId };
  }

  /** Sets a transfer's notes, committed or transacted (the notes are free text, not part of the ledger). */
  async updateTransferNotes(
    id: number,
    notes: string | null,
  ): Promise<{ message: 'Success'; id: number; transfer_notes: string | null }> {
    const transferNotes = textOrNull(notes?.trim());
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.lockById(id))) throw notFound(TRANSFER_MESSAGES.transferNotFound);
      await repo.update(id, { transferNotes });
    });
    return { message: 'Success', id, transfer_notes: transferNotes };
  }

  /** The committed transfers board: every open transfer across models (no serials), oldest first, capped. */
  async board(search: string | undefined): Promise<TCommittedTransfersBoard> {
    const { rows, total } = await this.repo().listBoard(search || undefined, COMMITTED_TRANSFERS_BOARD_LIMIT);
    return {
      data: rows.map((r) => {
        const { serials: _serials, ...row } = toDto(r, []);
        return row;
      }),
      total,
      limit: COMMITTED_TRANSFERS_BOARD_LIMIT,
    };
  }

  /** Every open transfer the board's search matches, oldest first, as a CSV or XLSX file (a page at a time). */
  exportBoard(query: z.output<typeof exportCommittedTransfersBoardRoute.query>) {
    const pages = listPages(async (limit, offset) =>
      (await this.repo().boardPage(query.search || undefined, limit, offset)).map((r) => {
        const { serials: _serials, ...row } = toDto(r, []);
        return row;
      }),
    );
    return listExportFile(query.format, pages, COMMITTED_TRANSFER_EXPORT_COLUMNS, 'committed-transfers');
  }

  /**
   * 002 §7 Inbound transfers: committed (`transacted` false) or transacted (true) transfers into or out of an
   * `_INBOUND` bucket, by references, batch ref ids or batch names; newest reference first.
   */
  async inbound(
    filter: { key: TTransferSearchKey; values: string[] },
    transacted: boolean,
  ): Promise<TTransferTransaction[]> {
    return this.transferTransactions(
      await this.repo().findTransferTransactions(
        filter,
        { inboundOnly: true, transacted },
        TRANSFER_TRANSACTIONS_LIMIT,
      ),
    );
  }

  /** The transaction search by batch ref id or batch name: every transfer of the batch, committed or transacted. */
  async searchTransferTransactions(
    key: 'posTransferBatchRefId' | 'posTransferBatchName',
    value: string,
  ): Promise<TTransferTransaction[]> {
    return this.transferTransactions(
      await this.repo().findTransferTransactions(
        { key, values: [value] },
        { inboundOnly: false },
        TRANSFER_TRANSACTIONS_LIMIT,
      ),
    );
  }

  /** One transfer as a transfer transaction (002 §3), or null; for the transaction detail. */
  async transferTransaction(referenceId: string, executor: Executor = this.db): Promise<TTransferTransaction | null> {
    const row = await this.repo(executor).findByReference(referenceId);
    return row ? ((await this.transferTransactions([row], executor))[0] ?? null) : null;
  }

  private async transferTransactions(
    rows: TransferWithNames[],
    executor: Executor = this.db,
  ): Promise<TTransferTransaction[]> {
    const ledger = await this.repo(executor).ledgerReferencesOf(
      rows.filter((r) => r.transfer.transferredAt).map((r) => r.transfer.referenceId),
    );
    return rows.map((r) => toTransferTransactionDto(r, ledger.get(r.transfer.referenceId) ?? []));
  }
}

/** 002 §3 Transfer transaction. */
export function toTransferTransactionDto(
  { transfer: t, product: p, committedByName, transferredByName }: TransferWithNames,
  ledgerReferences: string[],
): TTransferTransaction {
  return {
    id: t.id,
    ims_transaction_reference_id: t.referenceId,
    pos_transfer_batch_name: t.posTransferBatchName,
    pos_transfer_batch_ref_id: t.posTransferBatchRefId,
    committed_quantity: t.committedQuantity,
    transferred_quantity: t.transferredAt ? (t.transferredQuantity ?? t.committedQuantity) : null,
    receiver_sku: t.receiverSku,
    sender_sku: t.senderSku,
    product: { id: p.id, model: p.modelNumber, product_title: p.description },
    from_bucket: t.fromBucket,
    to_bucket: t.toBucket,
    committed_at: t.committedAt.toISOString(),
    transferred_at: iso(t.transferredAt),
    scanning_required: t.scanningRequired,
    committed_by_id: t.committedById,
    committed_by_name: committedByName,
    transferred_by_id: t.transferredById,
    transferred_by_name: transferredByName,
    committed_notes: t.commitNotes,
    transfer_notes: t.transferNotes,
    ledger_references: ledgerReferences,
  };
}
