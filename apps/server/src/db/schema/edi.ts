import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { purchaseOrders } from './purchase-orders.js';

/** Every EDI 850 sent: its interchange control number comes from this table's identity. */
export const ediInterchanges = pgTable('edi_interchanges', {
  controlNumber: integer('control_number').primaryKey().generatedAlwaysAsIdentity(),
  purchaseOrderId: integer('purchase_order_id')
    .notNull()
    .references(() => purchaseOrders.id),
  fileName: text('file_name').notNull(),
  createdAt: createdAt(),
});
