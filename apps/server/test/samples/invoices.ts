import { asc } from 'drizzle-orm';
import type { Database } from '../../src/db/database.js';
import { locations, purchaseOrders, purchaseOrderStatuses, vendors } from '../../src/db/schema.js';
import type { Services } from '../../src/modules/services.js';
import { unique } from '../factories.js';
import type { DomainSampleBuilder } from './types.js';

/**
 * A small factory for the rows invoices point at. Vendors and purchase orders belong to other modules, so they
 * are written with Drizzle's typed inserts on the schema tables; finance companies and invoices go through
 * the invoices service, like the app's own calls.
 */

export async function createVendor(db: Database, companyName = unique('Vendor Co'), extra: { isDeleted?: boolean } = {}) {
  const [row] = await db
    .insert(vendors)
    .values({ companyName, vendorType: 'sales', isDeleted: extra.isDeleted ?? false })
    .returning({ id: vendors.id, companyName: vendors.companyName });
  return row!;
}

/** A location row for purchase orders (no buckets: invoices never look at inventory). */
export async function ensureLocation(db: Database, locationCode = 'APINV01'): Promise<string> {
  await db.insert(locations).values({ locationCode, city: 'Louisville', stateOrProvince: 'KY', postalCode: '40213' }).onConflictDoNothing();
  return locationCode;
}

/** A purchase-order status to point at: 'New' (id 1) unless the statuses are already there. */
export async function ensurePoStatus(db: Database): Promise<number> {
  await db.insert(purchaseOrderStatuses).values({ id: 1, statusName: 'New', sortOrder: 1 }).onConflictDoNothing();
  const [row] = await db.select({ id: purchaseOrderStatuses.id }).from(purchaseOrderStatuses).orderBy(asc(purchaseOrderStatuses.id)).limit(1);
  return row!.id;
}

export async function createPurchaseOrder(db: Database, options: { vendorId: number; purchaseRefId?: string }) {
  const [row] = await db
    .insert(purchaseOrders)
    .values({
      purchaseRefId: options.purchaseRefId ?? unique('PO-INV'),
      vendorId: options.vendorId,
      imsLocationCode: await ensureLocation(db),
      statusId: await ensurePoStatus(db),
    })
    .returning({ id: purchaseOrders.id, purchaseRefId: purchaseOrders.purchaseRefId });
  return row!;
}

export async function createFinanceCompany(services: Services, companyName = unique('Finance Co')) {
  return services.invoices.createFinanceCompany({ company_name: companyName });
}

export async function createInvoice(
  services: Services,
  values: { vendor: number; invoice_number?: string; invoice_amount?: number; invoice_date?: string; due_date?: string | null; purchase_date?: string | null; finance_company?: number | null; purchase_id?: string | null },
) {
  return services.invoices.create({
    invoice_number: values.invoice_number ?? unique('INV'),
    invoice_amount: values.invoice_amount ?? 100,
    invoice_date: values.invoice_date ?? '2025-01-15',
    due_date: values.due_date ?? null,
    purchase_date: values.purchase_date ?? null,
    vendor: values.vendor,
    finance_company: values.finance_company ?? null,
    purchase_id: values.purchase_id ?? null,
  });
}

/**
 * One valid request per invoice route. Calls that use up their target or refuse a repeat (delete, the two
 * creates) also answer `fresh()`: a request on new rows or with a new number, so every role holding the
 * permission can make the call and get its success status.
 */
export const buildInvoicesSamples: DomainSampleBuilder = async (t) => {
  const vendor = await createVendor(t.db, unique('Sample Vendor'));
  const order = await createPurchaseOrder(t.db, { vendorId: vendor.id });
  const financeCompany = await createFinanceCompany(t.services, unique('Sample Finance'));
  const linkable = await createInvoice(t.services, { vendor: vendor.id, invoice_number: unique('SMP-LINK'), finance_company: financeCompany.id });
  await createInvoice(t.services, { vendor: vendor.id, invoice_number: unique('SMP-ATTACHED'), purchase_id: order.purchaseRefId });
  const deletable = await createInvoice(t.services, { vendor: vendor.id, invoice_number: unique('SMP-DEL') });

  const invoiceBody = () => ({
    invoice_number: unique('SMP-NEW'),
    invoice_amount: 1234.56,
    invoice_date: '2025-02-01',
    due_date: '2025-03-01',
    purchase_date: null,
    vendor: vendor.id,
    finance_company: financeCompany.id,
    purchase_id: order.purchaseRefId,
  });
  const financeCompanyBody = () => ({ company_name: unique('Sample Finance New') });

  return {
    'GET /api/finance-company': {},
    'POST /api/finance-company/': { body: financeCompanyBody(), fresh: async () => ({ body: financeCompanyBody() }) },
    'GET /api/accounts-payable-invoice': { query: { invoice_number: 'SMP', vendor: vendor.id, page: 1, per_page: 10 } },
    'GET /api/accounts-payable-invoice/export': { query: { invoice_number: 'SMP', vendor: vendor.id, format: 'xlsx' } },
    'POST /api/accounts-payable-invoice': { body: invoiceBody(), fresh: async () => ({ body: invoiceBody() }) },
    'POST /api/accounts-payable-invoice/link-purchase-order': { body: { id: linkable.id, purchase_order_id: order.id } },
    'DELETE /api/accounts-payable-invoice/{id}': {
      params: { id: deletable.id },
      fresh: async () => ({ params: { id: (await createInvoice(t.services, { vendor: vendor.id, invoice_number: unique('SMP-DEL') })).id } }),
    },
    'GET /api/accounts-payable-invoice/attached-purchase-orders/{poId}': { params: { poId: order.id } },
  };
};
