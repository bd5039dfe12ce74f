import {
  AUDIT_BATCH_EXPORT_COLUMNS,
  AUDIT_MESSAGES,
  type exportAuditBatchesRoute,
  MAX_ID,
  auditTypeOf,
  defaultAuditName,
  defaultAuditNameDate,
  splitAuditSerials,
  upcMatches,
  type TAuditBatch,
  type TAuditItem,
  type TAuditItems,
  type TAuditPostedTransaction,
  type TAuditReview,
  type TAuditReviewSerial,
  type TAuditSubmitted,
  type TAuditTally,
  type TJob,
  ZAuditItemRequestSchema,
  ZAuditSubmitSchema,
  ZCreateAuditBatchSchema,
  ZQuickAddScannedItemSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { listExportFile, listPages } from '../../http/list-export.js';
import type { AuthUser } from '../../http/register-route.js';
import { type Ledger } from '../ledger/ledger-writer.js';
import { LedgerWrites, type LedgerTx } from '../ledger/ledger-transaction.js';
import type { JobQueue } from '../jobs/job-queue.js';
import {
  AuditsRepository,
  type BatchRow,
  type ItemWithNames,
  type PlaceRow,
  type ScanRow,
} from './audits.repository.js';

type TCreate = z.output<typeof ZCreateAuditBatchSchema>;
type TRequest = z.output<typeof ZAuditItemRequestSchema>;
type TQuickAdd = z.output<typeof ZQuickAddScannedItemSchema>;
type TSubmit = z.output<typeof ZAuditSubmitSchema>;

/** Tries of a numbered default name when creates at the same moment keep taking the number chosen. */
const DEFAULT_NAME_ATTEMPTS = 10;

export type AuditSubmitMode = 'transact' | 'resolve';
/** A queued transact or resolve (the job's payload). */
export interface AuditJobPayload {
  ref: string;
  mode: AuditSubmitMode;
  userId: number;
  notes: string | null;
}
export const AUDIT_JOB_KINDS: Record<AuditSubmitMode, string> = {
  transact: 'audit-transact',
  resolve: 'audit-resolve',
};

const iso = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : new Date(d).toISOString());
const textOrNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);
const fieldError = (status: number, field: string, message: string) =>
  new HttpError(status, message, { [field]: [message] });
const isAsync = (v: TSubmit['shouldPerformAsync']) => v === true || v === 1 || v === '1';

function batchDto(b: BatchRow): TAuditBatch {
  return {
    audit_batch_id: Number(b.audit_batch_id),
    audit_batch_name: b.audit_batch_name,
    default_audit_bucket: b.default_audit_bucket,
    created_at: iso(b.created_at)!,
    created_by_name: b.created_by_name,
    completed_at: iso(b.completed_at),
    completed_by_name: b.completed_by_name,
    item_count: Number(b.item_count),
    resolved_count: Number(b.resolved_count),
  };
}

function scanDto(s: ScanRow) {
  return {
    id: s.id,
    unit_id: s.unit_id,
    scanned_serial_number: s.scanned_serial_number,
    scanned_upc: s.scanned_upc,
    scanned_by: s.scanned_by,
    scanned_at: iso(s.scanned_at)!,
    fk_inventory_serial_id: s.fk_inventory_serial_id,
  };
}

function productDto(p: ItemWithNames['product']) {
  return {
    id: p.id,
    model: p.model,
    product_title: p.product_title,
    upc: p.upc,
    alternate_upc: p.alternate_upc,
    serial_number_tracked: p.serial_number_tracked ? (1 as const) : (0 as const),
    num_of_serials_per_item: p.num_of_serials_per_item,
  };
}

type PostedRow = Awaited<ReturnType<AuditsRepository['postedOf']>>[number];
const postedDto = ({ ims_transaction_reference_id, bucket, quantity_delta }: PostedRow): TAuditPostedTransaction => ({
  ims_transaction_reference_id,
  bucket,
  quantity_delta,
});

