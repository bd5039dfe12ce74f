import { sql } from 'drizzle-orm';
import { DATE_RANGE, dateInRange, defineReport } from '../../report-definition.js';

/** Accounts-payable invoices falling due in the range, paid (through their PO) or not. */
export const invoicesDue = defineReport({
  slug: 'invoices-due',
  name: 'Invoices Due',
  category: 'Accounting',
  description: 'Vendor invoices whose due date falls in the range, and whether their PO is paid.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'due_date', label: 'Due Date', type: 'date' },
    { key: 'invoice_number', label: 'Invoice', type: 'id' },
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'paid', label: 'Paid', type: 'text' },
    { key: 'amount', label: 'Amount', type: 'money' },
  ],
  query: (p) => sql`
    select i.due_date::text as due_date, i.invoice_number, v.company_name as vendor,
      case when po.paid then 'Yes' else 'No' end as paid, i.invoice_amount_cents as amount
    from accounts_payable_invoices i join vendors v on v.id = i.vendor_id left join purchase_orders po on po.id = i.purchase_order_id
    where ${dateInRange(sql`i.due_date`, p)}
    order by i.due_date, i.id`,
});
