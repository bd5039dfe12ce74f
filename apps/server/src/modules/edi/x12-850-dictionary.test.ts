import { X12ElementRule } from 'node-x12';
import { describe, expect, it } from 'vitest';
import type { PurchaseOrderDocument } from '../../shared/purchase-order-document.js';
import {
  EDI_TEST_OPTIONS,
  makeLine,
  makePurchaseOrderDocument,
  parseX12,
  readX12Strict,
  segmentElements,
} from './edi-test-document.js';
import { buildPurchaseOrder850, vendorIdFromIdentificationCode, type PurchaseOrder850Options } from './x12-850.js';

/**
 * Every element the 850 writer emits, checked against the ASC X12 004010 data element dictionary: its element
 * number, type and minimum/maximum length, and (for the ID elements) the codes of the 004010 code lists we use.
 *
 * Source: the 004010 segment and element definitions as published in 850 implementation guides and the version's
 * segment reference, e.g. https://www.kasoftware.com/schema/edi/x12/00401/segments/<SEG>/ (N4, CTT, ITD …), the
 * 004010 850 guide at https://internal.dcsnewyork.com/tech/edi/x12/850/0102PO1.htm (PO1), and the envelope
 * segments (ISA, GS, GE, IEA, the ISA being fixed length) as every 004010 guide repeats them. Types: AN string, ID
 * code, N0 whole number, R decimal, DT date, TM time. Lengths of N0 and R count digits only (no sign, no decimal
 * point); trailing spaces of an AN value are written only to reach its minimum (X12.6), and we never need them.
 *
 * The file of each generated order is read by two parsers that are not ours: node-x12 (strict: envelopes, counts,
 * control numbers) gives the values as written, x12-parser gives ISA13 and IEA02 as written (node-x12 turns them into
 * numbers); `parseX12` also fails when the two read the file differently.
 */

type X12Type = 'AN' | 'ID' | 'N0' | 'R' | 'DT' | 'TM';

interface ElementSpec {
  element: string;
  name: string;
  type: X12Type;
  min: number;
  max: number;
  /** For an ID element: the codes of its 004010 code list that this writer may use. */
  codes?: readonly string[];
}

const el = (
  element: string,
  name: string,
  type: X12Type,
  min: number,
  max: number,
  codes?: readonly string[],
): ElementSpec => ({
  element,
  name,
  type,
  min,
  max,
  ...(codes ? { codes } : {}),
});

/** A position the writer never fills (it writes an empty element there to reach a later one). */
const UNUSED = null;

const INTERCHANGE_ID_QUALIFIERS = [
  '01',
  '02',
  '08',
  '09',
  '12',
  '14',
  '16',
  '20',
  '27',
  '28',
  '29',
  '30',
  '32',
  '33',
  'ZZ',
];
const PRODUCT_ID_QUALIFIERS = ['BP', 'VP', 'UP', 'EN', 'UK'];

