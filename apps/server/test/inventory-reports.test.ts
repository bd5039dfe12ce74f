import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AS_OF_CSV_COLUMNS,
  GE_MANUFACTURER,
  INVENTORY_REPORT_MESSAGES,
  ZCommitSaleSchema,
  type TDailyReceived,
  type TOnHandTotals,
  type TUnreceivedInvoiceReport,
} from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { Ledger } from '../src/modules/ledger/ledger-writer.js';
import { LedgerWrites, type LedgerTx } from '../src/modules/ledger/ledger-transaction.js';
import { centsText, nextDay } from '../src/modules/inventory-reports/inventory-reports.service.js';
import {
  createLocation,
  createManufacturer,
  createProducts,
  createSignedInUser,
  nextUpc,
  receiveStock,
  unique,
  type CreatedProduct,
} from './factories.js';
import { countStock, onHand, transferStock } from './stock-kit.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';
import { readCsvRecords } from './csv-read.js';

/**
 * The named inventory reports (issue 15): each on data this file makes, with the figures it expects computed here
 * from that data. The as-of reports are shown unchanged for an earlier date by movements after it.
 */
let t: TestApp;
let token: string;
let actor: { id: number; username: string; role: string };
let ge: CreatedProduct;
let cafe: CreatedProduct;
let other: CreatedProduct;
const ledger = new Ledger();
const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
const get = (url: string) => injectAs(t.app, token, { method: 'GET', url });
const inTx = <T>(work: (tx: LedgerTx) => Promise<T>) => new LedgerWrites(t.db, undefined, ledger).run(work);

async function csvOf(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  expect(res.headers['content-disposition']).toMatch(/report-\d{2}-\d{2}-\d{4}\.csv/);
  return { header: res.body.split('\n')[0]!.trim(), rows: readCsvRecords(res.body) };
}

/** The last receipt's PO line of a product: its cost is set directly, as an edited line cost would be. */
async function setLastReceiptCost(product: CreatedProduct, cents: number) {
  await t.db.execute(sql`update purchase_order_items set invoice_cost_cents = ${cents}
    where id = (select purchase_order_item_id from inventory_transactions where product_id = ${product.id} and type = 'INVENTORY_RECEIPT' order by id desc limit 1)`);
}

