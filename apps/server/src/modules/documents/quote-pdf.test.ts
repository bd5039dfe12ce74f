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
  return { id: i + 1, quote_id: 12, description: `Install ${i + 1}`, labor_type: 'FLAT', hours: null, rate: 150, amount: 150, ...overrides };
}

function buildTestQuote(overrides: { items?: TQuoteItem[]; labor_lines?: TLaborLine[]; notes?: string | null } = {}): TQuoteFull {
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

describe('renderQuotePdf', () => {
  it('prints a short quote on one page, with its footer and no blank page after it', async () => {
    const { pages, total, text } = await readPdf(await renderQuotePdf(buildTestQuote(), COMPANY));
    expect(total).toBe(1);
    expect(pages).toHaveLength(1);
    expectNoEmptyPage(pages);
    for (const expected of ['QUOTE', 'Q-000012', 'Quinn Quoteworthy', 'QT-MODEL-001', 'QT-MODEL-002', 'Install 1', 'Kitchen remodel']) {
      expect(text).toContain(expected);
    }
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
