import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { carrierFile, upsLine } from './carrier-files.js';
import { amountCents, carrierDate, InvoiceLayoutError, parseCarrierInvoice } from './carrier-invoice-parser.js';
import { reconcile } from './shipping-reconciliation.service.js';

const stream = (text: string, chunk = 7) =>
  Readable.from(
    Array.from({ length: Math.ceil(text.length / chunk) }, (_, i) => text.slice(i * chunk, (i + 1) * chunk)),
  );

describe('carrier invoice parsing', () => {
  it('reads amounts as carriers print them, exactly', () => {
    expect(amountCents('12.34')).toBe(1234);
    expect(amountCents('$1,234.5')).toBe(123450);
    expect(amountCents('(1.50)')).toBe(-150);
    expect(amountCents('-0.07')).toBe(-7);
    expect(amountCents('.5')).toBe(50);
    expect(amountCents('1.005')).toBeNull();
    expect(amountCents('abc')).toBeNull();
    expect(amountCents('')).toBeNull();
  });

  it("reads dates in the carriers' forms", () => {
    expect(carrierDate('2020-05-01')).toBe('2020-05-01');
    expect(carrierDate('20200501')).toBe('2020-05-01');
    expect(carrierDate('5/1/2020')).toBe('2020-05-01');
    expect(carrierDate('May 1')).toBeNull();
  });

  it("sums a UPS tracking number's lines across chunk boundaries, with quoted cells, a BOM and zero-width characters", async () => {
    const lines = [
      upsLine({ trackingNumber: '1ZA', cents: 1000, date: '2020-05-01' }).replace(/^2\.1,/, '\uFEFF2.1,'),
      upsLine({ trackingNumber: '1Z\u200BA', cents: 250, date: '2020-05-01' }).replace(',,,', ',"Suite 5, Floor 2",,'),
      upsLine({ trackingNumber: '1ZB', cents: -100, date: '2020-05-02' }),
      upsLine({ trackingNumber: '', cents: 999, date: '2020-05-02' }),
    ];
    const parsed = await parseCarrierInvoice('ups', stream(lines.join('\n')));
    expect(parsed.lines).toBe(3);
    expect(Object.fromEntries(parsed.charges)).toEqual({
      '1ZA': { cents: 1250, shipDate: '2020-05-01', lines: 2 },
      '1ZB': { cents: -100, shipDate: '2020-05-02', lines: 1 },
    });
  });

  it('reads CEVA headers under their other names and ignoring case', async () => {
    const parsed = await parseCarrierInvoice(
      'ceva',
      stream('hawb,TOTAL CHARGE,Pickup Date\r\nCV1,150.00,05/03/2020\r\n'),
    );
    expect(parsed.charges.get('CV1')).toEqual({ cents: 15000, shipDate: '2020-05-03', lines: 1 });
  });

  it("refuses a file in another carrier's layout naming the missing columns", async () => {
    const fedex = carrierFile('fedex', [{ trackingNumber: '7777', cents: 100, date: '2020-05-01' }]);
    await expect(parseCarrierInvoice('ceva', stream(fedex))).rejects.toThrow(
      /lacks the column one of "House Bill".* and the column one of "Total Charges"/,
    );
    await expect(parseCarrierInvoice('ups', stream(fedex))).rejects.toBeInstanceOf(InvoiceLayoutError);
  });
});

describe('reconcile (002 §4 results)', () => {
  it("gives each result at the threshold's edges", () => {
    expect(reconcile(1000, undefined, 200)).toBe('Unable to find matching gray box');
    expect(reconcile(1000, 1000, 200)).toBe('Matched');
    expect(reconcile(999, 1000, 200)).toBe('Not Matched - In Our Favor');
    expect(reconcile(1200, 1000, 200)).toBe('Not Matched - Within Acceptable Threshold');
    expect(reconcile(1201, 1000, 200)).toBe('Not Matched - Outside Acceptable Threshold');
    expect(reconcile(1000, null, 200)).toBe('Not Matched - Outside Acceptable Threshold');
  });
});
