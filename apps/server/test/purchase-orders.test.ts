import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { simpleParser } from 'mailparser';
import { defaultRequestedDeliveryDate, PO_STATUS, PO_STATUSES } from '@keystone/contracts';
import { createLocation, createProducts, createSignedInUser, receiveOnLine, type CreatedProduct } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import { queryRows } from '../src/db/database.js';

const interchangesOf = async (app: TestApp, poId: number) =>
  queryRows<{ file_name: string }>(
    app.db,
    sql`select file_name from edi_interchanges where purchase_order_id = ${poId}`,
  );
import { parseX12, segmentElements } from '../src/modules/edi/edi-test-document.js';

const statusId = (name: string) => PO_STATUSES.find((s) => s.status_name === name)!.id;

let t: TestApp;
let buyer: string;
let viewer: string;
let products: CreatedProduct[];
let ediVendor: number;
let plainVendor: number;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newPo(vendorId = ediVendor) {
  const res = await call(buyer, 'POST', '/api/purchase', {
    vendorId,
    location_code: 'KY01',
    purchaseOrderType: 'Default',
    shippingRequirements: 'Default',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; purchase_ref_id: string };
}

async function addLine(poId: number, productId: number, cost: number, qty: number) {
  const res = await call(buyer, 'POST', '/api/purchase/orderItem', { productId, cost, qty, purchaseOrderId: poId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { PO: Record<string, unknown>; PO_LINES: { id: number }[] };
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  buyer = (await createSignedInUser(t, { role: 'purchasing-admin' })).token;
  viewer = (await createSignedInUser(t, { role: 'warehouse-2' })).token;
  products = await createProducts(t.db, [
    { modelNumber: 'POT100SS' },
    { modelNumber: 'POT200WW' },
    { modelNumber: 'ZZT300' },
  ]);
  ediVendor = (
    await t.services.vendors.create({
      company_name: 'EDI Appliances',
      vendor_type: 'sales',
      edi_interchange_id: 'EDIAPPL',
      edi_qualifier: 'ZZ',
      rep_email: 'rep@edi.example',
    })
  ).id;
  plainVendor = (await t.services.vendors.create({ company_name: 'Paper Only Supply', vendor_type: 'service' })).id;
});
afterAll(() => t?.close());

describe('creating a PO', () => {
  it('answers the spec messages for a missing vendor or location', async () => {
    const noVendor = await call(buyer, 'POST', '/api/purchase', { location_code: 'KY01' });
    expect(noVendor.statusCode).toBe(422);
    expect(noVendor.json().errors).toEqual({ vendorId: ['Please select a vendor'] });
    const noLocation = await call(buyer, 'POST', '/api/purchase', { vendorId: ediVendor });
    expect(noLocation.json().errors).toEqual({
      location_code: ['Please select a location this PO will be received at.'],
    });
    const unknownLocation = await call(buyer, 'POST', '/api/purchase', { vendorId: ediVendor, location_code: 'NOPE' });
    expect(unknownLocation.statusCode).toBe(422);
  });

  it('numbers it W + six digits, status New, created by the caller', async () => {
    const po = await newPo();
    expect(po.purchase_ref_id).toBe(`W${String(po.id).padStart(6, '0')}`);
    const full = (await call(buyer, 'GET', `/api/purchase/getFull/${po.id}`)).json().data;
    expect(full.PO.purchase_order_status.status_name).toBe('New');
    expect(full.PO.created_by_name).toMatch(/^purchasing-admin/);
    expect(full.PO_LINES).toEqual([]);
  });
});

describe('lines and totals', () => {
  it('keeps totals exact as lines are added, changed and deleted', async () => {
    const po = await newPo();
    await addLine(po.id, products[0]!.id, 1299.99, 3);
    const data = await addLine(po.id, products[1]!.id, 45.5, 10);
    expect(data.PO).toMatchObject({ total: 4354.97, total_received: 0, dfi_discount_amount: 0, balance_due: 4354.97 });
    const dfi = await call(buyer, 'PUT', `/api/purchase/${po.id}`, { dfi_discount_percentage: 2.5 });
    expect(dfi.json().data.PO).toMatchObject({
      dfi_discount_percentage: '2.50',
      dfi_discount_amount: 108.87,
      balance_due: 4246.1,
    });
    const lineId = data.PO_LINES[1]!.id;
    const changed = await call(buyer, 'PUT', `/api/purchase/orderItem/${lineId}`, { invoice_cost: '1,045.50', qty: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.PO.total).toBe(5990.97);
    const deleted = await call(buyer, 'DELETE', `/api/purchase/orderItem/${lineId}`);
    expect(deleted.json().data.PO.total).toBe(3899.97);
    const paid = await call(buyer, 'PUT', `/api/purchase/${po.id}`, { paid: true });
    expect(paid.json().data.PO.balance_due).toBe(0);
    const totals = await call(viewer, 'GET', `/api/purchase/updateTotals/${po.id}`);
    expect(totals.json()).toEqual({ total: 3899.97, total_received: 0, dfi_discount_amount: 97.5, balance_due: 0 });
  });

  it('refuses a quantity below what was received and deleting a line with receipts', async () => {
    const po = await newPo();
    const { PO_LINES } = await addLine(po.id, products[0]!.id, 100, 5);
    // Three of the five units received through the receiving service (so the ledger counts them on the line).
    await receiveOnLine(t.services, { poId: po.id, lineId: PO_LINES[0]!.id, product: products[0]! }, 'KY01', {
      units: 3,
    });
    const received = (await call(buyer, 'GET', `/api/purchase/getFull/${po.id}`)).json().data.PO_LINES;
    expect(received[0].qty_received).toBe(3);
    const below = await call(buyer, 'PUT', `/api/purchase/orderItem/${PO_LINES[0]!.id}`, { qty: 2 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.qty[0]).toMatch(/3 already received/);
    const del = await call(buyer, 'DELETE', `/api/purchase/orderItem/${PO_LINES[0]!.id}`);
    expect(del.statusCode).toBe(409);
    const still = (await call(buyer, 'GET', `/api/purchase/getFull/${po.id}`)).json().data.PO_LINES;
    expect(still).toHaveLength(1);
  });

  it('the database refuses more received than ordered, whatever the caller', async () => {
    const po = await newPo();
    const { PO_LINES } = await addLine(po.id, products[0]!.id, 100, 2);
    // Deliberately written around the ledger: the database's own constraint, whatever the caller.
    await expect(
      t.db.execute(`update purchase_order_items set qty_received = 3 where id = ${PO_LINES[0]!.id}`),
    ).rejects.toThrow();
  });

  it('applies arrival date, carrier and tracking to every line; the requested delivery date moves all lines', async () => {
    const po = await newPo();
    await addLine(po.id, products[0]!.id, 10, 1);
    await addLine(po.id, products[1]!.id, 20, 1);
    const all = await call(buyer, 'PUT', `/api/purchase/${po.id}/applyToAllLines`, {
      carrier_name: 'XPO',
      tracking_number: '1Z999',
    });
    expect(
      all
        .json()
        .data.PO_LINES.map((l: { carrier_name: string; tracking_number: string }) => [
          l.carrier_name,
          l.tracking_number,
        ]),
    ).toEqual([
      ['XPO', '1Z999'],
      ['XPO', '1Z999'],
    ]);
    const moved = await call(buyer, 'PUT', `/api/purchase/${po.id}`, { requested_delivery_date: '2026-12-18' });
    expect(moved.json().data.PO.requested_delivery_date).toBe('2026-12-18');
    expect(
      moved
        .json()
        .data.PO_LINES.every((l: { expected_arrival_date: string }) => l.expected_arrival_date === '2026-12-18'),
    ).toBe(true);
  });
});

describe('statuses and locks', () => {
  it('lists the statuses in order', async () => {
    const res = await call(viewer, 'GET', '/api/purchase/status');
    expect(res.json().data.map((s: { status_name: string }) => s.status_name)).toEqual(
      PO_STATUSES.map((s) => s.status_name),
    );
  });

  it('Order Sent locks carrier, tracking and vendor order; Confirm moves it to Order Confirmed', async () => {
    const po = await newPo();
    await call(buyer, 'PUT', `/api/purchase/${po.id}`, {
      carrier_name: 'UPS',
      vendor_order_id: 'SO-1',
      purchase_order_status: statusId(PO_STATUS.orderSent),
    });
    const locked = await call(buyer, 'PUT', `/api/purchase/${po.id}`, { carrier_name: 'FedEx', tracking_number: 'T1' });
    expect(locked.statusCode).toBe(409);
    expect(Object.keys(locked.json().errors).sort()).toEqual(['carrier_name', 'tracking_number']);
    const same = await call(buyer, 'PUT', `/api/purchase/${po.id}`, { carrier_name: 'UPS', paid: true });
    expect(same.statusCode).toBe(200);
    const confirmed = await call(buyer, 'PUT', `/api/purchase/confirmOrder/${po.id}`);
    expect(confirmed.json().data.PO.purchase_order_status.status_name).toBe('Order Confirmed');
    expect(confirmed.json().data.PO.confirmed_at).toBeTruthy();
    expect((await call(buyer, 'PUT', `/api/purchase/confirmOrder/${po.id}`)).statusCode).toBe(409);
  });

  it("Order Sent locks the lines' carrier and tracking too, one by one and through Apply to All Lines", async () => {
    const po = await newPo();
    const { PO_LINES } = await addLine(po.id, products[0]!.id, 10, 1);
    await call(buyer, 'PUT', `/api/purchase/orderItem/${PO_LINES[0]!.id}`, { carrier_name: 'UPS' });
    await call(buyer, 'PUT', `/api/purchase/${po.id}`, { purchase_order_status: statusId(PO_STATUS.orderSent) });
    const line = await call(buyer, 'PUT', `/api/purchase/orderItem/${PO_LINES[0]!.id}`, {
      carrier_name: 'FedEx',
      tracking_number: 'T1',
      qty: 2,
    });
    expect(line.statusCode).toBe(409);
    expect(Object.keys(line.json().errors).sort()).toEqual(['carrier_name', 'tracking_number']);
    const all = await call(buyer, 'PUT', `/api/purchase/${po.id}/applyToAllLines`, { carrier_name: 'FedEx' });
    expect(all.statusCode).toBe(409);
    expect(Object.keys(all.json().errors)).toEqual(['carrier_name']);
    const full = (await call(buyer, 'GET', `/api/purchase/getFull/${po.id}`)).json().data;
    expect(full.PO_LINES[0]).toMatchObject({ carrier_name: 'UPS', tracking_number: null, qty_ordered: 1 });
    // The same values, and the fields Order Sent leaves open, are taken.
    const same = await call(buyer, 'PUT', `/api/purchase/orderItem/${PO_LINES[0]!.id}`, {
      carrier_name: 'UPS',
      tracking_number: '',
      qty: 3,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(
      (await call(buyer, 'PUT', `/api/purchase/${po.id}/applyToAllLines`, { expected_arrival_date: '2027-02-05' }))
        .statusCode,
    ).toBe(200);
  });

  it('Complete locks editing and lines; only reopening by status is taken', async () => {
    const po = await newPo();
    const { PO_LINES } = await addLine(po.id, products[0]!.id, 10, 1);
    const finished = await call(buyer, 'GET', `/api/purchase/finish/${po.id}`);
    expect(finished.json().data.PO).toMatchObject({ purchase_order_status: { status_name: 'Complete' } });
    expect(finished.json().data.PO.finished_at).toBeTruthy();
    expect((await call(buyer, 'PUT', `/api/purchase/${po.id}`, { paid: true })).statusCode).toBe(409);
    expect(
      (
        await call(buyer, 'POST', '/api/purchase/orderItem', {
          productId: products[1]!.id,
          cost: 1,
          qty: 1,
          purchaseOrderId: po.id,
        })
      ).statusCode,
    ).toBe(409);
    expect((await call(buyer, 'PUT', `/api/purchase/orderItem/${PO_LINES[0]!.id}`, { qty: 4 })).statusCode).toBe(409);
    expect((await call(buyer, 'DELETE', `/api/purchase/orderItem/${PO_LINES[0]!.id}`)).statusCode).toBe(409);
    const reopened = await call(buyer, 'PUT', `/api/purchase/${po.id}`, {
      purchase_order_status: statusId(PO_STATUS.building),
    });
    expect(reopened.json().data.PO).toMatchObject({
      purchase_order_status: { status_name: 'Building' },
      finished_at: null,
    });
  });

  it('refuses a view-only role, changing nothing', async () => {
    const po = await newPo();
    expect((await call(viewer, 'PUT', `/api/purchase/${po.id}`, { paid: true })).statusCode).toBe(403);
    expect((await call(viewer, 'GET', `/api/purchase/getFull/${po.id}`)).json().data.PO.paid).toBe(false);
  });
});

describe('the header update takes the PO back as answered (001 §7: a PUT with the full PO object)', () => {
  async function roundTrip(poId: number) {
    const before = (await call(buyer, 'GET', `/api/purchase/getFull/${poId}`)).json().data;
    const put = await call(buyer, 'PUT', `/api/purchase/${poId}`, before.PO);
    expect(put.statusCode, put.body).toBe(200);
    const after = (await call(buyer, 'GET', `/api/purchase/getFull/${poId}`)).json().data;
    expect(after).toEqual(before);
  }

  it('accepts the answered PO unchanged and changes nothing (lines keep their dates)', async () => {
    const po = await newPo();
    await addLine(po.id, products[0]!.id, 10, 2);
    const { PO_LINES } = await addLine(po.id, products[1]!.id, 20, 1);
    await call(buyer, 'PUT', `/api/purchase/orderItem/${PO_LINES[1]!.id}`, { expected_arrival_date: '2027-01-08' });
    await call(buyer, 'PUT', `/api/purchase/${po.id}`, { dfi_discount_percentage: 2.5, vendor_order_id: 'SO-9' });
    await roundTrip(po.id);
  });

  it('takes it back while Order Sent and while Complete too: the same values are no change', async () => {
    const sent = await newPo();
    await call(buyer, 'PUT', `/api/purchase/${sent.id}`, {
      carrier_name: 'UPS',
      purchase_order_status: statusId(PO_STATUS.orderSent),
    });
    await roundTrip(sent.id);
    const done = await newPo();
    await addLine(done.id, products[0]!.id, 10, 1);
    await call(buyer, 'GET', `/api/purchase/finish/${done.id}`);
    await roundTrip(done.id);
  });

  it('applies a changed field of the full object, and still refuses bad values naming the field', async () => {
    const po = await newPo();
    const full = (await call(buyer, 'GET', `/api/purchase/getFull/${po.id}`)).json().data.PO;
    const changed = await call(buyer, 'PUT', `/api/purchase/${po.id}`, {
      ...full,
      paid: true,
      dfi_discount_percentage: '3.25',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.PO).toMatchObject({ paid: true, dfi_discount_percentage: '3.25' });
    const bad = await call(buyer, 'PUT', `/api/purchase/${po.id}`, { ...full, dfi_discount_percentage: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['dfi_discount_percentage']);
  });
});

describe("empty query values (the spec's clients send cleared filters as `name=`)", () => {
  it('GET /purchase?fromDate=&toDate= is the unfiltered list, not a 400', async () => {
    await newPo();
    const plain = await call(viewer, 'GET', '/api/purchase');
    const empty = await call(
      viewer,
      'GET',
      '/api/purchase?fromDate=&toDate=&status=&vendor=&user=&paid=&finished=&page=&perPage=&sortBy=&sortOrder=',
    );
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual(plain.json());
  });

  it('a real bad value is still a 400 naming the field', async () => {
    const bad = await call(viewer, 'GET', '/api/purchase?fromDate=yesterday&toDate=');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['fromDate']);
  });
});

describe('the list', () => {
  it('filters, sorts, pages, excludes vendor 127 and finds legacy numbers', async () => {
    const a = await newPo();
    await addLine(a.id, products[2]!.id, 5, 1);
    await t.db.execute(`update purchase_orders set legacy_po_number = 'L-77001' where id = ${a.id}`);
    const byRef = (await call(viewer, 'GET', `/api/purchase?poNumber=${a.purchase_ref_id.toLowerCase()}`)).json();
    expect(byRef.data.map((p: { id: number }) => p.id)).toEqual([a.id]);
    const legacy = (await call(viewer, 'GET', '/api/purchase?legacyPoNum=L-77001')).json();
    expect(legacy.data[0].id).toBe(a.id);
    const byModel = (await call(viewer, 'GET', '/api/purchase?modelNumber=zzt')).json();
    expect(byModel.data.map((p: { id: number }) => p.id)).toEqual([a.id]);
    const byVendor = (await call(viewer, 'GET', `/api/purchase?vendor=${plainVendor}`)).json();
    expect(byVendor.total).toBe(0);
    const paged = (
      await call(viewer, 'GET', '/api/purchase?perPage=5&page=1&sortBy=purchase_ref_id&sortOrder=asc')
    ).json();
    expect(paged.data.length).toBeLessThanOrEqual(5);
    const refs = paged.data.map((p: { purchase_ref_id: string }) => p.purchase_ref_id);
    expect(refs).toEqual([...refs].sort());
    expect((await call(viewer, 'GET', '/api/purchase?perPage=7')).statusCode).toBe(400);
    // Vendor 127 is left out of every list.
    await t.db.execute(
      `insert into vendors (id, company_name, vendor_type) values (127, 'Stock Transfer (Internal)', 'service') on conflict do nothing`,
    );
    const hidden = (await call(buyer, 'POST', '/api/purchase', { vendorId: 127, location_code: 'KY01' })).json();
    expect((await call(viewer, 'GET', `/api/purchase?poNumber=${hidden.purchase_ref_id}`)).json().total).toBe(0);
    expect((await call(viewer, 'GET', '/api/vendor')).json().data.some((v: { id: number }) => v.id === 127)).toBe(
      false,
    );
  });

  it('counts every match on a full page, a short page and a page past the end', async () => {
    const vendorId = (await t.services.vendors.create({ company_name: 'Counted Supply', vendor_type: 'sales' })).id;
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push((await newPo(vendorId)).id);
    const page = async (n: number) =>
      (
        await call(
          viewer,
          'GET',
          `/api/purchase?vendor=${vendorId}&perPage=5&page=${n}&sortBy=purchase_ref_id&sortOrder=asc`,
        )
      ).json();
    const [first, second, past] = [await page(1), await page(2), await page(3)];
    expect(first).toMatchObject({ total: 7, totalCapped: false, page: 1, perPage: 5 });
    expect(second).toMatchObject({ total: 7, totalCapped: false, page: 2 });
    const listed = [...first.data, ...second.data].map((p: { id: number }) => p.id);
    expect([first.data.length, second.data.length]).toEqual([5, 2]);
    expect(listed.sort()).toEqual([...ids].sort());
    expect(past).toMatchObject({ data: [], total: 7, totalCapped: false, page: 3 });
  });

  it('answers PO lines by model, and the model PO reconciliation', async () => {
    const po = await newPo();
    await addLine(po.id, products[1]!.id, 20, 4);
    const lines = (await call(viewer, 'GET', '/api/purchaseByModel?model=POT200WW')).json().data;
    expect(
      lines.some(
        (l: { purchase_order_id: number; qty_ordered: number }) => l.purchase_order_id === po.id && l.qty_ordered === 4,
      ),
    ).toBe(true);
    const recon = (await call(viewer, 'GET', '/api/reports/model-po-reconciliation?model=pot200ww')).json();
    expect(recon.model).toBe('POT200WW');
    expect(recon.purchase_orders.find((p: { id: number }) => p.id === po.id)).toMatchObject({
      qty_ordered: 4,
      qty_received: 0,
      vendor: 'EDI Appliances',
      status: 'New',
    });
    expect(recon.total_ordered).toBeGreaterThanOrEqual(4);
  });
});

describe('sending to the vendor', () => {
  it('EDI: writes a parseable 850 to the outbox, sets Order Sent, and refuses a second send', async () => {
    const po = await newPo();
    await addLine(po.id, products[0]!.id, 1299.99, 2);
    const res = await call(buyer, 'POST', `/api/purchase/direct/${po.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { fileName, data } = res.json();
    expect(data.PO).toMatchObject({
      sent_via_edi: true,
      edi_errors: [],
      purchase_order_status: { status_name: 'Order Sent' },
    });
    const content = fs.readFileSync(path.join(t.config.ediOutboxDir, fileName), 'utf8');
    const segments = await parseX12(content);
    const beg = segmentElements(segments.find((s) => s.name === 'BEG')!);
    expect(beg[2]).toBe(po.purchase_ref_id);
    const po1 = segmentElements(segments.find((s) => s.name === 'PO1')!);
    expect(po1).toEqual(expect.arrayContaining(['2', '1299.99', 'POT100SS']));
    // N104 (element 67) is AN 2/80: the vendor's id, at least two digits, read back as the same number (issue 31).
    const vendorN1 = segmentElements(segments.find((s) => s.name === 'N1' && s['1'] === 'VN')!);
    expect(vendorN1.slice(2)).toEqual(['92', String(ediVendor).padStart(2, '0')]);
    expect(Number(vendorN1[3])).toBe(ediVendor);
    // The PO has no requested delivery date: the 850 carries the default of 001 §9 (issue 31), from the day in GS04.
    expect(data.PO.requested_delivery_date).toBeNull();
    const gs04 = segments.find((s) => s.name === 'GS')!['4']!;
    const today = `${gs04.slice(0, 4)}-${gs04.slice(4, 6)}-${gs04.slice(6, 8)}`;
    const header = segments.slice(
      0,
      segments.findIndex((s) => s.name === 'N1'),
    );
    expect(header.filter((s) => s.name === 'DTM').map(segmentElements)).toEqual([
      ['002', defaultRequestedDeliveryDate(today).replaceAll('-', '')],
    ]);
    expect((await call(buyer, 'POST', `/api/purchase/direct/${po.id}`)).statusCode).toBe(409);
  });

  it('EDI: a vendor that cannot receive EDI gets the list of errors, stored on the PO, nothing written', async () => {
    const po = await newPo(plainVendor);
    const before = fs.existsSync(t.config.ediOutboxDir) ? fs.readdirSync(t.config.ediOutboxDir).length : 0;
    const res = await call(buyer, 'POST', `/api/purchase/direct/${po.id}`);
    expect(res.statusCode).toBe(422);
    const errors: string[] = res.json().errors.edi;
    expect(errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/not set up to receive EDI/), expect.stringMatching(/no lines/)]),
    );
    const full = (await call(buyer, 'GET', `/api/purchase/getFull/${po.id}`)).json().data.PO;
    expect(full).toMatchObject({
      sent_via_edi: false,
      edi_errors: errors,
      purchase_order_status: { status_name: 'New' },
    });
    const after = fs.existsSync(t.config.ediOutboxDir) ? fs.readdirSync(t.config.ediOutboxDir).length : 0;
    expect(after).toBe(before);
    // No interchange is recorded for a refused send (no 'pending' row left behind).
    expect(await interchangesOf(t, po.id)).toEqual([]);
  });

  it('EDI: a delivery that fails writes nothing either (no interchange row, PO unchanged), and a later send works', async () => {
    const blocked = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-edi-')), 'not-a-folder');
    fs.writeFileSync(blocked, 'a file where the outbox folder should be');
    const other = await createTestApp({ ediOutboxDir: path.join(blocked, 'edi') });
    try {
      await createLocation(other.services, 'KY01');
      const [product] = await createProducts(other.db, [{ modelNumber: 'EDIFAIL1' }]);
      const vendor = await other.services.vendors.create({
        company_name: 'EDI Fail',
        vendor_type: 'sales',
        edi_interchange_id: 'EDIFAIL',
        edi_qualifier: 'ZZ',
      });
      const token = (await createSignedInUser(other, { role: 'purchasing-admin' })).token;
      const created = await other.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: bearer(token),
        payload: {
          vendorId: vendor.id,
          location_code: 'KY01',
          purchaseOrderType: 'Default',
          shippingRequirements: 'Default',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const poId = created.json().id as number;
      await other.services.purchaseOrders.addLine({ productId: product!.id, cost: 10, qty: 1, purchaseOrderId: poId });
      const res = await other.app.inject({
        method: 'POST',
        url: `/api/purchase/direct/${poId}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.edi).toEqual([expect.stringMatching(/could not be delivered/)]);
      expect(await interchangesOf(other, poId)).toEqual([]);
      const full = (
        await other.app.inject({ method: 'GET', url: `/api/purchase/getFull/${poId}`, headers: bearer(token) })
      ).json().data.PO;
      expect(full).toMatchObject({ sent_via_edi: false, purchase_order_status: { status_name: 'New' } });
    } finally {
      await other.close();
    }
  });

  it('PDF: a real document with the PO figures, for a view-only role too', async () => {
    const po = await newPo();
    await addLine(po.id, products[0]!.id, 1299.99, 3);
    const res = await call(viewer, 'GET', `/api/purchaseOrder/${po.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('purchase-order.pdf');
    const text = (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
    expect(text).toContain(po.purchase_ref_id);
    expect(text).toContain('POT100SS');
    expect(text).toContain('$3,899.97');
    expect(text).toContain('EDI Appliances');
  });

  it('e-mail: the PO goes to the outbox with the PDF attached; bad addresses are a 400', async () => {
    const po = await newPo();
    await addLine(po.id, products[0]!.id, 10, 1);
    const res = await call(buyer, 'POST', `/api/purchaseOrder/${po.id}/email`, {
      email: 'rep@edi.example',
      name: 'Pat',
      message: 'Please confirm.',
      ccs: 'a@keystone.example',
    });
    expect(res.statusCode, res.body).toBe(200);
    const files = fs.readdirSync(t.config.mailOutboxDir).filter((f) => f.endsWith('.eml'));
    const eml = files
      .map((f) => fs.readFileSync(path.join(t.config.mailOutboxDir, f), 'utf8'))
      .find((c) => c.includes(po.purchase_ref_id))!;
    expect(eml).toContain('a@keystone.example');
    // The attachment is named after the PO (issue 31), as a mail client reads the .eml.
    expect(po.purchase_ref_id).toMatch(/^W\d{6}$/);
    const mail = await simpleParser(eml);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`PO-${po.purchase_ref_id}.pdf`, 'application/pdf'],
    ]);
    expect(eml).not.toContain('purchase-order.pdf');
    const bad = await call(buyer, 'POST', `/api/purchaseOrder/${po.id}/email`, {
      email: 'rep@edi.example',
      ccs: 'not-an-address',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['ccs.0']);
  });
});
