/**
 * Every table, one file per domain under schema/ (drizzle-kit reads this file; the app imports it). A domain's
 * file imports the tables it points at from the file that owns them, never from here (no import cycles).
 */
export * from './schema/users.js';
export * from './schema/auth.js';
export * from './schema/locations.js';
export * from './schema/catalog.js';
export * from './schema/ledger.js';
export * from './schema/contacts.js';
export * from './schema/vendors.js';
export * from './schema/purchase-orders.js';
export * from './schema/edi.js';
export * from './schema/invoices.js';
export * from './schema/inventory.js';
export * from './schema/transfers.js';
export * from './schema/committed-sales.js';
export * from './schema/bins.js';
export * from './schema/picking.js';
export * from './schema/jobs.js';
export * from './schema/audits.js';
export * from './schema/supply-sources.js';
export * from './schema/tax-map.js';
export * from './schema/scan.js';
export * from './schema/reviews.js';
export * from './schema/carousel.js';
export * from './schema/bucket-groups.js';
export * from './schema/shipping-templates.js';
export * from './schema/uploads.js';
export * from './schema/shipping-reconciliation.js';
export * from './schema/quotes.js';
export * from './schema/client-scans.js';
export * from './schema/imports.js';
export * from './schema/history.js';
export * from './schema/saved-views.js';
