import {
  centsToDollars,
  dollarsToCents,
  type exportApInvoicesRoute,
  INVOICE_EXPORT_COLUMNS,
  INVOICE_MESSAGES,
  type TApInvoice,
  type TFinanceCompany,
} from '@keystone/contracts';
import type { Database, Executor } from '../../db/database.js';
import type { z } from 'zod';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { listExportFile, listPages } from '../../http/list-export.js';
import { InvoicesRepository, type InvoiceRow } from './invoices.repository.js';

const INVALID = 'The given data was invalid.';

export function toInvoiceDto(row: InvoiceRow): TApInvoice {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    invoice_amount: centsToDollars(row.invoiceAmountCents),
    invoice_date: row.invoiceDate,
    due_date: row.dueDate,
    purchase_date: row.purchaseDate,
    vendor: { id: row.vendorId, company_name: row.vendorName },
    finance_company:
      row.financeCompanyId === null ? null : { id: row.financeCompanyId, company_name: row.financeCompanyName ?? '' },
    purchase_id: row.purchaseRefId,
    purchase:
      row.purchaseOrderId === null ? null : { id: row.purchaseOrderId, purchase_ref_id: row.purchaseRefId ?? '' },
    created_at: row.createdAt.toISOString(),
  };
}

/** The create call's input after validation (001 §7 Invoices). */
export interface CreateInvoiceInput {
  invoice_number: string;
  invoice_amount: number;
  invoice_date: string;
  due_date?: string | null;
  purchase_date?: string | null;
  vendor: number;
  finance_company?: number | null;
  purchase_id?: string | null;
}

export interface InvoiceSearchInput {
  invoice_number?: string;
  invoice_amount?: number;
  finance_company?: number;
  vendor?: number;
  invoice_date?: string;
  purchase_date?: string;
  due_date?: string;
  page: number;
  per_page: number;
}

/** The repository's filters of the invoice list's query. */
const invoiceFilters = (input: Omit<InvoiceSearchInput, 'page' | 'per_page'>) => ({
  invoiceNumber: input.invoice_number,
  invoiceAmountCents: input.invoice_amount === undefined ? undefined : dollarsToCents(input.invoice_amount),
  financeCompanyId: input.finance_company,
  vendorId: input.vendor,
  invoiceDate: input.invoice_date,
  purchaseDate: input.purchase_date,
  dueDate: input.due_date,
});

export class InvoicesService {
  constructor(protected readonly db: Database) {}

  private repo(executor: Executor = this.db) {
    return new InvoicesRepository(executor);
  }

  private async invoiceOrThrow(repo: InvoicesRepository, id: number): Promise<InvoiceRow> {
    const row = await repo.findInvoice(id);
    if (!row) throw notFound(`invoice ${id} does not exist`);
    return row;
  }

  // Finance companies ---------------------------------------------------------------------------

  async listFinanceCompanies(): Promise<TFinanceCompany[]> {
    return (await this.repo().listFinanceCompanies()).map((r) => ({ id: r.id, company_name: r.companyName }));
  }

