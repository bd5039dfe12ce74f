import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { checkLedger } from '../../src/modules/ledger/ledger-check.js';
import { createServices, type Services } from '../../src/modules/services.js';
import { createLocation, createPoLine, createProducts, nextUpc, type CreatedProduct } from '../factories.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
} from './server-processes.js';

/**
 * Every kind of stock write at once (issue 33 item 3): two server processes on one PostgreSQL database, and in each
 * round, on the same two products and the same two buckets, transfers (commit, then transact), committed sales
 * (commit, then transact; two invoices of both products in opposite orders, finished), an audit's resolve, admin
 * adjustments, picks, quote conversions (two quotes of both products in opposite orders) and receipts. Each writer
 * passes the ledger's one entry, which reruns a transaction PostgreSQL rolled back as a deadlock victim: no answer
 * is a 5xx (each is 2xx, or a 4xx refusal such as "not enough on hand"), and the ledger check is clean at the end.
 * Before the entry, only receiving reran, and quote conversions (which locked their lines' on-hand rows in the quote's
 * order) met each other and invoice finishes in deadlocks, answered 500; a conversion now takes its rows in the ledger's
 * order first, and a deadlock left anywhere is rerun by the entry.
 */
const dbName = `kt_conc_lw_${randomBytes(5).toString('hex')}`;
const PASSWORD = 'concurrency-password';
const B = 'KY01_B_STOCK';
const D = 'KY01_DAMAGED';
const NON = 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED';
const ROUNDS = 6;

let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
/** The sales desk's tokens (converting a quote is sales-desk:manage, which the admin role does not hold). */
let salesTokens: string[] = [];
let p1: CreatedProduct;
let p2: CreatedProduct;
let actor: { id: number; username: string; role: string };
let binId: number;
let contactId: number;
let receiving: { poId: number; lines: Map<number, number> };

interface Answer {
  what: string;
  status: number;
  body: Record<string, unknown>;
}

