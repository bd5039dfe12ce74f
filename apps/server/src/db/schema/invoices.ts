import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { purchaseOrders } from './purchase-orders.js';
import { vendors } from './vendors.js';

export const financeCompanies = pgTable('finance_companies', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull().unique(),
});

export const accountsPayableInvoices = pgTable(
  'accounts_payable_invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceAmountCents: bigint('invoice_amount_cents', { mode: 'number' }).notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    financeCompanyId: integer('finance_company_id').references(() => financeCompanies.id),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ap_invoices_vendor_number_unique').on(t.vendorId, t.invoiceNumber),
    index('ap_invoices_po_idx').on(t.purchaseOrderId),
    // Search everywhere's prefix (docs/decisions.md, "Search everywhere").
    index('ap_invoices_number_search_idx').on(sql`upper(${t.invoiceNumber}) text_pattern_ops`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// The inventory ledger (docs/decisions.md, "The inventory ledger"). Every change of quantity is an immutable inventory transaction; on-hand per
// product and bucket, and each serial's place, change in the same database transaction as the ledger row.
