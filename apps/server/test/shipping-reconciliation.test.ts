import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECONCILIATION_MESSAGES,
  type TApplyPaymentsResult,
  type TShipmentHistory,
  type TShippingTransactionsResult,
} from '@keystone/contracts';
import { carrierFile, upsLine } from '../src/modules/shipping-reconciliation/carrier-files.js';
import { createSignedInUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { invoiceUploadForm } from './samples/shipping-reconciliation.js';

/**
 * Shipping reconciliation (issue 14; 002 §4, §5, §7, §8) through the API: carrier invoices uploaded and generated
 * against gray boxes, the views, applying payments once, the results download, the mock sample, refusals.
 */
let t: TestApp;
let finance: string;
let developer: string;
let warehouse: string;

const day = '2026-03-10';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const box = (tracking_number: string, shipping_quote: number | null, extra: Record<string, unknown> = {}) => ({
  tracking_number,
  fulfillment_po_number: `FPO-${tracking_number.slice(-4)}`,
  date_shipped: day,
  ship_company: 'UPS',
  fulfillment_warehouse: 'KY01',
  shipping_quote,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ reconciliationThresholdCents: 200 });
  finance = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
  developer = (await createSignedInUser(t, { role: 'developer' })).token;
  warehouse = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shipping-reconciliation/gray-boxes',
    headers: auth(finance),
    payload: {
      grayBoxes: [
        box('1ZTEST0000000001', 10),
        box('1ZTEST0000000002', 10),
        box('1ZTEST0000000003', 10),
        box('1ZTEST0000000004', 10),
        box('1ZTEST0000000005', null),
        box('777700000001', 20, { ship_company: 'FedEx', fulfillment_warehouse: 'TX01' }),
        box('CEVA00000001', 150, { ship_company: 'CEVA', fulfillment_warehouse: 'AZ02' }),
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ created: 7, updated: 0 });
});

afterAll(() => t?.close());

const upload = (carrier: string, form: FormData | string, token = finance) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shipping-reconciliation/${carrier}/upload`,
    headers: auth(token),
    payload: form,
  });
const generate = async (carrier: string, filename: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/shipping-reconciliation/${carrier}/generate?filename=${encodeURIComponent(filename)}`,
    headers: auth(finance),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TShippingTransactionsResult;
};
const apply = (payload: Record<string, unknown>, token = finance) =>
  t.app.inject({ method: 'PUT', url: '/api/shipping-reconciliation/update', headers: auth(token), payload });
