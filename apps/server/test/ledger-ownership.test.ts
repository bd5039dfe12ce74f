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

const LEDGER_TABLES =
  'inventoryTransactions|inventoryTransactionSerials|inventory|inventorySerials|binItems|binMovements';
const LEDGER_SQL_TABLES =
  'inventory_transactions|inventory_transaction_serials|inventory_serials|inventory|bin_items|bin_movements';
const PLACE_COLUMNS =
  /\b(bucket|locationCode|conditionCode|dispositionCode|location_code|condition_code|disposition_code)\b/;

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
  for (const m of text.matchAll(
    new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${LEDGER_SQL_TABLES})\\b(?!_)`, 'gi'),
  )) {
    if (
      /^update$/i.test(m[1]!) &&
      m[2]!.toLowerCase() === 'inventory_serials' &&
      !PLACE_COLUMNS.test(upToWhere(m.index + m[0].length))
    )
      continue;
    at(m.index, m[0].replace(/\s+/g, ' '));
  }
  // The serial-number locks (advisory keys 4101 and 4102) and on-hand rows locked FOR UPDATE.
  for (const m of text.matchAll(/pg_advisory_xact_lock(_shared)?\(\s*(\$\{\s*)?(SERIAL_|4_?10[12]\b)/g))
    at(m.index, m[0]);
  for (const m of text.matchAll(/\.from\(\s*inventory\s*\)[^;]{0,400}?\.for\(\s*['"]update/g))
    at(m.index, '.from(inventory) … .for(update)');
  for (const m of text.matchAll(/\bfrom\s+inventory\b(?!_)[^;`]{0,400}?\bfor\s+update\b/gi))
    at(m.index, 'from inventory … for update');
  return found;
}

/**
 * Writes of a PO's received figures (issue 33 item 3): a line's received count, the PO's received total, and the
 * statuses that follow the receipts (Partially Received, Received), each with its line.
 */
