import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { accountsPayableInvoices as invoices, financeCompanies, purchaseOrders, vendors } from '../../db/schema.js';

const invoiceColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  invoiceAmountCents: invoices.invoiceAmountCents,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  purchaseDate: invoices.purchaseDate,
  vendorId: invoices.vendorId,
  vendorName: vendors.companyName,
  financeCompanyId: invoices.financeCompanyId,
  financeCompanyName: financeCompanies.companyName,
  purchaseOrderId: invoices.purchaseOrderId,
  purchaseRefId: purchaseOrders.purchaseRefId,
  createdAt: invoices.createdAt,
};

export interface InvoiceRow {
  id: number;
  invoiceNumber: string;
  invoiceAmountCents: number;
  invoiceDate: string | null;
  dueDate: string | null;
  purchaseDate: string | null;
  vendorId: number;
  vendorName: string;
  financeCompanyId: number | null;
  financeCompanyName: string | null;
  purchaseOrderId: number | null;
  purchaseRefId: string | null;
  createdAt: Date;
}

export interface InvoiceFilters {
  invoiceNumber?: string;
  invoiceAmountCents?: number;
  financeCompanyId?: number;
  vendorId?: number;
  invoiceDate?: string;
  purchaseDate?: string;
  dueDate?: string;
}

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'createdAt'>;

/** The only file of the invoices module that touches Drizzle. */
export class InvoicesRepository {
  constructor(private readonly db: Executor) {}

  private selectInvoices() {
    return this.db
      .select(invoiceColumns)
      .from(invoices)
      .innerJoin(vendors, eq(vendors.id, invoices.vendorId))
      .leftJoin(financeCompanies, eq(financeCompanies.id, invoices.financeCompanyId))
      .leftJoin(purchaseOrders, eq(purchaseOrders.id, invoices.purchaseOrderId));
  }

  // Finance companies ---------------------------------------------------------------------------

  listFinanceCompanies() {
    return this.db
      .select()
      .from(financeCompanies)
      .orderBy(asc(sql`lower(${financeCompanies.companyName})`), asc(financeCompanies.id));
  }

  async findFinanceCompany(id: number) {
    const rows = await this.db.select().from(financeCompanies).where(eq(financeCompanies.id, id));
    return rows[0] ?? null;
  }

