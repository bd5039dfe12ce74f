import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/database.js';
import type { Services } from '../src/modules/services.js';
import { appUser, createLocation, createPoLine, createProducts } from './factories.js';

/**
 * The backup drills' story (docs/deployment.md, "Backups"): a receipt, then an un-receipt of it. A restore to a moment
 * between them must hold the receipt and not the un-receipt, and pass the ledger check.
 */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DrillLine {
  lineId: number;
  productId: number;
  upc: string;
}

/** A location, a product and a PO line of 3 units, two of them received (two ledger rows): answers the line. */
export async function receiveForDrill(services: Services, db: Database): Promise<DrillLine & { references: string[] }> {
  await createLocation(services, 'KY01');
  const [product] = await createProducts(db, [{ modelNumber: `DRILL${Date.now() % 100000}` }]);
  const buyer = await appUser(services, 'purchasing-admin');
  const actor = { id: buyer.id, username: buyer.username, role: 'purchasing-admin' };
  const { poId, lineId } = await createPoLine(services, product!, { qty: 3, buyerId: buyer.id });
  const references: string[] = [];
  for (let i = 0; i < 2; i++) {
    const answer = (await services.receiving.receive(
      {
        scannedUpc: product!.upc!,
        model: product!.modelNumber,
        poApiPoId: poId,
        poApiPoItemId: lineId,
        receivingBucket: 'KY01',
      } as never,
      actor,
    )) as unknown as { transactionReferenceId: string };
    references.push(answer.transactionReferenceId);
  }
  return { lineId, productId: product!.id, upc: product!.upc!, references };
}

/** Un-receives one receipt of the line. */
export async function unreceiveForDrill(services: Services, line: DrillLine, reference: string): Promise<void> {
  const admin = await appUser(services, 'warehouse-admin');
  await services.receiving.unreceive(
    reference,
    { lineItemId: line.lineId, notes: 'backup drill', scannedUpc: line.upc },
    { id: admin.id, username: admin.username, role: 'warehouse-admin' } as never,
  );
}

/** The line's received count and its ledger rows by type. */
export async function drillState(db: Database, lineId: number) {
  const [line] = await queryRows<{ received: number }>(
    db,
    sql`select qty_received::int as received from purchase_order_items where id = ${lineId}`,
  );
  const rows = await queryRows<{ type: string; n: number }>(
    db,
    sql`select t.type, count(*)::int as n from inventory_transactions t
        where t.purchase_order_item_id = ${lineId} group by 1 order by 1`,
  );
  return { received: line?.received ?? null, rows: Object.fromEntries(rows.map((r) => [r.type, r.n])) };
}

/** Runs a server CLI (`src/cli/<name>.ts`) with this environment; answers its exit code and output. */
export function runCli(
  name: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}