const asOfKey = (r: Record<string, string>) => `${r['Model']}|${r['Bucket']}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const code of ['KY01', 'TX01', 'AZ02', 'RUBY']) await createLocation(t.services, code);
  const signedIn = await createSignedInUser(t, { role: 'admin' });
  token = signedIn.token;
  actor = { id: signedIn.id, username: signedIn.username, role: 'admin' };
  const geId = await createManufacturer(t.db, GE_MANUFACTURER);
  const otherId = await createManufacturer(t.db, 'Other Works');
  [ge, cafe, other] = (await createProducts(t.db, [
    { modelNumber: 'REP-GE-FRIDGE', upc: nextUpc(), manufacturerId: geId, currentCostCents: 150_000 },
    { modelNumber: 'REP-CAFE-RANGE', upc: nextUpc(), manufacturerId: geId, currentCostCents: 99_999 },
    { modelNumber: 'REP-OTHER', upc: nextUpc(), manufacturerId: otherId, currentCostCents: 2_000 },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct];
});

afterAll(async () => {
  await t?.close();
});

describe('as-of reports: GE on-hand export, its totals, inventory accounting', () => {
  const d1 = daysAgo(10);
  // What the test puts on hand, and when.
  const geKyUnits = 3; // received at 50.00 on d1 (receiveStock's line cost), in KY01
  const geLaterUnits = 2; // received on d1 + 3 in TX01, its line cost then set to 70.00
  const geMoved = 1; // moved KY01 -> AZ02 today
  const cafeUnits = 4; // received on d1 in TX01 at 50.00
  const otherUnits = 5; // received on d1 in KY01 (not GE)

  beforeAll(async () => {
    await receiveStock(t.services, ge, 'KY01', { units: geKyUnits }, { at: `${d1}T23:59:59Z`, apart: 0 });
    await receiveStock(t.services, cafe, 'TX01', { units: cafeUnits }, { at: `${d1}T12:00:00Z`, apart: 0 });
    await receiveStock(t.services, other, 'KY01', { units: otherUnits }, { at: `${d1}T08:00:00Z`, apart: 0 });
    // After d1: a later receipt at another cost, then today a transfer out of KY01.
    await receiveStock(t.services, ge, 'TX01', { units: geLaterUnits }, { at: `${daysAgo(7)}T10:00:00Z`, apart: 0 });
    await setLastReceiptCost(ge, 7_000);
    await inTx((executor) =>
      ledger.postTransfer({
        executor,
        referenceId: unique('CT-REP'),
        productId: ge.id,
        fromBucket: 'KY01',
        toBucket: 'AZ02',
        quantity: geMoved,
        userId: actor.id,
      }),
    );
  });

  it('the accounting report at the end of d1 shows what stood then (the last second of d1 included), unchanged by the later moves', async () => {
    const { header, rows } = await csvOf(`/api/ims/reporting/inventory/accounting?date=${d1}`);
    expect(header).toBe(AS_OF_CSV_COLUMNS.map((c) => c.header).join(','));
    const expected = [
      { model: ge.modelNumber, bucket: 'KY01', quantity: geKyUnits, cost: 5_000 },
      { model: cafe.modelNumber, bucket: 'TX01', quantity: cafeUnits, cost: 5_000 },
      { model: other.modelNumber, bucket: 'KY01', quantity: otherUnits, cost: 5_000 },
    ];
    expect(rows.map(asOfKey).sort()).toEqual(expected.map((e) => `${e.model}|${e.bucket}`).sort());
    for (const e of expected) {
      const row = rows.find((r) => asOfKey(r) === `${e.model}|${e.bucket}`)!;
      expect(row['As Of Date']).toBe(d1);
      expect(Number(row['Quantity On Hand'])).toBe(e.quantity);
      expect(row['Unit Cost']).toBe(centsText(e.cost));
      expect(row['Total Value']).toBe(centsText(e.quantity * e.cost));
    }
  });

  it('the day before d1 shows nothing; today shows the later receipt at its own cost and the transfer', async () => {
    expect((await csvOf(`/api/ims/reporting/inventory/accounting?date=${daysAgo(11)}`)).rows).toEqual([]);
    const { rows } = await csvOf(`/api/ims/reporting/inventory/accounting?date=${today}`);
    const byKey = new Map(rows.map((r) => [asOfKey(r), r]));
    // The last receipt of the GE product (d1 + 3) was at 70.00: today every GE unit is valued at it.
    expect(Number(byKey.get(`${ge.modelNumber}|KY01`)!['Quantity On Hand'])).toBe(geKyUnits - geMoved);
    expect(Number(byKey.get(`${ge.modelNumber}|AZ02`)!['Quantity On Hand'])).toBe(geMoved);
    expect(Number(byKey.get(`${ge.modelNumber}|TX01`)!['Quantity On Hand'])).toBe(geLaterUnits);
    expect(byKey.get(`${ge.modelNumber}|TX01`)!['Unit Cost']).toBe(centsText(7_000));
    // The answer without a date is today's.
    const undated = await csvOf('/api/ims/reporting/inventory/accounting');
    expect(undated.rows).toEqual(rows);
  });

  it('a product the ledger holds without any receipt is valued at its current cost', async () => {
    const [loose] = await createProducts(t.db, [{ modelNumber: 'REP-LOOSE', upc: nextUpc(), currentCostCents: 1_234 }]);
    await inTx((executor) =>
      ledger.postQuantityAdjustment({
        executor,
        productId: loose!.id,
        bucket: 'RUBY',
        newQuantity: 6,
        userId: actor.id,
        notes: 'count',
      }),
    );
    const { rows } = await csvOf(`/api/ims/reporting/inventory/accounting?date=${today}`);
    const row = rows.find((r) => r['Model'] === 'REP-LOOSE')!;
    expect(row['Quantity On Hand']).toBe('6');
    expect(row['Total Value']).toBe(centsText(6 * 1_234));
  });

  it('the GE export lists the GE Appliances products only, and its totals call adds up the same rows', async () => {
    for (const date of [d1, today]) {
      const { rows } = await csvOf(`/api/ims/reporting/inventory/ge-on-hand-export?date=${date}`);
      expect(new Set(rows.map((r) => r['Model']))).toEqual(new Set([ge.modelNumber, cafe.modelNumber]));
      // The UPC, 12 digits, as ="…" so a spreadsheet keeps it text, not 9.99999E+10 (issue 31).
      expect(new Set(rows.map((r) => r['UPC']))).toEqual(new Set([`="${ge.upc}"`, `="${cafe.upc}"`]));
      const res = await get(`/api/ims/reporting/inventory/ge-on-hand-export/totals?date=${date}`);
      expect(res.statusCode).toBe(200);
      const totals = res.json() as TOnHandTotals;
      const units = rows.reduce((s, r) => s + Number(r['Quantity On Hand']), 0);
      const cents = rows.reduce((s, r) => s + Math.round(Number(r['Total Value']) * 100), 0);
      expect(totals).toMatchObject({
        date,
        rows: rows.length,
        units,
        products: new Set(rows.map((r) => r['Model'])).size,
      });
      expect(Math.round(totals.total_value * 100)).toBe(cents);
      const perLocation = new Map<string, number>();
      for (const r of rows)
        perLocation.set(r['Location']!, (perLocation.get(r['Location']!) ?? 0) + Number(r['Quantity On Hand']));
      expect(new Map(totals.locations.map((l) => [l.location_code, l.units]))).toEqual(perLocation);
    }
  });

  it('a date after today is a 400 naming date; a malformed date a 400 naming date', async () => {
    const future = await get(`/api/ims/reporting/inventory/accounting?date=${nextDay(today)}`);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      message: INVENTORY_REPORT_MESSAGES.dateInFuture,
      errors: { date: [INVENTORY_REPORT_MESSAGES.dateInFuture] },
    });
    const totals = await get(`/api/ims/reporting/inventory/ge-on-hand-export/totals?date=${nextDay(today)}`);
    expect(totals.statusCode).toBe(400);
    const bad = await get('/api/ims/reporting/inventory/ge-on-hand-export?date=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('date');
  });
});

describe('daily received', () => {
  it('units and cost per UTC day and location between the dates, receipts less un-receipts; none is an empty answer', async () => {
    const [a, b] = (await createProducts(t.db, [
      { modelNumber: 'REP-DAILY-A', upc: nextUpc() },
      { modelNumber: 'REP-DAILY-B', upc: nextUpc() },
    ])) as [CreatedProduct, CreatedProduct];
    const day1 = daysAgo(40);
    const day2 = daysAgo(38);
    await receiveStock(t.services, a, 'KY01', { units: 3 }, { at: `${day1}T00:00:00Z`, apart: 0 });
    await receiveStock(t.services, a, 'AZ02', { units: 2 }, { at: `${day2}T23:59:59Z`, apart: 0 });
    await receiveStock(t.services, b, 'KY01_B_STOCK', { units: 4 }, { at: `${day2}T12:00:00Z`, apart: 0 });
    // A day outside the range.
    await receiveStock(t.services, b, 'TX01', { units: 1 }, { at: `${daysAgo(30)}T12:00:00Z`, apart: 0 });

    const res = await get(`/api/ims/transacted-receipts/daily-received?startDate=${day1}&endDate=${daysAgo(35)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TDailyReceived;
    const cost = 50; // receiveStock's line cost in dollars
    expect(body.data).toEqual([
      {
        location_code: 'AZ02',
        total_units: 2,
        total_dollars: 2 * cost,
        days: [{ date: day2, units: 2, dollars: 2 * cost }],
      },
      {
        location_code: 'KY01',
        total_units: 3 + 4,
        total_dollars: (3 + 4) * cost,
        days: [
          { date: day1, units: 3, dollars: 3 * cost },
          { date: day2, units: 4, dollars: 4 * cost },
        ],
      },
    ]);
    expect(body).toMatchObject({ startDate: day1, endDate: daysAgo(35), total_units: 9, total_dollars: 9 * cost });

    const none = (
      await get(`/api/ims/transacted-receipts/daily-received?startDate=${daysAgo(60)}&endDate=${daysAgo(50)}`)
    ).json() as TDailyReceived;
    expect(none).toMatchObject({ data: [], total_units: 0 });
  });

  it('the dates default to today; an end before the start or a range over 366 days is a 400 naming endDate', async () => {
    const res = await get('/api/ims/transacted-receipts/daily-received?startDate=&endDate=');
    expect(res.json()).toMatchObject({ startDate: today, endDate: today });
    const backwards = await get(`/api/ims/transacted-receipts/daily-received?startDate=${today}&endDate=${daysAgo(1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ endDate: [INVENTORY_REPORT_MESSAGES.endBeforeStart] });
    const long = await get(`/api/ims/transacted-receipts/daily-received?startDate=${daysAgo(366)}&endDate=${today}`);
    expect(long.statusCode).toBe(400);
  });
});

describe('unreceived invoices', () => {
  it('per vendor: the open invoiced POs awaiting units, their units and dollars, invoiced dollars and invoiced beyond received; a Total', async () => {
    const [p1, p2] = (await createProducts(t.db, [
      { modelNumber: 'REP-UNREC-1', upc: nextUpc() },
      { modelNumber: 'REP-UNREC-2', upc: nextUpc() },
    ])) as [CreatedProduct, CreatedProduct];
    const buyer = { id: actor.id, username: actor.username, role: 'admin' };
    /** A PO of a new vendor with lines (cost dollars, ordered, received) and invoices (dollars). */
    async function po(
      vendorName: string,
      lines: { product: CreatedProduct; cost: number; qty: number; received: number }[],
      invoices: number[],
      vendorId?: number,
    ) {
      const vendor =
        vendorId ?? (await t.services.vendors.create({ company_name: vendorName, vendor_type: 'sales' })).id;
      const order = await t.services.purchaseOrders.create(
        {
          vendorId: vendor,
          location_code: 'KY01',
          purchaseOrderType: 'Default',
          shippingRequirements: 'Default',
        } as never,
        actor.id,
      );
      for (const line of lines) {
        const full = await t.services.purchaseOrders.addLine({
          productId: line.product.id,
          cost: line.cost,
          qty: line.qty,
          purchaseOrderId: order.id,
        });
        const lineId = full.data.PO_LINES.at(-1)!.id;
        for (let i = 0; i < line.received; i++) {
          await t.services.receiving.receive(
            {
              scannedUpc: line.product.upc!,
              model: line.product.modelNumber,
              poApiPoId: order.id,
              poApiPoItemId: lineId,
              receivingBucket: 'KY01',
            } as never,
            buyer,
          );
        }
      }
      for (const amount of invoices) {
        await t.services.invoices.create({
          invoice_number: unique('INV'),
          invoice_amount: amount,
          invoice_date: today,
          vendor,
          purchase_id: order.purchase_ref_id,
        });
      }
      return { vendor, lines, invoices };
    }
    const alpha1 = await po(
      'Alpha Supply',
      [
        { product: p1, cost: 20, qty: 10, received: 4 },
        { product: p2, cost: 7.5, qty: 2, received: 0 },
      ],
      [150, 50],
    );
    const alpha2 = await po('', [{ product: p1, cost: 20, qty: 3, received: 1 }], [10], alpha1.vendor);
    const beta = await po('Beta Goods', [{ product: p2, cost: 12.25, qty: 4, received: 1 }], [49]);
    await po('Gamma Received', [{ product: p1, cost: 5, qty: 1, received: 1 }], [5]); // fully received: left out
    await po('Delta Uninvoiced', [{ product: p1, cost: 5, qty: 2, received: 0 }], []); // no invoice: left out

    const figures = (orders: { lines: { cost: number; qty: number; received: number }[]; invoices: number[] }[]) => {
      let units = 0;
      let unreceived = 0;
      let invoiced = 0;
      let beyond = 0;
      for (const o of orders) {
        const received = o.lines.reduce((s, l) => s + l.received * l.cost * 100, 0);
        const inv = o.invoices.reduce((s, a) => s + a * 100, 0);
        units += o.lines.reduce((s, l) => s + l.qty - l.received, 0);
        unreceived += o.lines.reduce((s, l) => s + (l.qty - l.received) * l.cost * 100, 0);
        invoiced += inv;
        beyond += Math.max(0, inv - received);
      }
      return {
        purchase_orders: orders.length,
        total_unreceived_units: units,
        total_unreceived_dollars: unreceived / 100,
        invoiced_dollars: invoiced / 100,
        invoiced_but_not_received: beyond / 100,
      };
    };
    const res = await get('/api/unreceived-invoice-report');
    expect(res.statusCode).toBe(200);
    const body = res.json() as TUnreceivedInvoiceReport;
    expect(body.data).toEqual([
      { vendor_id: alpha1.vendor, vendor_name: 'Alpha Supply', ...figures([alpha1, alpha2]) },
      { vendor_id: beta.vendor, vendor_name: 'Beta Goods', ...figures([beta]) },
    ]);
    expect(body.totals).toEqual(figures([alpha1, alpha2, beta]));
  });
});

describe('inactive inventory', () => {
  it('lists on-hand with no ledger movement in the bucket for the days asked (90 by default), with its last movement', async () => {
    const [idle, busy] = (await createProducts(t.db, [
      { modelNumber: 'REP-IDLE', upc: nextUpc(), currentCostCents: 3_000 },
      { modelNumber: 'REP-BUSY', upc: nextUpc() },
    ])) as [CreatedProduct, CreatedProduct];
    const idleAt = new Date(Date.now() - 120 * DAY);
    await receiveStock(t.services, idle, 'TX01', { units: 2 }, { at: idleAt, apart: 0 });
    await receiveStock(
      t.services,
      busy,
      'TX01',
      { units: 1 },
      { at: new Date(Date.now() - 30 * DAY).toISOString(), apart: 0 },
    );

    const byModel = (rows: Record<string, string>[]) => new Map(rows.map((r) => [r['Model'], r]));
    const standard = byModel((await csvOf('/api/ims/reporting/inventory/inactive')).rows);
    expect(standard.has(busy.modelNumber)).toBe(false);
    const row = standard.get(idle.modelNumber)!;
    expect(row).toMatchObject({
      Bucket: 'TX01',
      'Quantity On Hand': '2',
      'Days Inactive': '120',
      'Unit Cost': centsText(3_000),
      'Total Value': centsText(6_000),
    });
    // UTC 'YYYY-MM-DD HH:MM:SS', to the second (issue 31: a form Excel reads as a date and time).
    expect(row['Last Movement (UTC)']).toBe(
      `${idleAt.toISOString().slice(0, 10)} ${idleAt.toISOString().slice(11, 19)}`,
    );
    // Within 20 days both are inactive.
    expect(byModel((await csvOf('/api/ims/reporting/inventory/inactive?days=20')).rows).has(busy.modelNumber)).toBe(
      true,
    );
    expect((await get('/api/ims/reporting/inventory/inactive?days=0')).statusCode).toBe(400);
    // A movement posted through the ledger today makes the bucket active again.
    await receiveStock(t.services, idle, 'TX01', { units: 1 });
    expect(byModel((await csvOf('/api/ims/reporting/inventory/inactive')).rows).has(idle.modelNumber)).toBe(false);
  });
});

describe('peak days fulfillment and FBA pending orders', () => {
  let due: CreatedProduct;
  const commit = (
    quantity: number,
    shipByDate: string | null,
    salesChannel: string | null = 'amazon',
    model = due.modelNumber,
  ) =>
    t.services.committedSales.commit(
      ZCommitSaleSchema.parse({
        legacyPosInvoiceId: unique('POS'),
        model,
        quantity,
        sourceBucket: 'AZ02',
        shipByDate,
        salesChannel,
      }),
      actor,
    );

  beforeAll(async () => {
    [due] = (await createProducts(t.db, [{ modelNumber: 'REP-PEAK', upc: nextUpc(), currentCostCents: 4_321 }])) as [
      CreatedProduct,
    ];
    await receiveStock(t.services, due, 'AZ02', { units: 8 });
    await commit(2, nextDay(today));
    await commit(1, null, 'amazon_home');
    await commit(1, daysAgo(-5));
    // Not FBA orders: a Walmart sale and a sale with no channel recorded (both still due for peak days).
    await commit(3, nextDay(today), 'walmart');
    await commit(1, nextDay(today), null);
  });

  it('peak days: the open sales due by the date (or undated) per bucket and product, on hand and shortfall', async () => {
    const date = daysAgo(-2);
    const { rows } = await csvOf(`/api/report/peak-days-fulfillment/${date}`);
    const row = rows.find((r) => r['Model'] === due.modelNumber)!;
    // Due by the date, whatever the channel: 2 (tomorrow) + 1 (no date) + 3 (Walmart) + 1 (no channel); 8 on hand in AZ02.
    expect(row).toMatchObject({
      Location: 'AZ02',
      Bucket: 'AZ02',
      'Open Orders': '4',
      'Units Due': '7',
      'Earliest Ship By': nextDay(today),
      'On Hand': '8',
      Shortfall: '0',
    });
    const later = (await csvOf(`/api/report/peak-days-fulfillment/${daysAgo(-6)}`)).rows.find(
      (r) => r['Model'] === due.modelNumber,
    )!;
    expect(later['Units Due']).toBe('8');
  });

  it('peak days: a date before today is a 400 with the message, naming date', async () => {
    const res = await get(`/api/report/peak-days-fulfillment/${daysAgo(1)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: INVENTORY_REPORT_MESSAGES.peakDateBeforeToday,
      errors: { date: [INVENTORY_REPORT_MESSAGES.peakDateBeforeToday] },
    });
    expect((await get('/api/report/peak-days-fulfillment/not-a-date')).statusCode).toBe(400);
  });

  it('FBA pending orders: the open sales of the FBA channels only, valued at the current cost, and a Total row', async () => {
    const { rows } = await csvOf('/api/ims/reporting/fba-pending-orders-in-dollars');
    const open = await queryRows<{ product_id: number; source_bucket: string; units: number; cost: number }>(
      t.db,
      sql`select cs.product_id, cs.source_bucket, sum(cs.committed_quantity)::int as units, min(p.current_cost_cents) as cost
          from committed_sales cs join products p on p.id = cs.product_id
          where cs.transacted_at is null and cs.sales_channel in ('amazon', 'amazon_home') group by 1, 2`,
    );
    const total = rows.at(-1)!;
    expect(rows.slice(0, -1)).toHaveLength(open.length);
    const row = rows.find((r) => r['Model'] === due.modelNumber)!;
    // The three Amazon sales (4 units); the Walmart sale (3 units) and the sale with no channel (1 unit) are not counted.
    expect(row).toMatchObject({
      'Pending Orders': '3',
      'Pending Units': '4',
      'Unit Cost': centsText(4_321),
      'Pending Dollars': centsText(4 * 4_321),
    });
    expect(total['Location']).toBe('Total');
    expect(Number(total['Pending Units'])).toBe(open.reduce((s, o) => s + Number(o.units), 0));
    expect(total['Pending Dollars']).toBe(centsText(open.reduce((s, o) => s + Number(o.units) * Number(o.cost), 0)));
  });
});

