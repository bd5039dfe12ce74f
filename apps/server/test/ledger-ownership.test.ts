import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10 part 1: no module but modules/ledger writes the ledger's tables (`inventory_transactions`,
 * `inventory_transaction_serials`), on-hand (`inventory`), bin contents (`bin_items`, `bin_movements`; issue 11) or serial places (`inventory_serials`' bucket, location,
 * condition, disposition, and new serials), or takes the on-hand and serial-number locks. Every movement posts
 * through `Ledger` (modules/ledger/ledger-writer.ts). A structure test over the server's source.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');
const LEDGER_DIR = join(SRC, 'modules', 'ledger') + sep;

const LEDGER_TABLES = 'inventoryTransactions|inventoryTransactionSerials|inventory|inventorySerials|binItems|binMovements';
const LEDGER_SQL_TABLES = 'inventory_transactions|inventory_transaction_serials|inventory_serials|inventory|bin_items|bin_movements';
const PLACE_COLUMNS = /\b(bucket|locationCode|conditionCode|dispositionCode|location_code|condition_code|disposition_code)\b/;

/** The ledger writes and locks in one file's text, each with its line. */
function ledgerWrites(text: string): { line: number; what: string }[] {
  const found: { line: number; what: string }[] = [];
  const at = (index: number, what: string) => found.push({ line: text.slice(0, index).split('\n').length, what });
  /** The statement that starts here, up to its WHERE (Drizzle's `.where(` or SQL's `where`) or 600 characters. */
  const upToWhere = (index: number) => {
    const rest = text.slice(index, index + 600);
    const end = rest.search(/\.where\(|\bwhere\b/i);
    return end < 0 ? rest : rest.slice(0, end);
  };
  // Drizzle: db.insert(inventory…), db.update(…), db.delete(…). An update of inventorySerials counts when it sets a place.
  for (const m of text.matchAll(new RegExp(`\\.(insert|update|delete)\\(\\s*(${LEDGER_TABLES})\\s*\\)`, 'g'))) {
    // An update of inventory_serials that sets only other columns (notes, comments), named in an object literal, is allowed.
    if (m[1] === 'update' && m[2] === 'inventorySerials') {
      const set = upToWhere(m.index + m[0].length);
      if (/^\s*\.set\(\s*\{/.test(set) && !PLACE_COLUMNS.test(set)) continue;
    }
    at(m.index, m[0]);
  }
  // SQL text: insert into / update / delete from one of the tables (`inventory` alone, not a longer name).
  for (const m of text.matchAll(new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${LEDGER_SQL_TABLES})\\b(?!_)`, 'gi'))) {
    if (/^update$/i.test(m[1]!) && m[2]!.toLowerCase() === 'inventory_serials' && !PLACE_COLUMNS.test(upToWhere(m.index + m[0].length))) continue;
    at(m.index, m[0].replace(/\s+/g, ' '));
  }
  // The serial-number locks (advisory keys 4101 and 4102) and on-hand rows locked FOR UPDATE.
  for (const m of text.matchAll(/pg_advisory_xact_lock(_shared)?\(\s*(\$\{\s*)?(SERIAL_|4_?10[12]\b)/g)) at(m.index, m[0]);
  for (const m of text.matchAll(/\.from\(\s*inventory\s*\)[^;]{0,400}?\.for\(\s*['"]update/g)) at(m.index, '.from(inventory) … .for(update)');
  for (const m of text.matchAll(/\bfrom\s+inventory\b(?!_)[^;`]{0,400}?\bfor\s+update\b/gi)) at(m.index, 'from inventory … for update');
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('ledger ownership', () => {
  it('finds each kind of write and lock, and not reads or other tables', () => {
    const writes = [
      'await tx.insert(inventoryTransactions).values(v)',
      'db.update(inventory).set({ quantity: 1 })',
      'db.delete(inventoryTransactionSerials)',
      'db.update(inventorySerials).set({ bucket: null }).where(eq(inventorySerials.id, 1))',
      'db.update(inventorySerials).set(values).where(eq(inventorySerials.id, id))',
      'sql`insert into inventory (product_id, bucket, quantity) values (1, 2, 3)`',
      'sql`INSERT INTO inventory_transaction_serials (transaction_id) values (1)`',
      "sql`update inventory_serials set disposition_code = 'SOLD' where id = 1`",
      'sql`update inventory set quantity = quantity - 1`',
      'sql`select pg_advisory_xact_lock(${SERIAL_LOCK_SPACE}, k)`',
      'sql`select pg_advisory_xact_lock_shared(4102, 0)`',
      "db.select().from(inventory).where(eq(inventory.productId, 1)).for('update')",
      'sql`select quantity from inventory where product_id = 1 for update`',
      'db.insert(binItems).values(v)',
      'sql`delete from bin_items where bin_id = 1`',
      'sql`insert into bin_movements (bin_id) values (1)`',
    ];
    for (const w of writes) expect(ledgerWrites(w), w).toHaveLength(1);
    const others = [
      'db.select().from(inventorySerials)',
      'db.select().from(inventory).where(eq(inventory.bucket, b))',
      "db.update(inventorySerials).set({ notes: 'n', customerComments: null }).where(eq(inventorySerials.id, 1))",
      "sql`update inventory_serials set notes = 'n' where id = 1`",
      'db.insert(committedTransfers).values(v)',
      'sql`insert into inventory_audits (a) values (1)`',
      'sql`select * from inventory_transactions for update`',
      'on conflict (product_id, bucket) do update set quantity = inventory.quantity + 1',
      'sql`select pg_advisory_xact_lock(4100, 0)`',
    ];
    for (const o of others) expect(ledgerWrites(o), o).toEqual([]);
  });

  it('no file of the server outside modules/ledger writes the ledger, on-hand or serial places, or takes their locks', () => {
    const offenders = sourceFiles(SRC)
      .filter((path) => !path.startsWith(LEDGER_DIR))
      .flatMap((path) => ledgerWrites(readFileSync(path, 'utf8')).map((w) => `${relative(SRC, path)}:${w.line}: ${w.what}`));
    expect(offenders, 'post these through Ledger (modules/ledger/ledger-writer.ts)').toEqual([]);
    // And the ledger module itself is found writing (the patterns match the real code).
    expect(ledgerWrites(readFileSync(join(LEDGER_DIR, 'ledger.repository.ts'), 'utf8')).length).toBeGreaterThan(8);
    expect(ledgerWrites(readFileSync(join(LEDGER_DIR, 'bin-contents.repository.ts'), 'utf8')).length).toBeGreaterThanOrEqual(3);
  });
});
