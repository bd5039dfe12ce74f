import {
  ADMIN_ADJUSTMENT_AUDIT_TYPE,
  ADMIN_ADJUSTMENT_MESSAGES,
  centsToDollars,
  type TAccountingInventoryReport,
  type TAdjustableInventory,
  type TAdjustmentBucket,
  type TAdminAdjustmentResult,
  type TPreviousAuditAdjustment,
  ZAdminAdjustmentSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { HttpError, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/register-route.js';
import { type Ledger, LedgerRefusal } from '../ledger/ledger-writer.js';
import { LedgerWrites } from '../ledger/ledger-transaction.js';
import {
  AdminAdjustmentsRepository,
  type AdjustmentBucketRow,
  type AdjustmentProduct,
} from './admin-adjustments.repository.js';

type TAdjust = z.output<typeof ZAdminAdjustmentSchema>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const bucketDto = (b: AdjustmentBucketRow): TAdjustmentBucket => ({
  bucket: b.bucket,
  location_code: b.locationCode,
  condition_code: b.conditionCode,
  is_local_inventory_bucket: b.isLocal ? 1 : 0,
});

/** A missing model or bucket: 404 on a read (the thing asked for), 422 on the adjustment (a field of its body). */
const missing = (status: 404 | 422, field: string, message: string) =>
  new HttpError(status, message, { [field]: [message] });

/**
 * Admin-level inventory adjustments (002 §2 "Other", §3, §5, §7) and the accounting inventory report
 * (001 §7). An adjustment sets a bucket's on-hand through `Ledger.postQuantityAdjustment`: one
 * INVENTORY_AUDIT_ADJUSTMENT with old and new quantity, the signed-in user and the notes (docs/decisions.md).
 */
export class AdminAdjustmentsService {
  constructor(
    private readonly db: Database,
    /** The one entry of stock writes: the process's gate, the transaction, the rerun after a deadlock. */
    private readonly writes: LedgerWrites = new LedgerWrites(db),
  ) {}

  private get ledger(): Ledger {
    return this.writes.ledger;
  }

  private repo(executor: Executor = this.db) {
    return new AdminAdjustmentsRepository(executor);
  }

  private async product(
    model: string,
    status: 404 | 422,
    field = 'model',
    executor: Executor = this.db,
  ): Promise<AdjustmentProduct> {
    const product = await this.repo(executor).productByModel(model);
    if (!product) throw missing(status, field, ADMIN_ADJUSTMENT_MESSAGES.unknownModel(model));
    return product;
  }

  /** GET ims/audit-adjustments?model=: the model's buckets and quantities (empty: 'No inventory found for the selected models'). */
  async inventory(model: string): Promise<TAdjustableInventory> {
    const product = await this.product(model, 404);
    const rows = await this.repo().inventoryOf(product.id);
    return {
      product: {
        id: product.id,
        model: product.model,
        product_title: product.productTitle,
        serial_number_tracked: product.serialNumberTracked ? 1 : 0,
      },
      data: rows.map((r) => ({
        product_id: product.id,
        model: product.model,
        bucket: r.bucket,
        location_code: r.locationCode,
        condition_code: r.conditionCode,
        is_local_inventory_bucket: r.isLocal ? 1 : 0,
        quantity: r.quantity,
        binned_quantity: r.binned,
        last_updated_at: r.lastUpdatedAt.toISOString(),
      })),
    };
  }

  /** GET ims/audit-adjustments/buckets. */
  async buckets(): Promise<{ data: TAdjustmentBucket[] }> {
    return { data: (await this.repo().activeBuckets()).map(bucketDto) };
  }

  /** GET ims/audit-adjustments/previous-audit-adjustments?legacyBucket=&product=: newest first (002 §3 Audit adjustment). */
  async previous(query: { legacyBucket: string; product: string }): Promise<{ data: TPreviousAuditAdjustment[] }> {
    const product = await this.product(query.product, 404, 'product');
    const bucket = await this.repo().bucket(query.legacyBucket);
    if (!bucket) throw missing(404, 'legacyBucket', ADMIN_ADJUSTMENT_MESSAGES.unknownBucket(query.legacyBucket));
    const rows = await this.repo().adjustments(product.id, bucket.bucket);
    return {
      data: rows.map((r) => {
        const d = r.details ?? {};
        const oldQuantity = num(d.old_quantity) ?? r.before;
        return {
          ims_transaction_reference_id: r.reference,
          submitted_at: r.createdAt.toISOString(),
          tally_notes: text(d.tally_notes) ?? text(d.submit_notes) ?? r.notes,
          submitted_by_name: r.username,
          old_quantity: oldQuantity,
          new_quantity: num(d.new_quantity) ?? oldQuantity + r.quantityDelta,
          quantity_delta: r.quantityDelta,
          reason: text(d.reason),
        };
      }),
    };
  }

  /**
   * PUT ims/audit-adjustments: sets the bucket's on-hand to `quantity` (0 zeroes it out) as the signed-in user. A
   * `username` that is not theirs is refused (422 naming username); an unknown model or bucket is a 422 naming
   * model / legacyBucket; the ledger refuses an unchanged quantity (422) and one below what the bins hold (409).
   */
  async adjust(input: TAdjust, user: AuthUser): Promise<TAdminAdjustmentResult> {
    if (input.username && input.username.toLowerCase() !== user.username.toLowerCase()) {
      throw unprocessable(ADMIN_ADJUSTMENT_MESSAGES.otherUser, { username: [ADMIN_ADJUSTMENT_MESSAGES.otherUser] });
    }
    return this.writes.run(async (tx) => {
      const product = await this.product(input.model, 422, 'model', tx);
      const bucket = await this.repo(tx).bucket(input.legacyBucket);
      if (!bucket) throw missing(422, 'legacyBucket', ADMIN_ADJUSTMENT_MESSAGES.unknownBucket(input.legacyBucket));
      try {
        const posted = await this.ledger.postQuantityAdjustment({
          executor: tx,
          productId: product.id,
          bucket: bucket.bucket,
          newQuantity: input.quantity,
          userId: user.id,
          notes: input.notes,
          details: {
            reason: 'admin_adjustment',
            audit_type_code: ADMIN_ADJUSTMENT_AUDIT_TYPE,
            submitted_by: user.username,
          },
        });
        return {
          ims_transaction_reference_id: posted.transaction.referenceId,
          model: product.model,
          bucket: bucket.bucket,
          old_quantity: posted.oldQuantity,
          new_quantity: posted.newQuantity,
          quantity_delta: posted.transaction.quantityDelta,
        };
      } catch (error) {
        if (error instanceof LedgerRefusal && (error.field === 'bucket' || error.field === 'productId')) {
          const field = error.field === 'bucket' ? 'legacyBucket' : 'model';
          throw new HttpError(error.statusCode, error.message, { [field]: [error.message] });
        }
        throw error;
      }
    });
  }

  /** GET accounting-inventory-report?model=: on-hand per bucket holding stock, valued at the product's current cost. */
  async accountingReport(model: string): Promise<TAccountingInventoryReport> {
    const product = await this.product(model, 404);
    const rows = await this.repo().inventoryOf(product.id, { onlyHolding: true });
    const unit = product.costCents;
    const totalQuantity = rows.reduce((sum, r) => sum + r.quantity, 0);
    return {
      model: product.model,
      product_title: product.productTitle,
      unit_cost: centsToDollars(unit),
      data: rows.map((r) => ({
        bucket: r.bucket,
        location_code: r.locationCode,
        condition_code: r.conditionCode,
        quantity: r.quantity,
        unit_cost: centsToDollars(unit),
        total_value: centsToDollars(unit * r.quantity),
      })),
      total_quantity: totalQuantity,
      total_value: centsToDollars(unit * totalQuantity),
    };
  }
}