/** The elements the 850 writer emits, by segment and position (index 0 is element 01). */
const DICTIONARY: Record<string, readonly (ElementSpec | null)[]> = {
  ISA: [
    el('I01', 'Authorization Information Qualifier', 'ID', 2, 2, ['00']),
    el('I02', 'Authorization Information', 'AN', 10, 10),
    el('I03', 'Security Information Qualifier', 'ID', 2, 2, ['00']),
    el('I04', 'Security Information', 'AN', 10, 10),
    el('I05', 'Interchange ID Qualifier', 'ID', 2, 2, INTERCHANGE_ID_QUALIFIERS),
    el('I06', 'Interchange Sender ID', 'AN', 15, 15),
    el('I05', 'Interchange ID Qualifier', 'ID', 2, 2, INTERCHANGE_ID_QUALIFIERS),
    el('I07', 'Interchange Receiver ID', 'AN', 15, 15),
    el('I08', 'Interchange Date', 'DT', 6, 6),
    el('I09', 'Interchange Time', 'TM', 4, 4),
    el('I10', 'Interchange Control Standards Identifier', 'ID', 1, 1, ['U']),
    el('I11', 'Interchange Control Version Number', 'ID', 5, 5, ['00401']),
    el('I12', 'Interchange Control Number', 'N0', 9, 9),
    el('I13', 'Acknowledgment Requested', 'ID', 1, 1, ['0', '1']),
    el('I14', 'Usage Indicator', 'ID', 1, 1, ['P', 'T']),
    el('I15', 'Component Element Separator', 'AN', 1, 1),
  ],
  GS: [
    el('479', 'Functional Identifier Code', 'ID', 2, 2, ['PO']),
    el('142', "Application Sender's Code", 'AN', 2, 15),
    el('124', "Application Receiver's Code", 'AN', 2, 15),
    el('373', 'Date', 'DT', 8, 8),
    el('337', 'Time', 'TM', 4, 8),
    el('28', 'Group Control Number', 'N0', 1, 9),
    el('455', 'Responsible Agency Code', 'ID', 1, 2, ['X']),
    el('480', 'Version / Release / Industry Identifier Code', 'AN', 1, 12),
  ],
  ST: [
    el('143', 'Transaction Set Identifier Code', 'ID', 3, 3, ['850']),
    el('329', 'Transaction Set Control Number', 'AN', 4, 9),
  ],
  BEG: [
    el('353', 'Transaction Set Purpose Code', 'ID', 2, 2, ['00']),
    el('92', 'Purchase Order Type Code', 'ID', 2, 2, ['SA']),
    el('324', 'Purchase Order Number', 'AN', 1, 22),
    UNUSED, // BEG04 328 Release Number
    el('373', 'Date', 'DT', 8, 8),
  ],
  CUR: [el('98', 'Entity Identifier Code', 'ID', 2, 3, ['BY']), el('100', 'Currency Code', 'ID', 3, 3)],
  REF: [
    el('128', 'Reference Identification Qualifier', 'ID', 2, 3, ['VN', 'IA']),
    el('127', 'Reference Identification', 'AN', 1, 30),
  ],
  PER: [
    el('366', 'Contact Function Code', 'ID', 2, 2, ['BD']),
    el('93', 'Name', 'AN', 1, 60),
    el('365', 'Communication Number Qualifier', 'ID', 2, 2, ['EM']),
    el('364', 'Communication Number', 'AN', 1, 80),
  ],
  FOB: [el('146', 'Shipment Method of Payment', 'ID', 2, 2, ['CC', 'DF', 'MX', 'PB', 'PC', 'PP', 'PU', 'TP'])],
  ITD: [
    el('336', 'Terms Type Code', 'ID', 2, 2, ['01']),
    el('333', 'Terms Basis Date Code', 'ID', 1, 2, ['3']),
    ...Array.from({ length: 9 }, () => UNUSED), // ITD03 to ITD11
    el('352', 'Description', 'AN', 1, 80),
  ],
  DTM: [el('374', 'Date/Time Qualifier', 'ID', 3, 3, ['002']), el('373', 'Date', 'DT', 8, 8)],
  N1: [
    el('98', 'Entity Identifier Code', 'ID', 2, 3, ['BY', 'ST', 'VN']),
    el('93', 'Name', 'AN', 1, 60),
    el('66', 'Identification Code Qualifier', 'ID', 1, 2, ['92']),
    el('67', 'Identification Code', 'AN', 2, 80),
  ],
  N3: [el('166', 'Address Information', 'AN', 1, 55), el('166', 'Address Information', 'AN', 1, 55)],
  N4: [
    el('19', 'City Name', 'AN', 2, 30),
    el('156', 'State or Province Code', 'ID', 2, 2),
    el('116', 'Postal Code', 'ID', 3, 15),
    el('26', 'Country Code', 'ID', 2, 3),
  ],
  PO1: [
    el('350', 'Assigned Identification', 'AN', 1, 20),
    el('330', 'Quantity Ordered', 'R', 1, 15),
    el('355', 'Unit or Basis for Measurement Code', 'ID', 2, 2, ['EA']),
    el('212', 'Unit Price', 'R', 1, 17),
    UNUSED, // PO105 639 Basis of Unit Price Code
    el('235', 'Product/Service ID Qualifier', 'ID', 2, 2, PRODUCT_ID_QUALIFIERS),
    el('234', 'Product/Service ID', 'AN', 1, 48),
    el('235', 'Product/Service ID Qualifier', 'ID', 2, 2, PRODUCT_ID_QUALIFIERS),
    el('234', 'Product/Service ID', 'AN', 1, 48),
    el('235', 'Product/Service ID Qualifier', 'ID', 2, 2, PRODUCT_ID_QUALIFIERS),
    el('234', 'Product/Service ID', 'AN', 1, 48),
  ],
  PID: [
    el('349', 'Item Description Type', 'ID', 1, 1, ['F']),
    UNUSED, // PID02 750 Product/Process Characteristic Code
    UNUSED, // PID03 559 Agency Qualifier Code
    UNUSED, // PID04 751 Product Description Code
    el('352', 'Description', 'AN', 1, 80),
  ],
  CTT: [el('354', 'Number of Line Items', 'N0', 1, 6), el('347', 'Hash Total', 'R', 1, 10)],
  SE: [el('96', 'Number of Included Segments', 'N0', 1, 10), el('329', 'Transaction Set Control Number', 'AN', 4, 9)],
  GE: [el('97', 'Number of Transaction Sets Included', 'N0', 1, 6), el('28', 'Group Control Number', 'N0', 1, 9)],
  IEA: [
    el('I16', 'Number of Included Functional Groups', 'N0', 1, 5),
    el('I12', 'Interchange Control Number', 'N0', 9, 9),
  ],
};

