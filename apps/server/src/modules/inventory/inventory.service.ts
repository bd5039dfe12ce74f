import {
  centsToDollars,
  type TDropShipInventoryRow,
  INVENTORY_SEARCH_LIMIT,
  type TInventorySearchBy,
  type TInventorySearchCard,
  type TInventoryTransactionDetail,
  type TProductPreview,
  type TSerialSearchCard,
  type TInventorySerialDetail,
  type TSerialHistoryEvent,
  type TTransferTransaction,
  type TCommittedSale,
  type TSaleTransaction,
} from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { toProductDto } from '../catalog/catalog.service.js';
import { CommittedSalesService } from '../committed-sales/committed-sales.service.js';
import { TransfersService } from '../transfers/transfers.service.js';
import { ReservationsRepository } from '../reservations/reservations.repository.js';
import { InventoryRepository } from './inventory.repository.js';

export interface InventorySearchInput {
  searchBy: TInventorySearchBy;
  searchValue: string;
  includeInactive?: boolean;
  exact?: boolean;
  bucket?: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === null || value === undefined ? null : String(value);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** Inventory reads: search cards, product detail, serial detail and history, transaction detail. */
export class InventoryService {
  constructor(private readonly db: Database) {}

  private get repo() {
    return new InventoryRepository(this.db);
  }

  async search(input: InventorySearchInput): Promise<{
    searchBy: TInventorySearchBy;
    data: TInventorySearchCard[];
    serials: TSerialSearchCard[];
    more: boolean;
  }> {
    const repo = this.repo;
    const exact = input.exact ?? false;
    const includeInactive = input.includeInactive ?? false;
    if (input.searchBy === 'serial') {
      const rows = await repo.searchSerials(input.searchValue, { exact, includeInactive }, INVENTORY_SEARCH_LIMIT + 1);
      const serials = rows.slice(0, INVENTORY_SEARCH_LIMIT).map((r) => ({
        id: r.id,
        serial_number: r.serialNumber,
        location_code: r.locationCode,
        condition_code: r.conditionCode,
        disposition_code: r.dispositionCode,
        product: {
          id: r.productId,
          model: r.model,
          product_title: r.productTitle,
          brand_name: r.brandName,
          manufacturer_name: r.manufacturerName,
          category_name: r.categoryName,
          mpn: r.partNumber,
          upc: r.upc,
          asin: r.asin,
          listing_id: r.listingId,
          sku: r.sku,
        },
      }));
      return { searchBy: input.searchBy, data: [], serials, more: rows.length > INVENTORY_SEARCH_LIMIT };
    }
    const rows = await repo.searchProducts(
      input.searchBy,
      input.searchValue,
      { exact, includeInactive, bucket: input.bucket },
      INVENTORY_SEARCH_LIMIT + 1,
    );
    const shown = rows.slice(0, INVENTORY_SEARCH_LIMIT);
    const stock = await repo.sellableBuckets(shown.map((r) => r.id));
    const data = shown.map((row) => ({
      ...toProductDto(row),
      inventory: stock
        .filter((s) => s.productId === row.id)
        .map((s) => ({
          bucket: s.bucket,
          location_code: s.locationCode,
          condition_code: s.conditionCode,
          quantity: s.quantity,
        })),
    }));
    return { searchBy: input.searchBy, data, serials: [], more: rows.length > INVENTORY_SEARCH_LIMIT };
  }

  async preview(model: string): Promise<TProductPreview> {
    const repo = this.repo;
    const product = await repo.productByModel(model);
    if (!product) throw notFound(`No product has the model ${model}.`);
    const [rows, committed] = await Promise.all([
      repo.inventoryRows(product.id),
      new ReservationsRepository(this.db).committedByBucket(product.id),
    ]);
    return {
      product: toProductDto(product),
      inventory: rows.map((r) => ({
        id: `${product.id}:${r.bucket}`,
        bucket: r.bucket,
        location_code: r.locationCode,
        condition_code: r.conditionCode,
        quantity: r.quantity,
        committed_quantity: committed.get(r.bucket) ?? 0,
        available: r.quantity - (committed.get(r.bucket) ?? 0),
        binned_quantity: r.binned,
        notes: r.notes,
        last_updated_at: r.lastUpdatedAt.toISOString(),
      })),
    };
  }

