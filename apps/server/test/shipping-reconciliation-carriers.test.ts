import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TShipmentHistory, TShippingTransactionsResult } from '@keystone/contracts';
import { UPLOAD_TEXT_MESSAGES, uploadText } from '../src/http/upload-text.js';
import { createSignedInUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Carrier invoices as the carriers publish them (issue 31 items 1, 4, 5): the corpus in test/fixtures/carriers (its
 * README names each file's source) uploaded through the API, with the expected sums to the cent.
 */
let t: TestApp;
let finance: string;
const auth = () => ({ authorization: `Bearer ${finance}` });
const fixture = (name: string) => readFileSync(new URL(`./fixtures/carriers/${name}`, import.meta.url));

const box = (tracking_number: string, ship_company: string, shipping_quote: number) => ({
  tracking_number,
  fulfillment_po_number: `FPO-${tracking_number.slice(-4)}`,
  date_shipped: '2026-03-03',
  ship_company,
  fulfillment_warehouse: 'KY01',
  shipping_quote,
});

beforeAll(async () => {
  t = await createTestApp({ reconciliationThresholdCents: 200 });
  finance = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shipping-reconciliation/gray-boxes',
    headers: auth(),
    payload: {
      grayBoxes: [
        box('1Z999AA10000000001', 'UPS', 28.82),
        box('1Z999AA10000000002', 'UPS', 12),
        box('1Z999AA10000000003', 'UPS', 11),
        box('1Z999AA10000000004', 'UPS', 14.5),
        box('794612345678', 'FedEx', 18.75),
        box('794612345679', 'FedEx', 30),
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(() => t?.close());

function form(bytes: Buffer, filename: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type: 'text/csv' }), filename);
  return data;
}
const upload = (carrier: string, name: string, bytes = fixture(name)) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shipping-reconciliation/${carrier}/upload`,
    headers: auth(),
    payload: form(bytes, name),
  });
async function uploadAndGenerate(
  carrier: string,
  name: string,
): Promise<{ newLines: number; result: TShippingTransactionsResult }> {
  const res = await upload(carrier, name);
  expect(res.statusCode, res.body).toBe(200);
  const gen = await t.app.inject({
    method: 'GET',
    url: `/api/shipping-reconciliation/${carrier}/generate?filename=${encodeURIComponent(res.json().filename)}`,
    headers: auth(),
  });
  expect(gen.statusCode, gen.body).toBe(200);
  return { newLines: res.json().newLines, result: gen.json() };
}
const row = (result: TShippingTransactionsResult, tn: string) =>
  result.transactions.find((r) => r.tracking_number === tn);
const pay = async (
  key: string,
  updates: Record<string, { reported_billed_charge: number; payment_to_apply: number }>,
) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/shipping-reconciliation/update',
    headers: auth(),
    payload: { idempotencyKey: key, updates },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const history = async (tn: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/shipping-reconciliation/shipping-transactions/${tn}/history`,
    headers: auth(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TShipmentHistory;
};

describe("a later invoice adds to a shipment's billed charge (issue 31 item 1)", () => {
  it('FedEx: a 17.00 address correction after 18.75 paid is billed 35.75 with 17.00 due; a -30.00 credit leaves 0.00', async () => {
    const week1 = await uploadAndGenerate('fedex', 'fedex-week1.csv');
    expect(week1.newLines).toBe(2);
    expect(row(week1.result, '794612345678')).toMatchObject({
      reported_billed_charge: 18.75,
      reconciliation_result: 'Matched',
    });
    await pay('carriers-fedex-1', {
      '794612345678': { reported_billed_charge: 18.75, payment_to_apply: 18.75 },
      '794612345679': { reported_billed_charge: 30, payment_to_apply: 30 },
    });

    const week2 = await uploadAndGenerate('fedex', 'fedex-week2-corrections.csv');
    expect(week2.newLines).toBe(2);
    expect(row(week2.result, '794612345678')).toMatchObject({
      reported_billed_charge: 35.75,
      reconciled_difference: 17,
      shipping_cost_paid: 18.75,
      reconciliation_result: 'Not Matched - Outside Acceptable Threshold',
    });
    expect(row(week2.result, '794612345679')).toMatchObject({
      reported_billed_charge: 0,
      reconciled_difference: -30,
      shipping_cost_paid: 30,
      reconciliation_result: 'Not Matched - In Our Favor',
    });
    // The correction is offered for payment (Partially Paid, 17.00 unpaid), not shown as Paid in Full.
    expect(week2.result.counts).toMatchObject({ partiallyPaid: 1, paidInFull: 1 });

    // The same invoice uploaded again imports nothing twice.
    const again = await uploadAndGenerate('fedex', 'fedex-week2-corrections.csv');
    expect(again.newLines).toBe(0);
    expect(row(again.result, '794612345678')).toMatchObject({
      reported_billed_charge: 35.75,
      shipping_cost_paid: 18.75,
    });

    // A second payment pays the remainder.
    await pay('carriers-fedex-2', { '794612345678': { reported_billed_charge: 35.75, payment_to_apply: 17 } });
    const h = await history('794612345678');
    expect(h).toMatchObject({ billed: 35.75, paid: 35.75, unpaid: 0 });
    expect(h.invoice_lines.map((l) => [l.invoice_number, l.line_number, l.amount])).toEqual([
      ['740123456', 1, 18.75],
      ['740234567', 1, 17],
    ]);
    expect(h.payments.map((p) => [p.payment_to_apply, p.paid_before, p.paid_after])).toEqual([
      [18.75, null, 18.75],
      [17, 18.75, 35.75],
    ]);
  });

  it('UPS: a +6.40 Shipping Charge Correction (ADJ) after 28.82 paid makes 35.22 billed, 6.40 unpaid', async () => {
    const week1 = await uploadAndGenerate('ups', 'ups-week1.csv');
    expect(week1.newLines).toBe(3); // the account-level fee (no tracking or lead shipment number) bills no shipment
    expect(row(week1.result, '1Z999AA10000000001')).toMatchObject({
      reported_billed_charge: 28.82,
      reconciliation_result: 'Matched',
    });
    expect(row(week1.result, '1Z999AA10000000002')).toMatchObject({ reported_billed_charge: 12 });
    await pay('carriers-ups-1', { '1Z999AA10000000001': { reported_billed_charge: 28.82, payment_to_apply: 28.82 } });

    const week2 = await uploadAndGenerate('ups', 'ups-week2-adjustment.csv');
    expect(row(week2.result, '1Z999AA10000000001')).toMatchObject({
      reported_billed_charge: 35.22,
      reconciled_difference: 6.4,
      shipping_cost_paid: 28.82,
    });
    expect(week2.result.counts.partiallyPaid).toBe(1);
    const h = await history('1Z999AA10000000001');
    expect(h).toMatchObject({ billed: 35.22, paid: 28.82, unpaid: 6.4 });
    expect(h.invoice_lines.map((l) => [l.invoice_number, l.charge_category, l.amount])).toEqual([
      ['000000A1B2C31', 'SHP', 25.1],
      ['000000A1B2C31', 'SHP', 3.72],
      ['000000A1B2C32', 'ADJ', 6.4],
    ]);
    const reupload = await upload('ups', 'ups-week1.csv');
    expect(reupload.json()).toMatchObject({ newLines: 0 });
    expect((await history('1Z999AA10000000001')).billed).toBe(35.22);
  });

  it('answers 404 for the history of a tracking number no invoice bills', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shipping-reconciliation/shipping-transactions/1ZNOTBILLED/history',
      headers: auth(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('UPS and FedEx files as they come (issue 31 item 4)', () => {
  it('accepts a UPS file with the data dictionary header row and bills a line with only a Lead Shipment Number to that shipment', async () => {
    const { newLines, result } = await uploadAndGenerate('ups', 'ups-with-header.csv');
    expect(newLines).toBe(2); // the account-level fee has neither number
    expect(row(result, '1Z999AA10000000003')).toMatchObject({
      reported_billed_charge: 11,
      shipping_quote: '11.00',
      reconciliation_result: 'Matched',
    });
    expect(result.total).toBe(1);
  });

  it('refuses a FedEx file re-saved by Excel (tracking IDs as 7.94612E+11), saying why, instead of merging two shipments', async () => {
    const res = await upload('fedex', 'fedex-excel-resaved.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file[0]).toMatch(
      /Line 2 .*Express or Ground Tracking ID is "7\.94612E\+11", a number in scientific notation: the file was opened and saved by a spreadsheet/,
    );
  });
});

describe('encodings (issue 31 item 5)', () => {
  it('decodes a Windows-1252 UPS file (Excel\'s "CSV (Comma delimited)") and bills it', async () => {
    const text = await new Response(
      Readable.toWeb(uploadText(Readable.from([fixture('ups-windows-1252.csv')]))) as ReadableStream,
    ).text();
    expect(text.split(',')[15]).toBe('José Núñez');
    const { result } = await uploadAndGenerate('ups', 'ups-windows-1252.csv');
    expect(row(result, '1Z999AA10000000004')).toMatchObject({
      reported_billed_charge: 14.5,
      reconciliation_result: 'Matched',
    });
  });

  it('still refuses a binary file, saying it is not text', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.from('IHDR,1,2,3\r\n'),
    ]);
    const res = await upload('ups', 'picture.csv', png);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file[0]).toBe(UPLOAD_TEXT_MESSAGES.binary);
  });
});
