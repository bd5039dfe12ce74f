import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { TContact, TLaborLine, TQuoteFull, TQuoteItem } from '@keystone/contracts';
import { renderQuotePdf } from './quote-pdf.js';

/** The quote PDF read back by pdf.js (through pdf-parse): its pages, their text, their count. */

const COMPANY = 'Keystone Appliance & Electronics';

function contact(id: number, first: string, last: string): TContact {
  return {
    id,
    first_name: first,
    last_name: last,
    address: '1 Main St',
    address2: null,
    city: 'Louisville',
    state: 'KY',
    zip: '40202',
    primary_phone: '502-555-0100',
    secondary_phone: null,
    primary_email: `${first.toLowerCase()}@example.com`,
    source: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  };
}

function item(i: number, overrides: Partial<TQuoteItem> = {}): TQuoteItem {
  const number_units = overrides.number_units ?? 1 + (i % 3);
  const unit_price = overrides.unit_price ?? 100 + i;
  return {
    id: i + 1,
    quote_id: 12,
    productId: 100 + i,
    model: `QT-MODEL-${String(i + 1).padStart(3, '0')}`,
    description: `Product ${i + 1}, stainless`,
    condition: 'NEW',
    number_units,
    unit_price,
    line_total: Math.round(number_units * unit_price * 100) / 100,
    ...overrides,
  };
}

function labor(i: number, overrides: Partial<TLaborLine> = {}): TLaborLine {
  return {
    id: i + 1,
    quote_id: 12,
    description: `Install ${i + 1}`,
    labor_type: 'FLAT',
    hours: null,
    rate: 150,
    amount: 150,
    ...overrides,
  };
}

function buildTestQuote(
  overrides: { items?: TQuoteItem[]; labor_lines?: TLaborLine[]; notes?: string | null } = {},
): TQuoteFull {
  const items = overrides.items ?? [item(0), item(1)];
  const labor_lines = overrides.labor_lines ?? [labor(0)];
  const product_total = items.reduce((s, i) => s + i.line_total, 0);
  const labor_total = labor_lines.reduce((s, l) => s + l.amount, 0);
  return {
    quote: {
      id: 12,
      quote_number: 'Q-000012',
      sold_contact_id: 1,
      ship_contact_id: 2,
      bill_contact_id: 3,
      sold_account_id: null,
      quote_type: 'RETAIL',
      quote_class: 'STANDARD',
      quote_status: 'OPEN',
      primary_sales_id: 7,
      second_sales_id: null,
      third_sales_id: null,
      primary_sales_name: 'sales-1',
      product_total,
      labor_total,
      shipping_total: 25,
      tax_total: 0,
      total: product_total + labor_total + 25,
      tax_rate: 0,
      tax_state: null,
      notes: overrides.notes === undefined ? 'Kitchen remodel' : overrides.notes,
      lead_source: null,
      primary_development: null,
      primary_product_interest: null,
      primary_feature_interest: null,
      demo_affinity: null,
      approval_status: 'PENDING',
      approval_status_notes: null,
      sold_contact_name: 'Quinn Quoteworthy',
      locked: false,
      work_order_id: null,
      created_at: '2026-11-20T14:05:09.000Z',
      updated_at: '2026-11-20T14:05:09.000Z',
      converted_at: null,
    },
    sold_contact: contact(1, 'Quinn', 'Quoteworthy'),
    ship_contact: contact(2, 'Sam', 'Shipper'),
    bill_contact: contact(3, 'Bea', 'Biller'),
    items,
    labor_lines,
  };
}

async function readPdf(pdf: Buffer): Promise<{ pages: string[]; text: string; total: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { pages: result.pages.map((p) => p.text), text: result.text, total: result.total };
  } finally {
    await parser.destroy();
  }
}

const FOOTER = /Quote Q-000012 \u00b7 Page \d+ of \d+/g;

/** Every page carries something besides its page number, and every page is numbered "n of N". */
function expectNoEmptyPage(pages: string[]): void {
  pages.forEach((page, i) => {
    expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
    expect(page.replace(FOOTER, '').trim(), `page ${i + 1} has content besides its footer`).not.toBe('');
  });
}

/** Text without the line breaks and spaces a wrap adds: the characters in their order. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

const UNITS_HEADER = /Model\s+Description\s+Condition\s+Qty\s+Unit Price\s+Line Total/;
const LABOR_HEADER = /Description\s+Hours\s+Rate\s+Amount/;

/**
 * The pages' text run together without what a page break adds (each page's footer, the "(continued)" titles and the
 * repeated header rows), so that a text printed across pages reads as one.
 */
function flowing(pages: string[]): string {
  return pages
    .map((page, i) =>
      i === 0
        ? page.replace(FOOTER, '')
        : page
            .replace(FOOTER, '')
            .replace(/^(Units|Labor|Notes) \(continued\)$/m, '')
            .replace(UNITS_HEADER, '')
            .replace(LABOR_HEADER, ''),
    )
    .join('\n');
}