  async serial(id: number): Promise<TInventorySerialDetail> {
    const row = await this.repo.serialById(id);
    if (!row) throw notFound(`Inventory serial ${id} does not exist.`);
    const s = row.serial;
    return {
      id: s.id,
      serial_number: s.serialNumber,
      bucket: s.bucket,
      location_code: s.locationCode,
      condition_code: s.conditionCode,
      disposition_code: s.dispositionCode,
      po_api_po_id: s.poApiPoId,
      purchase_ref_id: row.purchaseRefId,
      legacy_po_api_po_id: s.legacyPoApiPoId,
      distributor_inventory_item_id: s.distributorInventoryItemId,
      notes: s.notes,
      customer_comments: s.customerComments,
      created_at: s.createdAt.toISOString(),
      product: {
        id: row.product.id,
        model: row.product.model,
        product_title: row.product.productTitle,
        image_url: row.product.imageUrl,
      },
      committed_sale_serials: (await this.committedSaleSerialsOf(s.id)).map(
        ({ line, sale, ledgerReference, workOrderId }) => ({
          serial_number: line.serialNumber,
          scanned_at: line.scannedAt.toISOString(),
          scanned_upc: line.scannedUpc,
          qc_complete: line.qcComplete,
          packed: line.packed,
          sale: {
            ims_transaction_reference_id: sale.referenceId,
            legacy_pos_invoice_id: sale.legacyPosInvoiceId,
            source_bucket: sale.sourceBucket,
            committed_quantity: sale.committedQuantity,
            created_at: sale.createdAt.toISOString(),
            transacted_at: sale.transactedAt ? sale.transactedAt.toISOString() : null,
            ledger_reference: ledgerReference,
            pos_work_order_id: workOrderId,
          },
        }),
      ),
    };
  }

  private async committedSaleSerialsOf(serialId: number) {
    const rows = await this.repo.committedSaleSerialsOf(serialId);
    const workOrders = await this.repo.workOrdersOfSales([...new Set(rows.map((r) => r.sale.id))]);
    return rows.map((r) => ({ ...r, workOrderId: workOrders.get(r.sale.id) ?? null }));
  }

  /** A sale's transaction fields (001 §3 INVENTORY_SALE): its work order, and its sale type (the channel it sold on). */
  private async saleTransaction(sale: TCommittedSale | null): Promise<TSaleTransaction | null> {
    if (!sale) return null;
    const workOrders = await this.repo.workOrdersOfSales([sale.id]);
    return { ...sale, pos_work_order_id: workOrders.get(sale.id) ?? null, sale_type_code: sale.sales_channel };
  }

  async serialHistory(id: number): Promise<TSerialHistoryEvent[]> {
    const repo = this.repo;
    if (!(await repo.serialById(id))) throw notFound(`Inventory serial ${id} does not exist.`);
    const rows = await repo.serialHistory(id);
    return rows.map(({ line, tx, username }) => ({
      events_date: tx.createdAt.toISOString(),
      type: tx.type,
      ims_transaction_reference_id: tx.referenceId,
      bucket: tx.bucket,
      scanned_serial_number: line.scannedSerialNumber,
      scanned_upc: line.scannedUpc,
      old_location_code: line.oldLocationCode,
      new_location_code: line.newLocationCode,
      old_condition_code: line.oldConditionCode,
      new_condition_code: line.newConditionCode,
      old_disposition_code: line.oldDispositionCode,
      new_disposition_code: line.newDispositionCode,
      notes: line.notes,
      transacted_by: username,
    }));
  }

