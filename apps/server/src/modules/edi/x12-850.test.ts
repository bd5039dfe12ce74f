import { describe, expect, it } from 'vitest';
import type { FormattedSegment } from 'x12-parser';
import { defaultRequestedDeliveryDate } from '@keystone/contracts';
import {
  EDI_TEST_OPTIONS,
  makeLine,
  makePurchaseOrderDocument,
  parseX12,
  segmentElements,
} from './edi-test-document.js';
import { buildPurchaseOrder850, centsToX12Amount, gtinQualifier, type PurchaseOrder850Options } from './x12-850.js';

const OPTIONS = EDI_TEST_OPTIONS;

function all(segments: FormattedSegment[], name: string): FormattedSegment[] {
  return segments.filter((s) => s.name === name);
}

function one(segments: FormattedSegment[], name: string): FormattedSegment {
  const found = all(segments, name);
  expect(found, `exactly one ${name}`).toHaveLength(1);
  return found[0]!;
}

const elements = segmentElements;

async function build(doc = makePurchaseOrderDocument(), options: Partial<PurchaseOrder850Options> = {}) {
  const content = buildPurchaseOrder850(doc, { ...OPTIONS, ...options });
  return { content, segments: await parseX12(content) };
}

describe('buildPurchaseOrder850, parsed back with x12-parser', () => {
  it('writes a fixed-width ISA of 106 characters with every element at its width', async () => {
    for (const sender of [
      { id: 'KS', qualifier: 'ZZ' },
      { id: 'KEYSTONEPOS', qualifier: 'ZZ' },
      { id: '123456789012345', qualifier: '01' },
    ]) {
      const { content } = await build(undefined, { sender });
      const isa = content.slice(0, content.indexOf('~') + 1);
      expect(isa).toHaveLength(106);
      const parts = isa.slice(0, -1).split('*');
      expect(parts.map((p) => p.length)).toEqual([3, 2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1]);
      expect(parts[6]).toBe(sender.id.padEnd(15, ' '));
      expect(parts[8]).toBe('6163292000     ');
    }
  });

  it('fills the ISA and GS from the options, with dates and times in UTC', async () => {
    const { segments } = await build(undefined, { now: new Date('2026-12-31T23:59:58Z'), usageIndicator: 'T' });
    expect(elements(one(segments, 'ISA'))).toEqual([
      '00',
      '',
      '00',
      '',
      'ZZ',
      'KEYSTONEPOS',
      '12',
      '6163292000',
      '261231',
      '2359',
      'U',
      '00401',
      '000000017',
      '0',
      'T',
      '>',
    ]);
    expect(elements(one(segments, 'GS'))).toEqual([
      'PO',
      'KEYSTONEPOS',
      '6163292000',
      '20261231',
      '2359',
      '18',
      'X',
      '004010',
    ]);
    expect(elements(one(segments, 'ST'))).toEqual(['850', '0019']);
  });

  it('upper-cases interchange ids and qualifiers', async () => {
    const { segments } = await build(undefined, { sender: { id: 'keystonepos', qualifier: 'zz' } });
    const isa = one(segments, 'ISA');
    expect([isa['5'], isa['6']]).toEqual(['ZZ', 'KEYSTONEPOS']);
    expect(one(segments, 'GS')['2']).toBe('KEYSTONEPOS');
  });

  it('repeats each control number in its trailer', async () => {
    const { segments } = await build(undefined, {
      interchangeControlNumber: 123_456_789,
      groupControlNumber: 4_321,
      transactionControlNumber: 7,
    });
    expect(one(segments, 'ISA')['13']).toBe('123456789');
    expect(one(segments, 'IEA')['2']).toBe('123456789');
    expect(one(segments, 'IEA')['1']).toBe('1');
    expect(one(segments, 'GS')['6']).toBe('4321');
    expect(one(segments, 'GE')['2']).toBe('4321');
    expect(one(segments, 'GE')['1']).toBe('1');
    expect(one(segments, 'ST')['2']).toBe('0007');
    expect(one(segments, 'SE')['2']).toBe('0007');
  });

  it('counts the segments from ST to SE in SE01', async () => {
    const { segments } = await build();
    const names = segments.map((s) => s.name);
    const st = names.indexOf('ST');
    const se = names.indexOf('SE');
    expect(se - st + 1).toBe(25);
    expect(one(segments, 'SE')['1']).toBe(String(se - st + 1));
    // and the envelope around it: ISA, GS first; GE, IEA last
    expect(names.slice(0, 2)).toEqual(['ISA', 'GS']);
    expect(names.slice(-3)).toEqual(['SE', 'GE', 'IEA']);
  });

  it('sums the lines in CTT: the number of PO1 segments and the total quantity', async () => {
    const { segments } = await build();
    const po1 = all(segments, 'PO1');
    expect(po1).toHaveLength(3);
    expect(elements(one(segments, 'CTT'))).toEqual(['3', '17']); // 2 + 3 + 12
  });

  it('writes the BEG with the purchase reference id and the order date', async () => {
    const { segments } = await build();
    expect(elements(one(segments, 'BEG'))).toEqual(['00', 'SA', 'PO-10042', '', '20261120']);
  });

  it('writes unit prices exactly from cents, without float arithmetic', async () => {
    const cents = [1999, 5, 123_456_789, 100, 1, 10, 29, 57, 9_007_199_254_740_991, 9_007_199_254_740_901];
    const doc = makePurchaseOrderDocument({
      lines: cents.map((unitCostCents, i) => makeLine({ lineNumber: i + 1, unitCostCents, qtyOrdered: 1 })),
    });
    const { segments } = await build(doc);
    expect(all(segments, 'PO1').map((s) => s['4'])).toEqual([
      '19.99',
      '0.05',
      '1234567.89',
      '1.00',
      '0.01',
      '0.10',
      '0.29',
      '0.57',
      '90071992547409.91',
      '90071992547409.01',
    ]);
    expect(all(segments, 'PO1').map((s) => s['3'])).toEqual(cents.map(() => 'EA'));
  });

  it('writes each line: number, quantity, unit, price, blank basis, then buyer part, vendor part and UPC', async () => {
    const { segments } = await build();
    const [first, second, third] = all(segments, 'PO1');
    expect(elements(first!)).toEqual([
      '1',
      '2',
      'EA',
      '649.99',
      '',
      'BP',
      'WRF555SDFZ',
      'VP',
      'W11-555SDFZ',
      'UP',
      '883049460148',
    ]);
    expect(elements(second!)).toEqual(['2', '3', 'EA', '19.99', '', 'BP', 'KDTM404KPS', 'UP', '883049558319']);
    expect(elements(third!)).toEqual(['3', '12', 'EA', '0.05', '', 'BP', 'W10300022', 'VP', 'W10300022']);
  });

  it('follows each PO1 with its PID description and, when known, its expected arrival DTM', async () => {
    const { segments } = await build();
    const body = segments.slice(
      segments.findIndex((s) => s.name === 'PO1'),
      segments.findIndex((s) => s.name === 'CTT'),
    );
    expect(body.map((s) => s.name)).toEqual(['PO1', 'PID', 'DTM', 'PO1', 'PID', 'PO1', 'PID', 'DTM']);
    expect(elements(body[2]!)).toEqual(['002', '20261211']);
    expect(elements(body[7]!)).toEqual(['002', '20261204']);
    expect(elements(body[4]!)).toEqual(['F', '', '', '', 'KitchenAid 44 dBA Dishwasher with FreeFlex Third Rack']);
  });

  it('cuts a PID description to 80 characters', async () => {
    const { segments } = await build();
    const description = all(segments, 'PID')[0]!['5']!;
    expect(description).toBe('Whirlpool 36-inch French Door Refrigerator, 25 cu. ft., Fingerprint Resistant St');
    expect(description).toHaveLength(80);
  });

  it('writes dates as CCYYMMDD: the requested delivery in the header', async () => {
    const { segments } = await build();
    const header = segments.slice(
      0,
      segments.findIndex((s) => s.name === 'N1'),
    );
    expect(all(header, 'DTM').map(elements)).toEqual([['002', '20261211']]);
    for (const dtm of all(segments, 'DTM')) expect(dtm['2']).toMatch(/^20\d{6}$/);
  });

  it('writes the default requested delivery of 001 §9 (the Friday on or after today plus 3 weeks) when the PO has none', async () => {
    const header = (segments: FormattedSegment[]) =>
      segments.slice(
        0,
        segments.findIndex((s) => s.name === 'N1'),
      );
    const doc = makePurchaseOrderDocument({ requestedDeliveryDate: null });
    // today is the interchange's date in UTC (the ISA/GS date)
    for (const [now, expected] of [
      ['2026-11-20T14:05:09Z', '20261211'], // a Friday: that Friday + 21 days
      ['2026-11-20T23:59:59Z', '20261211'],
      ['2026-11-21T00:00:00Z', '20261218'], // Saturday: the next Friday (27th) + 21 days
      ['2026-11-16T08:00:00Z', '20261211'], // Monday
      ['2026-12-26T12:00:00Z', '20270122'], // across the year
    ] as const) {
      const { segments } = await build(doc, { now: new Date(now) });
      expect(all(header(segments), 'DTM').map(elements), now).toEqual([['002', expected]]);
      // the rule the PO screen offers, not a second copy of it
      expect(expected).toBe(defaultRequestedDeliveryDate(now.slice(0, 10)).replaceAll('-', ''));
    }
    expect(all((await build(doc)).segments, 'DTM')).toHaveLength(3); // the header's and the two lines'
  });

  it('keeps the requested delivery date of the PO when it has one', async () => {
    const { segments } = await build(makePurchaseOrderDocument({ requestedDeliveryDate: '2027-03-05' }));
    expect(elements(all(segments, 'DTM')[0]!)).toEqual(['002', '20270305']);
  });

  it('writes the N1 loops BY, ST (with its address and location code) and VN, in that order', async () => {
    const { segments } = await build();
    const n1 = all(segments, 'N1');
    expect(n1.map((s) => s['1'])).toEqual(['BY', 'ST', 'VN']);
    expect(elements(n1[0]!)).toEqual(['BY', 'Keystone Appliance & Electronics']);
    expect(elements(n1[1]!)).toEqual(['ST', 'Louisville Warehouse', '92', 'KY01']);
    expect(elements(n1[2]!)).toEqual(['VN', 'Whirlpool Corporation', '92', '17']);
    const shipTo = segments.indexOf(n1[1]!);
    expect(elements(segments[shipTo + 1]!)).toEqual(['4500 Distribution Dr', 'Dock 7']);
    expect(segments[shipTo + 1]!.name).toBe('N3');
    expect(segments[shipTo + 2]!.name).toBe('N4');
    expect(elements(segments[shipTo + 2]!)).toEqual(['Louisville', 'KY', '40218', 'US']);
  });

  it('leaves off a state or country written out in words, and writes postal codes without punctuation or blanks', async () => {
    const doc = makePurchaseOrderDocument({
      vendor: { state: 'Michigan', country: 'United States', postalCode: '49022-1234' },
      shipTo: { state: 'ky', country: 'usa', postalCode: 'k1a 0b1' },
    });
    const { segments } = await build(doc);
    const n4 = all(segments, 'N4').map(elements);
    // N403 (element 116, ID 3/15) is the postal code "excluding punctuation and blanks".
    expect(n4[1]).toEqual(['Louisville', 'KY', 'K1A0B1', 'USA']);
    expect(n4[2]).toEqual(['Benton Harbor', '', '490221234']);
  });

  it('writes the buyer contact and the dealer number, and the vendor order id when there is one', async () => {
    const without = await build();
    expect(all(without.segments, 'REF').map(elements)).toEqual([['IA', 'D-448812']]);
    expect(elements(one(without.segments, 'PER'))).toEqual([
      'BD',
      'Dana Whitfield',
      'EM',
      'dana.whitfield@keystone.example',
    ]);

    const withOrderId = await build(
      makePurchaseOrderDocument({ vendorOrderId: 'WP-778812', vendor: { dealerNumber: null } }),
    );
    expect(all(withOrderId.segments, 'REF').map(elements)).toEqual([['VN', 'WP-778812']]);
  });

  it('writes the payment terms in ITD12, and CUR and FOB only when asked', async () => {
    const plain = await build();
    expect(one(plain.segments, 'ITD')['12']).toBe('Net 30');
    expect(all(plain.segments, 'CUR')).toHaveLength(0);
    expect(all(plain.segments, 'FOB')).toHaveLength(0);

    const extra = await build(makePurchaseOrderDocument({ terms: null }), { currency: 'usd', fobPaymentMethod: 'pp' });
    expect(all(extra.segments, 'ITD')).toHaveLength(0);
    expect(elements(one(extra.segments, 'CUR'))).toEqual(['BY', 'USD']);
    expect(elements(one(extra.segments, 'FOB'))).toEqual(['PP']);
    const names = extra.segments.map((s) => s.name);
    expect(names.indexOf('BEG')).toBeLessThan(names.indexOf('CUR'));
    expect(names.indexOf('CUR')).toBeLessThan(names.indexOf('REF'));
    expect(names.indexOf('PER')).toBeLessThan(names.indexOf('FOB'));
  });

  it('strips separators and newlines from data so they cannot break the file', async () => {
    const doc = makePurchaseOrderDocument({
      purchaseRefId: 'PO*10042~',
      vendor: { name: 'ACME*APPLIANCE~PARTS>CO\r\nLLC', dealerNumber: 'D*44~88>12' },
      buyer: { name: 'Dana\nWhitfield' },
      shipTo: { name: 'Louisville ~ Warehouse', address1: '4500 Distribution Dr*', address2: null },
      lines: [makeLine({ modelNumber: 'WRF*555~SDFZ>', description: 'French door*36"~stainless>steel\nfinish' })],
    });
    const { content, segments } = await build(doc);
    expect(content).not.toMatch(/[\r\n]/);
    // Nothing was split into components, and each segment kept its expected elements.
    for (const s of segments)
      expect(
        Object.keys(s).filter((k) => k.includes('-')),
        s.name,
      ).toEqual([]);
    expect(elements(one(segments, 'BEG'))[2]).toBe('PO10042');
    expect(all(segments, 'N1')[2]!['2']).toBe('ACME APPLIANCE PARTS CO LLC');
    expect(all(segments, 'N1')[1]!['2']).toBe('Louisville Warehouse');
    expect(one(segments, 'REF')['2']).toBe('D448812');
    expect(one(segments, 'PER')['2']).toBe('Dana Whitfield');
    expect(elements(one(segments, 'PO1'))).toEqual([
      '1',
      '2',
      'EA',
      '649.99',
      '',
      'BP',
      'WRF555SDFZ',
      'VP',
      'W11-555SDFZ',
      'UP',
      '883049460148',
    ]);
    expect(one(segments, 'PID')['5']).toBe('French door 36" stainless steel finish');
    expect(segments.map((s) => s.name)).toHaveLength(1 + 1 + 20 + 2); // ISA GS, ST..SE, GE IEA
    expect(one(segments, 'SE')['1']).toBe('20');
  });

  it('drops accents and characters outside ASCII', async () => {
    const { segments } = await build(makePurchaseOrderDocument({ vendor: { name: 'Électroménager Québec ✓' } }));
    expect(all(segments, 'N1')[2]!['2']).toBe('Electromenager Quebec');
  });

  it('uses the separators it is given, and strips only those from the data', async () => {
    const doc = makePurchaseOrderDocument({ vendor: { name: 'A|B:C*D~E' } });
    const content = buildPurchaseOrder850(doc, {
      ...OPTIONS,
      elementSeparator: '|',
      segmentTerminator: '\n',
      subElementSeparator: ':',
    });
    expect(content.split('\n')[0]).toHaveLength(105);
    const segments = await parseX12(content);
    expect(one(segments, 'ISA')['16']).toBe(':');
    expect(all(segments, 'N1')[2]!['2']).toBe('A B C*D~E');
    expect(one(segments, 'IEA')['2']).toBe('000000017');
    expect(one(segments, 'SE')['1']).toBe('25');
  });

  it('writes a 13-digit EAN as EN and a UPC-A with a leading zero as UP', () => {
    expect(gtinQualifier('883049460148')).toEqual(['UP', '883049460148']);
    expect(gtinQualifier('0883049460148')).toEqual(['UP', '883049460148']);
    expect(gtinQualifier('4006381333931')).toEqual(['EN', '4006381333931']);
    expect(gtinQualifier('10883049460145')).toEqual(['UK', '10883049460145']);
    expect(gtinQualifier('123456789')).toEqual(['UP', '123456789']);
  });

  it('refuses envelopes it cannot write correctly', () => {
    const doc = makePurchaseOrderDocument();
    expect(() => buildPurchaseOrder850(doc, { ...OPTIONS, interchangeControlNumber: 0 })).toThrow(
      /interchange control number/,
    );
    expect(() => buildPurchaseOrder850(doc, { ...OPTIONS, groupControlNumber: 1_000_000_000 })).toThrow(
      /group control number/,
    );
    expect(() => buildPurchaseOrder850(doc, { ...OPTIONS, transactionControlNumber: 1.5 })).toThrow(
      /transaction control number/,
    );
    expect(() =>
      buildPurchaseOrder850(doc, { ...OPTIONS, sender: { id: '1234567890123456', qualifier: 'ZZ' } }),
    ).toThrow(/longer than 15/);
    expect(() => buildPurchaseOrder850(doc, { ...OPTIONS, receiver: { id: 'XY', qualifier: 'Z' } })).toThrow(
      /2 characters/,
    );
    // GS02/GS03 (AN 2/15) carry the interchange ids too.
    expect(() => buildPurchaseOrder850(doc, { ...OPTIONS, sender: { id: 'K', qualifier: 'ZZ' } })).toThrow(
      /at least 2 characters/,
    );
    expect(() => buildPurchaseOrder850(doc, { ...OPTIONS, elementSeparator: '~' })).toThrow(/must differ/);
    expect(() => buildPurchaseOrder850(doc, { ...OPTIONS, elementSeparator: 'A' })).toThrow(/letter/);
    expect(() => buildPurchaseOrder850(makePurchaseOrderDocument({ purchaseRefId: 'X'.repeat(23) }), OPTIONS)).toThrow(
      /longer than 22/,
    );
  });
});

describe('centsToX12Amount', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [1999, '19.99'],
    [123_456_789, '1234567.89'],
    [-250, '-2.50'],
    [-5, '-0.05'],
    // (cents / 100).toFixed(2) gives 90071992547409.02 here: binary floats cannot hold every cent this large
    [9_007_199_254_740_901, '90071992547409.01'],
  ])('%i cents → %s', (cents, expected) => {
    expect(centsToX12Amount(cents)).toBe(expected);
  });

  it('refuses fractions of a cent', () => {
    expect(() => centsToX12Amount(19.99)).toThrow(RangeError);
  });
});