/** X12's basic and extended character sets (004010), less the separators of the file. */
const X12_CHARACTERS = /^[A-Za-z0-9!"&'()*+,\-./:;?= %@[\]_{}|<>~#$]*$/;

function digits(value: string): number {
  return value.replace(/[-.]/g, '').length;
}

function isCalendarDate(yyyymmdd: string): boolean {
  const [y, m, d] = [Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)), Number(yyyymmdd.slice(6, 8))];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** What is wrong with one written value against its dictionary entry; [] when nothing. */
function problems(spec: ElementSpec, value: string, separators: string[], fixedLength: boolean): string[] {
  const out: string[] = [];
  const length = spec.type === 'N0' || spec.type === 'R' ? digits(value) : value.length;
  if (fixedLength && value.length !== spec.max)
    out.push(`is ${value.length} characters, the ISA's width is ${spec.max}`);
  if (length < spec.min) out.push(`is ${length} long, below the minimum ${spec.min}`);
  if (length > spec.max) out.push(`is ${length} long, above the maximum ${spec.max}`);
  const separator = separators.find((s) => value.includes(s));
  if (separator !== undefined && !(spec.element === 'I15'))
    out.push(`holds the separator ${JSON.stringify(separator)}`);
  switch (spec.type) {
    case 'AN':
      if (spec.element !== 'I15' && !X12_CHARACTERS.test(value))
        out.push('holds a character outside the X12 character set');
      if (!fixedLength && value !== value.trimEnd()) out.push('ends with a space it does not need');
      if (!fixedLength && value.trim() === '') out.push('is blank');
      break;
    case 'ID':
      if (spec.codes ? !spec.codes.includes(value) : !/^[A-Z0-9]+$/.test(value)) out.push('is not a code of its list');
      break;
    case 'N0':
      if (!/^-?\d+$/.test(value)) out.push('is not a whole number');
      break;
    case 'R':
      if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(value)) out.push('is not a decimal number');
      break;
    case 'DT':
      if (!/^\d+$/.test(value) || !isCalendarDate(value.length === 6 ? `20${value}` : value)) out.push('is not a date');
      break;
    case 'TM':
      if (!/^([01]\d|2[0-3])[0-5]\d([0-5]\d(\d{1,2})?)?$/.test(value)) out.push('is not a time');
      break;
  }
  // The same rules as node-x12's validation engine reads them (an implementation that is not ours), where it knows
  // the type: its lengths are characters, so numbers are left to the checks above.
  const checkType = {
    AN: 'alphanumeric',
    ID: 'id',
    DT: spec.min === 6 ? 'dateshort' : 'datelong',
    TM: spec.max === 4 ? 'timeshort' : 'time',
  } as const;
  if (spec.type in checkType && spec.element !== 'I15' && value.trim() !== '') {
    const rule = new X12ElementRule({
      minMax: [spec.min, spec.max],
      checkType: checkType[spec.type as keyof typeof checkType],
    });
    const verdict = rule.assert!({ value, range: undefined! });
    if (verdict !== true)
      out.push(`is refused by node-x12: ${(verdict.elements ?? []).map((e) => e.description).join(', ')}`);
  }
  return out;
}

interface Written {
  tag: string;
  values: string[];
}

