import { sql } from 'drizzle-orm';
import { defineReport, startsWith } from '../../report-definition.js';

/** Accounts-payable invoices not yet paid: no PO, or their PO is not marked paid; days past due as of today (UTC). */
export const openInvoice = defineReport({
  slug: 'open-invoice',
  name: 'Open Invoice',
  category: 'Accounting',
  description: 'Vendor invoices still to pay, with their due dates and days past due.',
  parameters: [{ name: 'vendor', label: 'Vendor', type: 'text', default: '' }],
  columns: [
    { key: 'invoice_number', label: 'Invoice', type: 'id' },
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'invoice_date', label: 'Invoice Date', type: 'date' },
    { key: 'due_date', label: 'Due Date', type: 'date' },
    { key: 'days_past_due', label: 'Days Past Due', type: 'integer' },
    { key: 'po', label: 'PO', type: 'id' },
    { key: 'amount', label: 'Amount', type: 'money' },
  ],
  query: (p) => sql`
    select i.invoice_number, v.company_name as vendor, i.invoice_date::text as invoice_date, i.due_date::text as due_date,
      greatest(0, (now() at time zone 'UTC')::date - i.due_date) as days_past_due, po.purchase_ref_id as po, i.invoice_amount_cents as amount
    from accounts_payable_invoices i
    join vendors v on v.id = i.vendor_id
    left join purchase_orders po on po.id = i.purchase_order_id
    where (po.id is null or not po.paid) and ${startsWith(sql`v.company_name`, p.vendor)}
    order by i.due_date nulls last, i.id`,
});