describe('as-of figures on a random history', () => {
  // Last in the file: its receipts fall in the other reports' date ranges.
  // The report computes a date's quantity as today's on-hand less the ledger's changes after the date. This test makes
  // a random history through the ledger (receipts, transfers, counts) spread over 60 days, then for several dates
  // computes each (product, bucket)'s figures itself the long way: the sum of the ledger rows created before the end
  // of the date, valued at the PO line of the product's last receipt before it (else its current cost).
  let seed = 20_261_124;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const buckets = ['KY01', 'TX01', 'AZ02', 'RUBY'];
  let products: CreatedProduct[] = [];

  beforeAll(async () => {
    products = await createProducts(
      t.db,
      Array.from({ length: 4 }, (_, i) => ({
        modelNumber: `REP-RANDOM-${i}`,
        upc: nextUpc(),
        currentCostCents: 1_000 + i * 111,
      })),
    );
    // Each movement is posted at a random instant of the last 60 days (rows' ids and times need not agree).
    for (let step = 0; step < 36; step++) {
      const at = new Date(
        Date.parse(`${today}T00:00:00Z`) - Math.floor(random() * 60 * DAY) + Math.floor(random() * DAY),
      );
      const product = pick(products);
      const kind = step < 8 ? 'receipt' : pick(['receipt', 'transfer', 'transfer', 'count']);
      if (kind === 'receipt') {
        await receiveStock(t.services, product, pick(buckets), { units: 1 + Math.floor(random() * 3) }, { at });
        await setLastReceiptCost(product, 3_000 + Math.floor(random() * 5_000));
      } else if (kind === 'transfer') {
        const from = pick(buckets);
        const to = pick(buckets.filter((b) => b !== from));
        const quantity = await onHand(t.db, product, from);
        if (quantity === 0) continue;
        await transferStock(
          t.services,
          product,
          { from, to, quantity: 1 + Math.floor(random() * quantity) },
          { at, userId: actor.id },
        );
      } else {
        const bucket = pick(buckets);
        const counted = Math.floor(random() * 5);
        if (counted === (await onHand(t.db, product, bucket))) continue;
        await countStock(t.services, product, bucket, counted, { at, userId: actor.id });
      }
    }
  });

  it('gives, for every date, the sums of the ledger rows before its end and the cost of the last receipt before it', async () => {
    const ids = products.map((p) => p.id);
    const ledgerRows = await queryRows<{
      id: number;
      product_id: number;
      bucket: string;
      quantity_delta: number;
      created_at: string | Date;
      type: string;
      cost: number | null;
    }>(
      t.db,
      sql`select t.id, t.product_id, t.bucket, t.quantity_delta, t.created_at, t.type, poi.invoice_cost_cents as cost
          from inventory_transactions t left join purchase_order_items poi on poi.id = t.purchase_order_item_id
          where t.product_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(ledgerRows.filter((r) => r.type === 'INVENTORY_TRANSFER').length).toBeGreaterThan(0);
    const dates = [daysAgo(61), daysAgo(45), daysAgo(30), daysAgo(20), daysAgo(10), daysAgo(3), daysAgo(1), today];
    let nonEmpty = 0;
    for (const date of dates) {
      const end = Date.parse(`${nextDay(date)}T00:00:00Z`);
      const before = ledgerRows.filter((r) => new Date(r.created_at).getTime() < end);
      const expected = new Map<string, { quantity: number; cost: number }>();
      for (const product of products) {
        const receipts = before
          .filter((r) => r.product_id === product.id && r.type === 'INVENTORY_RECEIPT' && r.cost !== null)
          .sort((a, b) => Number(b.id) - Number(a.id));
        const cost = receipts.length > 0 ? Number(receipts[0]!.cost) : product.currentCostCents;
        for (const bucket of buckets) {
          const quantity = before
            .filter((r) => r.product_id === product.id && r.bucket === bucket)
            .reduce((s, r) => s + Number(r.quantity_delta), 0);
          if (quantity !== 0) expected.set(`${product.modelNumber}|${bucket}`, { quantity, cost });
        }
      }
      const { rows } = await csvOf(`/api/ims/reporting/inventory/accounting?date=${date}`);
      const mine = rows.filter((r) => r['Model']!.startsWith('REP-RANDOM-'));
      expect(mine.map(asOfKey).sort(), date).toEqual([...expected.keys()].sort());
      for (const r of mine) {
        const e = expected.get(asOfKey(r))!;
        expect(
          [r['As Of Date'], Number(r['Quantity On Hand']), r['Unit Cost'], r['Total Value']],
          `${date} ${asOfKey(r)}`,
        ).toEqual([date, e.quantity, centsText(e.cost), centsText(e.quantity * e.cost)]);
      }
      if (mine.length > 0) nonEmpty++;
    }
    // The dates see different histories: the first none, later ones some.
    expect(nonEmpty).toBeGreaterThan(3);
  });
});
