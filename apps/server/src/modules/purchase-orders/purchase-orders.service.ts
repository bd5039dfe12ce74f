import {
  centsToDollars,
  computePoTotals,
  CREATE_PO_MESSAGES,
  dollarsToCents,
  EXCLUDED_VENDOR_ID,
  type exportPurchaseOrdersRoute,
  PO_EXPORT_COLUMNS,
  PO_STATUS,
  PO_STATUSES,
  purchaseRefIdFor,
  type TPoLine,
  type TPurchaseOrder,
  type TPurchaseOrderSummary,
  ZApplyToAllLinesSchema,
  ZCreatePurchaseOrderSchema,
  ZPoListQuerySchema,
  ZUpdatePoLineSchema,
  ZUpdatePurchaseOrderSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Database, Executor } from '../../db/database.js';
import { randomUUID } from 'node:crypto';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.js';
import { listExportFile, listPages } from '../../http/list-export.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { PurchaseOrderDocument } from '../../shared/purchase-order-document.js';
import {
  PurchaseOrdersRepository,
  type PoHistoryRow,
  type PoItemRow,
  type PoSummaryRow,
} from './purchase-orders.repository.js';
import { PoFigures } from '../ledger/po-figures.repository.js';
import { namedRef, recordChanges, recordCreated, recordDeleted } from '../history/history.service.js';

const statusId = (name: string) => PO_STATUSES.find((s) => s.status_name === name)!.id;
const COMPLETE = statusId(PO_STATUS.complete);
const ORDER_SENT = statusId(PO_STATUS.orderSent);
const ORDER_CONFIRMED = statusId(PO_STATUS.orderConfirmed);
const NEW = statusId(PO_STATUS.new);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummaryDto({ po, vendorName, statusName, createdByName }: PoSummaryRow): TPurchaseOrderSummary {
  const totals = computePoTotals(
    [{ costCents: po.totalCents, qtyOrdered: 1, qtyReceived: 0 }],
    po.dfiDiscountPercentage,
    po.paid,
  );
  return {
    id: po.id,
    purchase_ref_id: po.purchaseRefId,
    legacy_po_number: po.legacyPoNumber,
    created_at: po.createdAt.toISOString(),
    created_by: po.createdBy,
    created_by_name: createdByName,
    ims_location_code: po.imsLocationCode,
    purchase_order_type: po.purchaseOrderType,
    vendor_id: po.vendorId,
    vendor_name: vendorName,
    tracking_number: po.trackingNumber,
    carrier_name: po.carrierName,
    vendor_order_id: po.vendorOrderId,
    paid: po.paid,
    is_ats: po.isAts,
    purchase_order_status: { id: po.statusId, status_name: statusName },
    dfi_discount_percentage: po.dfiDiscountPercentage,
    purchase_terms_id: po.purchaseTermsId,
    sent_via_edi: po.sentViaEdi,
    total: centsToDollars(po.totalCents),
    total_received: centsToDollars(po.totalReceivedCents),
    dfi_discount_amount: centsToDollars(totals.dfiDiscountCents),
    balance_due: centsToDollars(totals.balanceDueCents),
  };
}

/** A send the EDI module refused or could not deliver: thrown inside the transaction to roll it back. */
class EdiSendRefused extends Error {
  constructor(readonly errors: string[]) {
    super('EDI send refused');
  }
}

/** Sends a document to a vendor by EDI; the edi module implements it. */
export interface EdiGateway {
  /** Validates and builds the 850, delivering nothing. */
  prepare(
    doc: PurchaseOrderDocument,
    controlNumber: number,
  ): { ok: true; fileName: string; content: string } | { ok: false; errors: string[] };
  /** Delivers a prepared 850; the same file again is harmless. Throws what went wrong, in words. */
  deliver(fileName: string, content: string): Promise<{ location: string }>;
}

type EmailInput = { email: string; name: string; message: string; ccs: string[] };

/** Renders and mails PO documents; the documents module implements it. */
export interface DocumentGateway {
  pdf(doc: PurchaseOrderDocument): Promise<Buffer>;
  /** Throws a 400 naming the malformed addresses, before anything is queued. */
  checkRecipients(input: EmailInput): void;
  /** A Message-ID, `<key@our domain>`, for the outbox row `key`. */
  messageId(key: string): string;
  email(
    doc: PurchaseOrderDocument,
    input: EmailInput,
    pdf: Buffer,
    identity: { messageId: string; date: Date },
  ): Promise<{ messageId: string }>;
}

/**
 * Outside effects of purchasing, written from the outbox (rows of the job queue inserted in the business
 * transaction, delivered after its commit): an 850 file and a PO e-mail. docs/decisions.md, "Outside effects from an outbox".
 */
export const EDI_850_JOB = 'purchase-order.edi-850';
export const PO_EMAIL_JOB = 'purchase-order.email';
/** Attempts of one delivery (a throw is claimed again at once; a process that died mid-delivery is requeued too). */
const DELIVERY_ATTEMPTS = 3;