/** The file read back: node-x12's values, with ISA13 and IEA02 as x12-parser reads them (see above). */
async function readBack(content: string): Promise<Written[]> {
  const strict = readX12Strict(content);
  const streamed = await parseX12(content);
  expect(streamed.map((s) => s.name)).toEqual(strict.map((s) => s.tag));
  return strict.map((segment, i) => {
    const values = [...segment.elements];
    if (segment.tag === 'ISA') values[12] = segmentElements(streamed[i]!)[12]!;
    if (segment.tag === 'IEA') values[1] = segmentElements(streamed[i]!)[1]!;
    return { tag: segment.tag, values };
  });
}

const BASE_OPTIONS = EDI_TEST_OPTIONS;

const SEPARATED = 'A*B~C:D^E>F|G\\H`I';
const long = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);

interface Case {
  title: string;
  doc: PurchaseOrderDocument;
  options: Partial<PurchaseOrder850Options>;
}

const CASES: Case[] = [
  {
    title: 'vendor 1 (the issue: N1*VN*GE Appliances*92*1)',
    doc: makePurchaseOrderDocument({ vendor: { id: 1, name: 'GE Appliances' } }),
    options: {},
  },
  {
    title: 'vendor 9, separators *, ~, :, ^ and > in every name, number and description',
    doc: makePurchaseOrderDocument({
      purchaseRefId: 'W*000~287^',
      vendorOrderId: `VO-${SEPARATED}`,
      terms: `Net*30~days^${SEPARATED}`,
      company: { name: `Keystone*${SEPARATED}`, address1: `1200 Commerce*Way~${SEPARATED}`, city: 'Louis*ville' },
      buyer: { name: `Dana~${SEPARATED}`, email: 'dana*whit~field@keystone.example' },
      vendor: {
        id: 9,
        name: `Whirl*pool~Corp:oration^Inc>${SEPARATED}`,
        dealerNumber: `D*448~812^`,
        address2: SEPARATED,
      },
      shipTo: {
        name: `Louisville ^Warehouse~${SEPARATED}`,
        address1: `4500 Distribution*Dr~`,
        postalCode: '40218*1234~',
      },
      lines: [
        makeLine({
          modelNumber: 'WRF*555^SDFZ:',
          partNumber: 'W11~555>X',
          upc: '8830494*60148',
          description: `French door*36"~${SEPARATED}`,
        }),
        makeLine({ lineNumber: 2, modelNumber: 'K^D*T~M>404', partNumber: 'P:1', upc: null, description: '*~^>' }),
      ],
    }),
    options: {},
  },
  {
    title: 'vendor 10, with the separators | \\n : and data holding them',
    doc: makePurchaseOrderDocument({
      vendor: { id: 10, name: `Bosch|Home\nAppliances:${SEPARATED}` },
      lines: [makeLine({ modelNumber: 'SHX|878:ZD5N', description: `Dishwasher|quiet\n44 dBA:${SEPARATED}` })],
    }),
    options: { elementSeparator: '|', segmentTerminator: '\n', subElementSeparator: ':' },
  },
  {
    title: 'vendor 99999, with the separators ^ ~ : and every value at or past its maximum',
    doc: makePurchaseOrderDocument({
      purchaseRefId: 'W'.padEnd(22, '9'),
      vendorOrderId: 'V'.padEnd(30, '0'),
      terms: long('Net 30 days from the invoice date, 2% 10 ', 120),
      company: {
        name: long('Keystone Appliance and Electronics ', 200),
        address1: long('1200 Commerce Way ', 120),
        city: long('Louisville ', 80),
      },
      buyer: { name: long('Dana Whitfield ', 90), email: `${'d'.repeat(60)}@keystone.example` },
      vendor: {
        id: 99_999,
        name: long('Whirlpool^Corporation of North America ', 200),
        address1: long('2000 N M-63 ', 100),
        address2: long('Building B, Dock 4 ', 100),
        city: long('Benton Harbor ', 60),
        postalCode: '49022-1234-5678-9012-3456',
        country: 'United States of America',
        dealerNumber: 'D'.padEnd(30, '1'),
      },
      shipTo: {
        name: long('Louisville Warehouse ', 200),
        locationCode: 'KY01WAREHOUSE',
        postalCode: 'K1A 0B1 EXT 12345',
      },
      lines: Array.from({ length: 12 }, (_, i) =>
        makeLine({
          lineNumber: i + 1,
          modelNumber: `M${String(i).padStart(2, '0')}`.padEnd(48, 'X'),
          partNumber: `P${String(i).padStart(2, '0')}`.padEnd(48, 'Y'),
          upc: i % 2 ? '10883049460145' : '0883049460148',
          description: long(`Line ${i + 1}: a very long description of the product, its finish and its size `, 300),
          qtyOrdered: 2_000_000_000 + i,
          unitCostCents: 9_007_199_254_740_991 - i,
          expectedArrivalDate: i % 3 ? null : '2027-02-26',
        }),
      ),
    }),
    options: {
      elementSeparator: '^',
      segmentTerminator: '~',
      subElementSeparator: ':',
      interchangeControlNumber: 999_999_999,
      groupControlNumber: 999_999_999,
      transactionControlNumber: 999_999_999,
      sender: { id: 'KEYSTONE-POS-01', qualifier: 'zz' },
      receiver: { id: 'WP', qualifier: '01' },
      currency: 'usd',
      fobPaymentMethod: 'pp',
      now: new Date('2026-12-31T23:59:58Z'),
    },
  },
  {
    title: 'vendor 5, every value at its minimum or too short to write',
    doc: makePurchaseOrderDocument({
      purchaseRefId: 'W',
      terms: null,
      requestedDeliveryDate: null,
      buyer: { name: 'D', email: null },
      company: {
        name: 'K',
        address1: 'A',
        address2: null,
        city: 'L',
        state: 'Kentucky',
        postalCode: '40',
        country: 'U',
      },
      vendor: {
        id: 5,
        name: 'A',
        address1: null,
        address2: 'B',
        city: 'X',
        state: 'M',
        postalCode: '12',
        country: null,
        dealerNumber: null,
      },
      shipTo: {
        name: 'S',
        locationCode: 'K1',
        address1: '1',
        address2: null,
        city: 'Lo',
        state: 'KY',
        postalCode: '402',
        country: 'US',
      },
      lines: [
        makeLine({
          modelNumber: 'M',
          partNumber: null,
          upc: null,
          description: 'A',
          qtyOrdered: 1,
          unitCostCents: 1,
          expectedArrivalDate: null,
        }),
      ],
    }),
    options: {
      interchangeControlNumber: 1,
      groupControlNumber: 1,
      transactionControlNumber: 1,
      sender: { id: 'KP', qualifier: 'ZZ' },
    },
  },
];