function itemDto(
  { item: i, product, talliedByName }: ItemWithNames,
  scans: ScanRow[],
  posted: PostedRow[],
): TAuditItem {
  return {
    ims_transaction_reference_id: i.referenceId,
    audit_batch_id: i.batchId,
    product: productDto(product),
    audit_bucket_map: { bucket: i.bucket },
    audit_type_code: i.auditTypeCode as TAuditItem['audit_type_code'],
    scanning_required: i.scanningRequired,
    tallied_quantity: i.talliedQuantity,
    recorded_qty_at_start_of_tally: i.recordedQtyAtStartOfTally,
    tally_started_at: iso(i.tallyStartedAt)!,
    tally_finished_at: iso(i.tallyFinishedAt),
    tallied_by_id: i.talliedById,
    tallied_by_name: talliedByName,
    submitted_by_id: i.submittedById,
    submitted_at: iso(i.submittedAt),
    resolution_started_at: iso(i.resolutionStartedAt),
    resolved_at: iso(i.resolvedAt),
    job_id: i.jobId,
    serials: scans.map(scanDto),
    adjustment_transactions: posted.map(postedDto),
  };
}

function jobDto(j: Record<string, unknown> | null): TJob | null {
  if (!j) return null;
  return {
    id: Number(j.id),
    kind: j.kind as string,
    status: j.status as TJob['status'],
    progress_done: Number(j.progress_done),
    progress_total: Number(j.progress_total),
    attempts: Number(j.attempts),
    error: (j.error as string | null) ?? null,
    result:
      j.result === undefined
        ? null
        : ((typeof j.result === 'string' ? (JSON.parse(j.result) as unknown) : j.result) ?? null),
    created_at: iso(j.created_at as string)!,
    started_at: iso(j.started_at as string | null),
    finished_at: iso(j.finished_at as string | null),
  };
}

const serialPerItem = (p: ItemWithNames['product']) => (p.serial_number_tracked ? (p.num_of_serials_per_item ?? 0) : 0);
const isSerialized = (i: ItemWithNames) => i.item.auditTypeCode === 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED';

/**
 * Physical audits (001 §2-§8 "Audits"; docs/decisions.md, "Physical audits"): batches, items
 * counted by scans against a snapshot of on-hand, the review (moves during the count, missing and discovered
 * serials), Submit Adjustment Only and Resolve Discrepancies through `Ledger.postAuditAdjustment`, the latter two
 * also as background jobs. Every change locks its item row first; a completed batch refuses every change.
 */
export class AuditsService {
  private jobs: JobQueue | null = null;

  constructor(
    private readonly db: Database,
    /** The one entry of stock writes: the process's gate, the transaction, the rerun after a deadlock. */
    private readonly writes: LedgerWrites = new LedgerWrites(db),
  ) {}

  private get ledger(): Ledger {
    return this.writes.ledger;
  }

  /**
   * Wires the job queue (shouldPerformAsync): the kinds 'audit-transact' and 'audit-resolve' run `applySubmit`, the
   * function a request runs, in the job's one transaction (a failed job leaves nothing applied), reporting progress
   * per chunk of serials; a failed job's item can be submitted again (`jobFailed`).
   */
  useJobQueue(jobs: JobQueue): void {
    this.jobs = jobs;
    for (const mode of ['transact', 'resolve'] as const) {
      jobs.register<
        AuditJobPayload,
        { transactions: { ims_transaction_reference_id: string; bucket: string; quantity_delta: number }[] },
        LedgerTx
      >(
        AUDIT_JOB_KINDS[mode],
        async (ctx) => ({
          transactions: await this.applySubmit(ctx.executor, ctx.payload, {
            jobId: ctx.jobId,
            progress: async (done, total) => ctx.progress(done, total),
          }),
        }),
        {
          onFailed: (tx, payload) => this.jobFailed(tx, payload),
          // The job's one transaction is a stock write: through the ledger's entry (gate, rerun after a deadlock).
          transaction: (work) => this.writes.run(work),
        },
      );
    }
  }

  private repo(executor: Executor = this.db) {
    return new AuditsRepository(executor);
  }

  // ---- Batches. ----

  async listBatches(completed: boolean): Promise<TAuditBatch[]> {
    return (await this.repo().listBatches(completed)).map(batchDto);
  }

  /** Every audit of the dashboard's tab, in its order, as a CSV or XLSX file (a page at a time; not capped). */
  exportBatches(query: z.output<typeof exportAuditBatchesRoute.query>) {
    const pages = listPages(async (limit, offset) =>
      (await this.repo().listBatches(query.completed, limit, offset)).map(batchDto),
    );
    return listExportFile(
      query.format,
      pages,
      AUDIT_BATCH_EXPORT_COLUMNS,
      query.completed ? 'completed-audits' : 'audits',
    );
  }