interface Edi850Payload {
  purchaseOrderId: number;
  controlNumber: number;
  fileName: string;
  content: string;
  /** Who sent it: the status its delivery sets is recorded as theirs (absent in rows queued before it was kept). */
  sentBy?: number;
}

interface PoEmailPayload {
  purchaseOrderId: number;
  doc: PurchaseOrderDocument;
  input: EmailInput;
  messageId: string;
  /** ISO instant: the message's Date header (and the folder mailer's file name). */
  date: string;
}

type TUpdate = z.output<typeof ZUpdatePurchaseOrderSchema>;
type TUpdateLine = z.output<typeof ZUpdatePoLineSchema>;

const dollarsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * A PO header's editable fields as the API names them: what its history compares. The fields holding another record's
 * id keep its name as it is at the change: the vendor as `name (#id)`, the status and the terms by their names.
 */
const poFields = ({ po, vendorName, statusName, termsType }: PoHistoryRow) => ({
  vendor_id: namedRef(po.vendorId, vendorName),
  purchase_order_status: statusName ?? namedRef(po.statusId, null),
  ims_location_code: po.imsLocationCode,
  paid: po.paid,
  is_ats: po.isAts,
  dfi_discount_percentage: po.dfiDiscountPercentage,
  purchase_terms_id: po.purchaseTermsId === null ? null : (termsType ?? namedRef(po.purchaseTermsId, null)),
  vendor_order_id: po.vendorOrderId,
  carrier_name: po.carrierName,
  tracking_number: po.trackingNumber,
  notes: po.notes,
  requested_delivery_date: po.requestedDeliveryDate,
});

/** A PO line's editable fields, kept on its PO's history as `line <id> <field>`; money as exact dollar text. */
const lineFields = (item: PoItemRow) => ({
  invoice_cost: dollarsText(item.invoiceCostCents),
  qty: item.qtyOrdered,
  shipping_cost: dollarsText(item.shippingCostCents),
  note: item.note,
  expected_arrival_date: item.expectedArrivalDate,
  carrier_name: item.carrierName,
  tracking_number: item.trackingNumber,
});

/** A line's addition or deletion on its PO's history (`line <id> created`/`deleted`): its product's model and fields. */
const lineLifecycle = (userId: number | null, { item, model }: { item: PoItemRow; model: string }) => ({
  entity: 'purchase-order' as const,
  recordId: item.purchaseOrderId,
  userId,
  fields: { model_number: model, ...lineFields(item) },
  fieldPrefix: `line ${item.id} `,
});