  async createFinanceCompany(input: { company_name: string }): Promise<TFinanceCompany> {
    const taken = { company_name: ['A finance company with this name already exists.'] };
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (await repo.financeCompanyNameTaken(input.company_name)) throw unprocessable(INVALID, taken);
      const row = await repo.insertFinanceCompany(input.company_name);
      if (!row) throw unprocessable(INVALID, taken);
      return { id: row.id, company_name: row.companyName };
    });
  }

  // Invoices -------------------------------------------------------------------------------------

  /**
   * Creates an invoice in one transaction. Every rule that fails is reported at once, by field:
   * vendor, finance_company, purchase_id, invoice_number (duplicate for the vendor), due_date.
   */
  async create(input: CreateInvoiceInput): Promise<TApInvoice> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const errors: Record<string, string[]> = {};
      const vendor = await repo.findVendor(input.vendor);
      if (!vendor) errors.vendor = ['The vendor does not exist.'];
      const financeCompanyId = input.finance_company ?? null;
      if (financeCompanyId !== null && !(await repo.findFinanceCompany(financeCompanyId))) {
        errors.finance_company = ['The finance company does not exist.'];
      }
      let purchaseOrderId: number | null = null;
      if (input.purchase_id) {
        const orders = await repo.findPurchaseOrdersByRef(input.purchase_id);
        if (orders.length === 0) errors.purchase_id = ['No purchase order has this reference.'];
        else if (orders.length > 1) errors.purchase_id = ['More than one purchase order has this reference.'];
        else purchaseOrderId = orders[0]!.id;
      }
      if (vendor && (await repo.invoiceNumberTaken(vendor.id, input.invoice_number))) {
        errors.invoice_number = ['This vendor already has an invoice with this number.'];
      }
      const dueDate = input.due_date ?? null;
      // YYYY-MM-DD strings compare in calendar order.
      if (dueDate !== null && dueDate < input.invoice_date)
        errors.due_date = ['The due date cannot be before the invoice date.'];
      if (Object.keys(errors).length) throw unprocessable(INVALID, errors);

      const id = await repo.insertInvoice({
        invoiceNumber: input.invoice_number,
        invoiceAmountCents: dollarsToCents(input.invoice_amount),
        invoiceDate: input.invoice_date,
        dueDate,
        purchaseDate: input.purchase_date ?? null,
        vendorId: input.vendor,
        financeCompanyId,
        purchaseOrderId,
      });
      // A concurrent create of the same number for the vendor got there first.
      if (id === null)
        throw unprocessable(INVALID, { invoice_number: ['This vendor already has an invoice with this number.'] });
      return toInvoiceDto(await this.invoiceOrThrow(repo, id));
    });
  }

  async search(input: InvoiceSearchInput) {
    const { rows, total } = await this.repo().search(
      invoiceFilters(input),
      input.per_page,
      (input.page - 1) * input.per_page,
    );
    return { data: rows.map(toInvoiceDto), total, page: input.page, per_page: input.per_page };
  }

  /** Every invoice the list's filters match, newest first, as a CSV or XLSX file (streamed a page at a time). */
  export(input: z.output<typeof exportApInvoicesRoute.query>) {
    const filters = invoiceFilters(input);
    const pages = listPages(async (limit, offset) =>
      (await this.repo().page(filters, limit, offset)).map(toInvoiceDto),
    );
    return listExportFile(input.format, pages, INVOICE_EXPORT_COLUMNS, 'invoices');
  }

  /**
   * Links the invoice to a purchase order, named by its id or by its number (`{ poNumber }`, the purchase_ref_id a
   * person reads, any case), or un-links it when the target is null (001 §4).
   */
  async linkPurchaseOrder(invoiceId: number, target: number | { poNumber: string } | null): Promise<TApInvoice> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (target === null) {
        if (!(await repo.unlink(invoiceId))) throw notFound(`invoice ${invoiceId} does not exist`);
        return toInvoiceDto(await this.invoiceOrThrow(repo, invoiceId));
      }
      let purchaseOrderId: number;
      if (typeof target === 'number') {
        const order = await repo.findPurchaseOrder(target);
        if (!order) throw unprocessable(INVALID, { purchase_order_id: ['The purchase order does not exist.'] });
        purchaseOrderId = order.id;
      } else {
        const orders = await repo.findPurchaseOrdersByRef(target.poNumber);
        if (orders.length !== 1) {
          const message =
            orders.length === 0
              ? INVOICE_MESSAGES.poNumberUnknown(target.poNumber)
              : 'More than one purchase order has this reference.';
          throw unprocessable(INVALID, { purchase_id: [message] });
        }
        purchaseOrderId = orders[0]!.id;
      }
      if (!(await repo.link(invoiceId, purchaseOrderId))) {
        const current = await this.invoiceOrThrow(repo, invoiceId);
        const message = `The invoice is already linked to purchase order ${current.purchaseRefId ?? current.purchaseOrderId}; un-link it first.`;
        throw conflict(message, { purchase_order_id: [message] });
      }
      return toInvoiceDto(await this.invoiceOrThrow(repo, invoiceId));
    });
  }

  /** Deletes an invoice; refused (409) while a purchase order is linked (001 §5). */
  async delete(invoiceId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (await repo.deleteUnlinked(invoiceId)) return;
      await this.invoiceOrThrow(repo, invoiceId);
      throw conflict(INVOICE_MESSAGES.linkedCannotBeDeleted);
    });
  }

  async attachedTo(purchaseOrderId: number): Promise<TApInvoice[]> {
    const repo = this.repo();
    if (!(await repo.findPurchaseOrder(purchaseOrderId)))
      throw notFound(`purchase order ${purchaseOrderId} does not exist`);
    return (await repo.listByPurchaseOrder(purchaseOrderId)).map(toInvoiceDto);
  }
}