  async batch(id: number): Promise<TAuditBatch> {
    const row = await this.repo().batch(id);
    if (!row) throw fieldError(404, 'auditBatchId', AUDIT_MESSAGES.batchNotFound(id));
    return batchDto(row);
  }

  async createBatch(input: TCreate, user: AuthUser): Promise<TAuditBatch> {
    const name = input.audit_batch_name.trim();
    const bucket = input.default_audit_bucket.trim().toUpperCase();
    const repo = this.repo();
    if (!(await repo.bucketExists(bucket)))
      throw fieldError(422, 'default_audit_bucket', AUDIT_MESSAGES.unknownBucket(bucket));
    const date = defaultAuditNameDate(name, bucket);
    if (date === null) {
      const id = await repo.insertBatch({ name, defaultBucket: bucket, createdById: user.id });
      if (id === null) throw fieldError(422, 'audit_batch_name', AUDIT_MESSAGES.duplicateName(name));
      return this.batch(id);
    }
    // The default name: the first of its date and bucket keeps it, the next are numbered (… Audit 2, … Audit 3).
    // Two creates at once may choose the same number: the unique name index lets one in, the other chooses again.
    for (let attempt = 0; attempt < DEFAULT_NAME_ATTEMPTS; attempt++) {
      const taken = await repo.namesStartingWith(defaultAuditName(date, bucket));
      let sequence = 1;
      while (taken.has(defaultAuditName(date, bucket, sequence).toLowerCase())) sequence++;
      const numbered = defaultAuditName(date, bucket, sequence);
      const id = await repo.insertBatch({ name: numbered, defaultBucket: bucket, createdById: user.id });
      if (id !== null) return this.batch(id);
    }
    throw fieldError(422, 'audit_batch_name', AUDIT_MESSAGES.duplicateName(name));
  }

  async items(batchId: number): Promise<TAuditItems> {
    await this.batch(batchId);
    const repo = this.repo();
    const items = await repo.itemsOfBatch(batchId);
    const ids = items.map((i) => i.item.id);
    const [scans, posted] = [await repo.scansOf(ids), await repo.postedOf(ids)];
    const dtos = items.map((i) =>
      itemDto(
        i,
        scans.filter((s) => s.item_id === i.item.id),
        posted.filter((p) => p.item_id === i.item.id),
      ),
    );
    const transacted = (d: TAuditItem) =>
      d.submitted_at !== null || d.resolution_started_at !== null || d.resolved_at !== null;
    return { committed: dtos.filter((d) => !transacted(d)), transacted: dtos.filter(transacted) };
  }