function poFigureWrites(text: string): { line: number; what: string }[] {
  const found: { line: number; what: string }[] = [];
  const at = (index: number, what: string) => found.push({ line: text.slice(0, index).split('\n').length, what });
  const statement = (index: number) => text.slice(index, index + 800).split(/\.where\(|\bwhere\b|;/i)[0]!;
  // Drizzle: an update of the lines or the POs whose set names a received figure.
  for (const m of text.matchAll(/\.update\(\s*(purchaseOrderItems|purchaseOrders)\s*\)/g)) {
    if (/\b(qtyReceived|totalReceivedCents)\b/.test(statement(m.index)))
      at(m.index, `${m[0]} setting a received figure`);
  }
  // SQL: update purchase_order_items / purchase_orders setting qty_received or total_received_cents.
  for (const m of text.matchAll(/\bupdate\s+(purchase_order_items|purchase_orders)\b(?!_)/gi)) {
    if (/\b(qty_received|total_received_cents)\s*=/.test(statement(m.index)))
      at(m.index, `${m[0]} setting a received figure`);
  }
  // The statuses a receipt leads to: only the ledger's status rule names them.
  for (const m of text.matchAll(/PO_STATUS\.(partiallyReceived|received)\b/g)) at(m.index, m[0]);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

/** The server's test files and their support files (everything under test/, and the `.test.ts` files beside the code). */
function testFiles(): string[] {
  const all = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? all(join(dir, e.name)) : /\.(ts|mts)$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  return [...all(TEST), ...all(SRC).filter((path) => path.endsWith('.test.ts'))];
}
const TEST = dirname(fileURLToPath(import.meta.url));

type WriteFinder = (text: string) => { line: number; what: string }[];

/** What `find` finds in each of these files, as `path:line: what` with the path relative to `root`. */
function writesIn(files: string[], find: WriteFinder, root: string): string[] {
  return files.flatMap((path) =>
    find(readFileSync(path, 'utf8')).map((w) => `${relative(root, path)}:${w.line}: ${w.what}`),
  );
}

/** What `find` finds in the server's source outside modules/ledger (the one place allowed to write). */
function writesOutsideLedger(find: WriteFinder): string[] {
  return writesIn(
    sourceFiles(SRC).filter((path) => !path.startsWith(LEDGER_DIR)),
    find,
    SRC,
  );
}

/** What a test may write around the ledger: a statement with a comment saying so on its line or the six before it. */
const AROUND_THE_LEDGER = /around the ledger/i;

/**
 * The raw writes of a test file to the ledger's tables, on-hand, serial places, bin contents or PO received figures
 * (a PO line inserted with its received count too), each with its line, that no comment marks as written around
 * the ledger on purpose.
 */
function unmarkedTestWrites(text: string): { line: number; what: string }[] {
  // A PO status named in a test is what it expects to read, not a write: only the figures' writes count here.
  const found = [...ledgerWrites(text), ...poFigureWrites(text).filter((w) => !w.what.startsWith('PO_STATUS.'))];
  for (const m of text.matchAll(/\binsert\s+into\s+purchase_order_items\b[^;`]*\bqty_received\b/gi))
    found.push({
      line: text.slice(0, m.index).split('\n').length,
      what: 'insert into purchase_order_items (… qty_received)',
    });
  for (const m of text.matchAll(/\.insert\(\s*purchaseOrderItems\s*\)[^;]{0,400}?\bqtyReceived\b/g))
    found.push({
      line: text.slice(0, m.index).split('\n').length,
      what: '.insert(purchaseOrderItems) with qtyReceived',
    });
  const lines = text.split('\n');
  return found.filter((w) => !lines.slice(Math.max(0, w.line - 7), w.line).some((l) => AROUND_THE_LEDGER.test(l)));
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
    expect(writesOutsideLedger(ledgerWrites), 'post these through Ledger (modules/ledger/ledger-writer.ts)').toEqual(
      [],
    );
    // And the ledger module itself is found writing (the patterns match the real code).
    expect(ledgerWrites(readFileSync(join(LEDGER_DIR, 'ledger.repository.ts'), 'utf8')).length).toBeGreaterThan(8);
    expect(
      ledgerWrites(readFileSync(join(LEDGER_DIR, 'bin-contents.repository.ts'), 'utf8')).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('finds each kind of PO figure write, and not reads or other columns', () => {
    const writes = [
      'db.update(purchaseOrderItems).set({ qtyReceived: sql`qty_received + 1` }).where(eq(purchaseOrderItems.id, 1))',
      'db.update(purchaseOrders).set({ totalCents: 1, totalReceivedCents: 2 }).where(eq(purchaseOrders.id, 1))',
      'sql`update purchase_order_items set qty_received = qty_received + ${delta} where id = ${id}`',
      'sql`update purchase_orders po set total_received_cents = 0 where id = 1`',
      'repo.update(poId, { statusId: statusId(PO_STATUS.partiallyReceived) })',
      'const RECEIVED = statusId(PO_STATUS.received);',
    ];
    for (const w of writes) expect(poFigureWrites(w), w).toHaveLength(1);
    const others = [
      'db.update(purchaseOrderItems).set({ qtyOrdered: 3 }).where(eq(purchaseOrderItems.qtyReceived, 0))',
      'db.select({ q: purchaseOrderItems.qtyReceived }).from(purchaseOrderItems)',
      'sql`update purchase_orders set status_id = 7 where id = 1 and total_received_cents > 0`',
      'sql`select sum(qty_received) from purchase_order_items`',
      'PO_STATUS.complete',
    ];
    for (const o of others) expect(poFigureWrites(o), o).toEqual([]);
  });

  it("no file of the server outside modules/ledger writes a PO line's received count, the PO's received total or the receipt statuses", () => {
    expect(
      writesOutsideLedger(poFigureWrites),
      'change them through the ledger module (po-figures.repository.ts, Ledger)',
    ).toEqual([]);
    // The ledger module holds each of them: the count, the total and the one status rule.
    const figures = readFileSync(join(LEDGER_DIR, 'po-figures.repository.ts'), 'utf8');
    expect([...new Set(poFigureWrites(figures).map((w) => w.what))].sort()).toEqual([
      'PO_STATUS.partiallyReceived',
      'PO_STATUS.received',
    ]);
    expect(figures).toMatch(/total_received_cents = /);
    expect(
      poFigureWrites(readFileSync(join(LEDGER_DIR, 'ledger.repository.ts'), 'utf8')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('every transaction that calls the Ledger goes through its one entry (LedgerWrites.run)', () => {
    // Ledger's posting and locking methods take a LedgerTx, which only LedgerWrites.run makes: the type checker refuses
    // a plain transaction's executor. Its reads alone take any executor.
    const writer = readFileSync(join(LEDGER_DIR, 'ledger-writer.ts'), 'utf8');
    const publicPlain = [...writer.matchAll(/^ {2}(?:async )?(\w+)\((?:input: \{ )?executor: Executor\b/gm)].map(
      (m) => m[1],
    );
    expect(publicPlain.sort()).toEqual(['liveSerials', 'liveSerialsAmong', 'onHand']);
    expect((writer.match(/executor: LedgerTx/g) ?? []).length).toBeGreaterThanOrEqual(12);
    const entry = join(LEDGER_DIR, 'ledger-transaction.ts');
    const offenders = sourceFiles(SRC).flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      const found: string[] = [];
      // Forging the brand (a cast to LedgerTx) anywhere but the entry.
      if (path !== entry && /\bas\s+(unknown\s+as\s+)?LedgerTx\b/.test(text)) found.push('casts to LedgerTx');
      // The ledger's SQL used directly (a type import is fine).
      if (
        !path.startsWith(LEDGER_DIR) &&
        /^import\s+(?!type\b)[^;]*from\s+'[./]*(?:modules\/)?ledger\/(ledger|bin-contents)\.repository\.js'/m.test(text)
      )
        found.push('imports the ledger repositories');
      // The write gate is the entry's: made once (services.ts), passed only to LedgerWrites.
      if (path !== entry && !path.endsWith(`${sep}services.ts`) && /new WriteGate\(|\.gate\.run\(/.test(text))
        found.push('uses a write gate of its own');
      return found.map((f) => `${relative(SRC, path)}: ${f}`);
    });
    expect(offenders).toEqual([]);
    expect(readFileSync(join(SRC, 'modules', 'services.ts'), 'utf8')).toMatch(
      /new LedgerWrites\(db, new WriteGate\(config\.ledgerWriteConcurrency\)/,
    );
  });

  it("finds a test's raw ledger write unless a comment beside it says it is written around the ledger", () => {
    expect(
      unmarkedTestWrites(
        'await t.db.execute(sql`insert into inventory (product_id, bucket, quantity) values (1, 2, 3)`);',
      ),
    ).toHaveLength(1);
    expect(
      unmarkedTestWrites(
        'sql`insert into purchase_order_items (purchase_order_id, qty_ordered, qty_received) values (1, 2, 1)`',
      ),
    ).toHaveLength(1);
    expect(
      unmarkedTestWrites(
        '// Deliberately written around the ledger: the check must see it.\nawait t.db.execute(sql`update inventory set quantity = 9`);',
      ),
    ).toEqual([]);
    expect(
      unmarkedTestWrites(
        "await stockUp(t.services, product, 'KY01', 3);\nawait queryRows(t.db, sql`select quantity from inventory`);",
      ),
    ).toEqual([]);
  });

  it("no test makes stock by writing the ledger's tables, but through the ledger or the API (issue 33 item 5)", () => {
    const offenders = writesIn(
      testFiles().filter((path) => path !== fileURLToPath(import.meta.url)),
      unmarkedTestWrites,
      join(SRC, '..'),
    );
    expect(
      offenders,
      'make stock with test/stock-kit.ts (stockUp, adjustStock, stockUpInBin), receiveStock or the API; a deliberate write around the ledger says so in a comment',
    ).toEqual([]);
  });
});
