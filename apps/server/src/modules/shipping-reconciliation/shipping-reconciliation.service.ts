import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  CARRIER_SHIP_COMPANY,
  centsToDollars,
  defaultGenericRange,
  dollarsToCents,
  hasPermission,
  MAX_INTEGER_CENTS,
  RECONCILIATION_MESSAGES,
  RECONCILIATION_ROW_LIMIT,
  RESULTS_COLUMNS,
  reconciliationCounts,
  trackingNumbersOf,
  type TApplyPayments,
  type TApplyPaymentsResult,
  type TGenericQuery,
  type TGrayBox,
  type TGrayBoxIntake,
  type TInvoiceUploadResult,
  type TPaymentBatchLine,
  type TShipmentHistory,
  type TReconciliationCarrier,
  type TShippingTransaction,
  type TShippingTransactionsResult,
  type TTrackingSearchQuery,
} from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { csvText, csvTimestamp } from '../../http/csv-reply.js';
import { badRequest, conflict, forbidden, notFound, HttpError } from '../../http/errors.js';
import type { AuthUser } from '../../http/register-route.js';
import { UploadTextError, uploadText } from '../../http/upload-text.js';
import { InvoiceLayoutError, parseCarrierInvoice } from './carrier-invoice-parser.js';
import { mockSample } from './mock-sample.js';
import {
  ShippingReconciliationRepository,
  type BatchLineRow,
  type TransactionRow,
} from './shipping-reconciliation.repository.js';

/** The results download's id columns: text in the XLSX, kept text when the CSV is opened in a spreadsheet (docs/decisions.md, "Spreadsheet-ready files: BOM, ids as text, dates Excel reads, typed XLSX cells, self-contained ZPL"). */
const RESULTS_ID_COLUMNS: ReadonlySet<string> = new Set(['tracking_number', 'fulfillment_po_number']);

const money = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const quoteText = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

export function toTransaction(row: TransactionRow): TShippingTransaction {
  return {
    tracking_number: row.tracking_number,
    fulfillment_po_number: row.fulfillment_po_number,
    ship_company: row.ship_company,
    date_shipped: row.date_shipped,
    fulfillment_warehouse: row.fulfillment_warehouse,
    shipping_quote: quoteText(row.shipping_quote_cents),
    shipping_cost_billed: money(row.shipping_cost_billed_cents),
    shipping_cost_paid: money(row.shipping_cost_paid_cents),
    reported_billed_charge: money(row.reported_billed_cents),
    reconciled_difference: money(row.reconciled_difference_cents),
    reconciliation_result: row.reconciliation_result,
  };
}

/** 002 §4 a billed charge against our quote (cents): the rule the repository's SQL also applies. */
export function reconcile(billedCents: number, quoteCents: number | null | undefined, thresholdCents: number): string {
  if (quoteCents === undefined) return 'Unable to find matching gray box';
  if (quoteCents === null) return 'Not Matched - Outside Acceptable Threshold';
  const difference = billedCents - quoteCents;
  if (difference === 0) return 'Matched';
  if (difference < 0) return 'Not Matched - In Our Favor';
  return difference <= thresholdCents
    ? 'Not Matched - Within Acceptable Threshold'
    : 'Not Matched - Outside Acceptable Threshold';
}

function mockResult(rows: readonly TShippingTransaction[]): TShippingTransactionsResult {
  const limited = rows.slice(0, RECONCILIATION_ROW_LIMIT);
  return {
    transactions: limited,
    counts: reconciliationCounts(rows),
    total: rows.length,
    truncated: rows.length > limited.length,
    mock: true,
  };
}

