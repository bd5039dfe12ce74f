/**
 * Every table, one file per domain under schema/ (drizzle-kit reads this file; the app imports it). A domain's
 * file imports the tables it points at from the file that owns them, never from here (no import cycles).
 */
export * from './schema/core.js';
export * from './schema/transfers.js';
export * from './schema/committed-sales.js';
export * from './schema/bins.js';
export * from './schema/picking.js';
export * from './schema/jobs.js';
export * from './schema/audits.js';