export class PurchaseOrdersService {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'companyName' | 'companyAddress' | 'ediSenderId' | 'ediSenderQualifier'>,
    private readonly edi: EdiGateway | null = null,
    private readonly documents: DocumentGateway | null = null,
  ) {}

  private jobs: JobQueue | null = null;

  /** Registers the deliveries of the outbox rows this service queues (services.ts, at start). */
  useJobQueue(jobs: JobQueue): void {
    this.jobs = jobs;
    const edi = this.edi;
    if (edi) {
      jobs.register<Edi850Payload, { fileName: string; location: string }>(
        EDI_850_JOB,
        async ({ executor, payload }) => {
          const { location } = await edi.deliver(payload.fileName, payload.content);
          // Sent: in the row's own transaction, so the PO says Order Sent exactly when the file is there; the status
          // recorded on its history as the sender's (the PO locked as an edit locks it).
          await this.repo(executor).lock(payload.purchaseOrderId);
          await this.updateRecorded(executor, payload.purchaseOrderId, payload.sentBy ?? null, {
            sentViaEdi: true,
            ediErrors: null,
            statusId: ORDER_SENT,
          });
          return { fileName: payload.fileName, location };
        },
        {
          // Never delivered: the interchange is forgotten (its control number skipped) and the errors shown on the PO.
          onFailed: async (tx, payload, error) => {
            const repo = this.repo(tx);
            await repo.deleteEdiInterchange(payload.controlNumber);
            await repo.update(payload.purchaseOrderId, { ediErrors: [error] });
          },
        },
      );
    }
    const documents = this.documents;
    if (documents) {
      jobs.register<PoEmailPayload, { messageId: string }>(PO_EMAIL_JOB, async ({ payload }) => {
        const pdf = await documents.pdf(payload.doc);
        return documents.email(payload.doc, payload.input, pdf, {
          messageId: payload.messageId,
          date: new Date(payload.date),
        });
      });
    }
  }

  private repo(executor: Executor = this.db) {
    return new PurchaseOrdersRepository(executor);
  }

  async statuses() {
    return (await this.repo().statuses()).map((s) => ({ id: s.id, status_name: s.statusName }));
  }

  async list(query: z.output<typeof ZPoListQuerySchema>) {
    const { rows, total, capped } = await this.repo().list(
      { ...query, excludedVendorId: EXCLUDED_VENDOR_ID, completeStatusId: COMPLETE },
      query.sortBy,
      query.sortOrder,
      query.perPage,
      (query.page - 1) * query.perPage,
    );
    return { data: rows.map(toSummaryDto), total, totalCapped: capped, page: query.page, perPage: query.perPage };
  }

  /** Every PO the list's filters match, in its sort, as a CSV or XLSX file (streamed a page at a time). */
  export(query: z.output<typeof exportPurchaseOrdersRoute.query>) {
    const filters = { ...query, excludedVendorId: EXCLUDED_VENDOR_ID, completeStatusId: COMPLETE };
    const pages = listPages(async (limit, offset) =>
      (await this.repo().page(filters, query.sortBy, query.sortOrder, limit, offset)).map(toSummaryDto),
    );
    return listExportFile(query.format, pages, PO_EXPORT_COLUMNS, 'purchase-orders');
  }

  async byModel(model: string) {
    const rows = await this.repo().linesByModel(model, EXCLUDED_VENDOR_ID, 500);
    return rows.map((r) => ({
      id: r.id,
      purchase_order_id: r.purchaseOrderId,
      purchase_ref_id: r.purchaseRefId,
      legacy_po_number: r.legacyPoNumber,
      created_at: r.createdAt.toISOString(),
      vendor_name: r.vendorName,
      purchase_order_status: r.statusName,
      ims_location_code: r.location,
      model_number: r.modelNumber,
      invoice_cost: centsToDollars(r.costCents),
      qty_ordered: r.qtyOrdered,
      qty_received: r.qtyReceived,
      expected_arrival_date: r.expectedArrivalDate,
    }));
  }

  /** Creates a PO in status New, numbered W + id (000 §5 messages for a missing vendor or location). */
  async create(input: z.output<typeof ZCreatePurchaseOrderSchema>, userId: number): Promise<TPurchaseOrder> {
    const errors: Record<string, string[]> = {};
    if (!input.vendorId) errors.vendorId = [CREATE_PO_MESSAGES.vendor];
    if (!input.location_code) errors.location_code = [CREATE_PO_MESSAGES.location];
    if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0]![0]!, errors);
    const id = await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.vendorExists(input.vendorId!)))
        throw unprocessable(CREATE_PO_MESSAGES.vendor, { vendorId: ['vendor does not exist'] });
      const location = await repo.locationExists(input.location_code!.toUpperCase());
      if (!location?.canReceive)
        throw unprocessable(CREATE_PO_MESSAGES.location, {
          location_code: ['this location cannot receive purchase orders'],
        });
      if (input.purchase_terms_id && !(await repo.termsExist(input.purchase_terms_id))) {
        throw unprocessable('The given data was invalid.', { purchase_terms_id: ['PO terms do not exist'] });
      }
      const newId = await repo.insert({
        purchaseRefId: 'pending',
        vendorId: input.vendorId!,
        imsLocationCode: input.location_code!.toUpperCase(),
        purchaseTermsId: input.purchase_terms_id ?? null,
        purchaseOrderType: input.purchaseOrderType,
        shippingRequirements: input.shippingRequirements,
        statusId: NEW,
        createdBy: userId,
      });
      await repo.update(newId, { purchaseRefId: purchaseRefIdFor(newId) });
      await recordCreated(tx, {
        entity: 'purchase-order',
        recordId: newId,
        userId,
        fields: poFields((await repo.historyRow(newId))!),
      });
      return newId;
    });
    return (await this.getFull(id)).data.PO;
  }

  async getFull(
    id: number,
    executor: Executor = this.db,
  ): Promise<{ data: { PO: TPurchaseOrder; PO_LINES: TPoLine[] } }> {
    const repo = this.repo(executor);
    const row = await repo.findSummary(id);
    if (!row) throw notFound(`PO ${id} does not exist.`);
    const lines = await repo.lines(id);
    const summary = toSummaryDto(row);
    const po: TPurchaseOrder = {
      ...summary,
      notes: row.po.notes,
      shipping_requirements: row.po.shippingRequirements,
      terms: row.po.purchaseTermsId && row.termsType ? { id: row.po.purchaseTermsId, type: row.termsType } : null,
      vendor: {
        id: row.vendor.id,
        company_name: row.vendor.companyName,
        rep: row.vendor.rep,
        rep_email: row.vendor.repEmail,
        ableToSendViaEdi: !!(row.vendor.ediInterchangeId && row.vendor.ediQualifier),
      },
      requested_delivery_date: row.po.requestedDeliveryDate,
      edi_errors: row.po.ediErrors ?? [],
      confirmed_at: iso(row.po.confirmedAt),
      finished_at: iso(row.po.finishedAt),
    };
    const poLines: TPoLine[] = lines.map(({ item, product }) => ({
      id: item.id,
      purchaseOrderId: item.purchaseOrderId,
      productId: item.productId,
      product: {
        model_number: product.modelNumber,
        part_number: product.partNumber,
        upc: product.upc,
        alternate_upc: product.alternateUpc,
        product_title: product.description,
        serial_number_tracked: product.serialNumberTracked ? 1 : 0,
        num_of_serials_per_item: product.numOfSerialsPerItem,
      },
      invoice_cost: centsToDollars(item.invoiceCostCents),
      qty_ordered: item.qtyOrdered,
      qty_received: item.qtyReceived,
      shipping_cost: centsToDollars(item.shippingCostCents),
      note: item.note,
      expected_arrival_date: item.expectedArrivalDate,
      carrier_name: item.carrierName,
      tracking_number: item.trackingNumber,
      line_total: centsToDollars(item.invoiceCostCents * item.qtyOrdered),
    }));
    return { data: { PO: po, PO_LINES: poLines } };
  }

  /** Locks the PO for the transaction and refuses changes to a Complete one. */
  private async lockEditable(repo: PurchaseOrdersRepository, id: number) {
    const po = await repo.lock(id);
    if (!po) throw notFound(`PO ${id} does not exist.`);
    if (po.statusId === COMPLETE) throw conflict('This purchase order is Complete: editing is locked.');
    return po;
  }

  async update(id: number, sent: TUpdate, userId: number) {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const po = await repo.lock(id);
      if (!po) throw notFound(`PO ${id} does not exist.`);
      // The spec's client PUTs the full PO object (001 §7): a field sent with its current value is no change, so
      // the PO as answered can be sent back as it is, and a lock refuses only what would really change.
      const body = withoutUnchanged(sent, {
        vendor_order_id: po.vendorOrderId,
        vendor_id: po.vendorId,
        purchase_order_status: po.statusId,
        ims_location_code: po.imsLocationCode,
        paid: po.paid,
        dfi_discount_percentage: Number(po.dfiDiscountPercentage),
        purchase_terms_id: po.purchaseTermsId,
        is_ats: po.isAts,
        requested_delivery_date: po.requestedDeliveryDate,
        carrier_name: po.carrierName,
        tracking_number: po.trackingNumber,
        notes: po.notes,
      });
      const changes: Parameters<PurchaseOrdersRepository['update']>[1] = {};
      const reopening = po.statusId === COMPLETE;
      if (reopening) {
        // Complete locks editing: only a change of status (reopening) is taken; sending it back unchanged is no change.
        const others = Object.keys(body).filter(
          (k) => k !== 'purchase_order_status' && body[k as keyof TUpdate] !== undefined,
        );
        if (others.length) {
          throw conflict(
            'This purchase order is Complete: editing is locked.',
            Object.fromEntries(others.map((k) => [k, ['locked while Complete']])),
          );
        }
      }
      if (po.statusId === ORDER_SENT) {
        const locked = (['carrier_name', 'tracking_number', 'vendor_order_id'] as const).filter(
          (k) =>
            body[k] !== undefined &&
            (body[k] ?? null) !==
              ({ carrier_name: po.carrierName, tracking_number: po.trackingNumber, vendor_order_id: po.vendorOrderId }[
                k
              ] ?? null),
        );
        if (locked.length)
          throw conflict(
            'Order Sent locks the carrier, tracking and vendor order fields.',
            Object.fromEntries(locked.map((k) => [k, ['locked while Order Sent']])),
          );
      }
      const errors: Record<string, string[]> = {};
      if (body.vendor_id !== undefined && !(await repo.vendorExists(body.vendor_id)))
        errors.vendor_id = ['vendor does not exist'];
      if (body.purchase_order_status !== undefined && !(await repo.statusExists(body.purchase_order_status)))
        errors.purchase_order_status = ['status does not exist'];
      if (body.purchase_terms_id && !(await repo.termsExist(body.purchase_terms_id)))
        errors.purchase_terms_id = ['PO terms do not exist'];
      if (
        body.ims_location_code !== undefined &&
        !(await repo.locationExists(body.ims_location_code.toUpperCase()))?.canReceive
      ) {
        errors.ims_location_code = [CREATE_PO_MESSAGES.location];
      }
      if (Object.keys(errors).length) throw unprocessable('The given data was invalid.', errors);
      if (body.vendor_id !== undefined) changes.vendorId = body.vendor_id;
      if (body.purchase_order_status !== undefined) {
        changes.statusId = body.purchase_order_status;
        if (body.purchase_order_status === COMPLETE && po.statusId !== COMPLETE) changes.finishedAt = new Date();
        if (body.purchase_order_status !== COMPLETE) changes.finishedAt = null;
      }
      if (body.ims_location_code !== undefined) changes.imsLocationCode = body.ims_location_code.toUpperCase();
      if (body.paid !== undefined) changes.paid = body.paid;
      if (body.is_ats !== undefined) changes.isAts = body.is_ats;
      if (body.dfi_discount_percentage !== undefined)
        changes.dfiDiscountPercentage = body.dfi_discount_percentage.toFixed(2);
      if (body.purchase_terms_id !== undefined) changes.purchaseTermsId = body.purchase_terms_id;
      if (body.vendor_order_id !== undefined) changes.vendorOrderId = body.vendor_order_id || null;
      if (body.carrier_name !== undefined) changes.carrierName = body.carrier_name || null;
      if (body.tracking_number !== undefined) changes.trackingNumber = body.tracking_number || null;
      if (body.notes !== undefined) changes.notes = body.notes || null;
      if (body.requested_delivery_date !== undefined) {
        changes.requestedDeliveryDate = body.requested_delivery_date;
        // Changing the requested delivery date updates all lines (001 §4), each line's change recorded too.
        await this.updateLinesRecorded(tx, id, userId, { expectedArrivalDate: body.requested_delivery_date });
      }
      if (Object.keys(changes).length) await this.updateRecorded(tx, id, userId, changes);
      return this.getFull(id, tx);
    });
  }

  /** Adds a line, recorded on the PO as `line <id> created` (`userId` null: by the system, as tests do). */
  async addLine(
    input: { productId: number; cost: number; qty: number; purchaseOrderId: number },
    userId: number | null = null,
  ) {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      await this.lockEditable(repo, input.purchaseOrderId);
      if (!(await repo.productExists(input.productId)))
        throw unprocessable('The given data was invalid.', { productId: ['product does not exist'] });
      const itemId = await repo.insertItem({
        purchaseOrderId: input.purchaseOrderId,
        productId: input.productId,
        invoiceCostCents: dollarsToCents(input.cost),
        qtyOrdered: input.qty,
      });
      const [added] = await repo.linesWithModel({ itemId });
      await recordCreated(tx, lineLifecycle(userId, added!));
      await new PoFigures(tx).recomputeTotals(input.purchaseOrderId);
      return this.getFull(input.purchaseOrderId, tx);
    });
  }

  async updateLine(itemId: number, body: TUpdateLine, userId: number) {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const found = await repo.findItem(itemId);
      if (!found) throw notFound(`PO line ${itemId} does not exist`);
      const po = await this.lockEditable(repo, found.purchaseOrderId);
      const item = (await repo.findItem(itemId))!; // re-read under the PO lock
      refuseShippingChangesWhileSent(po.statusId, body, [item]);
      const changes: Parameters<PurchaseOrdersRepository['updateItem']>[1] = {};
      if (body.invoice_cost !== undefined) {
        let cents: number;
        try {
          // PO line cost text has a comma removed before parsing (000 §5).
          cents = dollarsToCents(
            typeof body.invoice_cost === 'number' ? body.invoice_cost : body.invoice_cost.replace(',', ''),
          );
        } catch {
          throw unprocessable('The given data was invalid.', {
            invoice_cost: ['must be an amount with at most 2 decimals'],
          });
        }
        if (cents < 0) throw unprocessable('The given data was invalid.', { invoice_cost: ['must be 0 or more'] });
        changes.invoiceCostCents = cents;
      }
      if (body.qty !== undefined) {
        if (body.qty < item.qtyReceived)
          throw unprocessable('The given data was invalid.', {
            qty: [`cannot be below the ${item.qtyReceived} already received`],
          });
        changes.qtyOrdered = body.qty;
      }
      if (body.shipping_cost !== undefined) changes.shippingCostCents = dollarsToCents(body.shipping_cost);
      if (body.note !== undefined) changes.note = body.note || null;
      if (body.expected_arrival_date !== undefined) changes.expectedArrivalDate = body.expected_arrival_date;
      if (body.carrier_name !== undefined) changes.carrierName = body.carrier_name || null;
      if (body.tracking_number !== undefined) changes.trackingNumber = body.tracking_number || null;
      if (Object.keys(changes).length) {
        await repo.updateItem(itemId, changes);
        await recordChanges(tx, {
          entity: 'purchase-order',
          recordId: item.purchaseOrderId,
          userId,
          before: lineFields(item),
          after: lineFields((await repo.findItem(itemId))!),
          fieldPrefix: `line ${itemId} `,
        });
      }
      await new PoFigures(tx).recomputeTotals(item.purchaseOrderId);
      return this.getFull(item.purchaseOrderId, tx);
    });
  }

  /** Deletes a line, recorded on the PO as `line <id> deleted` with its fields as they were. */
  async deleteLine(itemId: number, userId: number | null = null) {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const found = await repo.findItem(itemId);
      if (!found) throw notFound(`PO line ${itemId} does not exist`);
      await this.lockEditable(repo, found.purchaseOrderId);
      const [line] = await repo.linesWithModel({ itemId }); // re-read under the PO lock
      const item = line!.item;
      if (item.qtyReceived > 0) throw conflict('A line on which items were received cannot be deleted.');
      await repo.deleteItem(itemId);
      await recordDeleted(tx, lineLifecycle(userId, line!));
      await new PoFigures(tx).recomputeTotals(item.purchaseOrderId);
      return this.getFull(item.purchaseOrderId, tx);
    });
  }

  /** Sets the fields given on every line of the PO; each line's changed fields are recorded on the PO. */
  async applyToAllLines(poId: number, body: z.output<typeof ZApplyToAllLinesSchema>, userId: number | null = null) {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const po = await this.lockEditable(repo, poId);
      const items = await repo.itemsOf(poId);
      refuseShippingChangesWhileSent(po.statusId, body, items);
      const changes: Parameters<PurchaseOrdersRepository['updateAllItems']>[1] = {};
      if (body.expected_arrival_date !== undefined) changes.expectedArrivalDate = body.expected_arrival_date;
      if (body.carrier_name !== undefined) changes.carrierName = body.carrier_name || null;
      if (body.tracking_number !== undefined) changes.trackingNumber = body.tracking_number || null;
      if (Object.keys(changes).length) await this.updateLinesRecorded(tx, poId, userId, changes, items);
      return this.getFull(poId, tx);
    });
  }

  /** Confirm PO From Vendor: only from Order Sent. The change of status is recorded. */
  async confirm(poId: number, userId: number | null = null) {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const po = await repo.lock(poId);
      if (!po) throw notFound(`PO ${poId} does not exist.`);
      if (po.statusId !== ORDER_SENT) throw conflict('Only a purchase order in status Order Sent can be confirmed.');
      await this.updateRecorded(tx, poId, userId, { statusId: ORDER_CONFIRMED, confirmedAt: new Date() });
      return this.getFull(poId, tx);
    });
  }

  /** Finish PO: Complete, the change of status recorded (a Complete one is left as it is). */
  async finish(poId: number, userId: number | null = null) {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const po = await repo.lock(poId);
      if (!po) throw notFound(`PO ${poId} does not exist.`);
      if (po.statusId !== COMPLETE)
        await this.updateRecorded(tx, poId, userId, { statusId: COMPLETE, finishedAt: new Date() });
      return this.getFull(poId, tx);
    });
  }

  /**
   * Sets the same fields on every line of the PO and records what changed on each (`line <id> <field>` on the PO, in
   * line order), in the caller's transaction (the PO locked). `before`: the lines as already read, if they were.
   */
  private async updateLinesRecorded(
    tx: Executor,
    poId: number,
    userId: number | null,
    changes: Parameters<PurchaseOrdersRepository['updateAllItems']>[1],
    before?: PoItemRow[],
  ): Promise<void> {
    const repo = this.repo(tx);
    const lines = before ?? (await repo.itemsOf(poId));
    await repo.updateAllItems(poId, changes);
    const now = new Map((await repo.itemsOf(poId)).map((item) => [item.id, item]));
    await recordChanges(
      tx,
      ...lines
        .filter((item) => now.has(item.id))
        .sort((a, b) => a.id - b.id)
        .map((item) => ({
          entity: 'purchase-order' as const,
          recordId: poId,
          userId,
          before: lineFields(item),
          after: lineFields(now.get(item.id)!),
          fieldPrefix: `line ${item.id} `,
        })),
    );
  }

  /** Updates the PO's header and records its changed fields, in the caller's transaction (the PO locked). */
  private async updateRecorded(
    tx: Executor,
    poId: number,
    userId: number | null,
    changes: Parameters<PurchaseOrdersRepository['update']>[1],
  ): Promise<void> {
    const repo = this.repo(tx);
    const before = (await repo.historyRow(poId))!;
    await repo.update(poId, changes);
    await recordChanges(tx, {
      entity: 'purchase-order',
      recordId: poId,
      userId,
      before: poFields(before),
      after: poFields((await repo.historyRow(poId))!),
    });
  }

  async totals(poId: number) {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.lock(poId))) throw notFound(`PO ${poId} does not exist.`);
      await new PoFigures(tx).recomputeTotals(poId);
      const { PO } = (await this.getFull(poId, tx)).data;
      return {
        total: PO.total,
        total_received: PO.total_received,
        dfi_discount_amount: PO.dfi_discount_amount,
        balance_due: PO.balance_due,
      };
    });
  }

  /** The PO as an outbound document for the PDF, the e-mail and EDI. */
  async document(poId: number, executor: Executor = this.db): Promise<PurchaseOrderDocument> {
    const repo = this.repo(executor);
    const row = await repo.findSummary(poId);
    if (!row) throw notFound(`PO ${poId} does not exist.`);
    const lines = await repo.lines(poId);
    const location = await repo.location(row.po.imsLocationCode);
    const totals = computePoTotals(
      lines.map(({ item }) => ({
        costCents: item.invoiceCostCents,
        qtyOrdered: item.qtyOrdered,
        qtyReceived: item.qtyReceived,
      })),
      row.po.dfiDiscountPercentage,
      row.po.paid,
    );
    const c = this.config;
    return {
      id: row.po.id,
      purchaseRefId: row.po.purchaseRefId,
      legacyPoNumber: row.po.legacyPoNumber,
      orderDate: row.po.createdAt.toISOString().slice(0, 10),
      requestedDeliveryDate: row.po.requestedDeliveryDate,
      status: row.statusName,
      terms: row.termsType,
      vendorOrderId: row.po.vendorOrderId,
      carrierName: row.po.carrierName,
      trackingNumber: row.po.trackingNumber,
      notes: row.po.notes,
      buyer: { name: row.createdByName ?? c.companyName, email: null },
      company: {
        name: c.companyName,
        address1: c.companyAddress.address1,
        address2: null,
        city: c.companyAddress.city,
        state: c.companyAddress.state,
        postalCode: c.companyAddress.postalCode,
        country: 'US',
        phone: c.companyAddress.phone,
        ediInterchangeId: c.ediSenderId,
        ediQualifier: c.ediSenderQualifier,
      },
      vendor: {
        id: row.vendor.id,
        name: row.vendor.companyName,
        address1: row.vendor.address,
        address2: row.vendor.address2,
        city: row.vendor.city,
        state: row.vendor.state,
        postalCode: row.vendor.zip,
        country: row.vendor.country,
        rep: row.vendor.rep,
        repEmail: row.vendor.repEmail,
        repPhone: row.vendor.repPhone,
        dealerNumber: row.vendor.dealerNumber,
        ediInterchangeId: row.vendor.ediInterchangeId,
        ediQualifier: row.vendor.ediQualifier,
      },
      shipTo: {
        locationCode: row.po.imsLocationCode,
        name: `${c.companyName} ${row.po.imsLocationCode}`,
        address1: location?.address1 ?? null,
        address2: location?.address2 ?? null,
        city: location?.city ?? null,
        state: location?.stateOrProvince ?? null,
        postalCode: location?.postalCode ?? null,
        country: location?.country ?? 'US',
      },
      lines: lines.map(({ item, product }, i) => ({
        lineNumber: i + 1,
        modelNumber: product.modelNumber,
        partNumber: product.partNumber,
        upc: product.upc,
        description: product.description,
        qtyOrdered: item.qtyOrdered,
        qtyReceived: item.qtyReceived,
        unitCostCents: item.invoiceCostCents,
        lineTotalCents: item.invoiceCostCents * item.qtyOrdered,
        expectedArrivalDate: item.expectedArrivalDate,
      })),
      totals: {
        subTotalCents: totals.subTotalCents,
        totalReceivedCents: totals.totalReceivedCents,
        dfiDiscountPercentage: row.po.dfiDiscountPercentage,
        dfiDiscountCents: totals.dfiDiscountCents,
        balanceDueCents: totals.balanceDueCents,
      },
    };
  }

  /**
   * Sends by EDI (001 §7): only if not sent via EDI yet. Success sets Order Sent and clears earlier errors;
   * failure stores the errors on the PO (shown on its page) and answers them as a list. The 850 is built and
   * queued in the transaction (an outbox row) and written after the commit, here at once: a send whose commit
   * fails writes nothing, and a retried delivery leaves one file.
   */
  async sendByEdi(poId: number, userId: number | null) {
    if (!this.edi || !this.jobs) throw conflict('EDI is not available on this server.');
    const { edi, jobs } = this;
    let queued: { jobId: number; fileName: string } | { errors: string[] };
    try {
      queued = await this.db.transaction(async (tx) => {
        const repo = this.repo(tx);
        const po = await repo.lock(poId);
        if (!po) throw notFound(`PO ${poId} does not exist.`);
        if (po.sentViaEdi) throw conflict('This purchase order was already sent via EDI.');
        if (await repo.hasEdiInterchange(poId)) throw conflict('This purchase order is being sent via EDI.');
        const doc = await this.document(poId, tx);
        const controlNumber = await repo.allocateEdiControlNumber(poId, 'pending');
        const prepared = edi.prepare(doc, controlNumber);
        // A refused send rolls back: no interchange row (its control number is simply skipped).
        if (!prepared.ok) throw new EdiSendRefused(prepared.errors);
        await repo.setEdiFileName(controlNumber, prepared.fileName);
        const payload: Edi850Payload = {
          purchaseOrderId: poId,
          controlNumber,
          fileName: prepared.fileName,
          content: prepared.content,
          ...(userId === null ? {} : { sentBy: userId }),
        };
        const job = await jobs.enqueue(tx, {
          kind: EDI_850_JOB,
          payload: { ...payload },
          maxAttempts: DELIVERY_ATTEMPTS,
        });
        return { jobId: job.id, fileName: prepared.fileName };
      });
    } catch (error) {
      if (!(error instanceof EdiSendRefused)) throw error;
      queued = { errors: error.errors };
    }
    if ('errors' in queued) {
      // Recorded outside the failed send: the errors stay on the PO until a later send clears them.
      await this.repo().update(poId, { ediErrors: queued.errors });
      throw unprocessable('The purchase order could not be sent by EDI.', { edi: queued.errors });
    }
    const delivery = await jobs.runNow(queued.jobId);
    if (delivery?.status === 'failed') {
      // onFailed has stored the error on the PO and dropped the interchange.
      throw unprocessable('The purchase order could not be sent by EDI.', {
        edi: [delivery.error ?? 'The EDI file could not be delivered'],
      });
    }
    const message = delivery?.status === 'succeeded' ? 'Success' : 'Queued';
    return { message, fileName: queued.fileName, data: (await this.getFull(poId)).data };
  }

  async pdf(poId: number): Promise<Buffer> {
    if (!this.documents) throw conflict('PDF rendering is not available on this server.');
    return this.documents.pdf(await this.document(poId));
  }

  /**
   * E-mails the PO with its PDF: the message (the document as it is now, its Message-ID and Date) is queued in a
   * transaction and sent after the commit, here at once; a retried delivery is the same message.
   */
  async email(poId: number, input: EmailInput) {
    if (!this.documents || !this.jobs) throw conflict('E-mail is not available on this server.');
    const { documents, jobs } = this;
    documents.checkRecipients(input);
    const queued = await this.db.transaction(async (tx) => {
      const doc = await this.document(poId, tx);
      const messageId = documents.messageId(`po-${poId}.${randomUUID()}`);
      const payload: PoEmailPayload = { purchaseOrderId: poId, doc, input, messageId, date: new Date().toISOString() };
      const job = await jobs.enqueue(tx, {
        kind: PO_EMAIL_JOB,
        payload: { ...payload },
        maxAttempts: DELIVERY_ATTEMPTS,
      });
      return { jobId: job.id, messageId };
    });
    const delivery = await jobs.runNow(queued.jobId);
    if (delivery?.status === 'failed') {
      throw new HttpError(502, 'The e-mail could not be sent.', {
        email: [delivery.error ?? 'The e-mail could not be sent'],
      });
    }
    return { message: delivery?.status === 'succeeded' ? 'Success' : 'Queued', messageId: queued.messageId };
  }

  /** Per-PO ordered and received quantities of a model (002 §2 model PO reconciliation). */
  async reconciliation(model: string) {
    const rows = await this.repo().linesByModel(model, EXCLUDED_VENDOR_ID, 1000);
    const exact = rows.filter((r) => r.modelNumber.toUpperCase() === model.toUpperCase());
    const byPo = new Map<number, (typeof exact)[number] & { ordered: number; received: number }>();
    for (const r of exact) {
      const prev = byPo.get(r.purchaseOrderId);
      const last =
        [prev?.lastReceivedAt, r.lastReceivedAt]
          .filter((d): d is string => !!d)
          .sort()
          .at(-1) ?? null;
      byPo.set(r.purchaseOrderId, {
        ...r,
        lastReceivedAt: last,
        ordered: (prev?.ordered ?? 0) + r.qtyOrdered,
        received: (prev?.received ?? 0) + r.qtyReceived,
      });
    }
    const pos = [...byPo.values()];
    return {
      model: exact[0]?.modelNumber ?? model,
      total_ordered: pos.reduce((s, p) => s + p.ordered, 0),
      total_received: pos.reduce((s, p) => s + p.received, 0),
      purchase_orders: pos.map((p) => ({
        id: p.purchaseOrderId,
        purchase_ref_id: p.purchaseRefId,
        legacy_po_number: p.legacyPoNumber,
        status: p.statusName,
        last_received: p.lastReceivedAt,
        qty_ordered: p.ordered,
        qty_received: p.received,
        date_ordered: p.createdAt.toISOString().slice(0, 10),
        vendor: p.vendorName,
      })),
    };
  }
}