/** A stored name for an upload: the carrier, the moment and a random part, then the file's own name made safe. */
function storedFilename(carrier: TReconciliationCarrier, originalName: string): string {
  const base =
    (originalName.split(/[\\/]/).pop() ?? 'invoice').replace(/[^A-Za-z0-9._-]+/g, '_').slice(-80) || 'invoice.csv';
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${carrier}-${stamp}-${randomBytes(3).toString('hex')}-${base}`;
}

/** Carrier shipping-charge reconciliation (docs/decisions.md, "Shipping reconciliation"): gray boxes, carrier invoices, the views and applying payments. */
export class ShippingReconciliationService {
  constructor(
    private readonly db: Database,
    private readonly thresholdCents: number,
  ) {}

  private assertMock(user: AuthUser, mock: boolean | undefined): boolean {
    if (!mock) return false;
    if (!hasPermission(user.role, 'role-editor:view')) throw forbidden(RECONCILIATION_MESSAGES.mockNotAllowed);
    return true;
  }

  /** Reads an uploaded invoice (streaming) and stores its charges per tracking number; answers the filename. */
  async upload(
    carrier: TReconciliationCarrier,
    file: { stream: Readable; filename: string },
    user: AuthUser,
  ): Promise<TInvoiceUploadResult> {
    let parsed;
    try {
      // The bytes decoded to UTF-8 first: a Windows-1252 export is read, a binary file refused.
      parsed = await parseCarrierInvoice(carrier, uploadText(file.stream));
    } catch (error) {
      if (error instanceof InvoiceLayoutError || error instanceof UploadTextError)
        throw badRequest(error.message, { file: [error.message] });
      throw error;
    }
    const filename = storedFilename(carrier, file.filename);
    const newLines = await this.db.transaction(async (tx) => {
      const repo = new ShippingReconciliationRepository(tx);
      const id = await repo.createInvoice({
        carrier,
        filename,
        originalName: file.filename.slice(0, 300),
        lines: parsed.lines,
        uploadedById: user.id,
      });
      await repo.insertCharges(id, parsed.charges);
      return repo.insertLines(id, carrier, parsed.items);
    });
    return { filename, carrier, lines: parsed.lines, trackingNumbers: parsed.charges.size, newLines };
  }

  async generate(
    carrier: TReconciliationCarrier,
    query: { filename: string; mock?: boolean },
    user: AuthUser,
  ): Promise<TShippingTransactionsResult> {
    if (this.assertMock(user, query.mock))
      return mockResult(mockSample().filter((r) => r.ship_company === CARRIER_SHIP_COMPANY[carrier]));
    const invoiceId = await this.db.transaction(async (tx) => {
      const repo = new ShippingReconciliationRepository(tx);
      const invoice = await repo.findInvoice(carrier, query.filename);
      if (!invoice) throw notFound(RECONCILIATION_MESSAGES.unknownFile);
      await repo.generate(invoice.id, CARRIER_SHIP_COMPANY[carrier], this.thresholdCents);
      return invoice.id;
    });
    return this.result(
      sql`t.tracking_number in (select tracking_number from carrier_invoice_charges where invoice_id = ${invoiceId})`,
      sql`t.tracking_number`,
    );
  }

  private async result(where: SQL, order: SQL): Promise<TShippingTransactionsResult> {
    const { rows, counts, total } = await new ShippingReconciliationRepository(this.db).transactions(
      where,
      order,
      RECONCILIATION_ROW_LIMIT,
    );
    return { transactions: rows.map(toTransaction), counts, total, truncated: total > rows.length, mock: false };
  }

  async shippingCompanies(mock: boolean | undefined, user: AuthUser): Promise<{ ship_company: string }[]> {
    const names = this.assertMock(user, mock)
      ? [...new Set(mockSample().map((r) => r.ship_company))].sort()
      : await new ShippingReconciliationRepository(this.db).shipCompanies();
    return names.map((ship_company) => ({ ship_company }));
  }

  private range(query: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? defaultGenericRange(new Date(`${to}T00:00:00Z`)).from;
    if (from > to) throw badRequest('from must be on or before to', { from: ['must be on or before to'] });
    return { from, to };
  }

  async generic(
    query: Omit<TGenericQuery, 'mock'> & { mock?: boolean },
    user: AuthUser,
  ): Promise<TShippingTransactionsResult> {
    const warehouse = query.fulfillmentWarehouse ?? undefined;
    const company = query.shippingCompany ?? undefined;
    if (this.assertMock(user, query.mock)) {
      // The sample is dated 2020: without dates the whole sample shows.
      const from = query.from ?? '0001-01-01';
      const to = query.to ?? '9999-12-31';
      const rows = mockSample().filter(
        (r) =>
          (r.date_shipped ?? '') >= from &&
          (r.date_shipped ?? '') <= to &&
          (!warehouse || r.fulfillment_warehouse?.toUpperCase() === warehouse.toUpperCase()) &&
          (!company || r.ship_company.toUpperCase() === company.toUpperCase()),
      );
      return mockResult(rows);
    }
    const { from, to } = this.range(query);
    const filters: SQL[] = [sql`t.date_shipped between ${from}::date and ${to}::date`];
    if (warehouse) filters.push(sql`upper(t.fulfillment_warehouse) = upper(${warehouse})`);
    if (company) filters.push(sql`upper(t.ship_company) = upper(${company})`);
    return this.result(sql.join(filters, sql` and `), sql`t.date_shipped desc, t.tracking_number`);
  }

  async search(query: TTrackingSearchQuery, user: AuthUser): Promise<TShippingTransactionsResult> {
    const numbers = trackingNumbersOf(query);
    if (numbers.length === 0)
      throw badRequest(RECONCILIATION_MESSAGES.searchValueRequired, {
        'trackingNumbers[]': [RECONCILIATION_MESSAGES.searchValueRequired],
      });
    if (this.assertMock(user, query.mock)) {
      const wanted = new Set(numbers.map((n) => n.toUpperCase()));
      return mockResult(mockSample().filter((r) => wanted.has(r.tracking_number.toUpperCase())));
    }
    const upper = JSON.stringify(numbers.map((n) => n.toUpperCase()));
    return this.result(
      sql`upper(t.tracking_number) in (select jsonb_array_elements_text(${upper}::jsonb))`,
      sql`t.tracking_number`,
    );
  }

  async intakeGrayBoxes(body: TGrayBoxIntake): Promise<{ created: number; updated: number }> {
    const boxes = body.grayBoxes.map((b) => ({
      tracking_number: b.tracking_number.trim(),
      fulfillment_po_number: b.fulfillment_po_number.trim(),
      date_shipped: b.date_shipped,
      ship_company: b.ship_company.trim(),
      fulfillment_warehouse: b.fulfillment_warehouse.trim(),
      shipping_quote_cents: b.shipping_quote === null ? null : dollarsToCents(b.shipping_quote),
    }));
    return this.db.transaction(async (tx) => {
      const repo = new ShippingReconciliationRepository(tx);
      const counts = await repo.upsertGrayBoxes(boxes);
      await repo.rematch(
        boxes.map((b) => b.tracking_number),
        this.thresholdCents,
      );
      return counts;
    });
  }

  async listGrayBoxes(query: {
    from?: string | undefined;
    to?: string | undefined;
    trackingNumber?: string | undefined;
  }): Promise<TGrayBox[]> {
    const repo = new ShippingReconciliationRepository(this.db);
    const where = query.trackingNumber
      ? sql`upper(g.tracking_number) = upper(${query.trackingNumber})`
      : (() => {
          const { from, to } = this.range(query);
          return sql`g.date_shipped between ${from}::date and ${to}::date`;
        })();
    const rows = await repo.grayBoxes(where, RECONCILIATION_ROW_LIMIT);
    return rows.map((r) => ({
      tracking_number: r.tracking_number,
      fulfillment_po_number: r.fulfillment_po_number,
      date_shipped: r.date_shipped,
      ship_company: r.ship_company,
      fulfillment_warehouse: r.fulfillment_warehouse,
      shipping_quote: quoteText(r.shipping_quote_cents),
    }));
  }

  /**
   * Applies a batch of payments in one transaction (002 §7 PUT update). The idempotency key makes a retry answer the
   * same batch without paying again; the rows are locked so two concurrent batches never pay one shipment twice; a
   * shipment already paid in full takes a payment only with the line's explicit override and its reason (the contract
   * requires one with an override), both recorded on the line.
   */
  async apply(body: TApplyPayments, user: AuthUser): Promise<TApplyPaymentsResult> {
    const entries = Object.entries(body.updates)
      .map(([trackingNumber, update]) => ({
        trackingNumber: trackingNumber.trim(),
        billed: dollarsToCents(update.reported_billed_charge),
        payment: dollarsToCents(update.payment_to_apply),
        override: update.override === true,
        // Kept only with an override: a reason is why a shipment paid in full was paid again.
        overrideReason: update.override === true ? (update.override_reason ?? null) : null,
      }))
      .sort((a, b) => (a.trackingNumber < b.trackingNumber ? -1 : a.trackingNumber > b.trackingNumber ? 1 : 0));
    const requestHash = createHash('sha256')
      // The reason joins the hash only with an override, so a line without one hashes as it did before reasons.
      .update(
        JSON.stringify(
          entries.map((e) => [
            e.trackingNumber,
            e.billed,
            e.payment,
            e.override,
            ...(e.override ? [e.overrideReason] : []),
          ]),
        ),
      )
      .digest('hex');
    const key = body.idempotencyKey.trim();

    const replay = async (): Promise<TApplyPaymentsResult | null> => {
      const repo = new ShippingReconciliationRepository(this.db);
      const batch = await repo.batchByKey(key);
      if (!batch) return null;
      if (batch.request_hash !== requestHash)
        throw conflict(RECONCILIATION_MESSAGES.idempotencyReused, {
          idempotencyKey: [RECONCILIATION_MESSAGES.idempotencyReused],
        });
      return {
        batchId: batch.id,
        replayed: true,
        createdAt: batch.created_at,
        lines: (await repo.batchLines(batch.id)).map(toLine),
      };
    };

    const earlier = await replay();
    if (earlier) return earlier;
    const applied = await this.db.transaction(async (tx) => {
      const repo = new ShippingReconciliationRepository(tx);
      const batchId = await repo.insertBatch(key, requestHash, user.id);
      if (batchId === null) return null; // the same key committed by a concurrent request meanwhile
      const locked = await repo.lockTransactions(entries.map((e) => e.trackingNumber));
      const errors: Record<string, string[]> = {};
      const lines: BatchLineRow[] = [];
      let alreadyPaid = false;
      for (const entry of entries) {
        const row = locked.get(entry.trackingNumber);
        const field = `updates.${entry.trackingNumber}`;
        if (!row) {
          errors[field] = [RECONCILIATION_MESSAGES.unknownTrackingNumber];
          continue;
        }
        const paidBefore = row.shipping_cost_paid_cents;
        const billedBefore = row.shipping_cost_billed_cents ?? row.reported_billed_cents;
        if (paidBefore !== null && paidBefore >= billedBefore && entry.payment > 0 && !entry.override) {
          alreadyPaid = true;
          errors[`${field}.override`] = [
            RECONCILIATION_MESSAGES.alreadyPaidInFull(`$${(paidBefore / 100).toFixed(2)}`),
          ];
          continue;
        }
        const paidAfter = (paidBefore ?? 0) + entry.payment;
        if (paidAfter > MAX_INTEGER_CENTS) {
          errors[`${field}.payment_to_apply`] = [
            `the shipment's total paid would pass ${(MAX_INTEGER_CENTS / 100).toFixed(2)}, the most the column holds`,
          ];
          continue;
        }
        lines.push({
          tracking_number: entry.trackingNumber,
          reported_billed_cents: entry.billed,
          payment_cents: entry.payment,
          paid_before_cents: paidBefore,
          paid_after_cents: paidAfter,
          override: entry.override,
          override_reason: entry.overrideReason,
        });
      }
      if (Object.keys(errors).length > 0) {
        const message = alreadyPaid
          ? 'A shipment in this batch is already paid in full; nothing was applied.'
          : 'Some updates cannot be applied; nothing was applied.';
        throw new HttpError(alreadyPaid ? 409 : 400, message, errors);
      }
      for (const line of lines) await repo.applyLine(batchId, line);
      return batchId;
    });
    const result = await replay();
    if (!result) throw new Error(`payment batch ${String(applied)} vanished after commit`);
    return applied === null ? result : { ...result, replayed: false };
  }

  /** A shipment's invoice lines across invoices, its payments and what is still unpaid. */
  async history(trackingNumber: string): Promise<TShipmentHistory> {
    const tn = trackingNumber.trim();
    const { lines, payments } = await new ShippingReconciliationRepository(this.db).history(tn);
    if (lines.length === 0) throw notFound(`No carrier invoice bills ${tn}`);
    const billed = lines.reduce((sum, l) => sum + l.amount_cents, 0);
    const paid = payments.reduce((sum, p) => sum + p.payment_cents, 0);
    return {
      tracking_number: tn,
      billed: centsToDollars(billed),
      paid: centsToDollars(paid),
      unpaid: centsToDollars(billed - paid),
      invoice_lines: lines.map((l) => ({
        carrier: l.carrier as TReconciliationCarrier,
        invoice_number: l.invoice_number,
        line_number: l.line_number,
        invoice_date: l.invoice_date,
        charge_category: l.charge_category,
        amount: centsToDollars(l.amount_cents),
        original_name: l.original_name,
        uploaded_at: l.uploaded_at,
      })),
      payments: payments.map((p) => ({
        batch_id: p.batch_id,
        created_at: p.created_at,
        created_by: p.created_by,
        reported_billed_charge: centsToDollars(p.reported_billed_cents),
        payment_to_apply: centsToDollars(p.payment_cents),
        paid_before: p.paid_before_cents === null ? null : centsToDollars(p.paid_before_cents),
        paid_after: centsToDollars(p.paid_after_cents),
        override: p.override,
        override_reason: p.override_reason,
      })),
    };
  }

  /** The results download of a batch: XLSX (exceljs) or CSV. */
  async download(
    batchId: number,
    format: 'xlsx' | 'csv',
  ): Promise<{ filename: string; contentType: string; body: Buffer | string }> {
    const repo = new ShippingReconciliationRepository(this.db);
    const batch = await repo.batchById(batchId);
    if (!batch) throw notFound(`No payment batch ${batchId}`);
    const lines = await repo.batchLines(batchId);
    const rows = lines.map((l) => ({
      batch_id: batch.id,
      tracking_number: l.tracking_number,
      ship_company: l.ship_company,
      fulfillment_po_number: l.fulfillment_po_number ?? '',
      date_shipped: l.date_shipped ?? '',
      fulfillment_warehouse: l.fulfillment_warehouse ?? '',
      shipping_quote: l.shipping_quote_cents === null ? null : l.shipping_quote_cents / 100,
      reported_billed_charge: l.reported_billed_cents / 100,
      payment_to_apply: l.payment_cents / 100,
      paid_before: l.paid_before_cents === null ? null : l.paid_before_cents / 100,
      paid_after: l.paid_after_cents / 100,
      override: l.override ? 'yes' : 'no',
      override_reason: l.override_reason ?? '',
      applied_at: batch.created_at,
      applied_by: batch.created_by ?? '',
    }));
    const name = `shipping-payments-batch-${batch.id}`;
    if (format === 'csv') {
      const money2 = (v: number | null) => (v === null ? '' : v.toFixed(2));
      const columns = RESULTS_COLUMNS.map((key) => ({
        key,
        header: key,
        ...(RESULTS_ID_COLUMNS.has(key) ? { kind: 'id' as const } : {}),
      }));
      // Through the one CSV writer (csv-reply.ts): a PO number or warehouse from the intake starting with = + - @ is neutralised.
      const body = await csvText(
        {
          rows: rows.map((r) => ({
            ...r,
            shipping_quote: money2(r.shipping_quote),
            reported_billed_charge: money2(r.reported_billed_charge),
            payment_to_apply: money2(r.payment_to_apply),
            paid_before: money2(r.paid_before),
            paid_after: money2(r.paid_after),
            applied_at: csvTimestamp(r.applied_at),
          })),
        },
        columns,
      );
      return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body };
    }
    const workbook = new ExcelJS.Workbook();
    workbook.created = new Date(batch.created_at);
    const sheet = workbook.addWorksheet(`Batch ${batch.id}`);
    // Typed cells (docs/decisions.md, "Spreadsheet-ready files: BOM, ids as text, dates Excel reads, typed XLSX cells, self-contained ZPL"): ids as string cells (never numbers: a tracking number of digits keeps every digit), the
    // shipping date a date cell (yyyy-mm-dd) and applied_at a date-time cell (UTC, yyyy-mm-dd hh:mm:ss), money numbers.
    const formats: Partial<Record<(typeof RESULTS_COLUMNS)[number], string>> = {
      date_shipped: 'yyyy-mm-dd',
      applied_at: 'yyyy-mm-dd hh:mm:ss',
      shipping_quote: '$#,##0.00',
      reported_billed_charge: '$#,##0.00',
      payment_to_apply: '$#,##0.00',
      paid_before: '$#,##0.00',
      paid_after: '$#,##0.00',
    };
    sheet.columns = RESULTS_COLUMNS.map((key) => ({
      header: key,
      key,
      width: key === 'tracking_number' || key === 'applied_at' ? 24 : 18,
      ...(formats[key] ? { style: { numFmt: formats[key] } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      sheet.addRow({
        ...row,
        tracking_number: String(row.tracking_number),
        fulfillment_po_number: String(row.fulfillment_po_number),
        // exceljs turns a Date into Excel's day number from its UTC instant: midnight UTC is the day itself.
        date_shipped: row.date_shipped ? new Date(`${row.date_shipped}T00:00:00Z`) : null,
        applied_at: new Date(row.applied_at),
      });
    }
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    return {
      filename: `${name}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body,
    };
  }
}

function toLine(row: BatchLineRow): TPaymentBatchLine {
  return {
    tracking_number: row.tracking_number,
    reported_billed_charge: centsToDollars(row.reported_billed_cents),
    payment_to_apply: centsToDollars(row.payment_cents),
    paid_before: row.paid_before_cents === null ? null : centsToDollars(row.paid_before_cents),
    paid_after: centsToDollars(row.paid_after_cents),
    override: row.override,
    override_reason: row.override_reason,
  };
}