/** Unit price from cents, written out here with BigInt (not the writer's function). */
function price(cents: number): string {
  const abs = BigInt(Math.abs(cents));
  return `${cents < 0 ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

describe('the 850 against the 004010 element dictionary', () => {
  it('has an entry for each segment the writer can emit', () => {
    expect(Object.keys(DICTIONARY).sort()).toEqual(
      [
        'BEG',
        'CTT',
        'CUR',
        'DTM',
        'FOB',
        'GE',
        'GS',
        'IEA',
        'ISA',
        'ITD',
        'N1',
        'N3',
        'N4',
        'PER',
        'PID',
        'PO1',
        'REF',
        'SE',
        'ST',
      ].sort(),
    );
  });

  it.each(CASES)(
    '$title: every written element has its type and length, read back by two parsers',
    async ({ doc, options }) => {
      const merged = { ...BASE_OPTIONS, ...options };
      const separators = [
        merged.elementSeparator ?? '*',
        merged.segmentTerminator ?? '~',
        merged.subElementSeparator ?? '>',
      ];
      const content = buildPurchaseOrder850(doc, merged);
      const written = await readBack(content);

      const failures: string[] = [];
      const seen = new Set<string>();
      for (const { tag, values } of written) {
        const specs = DICTIONARY[tag];
        if (!specs) {
          failures.push(`${tag} is written but has no entry in the table`);
          continue;
        }
        if (tag === 'ISA') expect(values, 'the ISA has its 16 elements').toHaveLength(16);
        values.forEach((value, i) => {
          const ref = `${tag}${String(i + 1).padStart(2, '0')}`;
          if (value === '' && tag !== 'ISA') return; // an empty element before one that is written
          const spec = specs[i];
          if (!spec) {
            failures.push(`${ref} = ${JSON.stringify(value)} is written but is not in the table`);
            return;
          }
          seen.add(ref);
          for (const problem of problems(spec, value, separators, tag === 'ISA')) {
            failures.push(
              `${ref} (${spec.element} ${spec.name}, ${spec.type} ${spec.min}/${spec.max}) = ${JSON.stringify(value)} ${problem}`,
            );
          }
        });
      }
      expect(failures).toEqual([]);
      expect(seen.size).toBeGreaterThan(20);

      // The envelope as the parsers read it: control numbers in their trailers, counts.
      const one = (tag: string) => {
        const found = written.filter((s) => s.tag === tag);
        expect(found, tag).toHaveLength(1);
        return found[0]!.values;
      };
      const [isa, iea, gs, ge, st, se] = ['ISA', 'IEA', 'GS', 'GE', 'ST', 'SE'].map(one) as string[][];
      expect(iea![1]).toBe(isa![12]);
      expect(isa![12]).toBe(String(merged.interchangeControlNumber).padStart(9, '0'));
      expect(ge![1]).toBe(gs![5]);
      expect(se![1]).toBe(st![1]);
      expect([iea![0], ge![0]]).toEqual(['1', '1']);
      const tags = written.map((s) => s.tag);
      expect(Number(se![0])).toBe(tags.indexOf('SE') - tags.indexOf('ST') + 1);

      // CTT: the PO1 count and the hash of the quantities (left-most digits dropped past 10).
      const po1 = written.filter((s) => s.tag === 'PO1');
      const ctt = one('CTT');
      expect(po1).toHaveLength(doc.lines.length);
      expect(ctt[0]).toBe(String(po1.length));
      const hash = doc.lines.reduce((sum, l) => sum + BigInt(l.qtyOrdered), 0n);
      expect(ctt[1]).toBe(String(hash).slice(-10));

      // Each PO1 carries its line: number, quantity, unit, price from cents, and the model as buyer's part number.
      po1.forEach(({ values }, i) => {
        const line = doc.lines[i]!;
        expect(values.slice(0, 4)).toEqual([
          String(line.lineNumber),
          String(line.qtyOrdered),
          'EA',
          price(line.unitCostCents),
        ]);
        expect(values[5]).toBe('BP');
      });

      // The vendor is identified by a code of at least 2 characters that still reads back as its id.
      const vendor = written.find((s) => s.tag === 'N1' && s.values[0] === 'VN')!.values;
      expect(vendor[2]).toBe('92');
      expect(vendor[3]!.length).toBeGreaterThanOrEqual(2);
      expect(Number(vendor[3])).toBe(doc.vendor.id);
      expect(vendorIdFromIdentificationCode(vendor[3]!)).toBe(doc.vendor.id);
    },
  );

  it('writes N104 of vendors 1 to 9 with two digits, and of vendors 10 and above as before', async () => {
    for (const [id, code] of [
      [1, '01'],
      [9, '09'],
      [10, '10'],
      [99_999, '99999'],
    ] as const) {
      const segments = await parseX12(
        buildPurchaseOrder850(makePurchaseOrderDocument({ vendor: { id } }), BASE_OPTIONS),
      );
      const vendor = segments.find((s) => s.name === 'N1' && s['1'] === 'VN')!;
      expect(segmentElements(vendor).slice(2)).toEqual(['92', code]);
    }
  });

  it('replaces the separators in the data, never breaking the file: names keep their words', async () => {
    const segments = await parseX12(buildPurchaseOrder850(CASES[1]!.doc, BASE_OPTIONS));
    const n1 = segments.filter((s) => s.name === 'N1').map((s) => s['2']);
    expect(n1).toEqual([
      'Keystone A B C:D E F|G H I',
      'Louisville Warehouse A B C:D E F|G H I',
      'Whirl pool Corp:oration Inc A B C:D E F|G H I',
    ]);
    expect(segments.find((s) => s.name === 'BEG')!['3']).toBe('W000287');
    const lines = segments.filter((s) => s.name === 'PO1').map(segmentElements);
    expect(lines[0]).toEqual([
      '1',
      '2',
      'EA',
      '649.99',
      '',
      'BP',
      'WRF555SDFZ:',
      'VP',
      'W11555X',
      'UP',
      '883049460148',
    ]);
    expect(lines[1]).toEqual(['2', '2', 'EA', '649.99', '', 'BP', 'KDTM404', 'VP', 'P:1']);
    // A description of separators only is no description: no PID.
    expect(segments.filter((s) => s.name === 'PID')).toHaveLength(1);
  });

  it('refuses a line whose model number is nothing but separators, rather than a PO1 without a product id', () => {
    const doc = makePurchaseOrderDocument({ lines: [makeLine({ modelNumber: '^*~>' })] });
    expect(() => buildPurchaseOrder850(doc, BASE_OPTIONS)).toThrow(
      'Line 1: the model number has no character an EDI file can carry',
    );
  });
});
