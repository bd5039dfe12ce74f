import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICK_MESSAGES, pickErrorText } from '@keystone/contracts';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { checkLedger } from '../../src/modules/ledger/ledger-check.js';
import { LedgerWrites } from '../../src/modules/ledger/ledger-transaction.js';
import { createServices, type Services } from '../../src/modules/services.js';
import { createLocation, createProducts, nextUpc, receiveStock, type CreatedProduct } from '../factories.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
} from './server-processes.js';

/**
 * Picking under concurrency (issue 11): two server processes on one PostgreSQL database. Two pickers of one pick
 * list item (sent to both servers at once): exactly one picks, the others are told 'already been picked' and the bin
 * loses the quantity once. Two picks draining one bin: one succeeds, the bin never goes negative.
 */
const dbName = `kt_conc_pick_${randomBytes(5).toString('hex')}`;
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
let kit: CreatedProduct;
let actor: { id: number; username: string; role: string };
let bin: { id: number; bucket: string };
const PASSWORD = 'concurrency-password';

async function pick(server: number, id: number, body: object) {
  const res = await fetch(`${servers[server]!.url}/api/ims/picklist/item/${id}/pick`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[server]}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}
const binQuantity = async () =>
  (
    await queryRows<{ quantity: number }>(
      database.db,
      sql`select quantity from bin_items where bin_id = ${bin.id} and product_id = ${kit.id}`,
    )
  )[0]?.quantity ?? 0;

async function printed(quantity: number): Promise<number> {
  const sale = await services.committedSales.commit(
    {
      legacyPosInvoiceId: `CONC-${randomBytes(3).toString('hex')}`,
      model: kit.modelNumber,
      quantity,
      sourceBucket: 'KY01',
    },
    actor,
  );
  const [item] = await services.picking.print(
    { items: [{ imsTransactionReferenceId: sale.ims_transaction_reference_id }] },
    actor,
  );
  return item!.id;
}

beforeAll(async () => {
  const url = new URL(await createScratchDatabase(dbName));
  database = await openPostgres(url.toString());
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [kit] = (await createProducts(database.db, [
    { modelNumber: 'CONC-PICK-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct];
  const id = await services.users.create({ username: 'conc-picker', password: PASSWORD, role: 'warehouse-admin' });
  actor = { id, username: 'conc-picker', role: 'warehouse-admin' };
  await receiveStock(services, kit, 'KY01', { units: 20 });
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf) values ('R01-B01-S01', 'KY01', 'NEW', 'KY01', 1, 1, 1) returning id`,
  );
  bin = { id: row!.id, bucket: 'KY01' };
  await new LedgerWrites(database.db).run((executor, ledger) =>
    ledger.moveBinContents({ executor, bin, lines: [{ productId: kit.id, delta: 10 }], reason: 'ASSIGN', userId: id }),
  );
  servers = await Promise.all([startServerProcess(url.toString()), startServerProcess(url.toString())]);
  tokens = await signInOnEach(servers, 'conc-picker', PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('picking under concurrency, two server processes', () => {
  it('two pickers of one item (four requests on both servers): exactly one picks, the bin loses its quantity once', async () => {
    const id = await printed(3);
    const answers = await Promise.all(
      [0, 1, 0, 1].map((s) => pick(s, id, { pickedBy: 'conc-picker', actualPickedBinId: bin.id })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual([409, 409, 409]);
    for (const a of refused) expect(pickErrorText(a.body.message)).toBe(PICK_MESSAGES.alreadyPicked);
    expect(await binQuantity()).toBe(7);
    const moves = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bin_movements where pick_list_item_id = ${id}`,
    );
    expect(moves[0]!.n).toBe(1);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('two picks draining one bin at once: one succeeds, the other is refused, and the bin never goes negative', async () => {
    const [a, b] = [await printed(5), await printed(5)];
    expect(await binQuantity()).toBe(7);
    const answers = await Promise.all([
      pick(0, a, { actualPickedBinId: bin.id }),
      pick(1, b, { actualPickedBinId: bin.id }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 422]);
    expect(answers.find((x) => x.status === 422)!.body.message).toMatch(
      /The bin holds 2 of this product\. The pick needs 5\./,
    );
    expect(await binQuantity()).toBe(2);
    const negative = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bin_items where quantity < 0`,
    );
    expect(negative[0]!.n).toBe(0);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('one pick sent four times at once (the same clientScanId, both servers): picked once, every answer the same success', async () => {
    const id = await printed(1);
    const body = { actualPickedBinId: bin.id, clientScanId: randomUUID() };
    const answers = await Promise.all([0, 1, 0, 1].map((s) => pick(s, id, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await binQuantity()).toBe(1);
    const moves = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bin_movements where pick_list_item_id = ${id}`,
    );
    expect(moves[0]!.n).toBe(1);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