let turn = 0;
/** One request, to the servers in turn. */
async function call(
  what: string,
  method: string,
  path: string,
  body?: unknown,
  as: 'admin' | 'sales' = 'admin',
): Promise<Answer> {
  const server = turn++ % servers.length;
  const token = (as === 'sales' ? salesTokens : tokens)[server];
  const res = await fetch(`${servers[server]!.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { what, status: res.status, body: parsed };
}

const ref = (a: Answer) => (a.status < 300 ? (a.body.ims_transaction_reference_id as string | undefined) : undefined);

async function setOnHand(product: CreatedProduct, bucket: string, quantity: number) {
  const [row] = await queryRows<{ quantity: number }>(
    database.db,
    sql`select quantity from inventory where product_id = ${product.id} and bucket = ${bucket}`,
  );
  if ((row?.quantity ?? 0) === quantity) return;
  await services.adminAdjustments.adjust(
    { model: product.modelNumber, legacyBucket: bucket, notes: 'Opening count', quantity } as never,
    actor as never,
  );
}

/** A round's prepared documents: an audit item counted, a pick list item printed, two quotes. */
async function prepareRound(round: number) {
  const product = round % 2 ? p2 : p1;
  const batch = await services.audits.createBatch(
    { audit_batch_name: `LW round ${round} ${randomUUID().slice(0, 6)}`, default_audit_bucket: D },
    actor as never,
  );
  const request = {
    model: product.modelNumber,
    auditBucket: D,
    auditBatchId: batch.audit_batch_id,
    auditTypeCode: NON,
  } as const;
  const started = await services.audits.request(request as never, actor as never);
  const auditRef = started.ims_transaction_reference_id;
  // One unit more or less than recorded: the resolve posts a small adjustment.
  const counted = Math.max(0, started.audit_item.recorded_qty_at_start_of_tally + (round % 2 ? 1 : -1));
  for (let i = 0; i < counted; i++)
    await services.audits.quickAdd(
      { ...request, transactionReferenceId: auditRef, scannedUpc: product.upc!, serialNumbers: '' } as never,
      actor as never,
    );

  const sale = await services.committedSales.commit(
    { legacyPosInvoiceId: `LW-PICK-${round}`, model: product.modelNumber, quantity: 1, sourceBucket: B } as never,
    actor as never,
  );
  const [pickItem] = await services.picking.print(
    { items: [{ imsTransactionReferenceId: sale.ims_transaction_reference_id }] } as never,
    actor as never,
  );

  const quotes: number[] = [];
  for (const order of [
    [p1, p2],
    [p2, p1],
  ]) {
    const quote = await services.quotes.store({ sold_contact_id: contactId } as never, actor as never);
    for (const p of order)
      await services.quotes.addItem({
        quote_id: quote.quote.id,
        productId: p.id,
        number_units: 1,
        unit_price: 10,
        condition: 'B_STOCK',
      } as never);
    quotes.push(quote.quote.id);
  }
  return { auditRef, pickItemId: pickItem!.id, quotes };
}

beforeAll(async () => {
  const url = new URL(await createScratchDatabase(dbName));
  database = await openPostgres(url.toString());
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [p1, p2] = (await createProducts(database.db, [
    { modelNumber: 'CONC-LW-ONE', upc: nextUpc(), serialNumberTracked: false },
    { modelNumber: 'CONC-LW-TWO', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct];
  const id = await services.users.create({ username: 'conc-ledger', password: PASSWORD, role: 'admin' });
  actor = { id, username: 'conc-ledger', role: 'admin' };
  await services.users.create({ username: 'conc-sales', password: PASSWORD, role: 'sales-1' });
  for (const p of [p1, p2]) {
    await setOnHand(p, B, 400);
    await setOnHand(p, D, 12);
  }
  const bin = await services.bins.create(
    { row: 7, bay: 1, shelf: 1, locationCode: 'KY01', conditionCode: 'B_STOCK' } as never,
    actor as never,
  );
  binId = bin.id;
  await services.bins.updateItems(
    binId,
    {
      isAdding: true,
      items: [
        { upc: p1.upc!, updateQty: 30 },
        { upc: p2.upc!, updateQty: 30 },
      ],
    } as never,
    actor as never,
  );
  contactId = (
    await services.contacts.create(
      {
        first_name: 'Lena',
        last_name: 'Ledger',
        address: '1 Main St',
        city: 'Louisville',
        state: 'KY',
        zip: '40202',
      } as never,
      null,
    )
  ).id;
  const first = await createPoLine(services, p1, { locationCode: 'KY01', qty: 200, buyerId: id });
  const second = await services.purchaseOrders.addLine({
    productId: p2.id,
    cost: 50,
    qty: 200,
    purchaseOrderId: first.poId,
  });
  receiving = {
    poId: first.poId,
    lines: new Map([
      [p1.id, first.lineId],
      [p2.id, second.data.PO_LINES.at(-1)!.id],
    ]),
  };
  servers = await Promise.all([startServerProcess(url.toString()), startServerProcess(url.toString())]);
  tokens = await signInOnEach(servers, 'conc-ledger', PASSWORD);
  salesTokens = await signInOnEach(servers, 'conc-sales', PASSWORD);
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('every stock write at once, two server processes, the same products and buckets', () => {
  it('answers 2xx or a 4xx refusal, never a 5xx, and leaves the ledger explained', async () => {
    const answers: Answer[] = [];
    const chain = async (...steps: (() => Promise<Answer | null>)[]) => {
      for (const step of steps) {
        const answer = await step();
        if (!answer) return;
        answers.push(answer);
        if (answer.status >= 300) return;
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      const prepared = await prepareRound(round);
      let transferOut = '';
      let transferBack = '';
      let sale = '';
      const invoices = [`LW-INV-${round}-A`, `LW-INV-${round}-B`];
      await Promise.all([
        // Transfers: B → D and D → B, committed then transacted.
        chain(
          async () => {
            const a = await call('transfer commit', 'POST', '/api/ims/committed-transfers', {
              fromBucket: B,
              toBucket: D,
              model: p1.modelNumber,
              requestedQuantity: 2,
              scanningRequired: false,
            });
            transferOut = ref(a) ?? '';
            return a;
          },
          async () =>
            call('transfer transact', 'POST', `/api/ims/committed-transfers/${transferOut}/transact`, {
              transferredById: 'conc-ledger',
            }),
        ),
        chain(
          async () => {
            const a = await call('transfer commit', 'POST', '/api/ims/committed-transfers', {
              fromBucket: D,
              toBucket: B,
              model: p2.modelNumber,
              requestedQuantity: 1,
              scanningRequired: false,
            });
            transferBack = ref(a) ?? '';
            return a;
          },
          async () =>
            call('transfer transact', 'POST', `/api/ims/committed-transfers/${transferBack}/transact`, {
              transferredById: 'conc-ledger',
            }),
        ),
        // A committed sale, committed then transacted.
        chain(
          async () => {
            const a = await call('sale commit', 'POST', '/api/ims/committed-sales', {
              legacyPosInvoiceId: `LW-SALE-${round}`,
              model: p2.modelNumber,
              quantity: 1,
              sourceBucket: B,
            });
            sale = ref(a) ?? '';
            return a;
          },
          async () =>
            call('sale transact', 'POST', `/api/ims/committed-sales/${sale}/transact`, {
              invoicedByName: 'conc-ledger',
            }),
        ),
        // Two invoices of both products, committed in opposite orders, each finished (its sales in id order).
        ...invoices.map((invoice, i) =>
          chain(
            ...(i === 0 ? [p1, p2] : [p2, p1]).map(
              (p) => async () =>
                call('sale commit', 'POST', '/api/ims/committed-sales', {
                  legacyPosInvoiceId: invoice,
                  model: p.modelNumber,
                  quantity: 1,
                  sourceBucket: B,
                }),
            ),
            async () =>
              call('invoice finish', 'POST', '/api/ims/legacy-wpos/finishInvoice/', {
                legacyPosInvoiceId: invoice,
                invoicedById: 'conc-ledger',
              }),
          ),
        ),
        // The audit's resolve in D, which the transfers move into and out of.
        chain(async () => call('audit resolve', 'POST', `/api/audit-adjustments/${prepared.auditRef}/resolve`, {})),
        // Admin adjustments of both buckets.
        chain(async () =>
          call('admin adjustment', 'PUT', '/api/ims/audit-adjustments', {
            model: p1.modelNumber,
            legacyBucket: B,
            notes: `Round ${round}`,
            quantity: 380 + round,
          }),
        ),
        chain(async () =>
          call('admin adjustment', 'PUT', '/api/ims/audit-adjustments', {
            model: p2.modelNumber,
            legacyBucket: D,
            notes: `Round ${round}`,
            quantity: 10 + round,
          }),
        ),
        // A pick from the bin in B.
        chain(async () =>
          call('pick', 'POST', `/api/ims/picklist/item/${prepared.pickItemId}/pick`, {
            pickedBy: 'conc-ledger',
            actualPickedBinId: binId,
          }),
        ),
        // Two quotes of both products in opposite orders, converted (each line commits stock from B).
        ...prepared.quotes.map((quote) =>
          chain(async () => call('quote conversion', 'GET', `/api/quote/convertToOrder/${quote}`, undefined, 'sales')),
        ),
        // Receipts into B.
        ...[p1, p2, p1].map((p) =>
          chain(async () =>
            call('receipt', 'POST', '/api/scanner/receipt/quickScanReceive', {
              scannedUpc: p.upc,
              model: p.modelNumber,
              poApiPoId: receiving.poId,
              poApiPoItemId: receiving.lines.get(p.id),
              receivingBucket: B,
            }),
          ),
        ),
      ]);
    }

    const failures = answers.filter((a) => a.status >= 500 || a.status < 200);
    expect(failures.map((a) => `${a.what}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`)).toEqual([]);
    // Every kind of write went through at least once (a refusal is a 4xx, never the rule).
    const done = new Set(answers.filter((a) => a.status < 300).map((a) => a.what));
    expect([...done].sort()).toEqual(
      [
        'admin adjustment',
        'audit resolve',
        'invoice finish',
        'pick',
        'quote conversion',
        'receipt',
        'sale commit',
        'sale transact',
        'transfer commit',
        'transfer transact',
      ].sort(),
    );
    expect(await checkLedger(database.db)).toEqual([]);
    const [negative] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from inventory where quantity < 0`,
    );
    expect(negative!.n).toBe(0);
    // The PO's figures follow its receipts: each line's count, the received total and Partially Received.
    const [po] = await queryRows<{ received: number; total_received_cents: number; status_id: number }>(
      database.db,
      sql`select (select sum(qty_received)::int from purchase_order_items where purchase_order_id = po.id) as received, po.total_received_cents::int, po.status_id
          from purchase_orders po where po.id = ${receiving.poId}`,
    );
    const receipts = answers.filter((a) => a.what === 'receipt' && a.status < 300).length;
    expect(po).toEqual({ received: receipts, total_received_cents: receipts * 5000, status_id: 5 });
  }, 600_000);
});
