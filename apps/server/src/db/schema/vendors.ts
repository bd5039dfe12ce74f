import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const purchaseTerms = pgTable('purchase_terms', {
  id: serial('id').primaryKey(),
  type: text('type').notNull().unique(),
});

export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    vendorType: text('vendor_type').notNull(),
    rep: text('rep'),
    repEmail: text('rep_email'),
    repPhone: text('rep_phone'),
    dealerNumber: text('dealer_number'),
    programName: text('program_name').notNull().default('Default'),
    address: text('address'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    faxPhone: text('fax_phone'),
    notes: text('notes'),
    /** EDI: the vendor's interchange id and qualifier; a vendor without them cannot receive EDI. */
    ediInterchangeId: text('edi_interchange_id'),
    ediQualifier: text('edi_qualifier'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('vendors_company_idx').on(sql`lower(${t.companyName})`)],
);

export const vendorDefaultTerms = pgTable(
  'vendor_default_terms',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    termsId: integer('terms_id')
      .notNull()
      .references(() => purchaseTerms.id),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.termsId] })],
);
