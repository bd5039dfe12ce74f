import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { jobs } from './jobs.js';
import { users } from './users.js';

/**
 * Imports (docs/decisions.md "Imports"): each dry run of a file, its per-row plan, and the column mapping saved per
 * file layout. Written only by modules/imports; the rows an import creates live in their own domains' tables (stock
 * through the ledger).
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file's bytes (hex). */
    fileHash: text('file_hash').notNull(),
    /** SHA-256 of the file's sorted, normalised header names: the file's layout. */
    layoutHash: text('layout_hash').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    mappingSource: text('mapping_source').notNull(),
    status: text('status').notNull().default('dry-run'),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    totalRows: integer('total_rows').notNull(),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('imports_created_idx').on(t.createdAt)],
);

/** One row of a dry run's plan: the file's row, its key, outcome and reasons, and the values it applies. */
export const importRows = pgTable(
  'import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** The row's line in the file (the header is line 1). */
    row: integer('row').notNull(),
    key: text('key').notNull(),
    outcome: text('outcome').notNull(),
    reasons: jsonb('reasons').$type<Record<string, string[]>>().notNull(),
    changes: jsonb('changes').$type<string[]>().notNull(),
    /** The row's checked values (field → text), what a confirm applies. */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

/** The mapping last used for a file layout of an entity, so the next file of that shape maps itself. */
export const importMappings = pgTable(
  'import_mappings',
  {
    entity: text('entity').notNull(),
    layoutHash: text('layout_hash').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.layoutHash] })],
);