const search = async (...numbers: string[]) => {
  const qs = numbers.map((n) => `trackingNumbers[]=${encodeURIComponent(n)}`).join('&');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/shipping-reconciliation/shipping-transactions?${qs}`,
    headers: auth(finance),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TShippingTransactionsResult;
};

describe('carrier invoices: upload and generate', () => {
  it("reads a UPS billing data file by position, sums a tracking number's lines, and reconciles each against its gray box", async () => {
    const text = carrierFile('ups', [
      { trackingNumber: '1ZTEST0000000001', cents: 800, date: day }, // freight line
      { trackingNumber: '1ZTEST0000000001', cents: 200, date: day }, // fuel surcharge line: 10.00 in all, Matched
      { trackingNumber: '1ZTEST0000000002', cents: 950, date: day }, // In Our Favor
      { trackingNumber: '1ZTEST0000000003', cents: 1200, date: day }, // +2.00: Within (threshold 200 cents)
      { trackingNumber: '1ZTEST0000000004', cents: 1201, date: day }, // +2.01: Outside
      { trackingNumber: '1ZTEST0000000005', cents: 1000, date: day }, // no quote: Invalid Quote
      { trackingNumber: '1ZUNKNOWN0000001', cents: 1500, date: day }, // no gray box
    ]);
    const res = await upload(
      'ups',
      invoiceUploadForm(`${text}${upsLine({ trackingNumber: '', cents: 500, date: day })}\r\n`, 'ups invoice.csv'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const uploaded = res.json();
    expect(uploaded).toMatchObject({ carrier: 'ups', lines: 7, trackingNumbers: 6 });
    expect(uploaded.filename).toMatch(/^ups-.*-ups_invoice\.csv$/);

    const result = await generate('ups', uploaded.filename);
    const by = new Map(result.transactions.map((r) => [r.tracking_number, r]));
    expect(result.total).toBe(6);
    expect(by.get('1ZTEST0000000001')).toMatchObject({
      reported_billed_charge: 10,
      shipping_quote: '10.00',
      reconciled_difference: 0,
      reconciliation_result: 'Matched',
      fulfillment_warehouse: 'KY01',
      ship_company: 'UPS',
      date_shipped: day,
      shipping_cost_paid: null,
    });
    expect(by.get('1ZTEST0000000002')).toMatchObject({
      reconciled_difference: -0.5,
      reconciliation_result: 'Not Matched - In Our Favor',
    });
    expect(by.get('1ZTEST0000000003')).toMatchObject({
      reconciled_difference: 2,
      reconciliation_result: 'Not Matched - Within Acceptable Threshold',
    });
    expect(by.get('1ZTEST0000000004')).toMatchObject({
      reconciled_difference: 2.01,
      reconciliation_result: 'Not Matched - Outside Acceptable Threshold',
    });
    expect(by.get('1ZTEST0000000005')).toMatchObject({ shipping_quote: null, reconciled_difference: null });
    expect(by.get('1ZUNKNOWN0000001')).toMatchObject({
      reconciliation_result: 'Unable to find matching gray box',
      fulfillment_po_number: null,
      date_shipped: day,
    });
    expect(result.counts).toEqual({
      paymentsToApply: 4,
      paidInFull: 0,
      partiallyPaid: 0,
      notFound: 1,
      invalidQuote: 1,
    });
  });

  it('reads a FedEx invoice CSV by its header names and a CEVA invoice by its house bill and total charges', async () => {
    const fedex = await upload(
      'fedex',
      invoiceUploadForm(carrierFile('fedex', [{ trackingNumber: '777700000001', cents: 2000, date: day }])),
    );
    expect(fedex.statusCode, fedex.body).toBe(200);
    const f = await generate('fedex', fedex.json().filename);
    expect(f.transactions).toEqual([
      expect.objectContaining({
        tracking_number: '777700000001',
        ship_company: 'FedEx',
        reconciliation_result: 'Matched',
        fulfillment_warehouse: 'TX01',
      }),
    ]);
    const ceva = await upload(
      'ceva',
      invoiceUploadForm(carrierFile('ceva', [{ trackingNumber: 'CEVA00000001', cents: 14_000, date: day }])),
    );
    expect(ceva.statusCode, ceva.body).toBe(200);
    const c = await generate('ceva', ceva.json().filename);
    expect(c.transactions[0]).toMatchObject({
      ship_company: 'CEVA',
      reconciled_difference: -10,
      reconciliation_result: 'Not Matched - In Our Favor',
    });
  });

  it('refuses files in a wrong layout naming what is missing, bad amounts naming the line, and unknown filenames', async () => {
    const short = await upload('ups', invoiceUploadForm('a,b,c\r\n1,2,3\r\n'));
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.file[0]).toMatch(/column 21 \(Tracking Number\).*column 53 \(Net Amount\)/);

    const fedexAsUps = await upload(
      'ups',
      invoiceUploadForm(carrierFile('fedex', [{ trackingNumber: '7777', cents: 100, date: day }])),
    );
    expect(fedexAsUps.statusCode).toBe(400);
    expect(fedexAsUps.json().errors.file[0]).toMatch(/not a UPS billing data file/);

    const noAmount = await upload(
      'fedex',
      invoiceUploadForm('Express or Ground Tracking ID,Shipment Date\r\n7777,20260310\r\n'),
    );
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().errors.file[0]).toContain('"Net Charge Amount"');
    expect(noAmount.json().errors.file[0]).not.toContain('Express or Ground Tracking ID');

    const ceva = await upload('ceva', invoiceUploadForm('Invoice Number,Amount\r\nX,1\r\n'));
    expect(ceva.statusCode).toBe(400);
    expect(ceva.json().message).toMatch(/House Bill.*Total Charges/);

    const badAmount = await upload(
      'ups',
      invoiceUploadForm(
        [
          upsLine({ trackingNumber: '1ZA', cents: 100, date: day }),
          upsLine({ trackingNumber: '1ZB', cents: 100, date: day }).replace(',1.00,', ',1.005,'),
        ].join('\n'),
      ),
    );
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().errors.file[0]).toMatch(/^Line 2 of the UPS file: column 53 \(Net Amount\) "1\.005"/);

    const empty = await upload('fedex', invoiceUploadForm('Express or Ground Tracking ID,Net Charge Amount\r\n'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.file).toEqual([RECONCILIATION_MESSAGES.fileEmpty]);

    const wrongField = await upload('ups', invoiceUploadForm('x', 'a.csv', 'image'));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors.file).toEqual([RECONCILIATION_MESSAGES.fileMissing]);

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/shipping-reconciliation/ups/upload',
      headers: auth(finance),
      payload: { a: 1 },
    });
    expect(notMultipart.statusCode).toBe(415);

    const badCarrier = await upload('dhl', invoiceUploadForm('x'));
    expect(badCarrier.statusCode).toBe(400);

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/shipping-reconciliation/ups/generate?filename=nope.csv',
      headers: auth(finance),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(RECONCILIATION_MESSAGES.unknownFile);
  });

  it('matches a transaction again when its gray box arrives after the invoice', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipping-reconciliation/gray-boxes',
      headers: auth(finance),
      payload: { grayBoxes: [box('1ZUNKNOWN0000001', 15)] },
    });
    expect(res.json()).toEqual({ created: 1, updated: 0 });
    const [row] = (await search('1zunknown0000001')).transactions;
    expect(row).toMatchObject({
      reconciliation_result: 'Matched',
      shipping_quote: '15.00',
      fulfillment_po_number: 'FPO-0001',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/shipping-reconciliation/gray-boxes?trackingNumber=1ZUNKNOWN0000001',
      headers: auth(finance),
    });
    expect(list.json()).toEqual([
      {
        tracking_number: '1ZUNKNOWN0000001',
        fulfillment_po_number: 'FPO-0001',
        date_shipped: day,
        ship_company: 'UPS',
        fulfillment_warehouse: 'KY01',
        shipping_quote: '15.00',
      },
    ]);
  });
});

describe('views: generic, search, shipping companies', () => {
  it('filters the generic view by dates, warehouse and company, and lists the companies', async () => {
    const get = async (qs: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/shipping-reconciliation/generic?${qs}`,
        headers: auth(finance),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TShippingTransactionsResult;
    };
    expect((await get(`from=${day}&to=${day}`)).total).toBe(8);
    expect(
      (await get(`from=${day}&to=${day}&fulfillmentWarehouse=TX01`)).transactions.map((r) => r.tracking_number),
    ).toEqual(['777700000001']);
    expect((await get(`from=${day}&to=${day}&shippingCompany=ceva&fulfillmentWarehouse=`)).total).toBe(1);
    expect((await get('from=2026-03-11&to=2026-03-31')).total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/shipping-reconciliation/generic?from=2026-02-30',
      headers: auth(finance),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['from']);
    const companies = await t.app.inject({
      method: 'GET',
      url: '/api/shipping-reconciliation/shipping-companies',
      headers: auth(finance),
    });
    expect(companies.json()).toEqual([{ ship_company: 'CEVA' }, { ship_company: 'FedEx' }, { ship_company: 'UPS' }]);
  });

  it('searches by tracking numbers and requires a non-empty value', async () => {
    expect(
      (await search('1ZTEST0000000002', '777700000001', 'nothing')).transactions.map((r) => r.tracking_number),
    ).toEqual(['1ZTEST0000000002', '777700000001']);
    for (const qs of ['', 'trackingNumbers[]=', 'trackingNumbers[]=%20%20']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/shipping-reconciliation/shipping-transactions?${qs}`,
        headers: auth(finance),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors['trackingNumbers[]']).toEqual([RECONCILIATION_MESSAGES.searchValueRequired]);
    }
  });
});

describe('applying payments (PUT update)', () => {
  it('refuses bad amounts naming the field, and unknown tracking numbers, applying nothing', async () => {
    const bad = await apply({
      idempotencyKey: 'bad-amounts-1',
      updates: { '1ZTEST0000000001': { reported_billed_charge: 10.001, payment_to_apply: -1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining([
        'updates.1ZTEST0000000001.reported_billed_charge',
        'updates.1ZTEST0000000001.payment_to_apply',
      ]),
    );
    const huge = await apply({
      idempotencyKey: 'bad-amounts-2',
      updates: { '1ZTEST0000000001': { reported_billed_charge: 10, payment_to_apply: 21474836.48 } },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toHaveProperty(['updates.1ZTEST0000000001.payment_to_apply']);
    const text = await apply({
      idempotencyKey: 'bad-amounts-3',
      updates: { '1ZTEST0000000001': { reported_billed_charge: '10', payment_to_apply: 10 } },
    });
    expect(text.statusCode).toBe(400);
    const unknown = await apply({
      idempotencyKey: 'unknown-tracking-1',
      updates: {
        '1ZTEST0000000001': { reported_billed_charge: 10, payment_to_apply: 10 },
        NOPE: { reported_billed_charge: 1, payment_to_apply: 1 },
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'updates.NOPE': [RECONCILIATION_MESSAGES.unknownTrackingNumber] });
    expect((await search('1ZTEST0000000001')).transactions[0]!.shipping_cost_paid).toBeNull();
  });

  it('applies a batch once: a retry with the same key answers the same batch and pays nothing again', async () => {
    const body = {
      idempotencyKey: 'batch-once-0001',
      updates: {
        '1ZTEST0000000001': { reported_billed_charge: 10, payment_to_apply: 10 },
        '1ZTEST0000000002': { reported_billed_charge: 9.5, payment_to_apply: 5.25 },
      },
    };
    const first = await apply(body);
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json() as TApplyPaymentsResult;
    expect(result.replayed).toBe(false);
    expect(result.lines).toEqual([
      {
        tracking_number: '1ZTEST0000000001',
        reported_billed_charge: 10,
        payment_to_apply: 10,
        paid_before: null,
        paid_after: 10,
        override: false,
        override_reason: null,
      },
      {
        tracking_number: '1ZTEST0000000002',
        reported_billed_charge: 9.5,
        payment_to_apply: 5.25,
        paid_before: null,
        paid_after: 5.25,
        override: false,
        override_reason: null,
      },
    ]);
    const again = await apply(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ batchId: result.batchId, replayed: true, lines: result.lines });
    const rows = new Map(
      (await search('1ZTEST0000000001', '1ZTEST0000000002')).transactions.map((r) => [r.tracking_number, r]),
    );
    expect(rows.get('1ZTEST0000000001')).toMatchObject({ shipping_cost_billed: 10, shipping_cost_paid: 10 });
    expect(rows.get('1ZTEST0000000002')).toMatchObject({ shipping_cost_billed: 9.5, shipping_cost_paid: 5.25 });
    const reused = await apply({
      ...body,
      updates: { '1ZTEST0000000003': { reported_billed_charge: 12, payment_to_apply: 12 } },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errors).toEqual({ idempotencyKey: [RECONCILIATION_MESSAGES.idempotencyReused] });
    const counts = (await search('1ZTEST0000000001', '1ZTEST0000000002')).counts;
    expect(counts).toMatchObject({ paidInFull: 1, partiallyPaid: 1 });
  });

  it('refuses to pay a shipment already paid in full without Pay anyway and its reason, both recorded when sent', async () => {
    const refused = await apply({
      idempotencyKey: 'overpay-0001',
      updates: { '1ZTEST0000000001': { reported_billed_charge: 10, payment_to_apply: 10 } },
    });
    expect(refused.statusCode).toBe(409);
    const [message] = refused.json().errors['updates.1ZTEST0000000001.override'];
    expect(message).toBe(RECONCILIATION_MESSAGES.alreadyPaidInFull('$10.00'));
    expect(message).toMatch(
      /already paid in full \(\$10\.00 paid\)\. To pay it again, choose Pay anyway and give the reason\./,
    );
    // Words for the person at the screen, not the JSON to send.
    expect(message).not.toMatch(/send|override: true/);
    expect((await search('1ZTEST0000000001')).transactions[0]!.shipping_cost_paid).toBe(10);
    const partial = await apply({
      idempotencyKey: 'top-up-0001',
      updates: { '1ZTEST0000000002': { reported_billed_charge: 9.5, payment_to_apply: 4.25 } },
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().lines[0]).toMatchObject({ paid_before: 5.25, paid_after: 9.5 });
    // Pay anyway without a reason (missing or blank) is a 400 naming the reason; nothing is paid.
    for (const reason of [undefined, '   ']) {
      const noReason = await apply({
        idempotencyKey: 'overpay-0002',
        updates: {
          '1ZTEST0000000001': {
            reported_billed_charge: 10,
            payment_to_apply: 0.01,
            override: true,
            override_reason: reason,
          },
        },
      });
      expect(noReason.statusCode, noReason.body).toBe(400);
      expect(noReason.json().errors).toEqual({
        'updates.1ZTEST0000000001.override_reason': [RECONCILIATION_MESSAGES.overrideReasonRequired],
      });
    }
    expect((await search('1ZTEST0000000001')).transactions[0]!.shipping_cost_paid).toBe(10);
    const reason = 'Carrier re-billed the fuel surcharge on invoice 2; approved by AP';
    const overridden = await apply({
      idempotencyKey: 'overpay-0002',
      updates: {
        '1ZTEST0000000001': {
          reported_billed_charge: 10,
          payment_to_apply: 0.01,
          override: true,
          override_reason: `  ${reason} `,
        },
      },
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json().lines[0]).toMatchObject({
      paid_before: 10,
      paid_after: 10.01,
      override: true,
      override_reason: reason,
    });
    // Recorded with the payment: the shipment's history and the batch's download show it.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/shipping-reconciliation/shipping-transactions/1ZTEST0000000001/history',
      headers: auth(finance),
    });
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as TShipmentHistory).payments.at(-1)).toMatchObject({
      payment_to_apply: 0.01,
      override: true,
      override_reason: reason,
    });
    expect((history.json() as TShipmentHistory).payments[0]).toMatchObject({ override: false, override_reason: null });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/shipping-reconciliation/updates/${overridden.json().batchId}?format=csv`,
      headers: auth(finance),
    });
    expect(csv.body.split('\n')[0]).toContain(',override,override_reason,');
    expect(csv.body).toContain(`,yes,${reason},`);
    // A reason without Pay anyway is not kept.
    const plain = await apply({
      idempotencyKey: 'reason-only-0001',
      updates: {
        '1ZTEST0000000005': { reported_billed_charge: 10, payment_to_apply: 1, override_reason: 'not needed' },
      },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().lines[0]).toMatchObject({ override: false, override_reason: null });
  });

  it('downloads the batch as an XLSX read back with exceljs, and as CSV', async () => {
    const res = await apply({
      idempotencyKey: 'download-0001',
      updates: {
        '1ZTEST0000000003': { reported_billed_charge: 12, payment_to_apply: 12 },
        '1ZTEST0000000004': { reported_billed_charge: 12.01, payment_to_apply: 10 },
      },
    });
    const { batchId } = res.json() as TApplyPaymentsResult;
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/shipping-reconciliation/updates/${batchId}`,
      headers: auth(finance),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain(`shipping-payments-batch-${batchId}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['batch_id', 'tracking_number', 'ship_company']);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(col('tracking_number')).value).toBe('1ZTEST0000000003');
    expect(sheet.getRow(3).getCell(col('payment_to_apply')).value).toBe(10);
    expect(sheet.getRow(3).getCell(col('reported_billed_charge')).value).toBe(12.01);
    expect(sheet.getRow(3).getCell(col('shipping_quote')).value).toBe(10);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/shipping-reconciliation/updates/${batchId}?format=csv`,
      headers: auth(finance),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^batch_id,tracking_number,ship_company,fulfillment_po_number,date_shipped/);
    expect(lines[2]).toContain(`${batchId},1ZTEST0000000004,UPS,FPO-0004,${day},KY01,10.00,12.01,10.00,,10.00,no,`);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/shipping-reconciliation/updates/999999',
          headers: auth(finance),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/shipping-reconciliation/updates/${batchId}?format=pdf`,
          headers: auth(finance),
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('mock sample and permissions', () => {
  it('serves the ~200-row sample only with role-editor:view', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/shipping-reconciliation/generic?mock=1',
      headers: auth(finance),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(RECONCILIATION_MESSAGES.mockNotAllowed);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shipping-reconciliation/generic?mock=1',
      headers: auth(developer),
    });
    const sample = res.json() as TShippingTransactionsResult;
    expect(sample.mock).toBe(true);
    expect(sample.total).toBe(200);
    expect(new Set(sample.transactions.map((r) => r.fulfillment_warehouse).filter(Boolean))).toEqual(
      new Set(['KY01', 'Carver']),
    );
    expect(new Set(sample.transactions.map((r) => r.reconciliation_result))).toEqual(
      new Set([
        'Matched',
        'Not Matched - In Our Favor',
        'Not Matched - Outside Acceptable Threshold',
        'Unable to find matching gray box',
      ]),
    );
    const dates = sample.transactions.map((r) => r.date_shipped!).sort();
    expect(dates[0]! >= '2020-04-20' && dates.at(-1)! <= '2020-05-31').toBe(true);
    expect(sample.transactions.filter((r) => r.ship_company === 'UPS').length).toBeGreaterThan(150);
    expect(sample.counts.notFound).toBeGreaterThan(0);
    const ups = await t.app.inject({
      method: 'GET',
      url: '/api/shipping-reconciliation/ups/generate?filename=any&mock=1',
      headers: auth(developer),
    });
    expect((ups.json() as TShippingTransactionsResult).transactions.every((r) => r.ship_company === 'UPS')).toBe(true);
  });

  it('refuses every call without purchasing:reports', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/shipping-reconciliation/shipping-companies',
          headers: auth(warehouse),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await apply(
          { idempotencyKey: 'forbidden-0001', updates: { A: { reported_billed_charge: 1, payment_to_apply: 1 } } },
          warehouse,
        )
      ).statusCode,
    ).toBe(403);
  });
});
