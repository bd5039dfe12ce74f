import { sql } from 'drizzle-orm';
import { DATE_RANGE, dateInRange, defineReport } from '../../report-definition.js';

/** Accounts-payable invoices dated in the range, per vendor. */
export const apInvoicesByVendor = defineReport({
  slug: 'ap-invoices-by-vendor',
  name: 'AP Invoices by Vendor',
  category: 'Accounting',
  description: 'Invoices recorded per vendor by invoice date: how many and how much.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'invoices', label: 'Invoices', type: 'integer' },
    { key: 'amount', label: 'Invoiced', type: 'money' },
  ],
  chart: { type: 'bar', x: 'vendor', series: ['amount'] },
  query: (p) => sql`
    select v.company_name as vendor, count(*) as invoices, sum(i.invoice_amount_cents) as amount
    from accounts_payable_invoices i join vendors v on v.id = i.vendor_id
    where ${dateInRange(sql`i.invoice_date`, p)}
    group by v.id, v.company_name
    order by amount desc, v.company_name, v.id`,
});