  async financeCompanyNameTaken(companyName: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: financeCompanies.id })
      .from(financeCompanies)
      .where(sql`lower(${financeCompanies.companyName}) = lower(${companyName})`)
      .limit(1);
    return rows.length > 0;
  }

  /** Null when the name is already taken (the unique index decides, so a concurrent insert cannot slip through). */
  async insertFinanceCompany(companyName: string) {
    const rows = await this.db
      .insert(financeCompanies)
      .values({ companyName })
      .onConflictDoNothing({ target: financeCompanies.companyName })
      .returning();
    return rows[0] ?? null;
  }

  // Vendors and purchase orders (read only, for the rules) ----------------------------------------------------

  async findVendor(id: number) {
    const rows = await this.db
      .select({ id: vendors.id, companyName: vendors.companyName })
      .from(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.isDeleted, false)));
    return rows[0] ?? null;
  }

  async findPurchaseOrder(id: number) {
    const rows = await this.db
      .select({ id: purchaseOrders.id, purchaseRefId: purchaseOrders.purchaseRefId })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, id));
    return rows[0] ?? null;
  }

  /** Purchase orders whose purchase_ref_id is the text, regardless of case (at most 2: enough to tell it is ambiguous). */
  findPurchaseOrdersByRef(purchaseRefId: string) {
    return this.db
      .select({ id: purchaseOrders.id, purchaseRefId: purchaseOrders.purchaseRefId })
      .from(purchaseOrders)
      .where(sql`upper(${purchaseOrders.purchaseRefId}) = upper(${purchaseRefId})`)
      .orderBy(asc(purchaseOrders.id))
      .limit(2);
  }

  // Invoices -------------------------------------------------------------------------------------

  /** Whether the vendor already has an invoice with this number, regardless of case. */
  async invoiceNumberTaken(vendorId: number, invoiceNumber: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.vendorId, vendorId), sql`lower(${invoices.invoiceNumber}) = lower(${invoiceNumber})`))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Inserts an invoice; null when the unique index on (vendor_id, invoice_number) refuses it, which is how
   * a concurrent insert of the same number is answered (ON CONFLICT DO NOTHING keeps the transaction usable).
   */
  async insertInvoice(values: NewInvoice): Promise<number | null> {
    const rows = await this.db
      .insert(invoices)
      .values(values)
      .onConflictDoNothing({ target: [invoices.vendorId, invoices.invoiceNumber] })
      .returning({ id: invoices.id });
    return rows[0]?.id ?? null;
  }

  async findInvoice(id: number): Promise<InvoiceRow | null> {
    const rows = await this.selectInvoices().where(eq(invoices.id, id));
    return (rows[0] as InvoiceRow | undefined) ?? null;
  }

  async search(filters: InvoiceFilters, limit: number, offset: number): Promise<{ rows: InvoiceRow[]; total: number }> {
    const where = this.where(filters);
    const rows = await this.page(filters, limit, offset);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(where);
    return { rows, total: total!.n };
  }

  /** One page of the invoices the filters match, newest first (the list's page, and the export's pages). */
  page(filters: InvoiceFilters, limit: number, offset: number): Promise<InvoiceRow[]> {
    return this.selectInvoices()
      .where(this.where(filters))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit)
      .offset(offset) as Promise<InvoiceRow[]>;
  }

  private where(filters: InvoiceFilters): SQL | undefined {
    const conditions: SQL[] = [];
    if (filters.invoiceNumber)
      conditions.push(sql`${invoices.invoiceNumber} ilike ${`%${escapeLike(filters.invoiceNumber)}%`}`);
    if (filters.invoiceAmountCents !== undefined)
      conditions.push(eq(invoices.invoiceAmountCents, filters.invoiceAmountCents));
    if (filters.financeCompanyId !== undefined)
      conditions.push(eq(invoices.financeCompanyId, filters.financeCompanyId));
    if (filters.vendorId !== undefined) conditions.push(eq(invoices.vendorId, filters.vendorId));
    if (filters.invoiceDate) conditions.push(eq(invoices.invoiceDate, filters.invoiceDate));
    if (filters.purchaseDate) conditions.push(eq(invoices.purchaseDate, filters.purchaseDate));
    if (filters.dueDate) conditions.push(eq(invoices.dueDate, filters.dueDate));
    return conditions.length ? and(...conditions) : undefined;
  }

  listByPurchaseOrder(purchaseOrderId: number): Promise<InvoiceRow[]> {
    return this.selectInvoices()
      .where(eq(invoices.purchaseOrderId, purchaseOrderId))
      .orderBy(asc(invoices.createdAt), asc(invoices.id)) as Promise<InvoiceRow[]>;
  }

  /**
   * Links the invoice to the purchase order unless it is linked to another one already; answers whether
   * a row changed (in one statement, so a concurrent link cannot be overwritten).
   */
  async link(invoiceId: number, purchaseOrderId: number): Promise<boolean> {
    const rows = await this.db
      .update(invoices)
      .set({ purchaseOrderId })
      .where(
        and(
          eq(invoices.id, invoiceId),
          or(isNull(invoices.purchaseOrderId), eq(invoices.purchaseOrderId, purchaseOrderId)),
        ),
      )
      .returning({ id: invoices.id });
    return rows.length > 0;
  }

  async unlink(invoiceId: number): Promise<boolean> {
    const rows = await this.db
      .update(invoices)
      .set({ purchaseOrderId: null })
      .where(eq(invoices.id, invoiceId))
      .returning({ id: invoices.id });
    return rows.length > 0;
  }

  /** Deletes the invoice only while no purchase order is linked; answers whether it was deleted. */
  async deleteUnlinked(invoiceId: number): Promise<boolean> {
    const rows = await this.db
      .delete(invoices)
      .where(and(eq(invoices.id, invoiceId), isNull(invoices.purchaseOrderId)))
      .returning({ id: invoices.id });
    return rows.length > 0;
  }
}