/** A description of about `length` characters of real words, each sentence numbered so that a lost piece shows. */
function longText(length: number, what = 'description'): string {
  const words: string[] = [];
  for (let i = 1; words.join(' ').length < length; i += 1) {
    words.push(
      `Sentence ${i} of the ${what}: stainless steel finish, counter-depth, ice and water dispenser, LED lighting.`,
    );
  }
  return `${words
    .join(' ')
    .slice(0, length - 1)
    .trimEnd()}.`.padEnd(length, '.');
}

describe('renderQuotePdf', () => {
  it('prints a short quote on one page, with its footer and no blank page after it', async () => {
    const { pages, total, text } = await readPdf(await renderQuotePdf(buildTestQuote(), COMPANY));
    expect(total).toBe(1);
    expect(pages).toHaveLength(1);
    expectNoEmptyPage(pages);
    for (const expected of [
      'QUOTE',
      'Q-000012',
      'Quinn Quoteworthy',
      'QT-MODEL-001',
      'QT-MODEL-002',
      'Install 1',
      'Kitchen remodel',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints a 600-character description whole, wrapped in its column, not cut with an ellipsis', async () => {
    const description = longText(600);
    expect(description).toHaveLength(600);
    const quote = buildTestQuote({ items: [item(0, { description }), item(1)] });
    const { pages, total, text } = await readPdf(await renderQuotePdf(quote, COMPANY));
    expect(total).toBe(1);
    expectNoEmptyPage(pages);
    expect(squeezed(text)).toContain(squeezed(description));
    expect(text).not.toContain('\u2026');
    // the unit after it is still there, below it
    expect(text.indexOf('QT-MODEL-002')).toBeGreaterThan(text.indexOf('Sentence 5 of the description'));
  });

  it('prints long contacts, labor lines and notes whole, across pages when they need them', async () => {
    const notes = longText(5000, 'notes');
    const laborText = longText(500, 'labor');
    const quote = buildTestQuote({
      items: [
        item(0, { description: longText(600) }),
        item(1, { model: 'QT-VERY-LONG-MODEL-NUMBER-WITHOUT-SPACES-0123456789' }),
      ],
      labor_lines: [labor(0, { description: laborText }), labor(1)],
      notes,
    });
    quote.ship_contact = {
      ...quote.ship_contact,
      address: longText(200, 'address'),
      address2: longText(200, 'second address line'),
    };
    const { pages, text } = await readPdf(await renderQuotePdf(quote, COMPANY));
    expect(pages.length).toBeGreaterThan(1);
    expectNoEmptyPage(pages);
    for (const whole of [notes, laborText, longText(600), quote.ship_contact.address!, quote.ship_contact.address2!]) {
      expect(squeezed(flowing(pages))).toContain(squeezed(whole));
    }
    expect(squeezed(text)).toContain('QT-VERY-LONG-MODEL-NUMBER-WITHOUT-SPACES-0123456789');
    expect(text).not.toContain('\u2026');
    expect(pages.slice(1).join('\n')).toContain('Notes (continued)');
  });

  it('splits a description longer than a page between pages, the table header repeated on each', async () => {
    const description = longText(12_000);
    const quote = buildTestQuote({ items: [item(0), item(1, { description }), item(2)], labor_lines: [], notes: null });
    const { pages, text } = await readPdf(await renderQuotePdf(quote, COMPANY));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expectNoEmptyPage(pages);
    // pdf.js reads the row's other cells (drawn after its first page of description) in between: take them out.
    expect(squeezed(flowing(pages)).replace('NEW2$101.00$202.00', '')).toContain(squeezed(description));
    const withUnits = pages.filter((p) => p.includes('Sentence'));
    expect(withUnits.length).toBeGreaterThanOrEqual(3);
    for (const page of withUnits) expect(page).toMatch(UNITS_HEADER);
    for (const page of withUnits.slice(1)) expect(page).toContain('Units (continued)');
    for (const model of ['QT-MODEL-001', 'QT-MODEL-002', 'QT-MODEL-003'])
      expect(text.match(new RegExp(model, 'g'))).toHaveLength(1);
  });

  it('numbers the pages of a quote that runs over several, and leaves none empty', async () => {
    const items = Array.from({ length: 70 }, (_, i) => item(i));
    const { pages, total } = await readPdf(await renderQuotePdf(buildTestQuote({ items }), COMPANY));
    expect(total).toBeGreaterThan(1);
    expect(pages).toHaveLength(total);
    expectNoEmptyPage(pages);
    for (const i of items) expect(pages.join('\n').match(new RegExp(`${i.model}\\b`, 'g')), i.model).toHaveLength(1);
  });
});