  /**
   * A transaction by its reference: a ledger row (IR-, IU-, IT-, IS-, …), or a committed transfer (CT-) or sale (CS-):
   * once transacted, its ledger row (a transfer's row into the destination); before, the committed record alone.
   */
  async transaction(referenceId: string): Promise<TInventoryTransactionDetail> {
    const missing = () => notFound(`Inventory transaction ${referenceId} does not exist.`);
    if (referenceId.startsWith('CT-')) {
      const transfer = await new TransfersService(this.db).transferTransaction(referenceId);
      if (!transfer) throw missing();
      const ledgerRow = transfer.ledger_references.at(-1);
      return ledgerRow ? this.ledgerTransaction(ledgerRow) : committedTransferDetail(transfer);
    }
    if (referenceId.startsWith('CS-')) {
      const sale = await new CommittedSalesService(this.db).byReference(referenceId);
      if (!sale) throw missing();
      const ledgerRow = await this.repo.transactionReferenceByRequestId(`${referenceId}/transact`);
      return ledgerRow ? this.ledgerTransaction(ledgerRow) : committedSaleDetail((await this.saleTransaction(sale))!);
    }
    return this.ledgerTransaction(referenceId);
  }

  private async ledgerTransaction(referenceId: string): Promise<TInventoryTransactionDetail> {
    const repo = this.repo;
    const row = await repo.transactionByReference(referenceId);
    if (!row) throw notFound(`Inventory transaction ${referenceId} does not exist.`);
    const { tx } = row;
    const details = tx.details ?? {};
    const poIds = {
      po_api_po_id: tx.purchaseOrderId,
      po_api_po_item_id: tx.purchaseOrderItemId,
      purchase_ref_id: row.purchaseRefId,
      legacy_po_api_po_id: row.legacyPoNumber,
    };
    const serials = await repo.transactionSerials(tx.id);
    const owner = text(details.reference_id);
    return {
      ims_transaction_reference_id: tx.referenceId,
      type: tx.type,
      bucket: tx.bucket,
      location_code: row.locationCode,
      condition_code: row.conditionCode,
      quantity_delta: tx.quantityDelta,
      notes: tx.notes,
      transacted_at: tx.createdAt.toISOString(),
      transacted_by: row.username,
      product: {
        id: row.product.id,
        model: row.product.model,
        product_title: row.product.productTitle,
        upc: row.product.upc,
      },
      serials: serials.map((s) => ({
        fk_inventory_serial_id: s.serialId,
        scanned_serial_number: s.scannedSerialNumber,
        scanned_upc: s.scannedUpc,
        scanned_at: s.scannedAt.toISOString(),
        old_location_code: s.oldLocationCode,
        new_location_code: s.newLocationCode,
        old_condition_code: s.oldConditionCode,
        new_condition_code: s.newConditionCode,
        old_disposition_code: s.oldDispositionCode,
        new_disposition_code: s.newDispositionCode,
        notes: s.notes,
      })),
      reversed_by: row.reversedByReference,
      receipt:
        tx.type === 'INVENTORY_RECEIPT'
          ? {
              ...poIds,
              received_quantity: int(details.received_quantity) ?? tx.quantityDelta,
              receiving_bucket: text(details.receiving_bucket) ?? tx.bucket,
              scanned_by: text(details.scanned_by),
            }
          : null,
      unreceipt:
        tx.type === 'INVENTORY_UNRECEIPT'
          ? {
              ...poIds,
              unreceived_quantity: int(details.unreceived_quantity) ?? -tx.quantityDelta,
              reverses_ims_transaction_reference_id: row.reversesReference ?? text(details.reverses),
            }
          : null,
      // The committed record a transfer's or sale's ledger row posts (details.reference_id: CT-… / CS-…).
      transfer:
        tx.type === 'INVENTORY_TRANSFER' && owner?.startsWith('CT-')
          ? await new TransfersService(this.db).transferTransaction(owner)
          : null,
      sale:
        tx.type === 'INVENTORY_SALE' && owner?.startsWith('CS-')
          ? await this.saleTransaction(await new CommittedSalesService(this.db).byReference(owner))
          : null,
      audit_adjustment:
        tx.type === 'INVENTORY_AUDIT_ADJUSTMENT' ? await this.auditAdjustment(tx, details, row.username) : null,
    };
  }