  /** Complete Audit (audit-scan:submit): refused while an item's job is queued or running; a completed batch is final. */
  async finishBatch(id: number, user: AuthUser): Promise<TAuditBatch> {
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const batch = await repo.lockBatch(id);
      if (!batch) throw fieldError(404, 'audit_batch_id', AUDIT_MESSAGES.batchNotFound(id));
      if (batch.completedAt) throw conflict(AUDIT_MESSAGES.batchCompleted);
      if ((await repo.itemsWithActiveJobs(id)).length) throw conflict(AUDIT_MESSAGES.jobRunning);
      await repo.completeBatch(id, user.id);
    });
    return this.batch(id);
  }

  // ---- Items. ----

  /** A completed batch refuses every change (its completion locks the batch row; a change reads it with its item). */
  private refuseCompleted(i: ItemWithNames): void {
    if (i.batchCompletedAt) throw conflict(AUDIT_MESSAGES.batchCompleted);
  }

  /**
   * The checks of an item's start, from one look-up: the batch open, the model known, the bucket existing, the
   * audit type the product's. Answers the product, the bucket and the item's reference when it exists.
   */
  private async startChecks(repo: AuditsRepository, input: TRequest) {
    const bucket = input.auditBucket.toUpperCase();
    const found = await repo.startContext(input.auditBatchId, input.model, bucket);
    if (!found.batchExists) throw fieldError(404, 'auditBatchId', AUDIT_MESSAGES.batchNotFound(input.auditBatchId));
    if (found.batchCompleted) throw conflict(AUDIT_MESSAGES.batchCompleted);
    const product = found.product;
    if (!product) throw fieldError(404, 'model', AUDIT_MESSAGES.unknownModel(input.model));
    if (!found.bucketExists) throw fieldError(422, 'auditBucket', AUDIT_MESSAGES.unknownBucket(bucket));
    const expected = auditTypeOf({
      serial_number_tracked: product.serial_number_tracked,
      num_of_serials_per_item: product.num_of_serials_per_item,
    });
    if (input.auditTypeCode !== expected)
      throw fieldError(422, 'auditTypeCode', AUDIT_MESSAGES.wrongAuditType(expected));
    return { product, bucket, ref: found.ref };
  }

  private async userOf(
    repo: AuditsRepository,
    value: string | number | null | undefined,
    field: string,
    user: AuthUser,
  ): Promise<number> {
    if (value === null || value === undefined || value === '') return user.id;
    if (typeof value === 'number') {
      if (await repo.userExists(value)) return value;
      throw fieldError(422, field, `User ${value} does not exist.`);
    }
    // Digits are a user's id when they can be one (an integer column's range), else they are looked up as a name.
    if (/^\d{1,10}$/.test(value) && Number(value) <= MAX_ID && (await repo.userExists(Number(value))))
      return Number(value);
    const id = await repo.userIdByName(value);
    if (id === null) throw fieldError(422, field, `User ${value} does not exist.`);
    return id;
  }

  /**
   * The item of a model in a bucket of the batch, started when it does not exist: THE SNAPSHOT. Under the ledger's
   * on-hand row lock for (product, bucket) (every writer of that pair takes it before it writes its row), on-hand is
   * read (recorded_qty_at_start_of_tally) and the ledger's last row id (start_transaction_id): every movement of
   * the pair with a greater id happened during the count. Answers the item's reference.
   */
  private async startItem(tx: LedgerTx, input: TRequest, user: AuthUser): Promise<string> {
    const repo = this.repo(tx);
    const { product, bucket, ref: existing } = await this.startChecks(repo, input);
    if (existing) return existing;
    const talliedById = await this.userOf(repo, input.talliedById, 'talliedById', user);
    const recordedQty = await this.ledger.lockOnHandForCommit(tx, product.id, bucket);
    const ref = await repo.insertItem({
      batchId: input.auditBatchId,
      productId: product.id,
      bucket,
      auditTypeCode: input.auditTypeCode,
      scanningRequired: input.scanningRequired ?? true,
      recordedQty,
      talliedById,
    });
    // A racing starter made it first (the unique index): that item.
    return ref ?? (await repo.findItemRef(input.auditBatchId, product.id, bucket))!;
  }

  private async itemAnswer(ref: string, executor: Executor = this.db): Promise<TAuditItem> {
    const repo = this.repo(executor);
    const item = await repo.item(ref);
    if (!item) throw notFound(AUDIT_MESSAGES.itemNotFound(ref));
    return itemDto(item, await repo.scansOf([item.item.id]), await repo.postedOf([item.item.id]));
  }

  /**
   * 001 §7 request: without a reference, starts (or answers, to continue scanning) the item of the model in the
   * bucket; with one, finishes its tally. A finished tally answers 409 'Tally has already been submitted'.
   */
  async request(
    input: TRequest,
    user: AuthUser,
  ): Promise<{ ims_transaction_reference_id: string; audit_item: TAuditItem }> {
    const ref = await this.writes.run(async (tx) => {
      const repo = this.repo(tx);
      const given = textOrNull(input.transactionReferenceId);
      if (!given) {
        const started = await this.startItem(tx, input, user);
        const item = await repo.item(started);
        if (item!.item.tallyFinishedAt) throw conflict(AUDIT_MESSAGES.tallyAlreadySubmitted);
        return started;
      }
      const locked = await repo.lockItem(given);
      if (!locked) throw fieldError(404, 'transactionReferenceId', AUDIT_MESSAGES.itemNotFound(given));
      this.refuseCompleted(locked);
      if (locked.item.tallyFinishedAt) throw conflict(AUDIT_MESSAGES.tallyAlreadySubmitted);
      await repo.updateItem(locked.item.id, { tallyFinishedAt: new Date() });
      return given;
    });
    return { ims_transaction_reference_id: ref, audit_item: await this.itemAnswer(ref) };
  }

  private async tally(
    repo: AuditsRepository,
    itemId: number,
    ref: string,
    talliedQuantity: number,
  ): Promise<TAuditTally> {
    return {
      ims_transaction_reference_id: ref,
      tallied_quantity: talliedQuantity,
      serials: (await repo.scansOf([itemId])).map(scanDto),
    };
  }

  /**
   * Counts one unit (001 §5 scanning messages): its UPC, then its serials. The item (started on the first scan) is
   * locked first, so two auditors counting one item queue and the second sees the first's serials. Checks, in order:
   * the tally not finished; the UPC the product's (upc or alternate_upc) — when it is not, "UPC can't be serial" if
   * it is a serial (of this scan, already scanned in the item, or recorded for the product), else "UPC doesn't
   * match"; the serials' count (none for a product without serials: 'Too many serials scanned'); no serial equal to
   * the model number, nor to the product's UPC or alternate UPC ("UPC can't be serial", the scan tool's message); none already scanned in the item (any case, also twice in the scan); none live as another
   * product's serial. A clientScanId already recorded in the item answers the tally as it stands.
   */
  async quickAdd(input: TQuickAdd, user: AuthUser): Promise<TAuditTally> {
    return this.writes.run(async (tx) => {
      const repo = this.repo(tx);
      const ref = textOrNull(input.transactionReferenceId) ?? (await this.startItem(tx, input, user));
      const locked = await repo.lockItem(ref);
      if (!locked) throw fieldError(404, 'transactionReferenceId', AUDIT_MESSAGES.itemNotFound(ref));
      const { item, product } = locked;
      this.refuseCompleted(locked);
      const upc = input.scannedUpc.trim();
      const serials = splitAuditSerials(input.serialNumbers);
      const conflicts = await repo.scanConflicts({
        itemId: item.id,
        productId: product.id,
        serials,
        upc,
        clientScanId: input.clientScanId ?? null,
      });
      if (conflicts.replayed) return this.tally(repo, item.id, ref, item.talliedQuantity);
      if (item.tallyFinishedAt) throw conflict(AUDIT_MESSAGES.tallyAlreadySubmitted);
      const upcOk = upcMatches({ upc: product.upc, alternate_upc: product.alternate_upc }, upc);
      if (!upcOk) {
        const isSerial = conflicts.upcIsSerial || serials.some((s) => s.toUpperCase() === upc.toUpperCase());
        throw fieldError(422, 'scannedUpc', isSerial ? AUDIT_MESSAGES.upcIsSerial : AUDIT_MESSAGES.upcMismatch);
      }
      const perItem = serialPerItem(product);
      if (serials.length > perItem) throw fieldError(422, 'serialNumbers', AUDIT_MESSAGES.tooManySerials);
      if (serials.length < perItem) throw fieldError(422, 'serialNumbers', AUDIT_MESSAGES.tooFewSerials(perItem));
      if (serials.some((s) => s.toUpperCase() === product.model.toUpperCase()))
        throw fieldError(422, 'serialNumbers', AUDIT_MESSAGES.serialIsModel);
      // The scan tool's rule (audit-rules-client): a serial equal to the product's UPC or alternate UPC, any case.
      const upcs = [product.upc, product.alternate_upc]
        .filter((u): u is string => !!u?.trim())
        .map((u) => u.trim().toUpperCase());
      if (serials.some((s) => upcs.includes(s.toUpperCase())))
        throw fieldError(422, 'serialNumbers', AUDIT_MESSAGES.upcIsSerial);
      const upper = serials.map((s) => s.toUpperCase());
      if (conflicts.scanned.length || upper.some((s, i) => upper.indexOf(s) !== i))
        throw fieldError(409, 'serialNumbers', AUDIT_MESSAGES.serialAlreadyScanned);
      const other = conflicts.otherProduct[0];
      if (other)
        throw fieldError(409, 'serialNumbers', AUDIT_MESSAGES.serialOtherProduct(other.serial_number, other.model));
      const { tallied, scans } = await repo.insertUnit({
        itemId: item.id,
        productId: product.id,
        serials,
        upc,
        userId: user.id,
        clientScanId: input.clientScanId ?? null,
      });
      return { ims_transaction_reference_id: ref, tallied_quantity: tallied, serials: scans.map(scanDto) };
    });
  }

  /** Removes a scan's whole unit (the other serials of its item too); refused once the tally has finished. */
  async deleteSerial(scanId: number): Promise<TAuditTally> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const unit = await repo.unitOf(scanId);
      if (!unit) throw fieldError(404, 'id', `Scan ${scanId} does not exist.`);
      const locked = (await repo.lockItem(unit.ref))!;
      this.refuseCompleted(locked);
      if (locked.item.tallyFinishedAt) throw conflict(AUDIT_MESSAGES.tallyFinishedScan);
      const tallied = await repo.deleteUnit(locked.item.id, unit.unitId);
      if (tallied < 0) throw fieldError(404, 'id', `Scan ${scanId} does not exist.`);
      return this.tally(repo, locked.item.id, unit.ref, tallied);
    });
  }

  /** Deletes an item and its scans while it is being counted. */
  async deleteItem(ref: string): Promise<{ message: string; ims_transaction_reference_id: string }> {
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const locked = await repo.lockItem(ref);
      if (!locked) throw notFound(AUDIT_MESSAGES.itemNotFound(ref));
      this.refuseCompleted(locked);
      if (locked.item.tallyFinishedAt) throw conflict(AUDIT_MESSAGES.tallyFinishedDelete);
      await repo.deleteItem(locked.item.id);
    });
    return { message: `Audit item ${ref} deleted.`, ims_transaction_reference_id: ref };
  }

  // ---- The review. ----

  /**
   * The judgement of an item (docs/decisions.md, "Physical audits"): non-serialized, tallied − snapshot; serialized,
   * (discovered − missing serials) / serials per item, truncated toward zero. Less what the item already posted.
   */
  private async judgement(executor: Executor, i: ItemWithNames) {
    const repo = this.repo(executor);
    const { item, product } = i;
    const place = (await repo.bucketPlace(item.bucket))!;
    const posted = item.submittedDelta ?? 0;
    if (!isSerialized(i)) {
      return {
        place,
        scanned: [] as PlaceRow[],
        missing: [] as PlaceRow[],
        discovered: [] as PlaceRow[],
        judged: item.talliedQuantity - item.recordedQtyAtStartOfTally,
        posted,
      };
    }
    const perItem = Math.max(1, serialPerItem(product));
    const args = {
      itemId: item.id,
      productId: item.productId,
      bucket: item.bucket,
      startId: item.startTransactionId,
      ref: item.referenceId,
    };
    if (item.resolvedAt) {
      const judged = await repo.judge({ ...args, location: place.location_code, condition: place.condition_code });
      const done = await repo.resolvedSerials(args);
      return {
        place,
        scanned: judged.scanned,
        missing: done.missing,
        discovered: done.discovered,
        judged: posted,
        posted,
      };
    }
    const judged = await repo.judge({ ...args, location: place.location_code, condition: place.condition_code });
    return {
      place,
      ...judged,
      judged: Math.trunc((judged.discovered.length - judged.missing.length) / perItem),
      posted,
    };
  }

  private async reviewOf(executor: Executor, i: ItemWithNames): Promise<TAuditReview> {
    const repo = this.repo(executor);
    const { item, product } = i;
    const [j, moves, onHand, job, posted] = [
      await this.judgement(executor, i),
      await repo.movesSince(item.productId, item.bucket, item.startTransactionId, item.referenceId),
      await repo.onHand(item.productId, item.bucket),
      await repo.job(item.jobId),
      await repo.postedOf([item.id]),
    ];
    const here = {
      actual_location_code: j.place.location_code,
      actual_condition_code: j.place.condition_code,
      actual_disposition_code: 'LIVE',
    };
    const nowhere = { actual_location_code: null, actual_condition_code: null, actual_disposition_code: null };
    const place = (r: PlaceRow, actual: typeof here | typeof nowhere): TAuditReviewSerial => ({
      serial_number: r.serial_number,
      ims_inventory_serial_id: r.ims_inventory_serial_id,
      expected_location_code: r.expected_location_code,
      expected_condition_code: r.expected_condition_code,
      expected_disposition_code: r.expected_disposition_code,
      expected_bucket:
        r.expected_disposition_code === 'LIVE' || r.expected_disposition_code === null ? r.expected_bucket : null,
      ...actual,
      scanned_by: r.scanned_by,
    });
    const adjustment = item.resolvedAt ? 0 : j.judged - j.posted;
    const parse = (v: string[] | string | null) =>
      v === null ? [] : typeof v === 'string' ? (JSON.parse(v) as string[]) : v;
    const moveDtos = moves.map((m) => ({
      ims_transaction_reference_id: m.ims_transaction_reference_id,
      type: m.type,
      quantity_delta: Number(m.quantity_delta),
      created_at: iso(m.created_at)!,
      user_name: m.user_name,
      serials: parse(m.serials),
    }));
    return {
      ims_transaction_reference_id: item.referenceId,
      audit_batch_id: item.batchId,
      product: productDto(product),
      audit_bucket: item.bucket,
      audit_type_code: item.auditTypeCode as TAuditReview['audit_type_code'],
      expected_quantity: item.recordedQtyAtStartOfTally,
      actual_tallied_quantity: item.talliedQuantity,
      moves_during_tally: moveDtos,
      moves_during_tally_net: moveDtos.reduce((sum, m) => sum + m.quantity_delta, 0),
      current_on_hand: onHand,
      adjustment_quantity: adjustment,
      new_on_hand: onHand + adjustment,
      scanned_serials: j.scanned.map((r) => place(r, here)),
      missing_serials: j.missing.map((r) => place(r, nowhere)),
      discovered_serials: j.discovered.map((r) => place(r, here)),
      is_submitted: item.submittedAt !== null,
      is_resolved: item.resolvedAt !== null,
      tally_finished_at: iso(item.tallyFinishedAt),
      submitted_at: iso(item.submittedAt),
      resolution_started_at: iso(item.resolutionStartedAt),
      resolved_at: iso(item.resolvedAt),
      adjustment_transactions: posted.map(postedDto),
      job: jobDto(job),
    };
  }

  async review(ref: string): Promise<TAuditReview> {
    const item = await this.repo().item(ref);
    if (!item) throw notFound(AUDIT_MESSAGES.itemNotFound(ref));
    return this.reviewOf(this.db, item);
  }

  // ---- Submit Adjustment Only, Resolve Discrepancies. ----

  /** The state checks of a submit, on the locked item. */
  private async submitChecks(repo: AuditsRepository, i: ItemWithNames, mode: AuditSubmitMode): Promise<void> {
    this.refuseCompleted(i);
    const job = await repo.job(i.item.jobId);
    if (job && (job.status === 'queued' || job.status === 'running')) throw conflict(AUDIT_MESSAGES.jobRunning);
    if (mode === 'transact') {
      if (i.item.submittedAt || i.item.resolvedAt) throw conflict(AUDIT_MESSAGES.tallyAlreadySubmitted);
      if (i.item.resolutionStartedAt) throw conflict(AUDIT_MESSAGES.resolutionStarted);
    } else {
      if (i.item.resolvedAt) throw conflict(AUDIT_MESSAGES.alreadyResolved);
      if (i.item.resolutionStartedAt) throw conflict(AUDIT_MESSAGES.resolutionStarted);
    }
  }

  /**
   * The work of a transact or resolve, in the caller's transaction (the request's, or the job's: the same function).
   * Locks the item, finishes its tally if needed, judges it and posts through the ledger, and marks it. `jobId`: run
   * as that job (the item must still be waiting for it).
   */
  async applySubmit(
    executor: LedgerTx,
    payload: AuditJobPayload,
    options: { jobId?: number; progress?: (done: number, total: number) => Promise<void> } = {},
  ): Promise<{ ims_transaction_reference_id: string; bucket: string; quantity_delta: number }[]> {
    const repo = this.repo(executor);
    const i = await repo.lockItem(payload.ref);
    if (!i) throw notFound(AUDIT_MESSAGES.itemNotFound(payload.ref));
    if (options.jobId !== undefined) {
      if (i.item.jobId !== options.jobId)
        throw conflict(`Audit item ${payload.ref} no longer waits for job ${options.jobId}.`);
      if (payload.mode === 'transact' ? i.item.submittedAt : i.item.resolvedAt)
        throw conflict(
          payload.mode === 'transact' ? AUDIT_MESSAGES.tallyAlreadySubmitted : AUDIT_MESSAGES.alreadyResolved,
        );
    }
    const { item, product } = i;
    const now = new Date();
    if (!item.tallyFinishedAt) item.tallyFinishedAt = now;
    const j = await this.judgement(executor, i);
    const details = {
      audit_type_code: item.auditTypeCode,
      audit_batch_id: item.batchId,
      submit_notes: payload.notes,
      ims_initiating_transaction_id: item.referenceId,
    };
    const base = {
      executor,
      referenceId: item.referenceId,
      productId: item.productId,
      bucket: item.bucket,
      userId: payload.userId,
      notes: payload.notes,
      details,
    };
    let posted: { referenceId: string; bucket: string; quantityDelta: number }[] = [];
    let delta = 0;
    if (payload.mode === 'resolve' && isSerialized(i)) {
      const result = await this.ledger.postAuditAdjustment({
        ...base,
        serials: {
          out: j.missing.map((s) => s.serial_number),
          in: j.discovered.map((s) => s.serial_number),
          perItem: serialPerItem(product),
          alreadyPosted: j.posted,
        },
        progress: options.progress,
      });
      posted = result.transactions;
      delta = result.bucketDelta;
    } else if (!item.submittedAt) {
      const result = await this.ledger.postAuditAdjustment({ ...base, quantityDelta: j.judged - j.posted });
      posted = result.transactions;
      delta = j.judged - j.posted;
    }
    await repo.updateItem(item.id, {
      tallyFinishedAt: item.tallyFinishedAt,
      submittedAt: item.submittedAt ?? now,
      submittedById: item.submittedById ?? payload.userId,
      submitNotes: item.submitNotes ?? payload.notes,
      submittedDelta: (item.submittedDelta ?? 0) + delta,
      ...(payload.mode === 'resolve'
        ? { resolutionStartedAt: item.resolutionStartedAt ?? now, resolvedAt: now, resolvedById: payload.userId }
        : // A queued transact marked resolution_started_at while it waited: it resolved nothing.
          { resolutionStartedAt: null }),
    });
    return posted.map((t) => ({
      ims_transaction_reference_id: t.referenceId,
      bucket: t.bucket,
      quantity_delta: t.quantityDelta,
    }));
  }

  /** A queued transact or resolve that failed: the item can be submitted again (the job's work was rolled back). */
  async jobFailed(executor: Executor, payload: AuditJobPayload): Promise<void> {
    const repo = this.repo(executor);
    const i = await repo.lockItem(payload.ref);
    if (!i || i.item.jobId === null) return;
    const job = await repo.job(i.item.jobId);
    if (job?.status === 'failed') await repo.updateItem(i.item.id, { resolutionStartedAt: null, jobId: null });
  }

  async submit(ref: string, mode: AuditSubmitMode, input: TSubmit, user: AuthUser): Promise<TAuditSubmitted> {
    const queue = isAsync(input.shouldPerformAsync) ? this.jobs : null;
    const result = await this.writes.run(async (tx) => {
      const repo = this.repo(tx);
      const i = await repo.lockItem(ref);
      if (!i) throw notFound(AUDIT_MESSAGES.itemNotFound(ref));
      await this.submitChecks(repo, i, mode);
      const userId = await this.userOf(repo, input.submittedById, 'submittedById', user);
      const payload: AuditJobPayload = { ref, mode, userId, notes: textOrNull(input.submitNotes) };
      if (queue) {
        const queued = await queue.enqueue(tx, {
          kind: AUDIT_JOB_KINDS[mode],
          payload: { ...payload },
          createdById: user.id,
        });
        const jobId = queued.id;
        await repo.updateItem(i.item.id, { resolutionStartedAt: new Date(), jobId });
        return { jobId, transactions: [] };
      }
      return { jobId: null, transactions: await this.applySubmit(tx, payload) };
    });
    const review = await this.review(ref);
    const message =
      result.jobId !== null
        ? `Queued: the ${mode === 'transact' ? 'adjustment' : 'resolution'} runs in the background (job ${result.jobId}).`
        : mode === 'transact'
          ? result.transactions.length
            ? 'Adjustment submitted.'
            : 'Adjustment submitted: the count matches, nothing to post.'
          : 'Adjustment submitted and discrepancies resolved.';
    return {
      message,
      job: review.job && result.jobId !== null ? review.job : null,
      review,
      transactions: result.transactions,
    };
  }
}