/** The fields of an update whose value differs from the current one (text compared trimmed, empty = null). */
function withoutUnchanged(body: TUpdate, current: { [K in keyof Required<TUpdate>]: unknown }): TUpdate {
  const norm = (v: unknown) => (typeof v === 'string' ? v.trim() || null : (v ?? null));
  const normCurrent = (k: keyof TUpdate, v: unknown) =>
    k === 'ims_location_code' && typeof v === 'string' ? v.toUpperCase() : norm(v);
  const changed = Object.entries(body).filter(([k, v]) => {
    if (v === undefined) return false;
    const key = k as keyof TUpdate;
    const mine = key === 'ims_location_code' && typeof v === 'string' ? v.trim().toUpperCase() : norm(v);
    return mine !== normCurrent(key, current[key]);
  });
  return Object.fromEntries(changed) as TUpdate;
}

/**
 * Order Sent locks the carrier and tracking number (001 §4) on the lines as on the header: a line update or Apply to
 * All Lines may not change them (409 naming the fields); sending the values the lines already hold is accepted.
 */
function refuseShippingChangesWhileSent(
  statusId: number,
  body: { carrier_name?: string | null; tracking_number?: string | null },
  items: { carrierName: string | null; trackingNumber: string | null }[],
): void {
  if (statusId !== ORDER_SENT) return;
  const norm = (v: string | null | undefined) => (v ?? '').trim() || null;
  const locked = (['carrier_name', 'tracking_number'] as const).filter(
    (k) =>
      body[k] !== undefined &&
      items.some((item) => norm(body[k]) !== norm(k === 'carrier_name' ? item.carrierName : item.trackingNumber)),
  );
  if (locked.length)
    throw conflict(
      'Order Sent locks the carrier and tracking number.',
      Object.fromEntries(locked.map((k) => [k, ['locked while Order Sent']])),
    );
}