  /**
   * The fields of an INVENTORY_AUDIT_ADJUSTMENT (001 §3): from its details when it carries them (a quantity adjustment
   * records old and new quantity and its notes), else from the bucket's on-hand before the row (a force push).
   */
  private async auditAdjustment(
    tx: { id: number; productId: number; bucket: string; quantityDelta: number; notes: string | null },
    details: Record<string, unknown>,
    username: string | null,
  ) {
    const recorded = int(details.old_quantity);
    const oldQuantity = recorded ?? (await this.repo.onHandBefore(tx.productId, tx.bucket, tx.id));
    const initiating = text(details.ims_initiating_transaction_id) ?? text(details.reference_id);
    return {
      reason: text(details.reason),
      audit_type_code: text(details.audit_type_code) ?? (text(details.reason) === 'force_push' ? 'FORCE_PUSH' : null),
      old_quantity: oldQuantity,
      new_quantity: int(details.new_quantity) ?? oldQuantity + tx.quantityDelta,
      audit_bucket: text(details.audit_bucket) ?? tx.bucket,
      submitted_by: text(details.submitted_by) ?? username,
      submit_notes: text(details.submit_notes) ?? tx.notes,
      ims_initiating_transaction_id: initiating,
    };
  }

  /** Distributor-held inventory of a model, keyed by vendor location code (001 §2). */
  async dropShip(model: string): Promise<Record<string, TDropShipInventoryRow[]>> {
    const map: Record<string, TDropShipInventoryRow[]> = {};
    for (const r of await this.repo.dropShipInventory(model)) {
      (map[r.locationCode] ??= []).push({
        vendor_id: r.vendorId,
        vendor_name: r.vendorName,
        vendor_location_code: r.locationCode,
        model: r.model,
        qty_purchasable: r.qty,
        cost: r.costCents === null ? null : centsToDollars(r.costCents),
        updated_at: r.updatedAt.toISOString(),
      });
    }
    return map;
  }

  async serialsByProxy(query: { model: string; locationCode: string; conditionCode: string }) {
    const rows = await this.repo.serialsByProxy(query.model, query.locationCode, query.conditionCode);
    return rows.map((r) => ({
      id: r.id,
      serial_number: r.serialNumber,
      bucket: r.bucket,
      received_at: r.createdAt.toISOString(),
    }));
  }
}

/** A committed transfer not transacted yet: its transaction is the commitment alone (no ledger row, nothing moved). */
function committedTransferDetail(t: TTransferTransaction): TInventoryTransactionDetail {
  return {
    ims_transaction_reference_id: t.ims_transaction_reference_id,
    type: 'INVENTORY_TRANSFER',
    bucket: t.to_bucket,
    location_code: null,
    condition_code: null,
    quantity_delta: 0,
    notes: t.committed_notes,
    transacted_at: t.committed_at,
    transacted_by: t.committed_by_name,
    product: { id: t.product.id, model: t.product.model, product_title: t.product.product_title, upc: null },
    serials: [],
    reversed_by: null,
    receipt: null,
    unreceipt: null,
    transfer: t,
    sale: null,
    audit_adjustment: null,
  };
}

/** An open committed sale: its transaction is the commitment alone. */
function committedSaleDetail(sale: TSaleTransaction): TInventoryTransactionDetail {
  return {
    ims_transaction_reference_id: sale.ims_transaction_reference_id,
    type: 'INVENTORY_SALE',
    bucket: sale.source_bucket,
    location_code: null,
    condition_code: null,
    quantity_delta: 0,
    notes: sale.commit_notes,
    transacted_at: sale.created_at,
    transacted_by: sale.committed_by_name,
    product: { id: sale.product.id, model: sale.product.model, product_title: sale.product.product_title, upc: null },
    serials: [],
    reversed_by: null,
    receipt: null,
    unreceipt: null,
    transfer: null,
    sale,
    audit_adjustment: null,
  };
}
