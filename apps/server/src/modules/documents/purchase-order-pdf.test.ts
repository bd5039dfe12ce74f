import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { buildTestDocumentLines, buildTestPurchaseOrderDocument } from './documents-test-document.js';
import { printable, renderPurchaseOrderPdf } from './purchase-order-pdf.js';

interface ExtractedPdf {
  text: string;
  pages: string[];
  info: Record<string, unknown>;
}

async function extract(pdf: Buffer): Promise<ExtractedPdf> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return {
      text: text.text,
      pages: text.pages.map((p) => p.text),
      info: (info.info ?? {}) as Record<string, unknown>,
    };
  } finally {
    await parser.destroy();
  }
}

/** US dollars written out by hand, independent of the formatter under test: 25457105 → "$254,571.05". */
function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const squeezed = (s: string) => s.replace(/\s+/g, '');

/** Every page carries more than its page number, and is numbered "n of N". */
function expectNoEmptyPage(pages: string[]): void {
  pages.forEach((page, i) => {
    expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
    const rest = page
      .replace(/^.*Page \d+ of \d+$/m, '')
      .replace(/^Purchase Order \S+ \(continued\).*$/m, '')
      .trim();
    expect(rest, `page ${i + 1} has content`).not.toBe('');
  });
}
const TABLE_HEADER = /#\s+Model\s+Part Number\s+Description\s+Qty\s+Unit Cost\s+Line Total/;

describe('renderPurchaseOrderPdf', () => {
  it('prints the order, its parties, every line once and the four totals, over several pages', async () => {
    const doc = buildTestPurchaseOrderDocument();
    const pdf = await renderPurchaseOrderPdf(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { text, pages, info } = await extract(pdf);

    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain('Purchase Order');
    expect(text).toContain('PO-2025-004812');
    expect(text).toContain('Legacy PO # 771204');
    expect(text).toContain('2025-03-14'); // order date
    expect(text).toContain('2025-04-21'); // requested delivery
    expect(text).toContain('Net 30');
    expect(text).toContain('Confirmed');
    expect(text).toContain('MAD-SO-558130'); // vendor order #
    expect(text).toContain('Keystone Appliance & Electronics');
    expect(text).toContain('Midwest Appliance Distributors');
    expect(text).toContain('Marcus Bell');
    expect(text).toContain('marcus.bell@midwest-appliance.example');
    expect(text).toContain('LOU-DC1');
    expect(text).toContain('3100 Fern Valley Road');
    expect(text).toContain('Deliver to dock 3');

    // Every line exactly once: nothing lost or repeated at a page break. The last line is there too.
    expect(doc.lines).toHaveLength(60);
    for (const line of doc.lines) {
      const hits = text.match(new RegExp(`\\b${escape(line.modelNumber)}\\b`, 'g')) ?? [];
      expect(hits, line.modelNumber).toHaveLength(1);
    }
    expect(text).toContain('WRF555SDFZ-01');
    expect(text).toContain('GE-JVM3160RFSS-07');
    expect(text).toContain('WTW5105HW-60');
    const last = doc.lines.at(-1)!;
    expect(text).toMatch(
      new RegExp(`${escape(last.modelNumber)}[\\s\\S]*?${escape(dollars(last.qtyOrdered * last.unitCostCents))}`),
    );

    // The totals, computed here from the lines rather than read from the document.
    const subTotal = doc.lines.reduce((sum, l) => sum + l.qtyOrdered * l.unitCostCents, 0);
    const received = doc.lines.reduce((sum, l) => sum + l.qtyReceived * l.unitCostCents, 0);
    const discount = Math.round(subTotal * 0.025);
    const balance = subTotal - discount;
    expect(dollars(subTotal)).toBe('$254,571.05');
    expect(text).toMatch(new RegExp(`Sub Total\\s+${escape(dollars(subTotal))}`));
    expect(text).toMatch(new RegExp(`Total Received\\s+${escape(dollars(received))}`));
    expect(text).toMatch(new RegExp(`DFI Discount Amount \\(2\\.50%\\)\\s+${escape(dollars(discount))}`));
    expect(text).toMatch(new RegExp(`Balance Due\\s+${escape(dollars(balance))}`));

    // The table's header row is repeated on every page that carries lines, and each page is numbered.
    const pagesWithLines = pages.filter((p) => doc.lines.some((l) => p.includes(l.modelNumber)));
    expect(pagesWithLines.length).toBeGreaterThan(1);
    for (const page of pagesWithLines) expect(page).toMatch(TABLE_HEADER);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    for (const page of pages.slice(1)) expect(page).toContain('Purchase Order PO-2025-004812 (continued)');

    expect(info.Title).toBe('Purchase Order PO-2025-004812');
    expect(info.Author).toBe('Keystone Appliance & Electronics');
  });

  it('fits a short order on one page and leaves out what the order does not have', async () => {
    const doc = buildTestPurchaseOrderDocument({
      lines: buildTestDocumentLines(3),
      legacyPoNumber: null,
      notes: null,
      vendorOrderId: null,
    });
    const { text, pages } = await extract(await renderPurchaseOrderPdf(doc));

    expect(pages).toHaveLength(1);
    expect(text).not.toContain('Legacy PO');
    expect(text).not.toContain('NOTES');
    expect(text).not.toContain('(continued)');
    expect(text).toContain('WRF555SDFZ-01');
    expect(text).toContain('WFE505W0JS-03');
    expect(text).not.toContain('MHW5630HW-04');
    expect(text).toMatch(/Vendor Order #\s+\u2014/i);
    expect(text).toContain('Page 1 of 1');
  });

  it('prints a 600-character description whole, wrapped in its column, with no empty page (issue 31)', async () => {
    let description = '';
    for (let i = 1; description.length < 600; i += 1)
      description += `Part ${i} of a long catalogue description, French door, 36 inch. `;
    description = description.slice(0, 600);
    const lines = buildTestDocumentLines(3);
    lines[1] = { ...lines[1]!, description, partNumber: 'PART-NUMBER-LONGER-THAN-ITS-COLUMN-0123456789' };
    const doc = buildTestPurchaseOrderDocument({ lines, notes: null });
    const { text, pages } = await extract(await renderPurchaseOrderPdf(doc));
    // The lines on page 1; the totals, which no longer fit under them, on page 2.
    expect(pages.length).toBeLessThanOrEqual(2);
    expectNoEmptyPage(pages);
    expect(squeezed(text)).toContain(squeezed(description));
    expect(squeezed(text)).toContain('PART-NUMBER-LONGER-THAN-ITS-COLUMN-0123456789');
    expect(text).not.toContain('\u2026');
    expect(text).toContain(`UPC ${lines[1].upc}`);
  });

  it('splits a description longer than a page between pages, the header row on each, every page numbered', async () => {
    let description = '';
    for (let i = 1; description.length < 9000; i += 1) description += `Part ${i} of a very long description. `;
    const lines = buildTestDocumentLines(4);
    lines[2] = { ...lines[2]!, description };
    const doc = buildTestPurchaseOrderDocument({ lines, notes: null });
    const { text, pages } = await extract(await renderPurchaseOrderPdf(doc));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expectNoEmptyPage(pages);
    const withLines = pages.filter((p) => p.includes('Part '));
    for (const page of withLines) expect(page).toMatch(TABLE_HEADER);
    const last = pages.at(-1)!;
    expect(last).toContain(lines[3]!.modelNumber);
    for (const line of lines)
      expect(text.match(new RegExp(escape(line.modelNumber), 'g')), line.modelNumber).toHaveLength(1);
    // Every part of it, in order: the pages' furniture (running header, header row, footer) taken out.
    // pdf.js reads the row's last cells (drawn after its first page of description) in between: taken out too.
    const split = lines[2]!;
    const flowing = pages
      .map((p) =>
        p
          .replace(/^Purchase Order \S+ \(continued\).*$/m, '')
          .replace(TABLE_HEADER, '')
          .replace(/^.*Page \d+ of \d+$/m, ''),
      )
      .join('\n')
      .replace(`${split.qtyOrdered} ${dollars(split.unitCostCents)} ${dollars(split.lineTotalCents)}`, '');
    const numbers = [...flowing.matchAll(/Part\s+(\d+)\s+of\s+a\s+very\s+long\s+description\./g)].map((m) =>
      Number(m[1]),
    );
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.length).toBe(description.match(/Part \d+/g)!.length);
  });

  it('keeps going when text falls outside the fonts of a PDF without fonts', async () => {
    const doc = buildTestPurchaseOrderDocument({ lines: buildTestDocumentLines(2) });
    doc.vendor = { ...doc.vendor, name: 'Tōkyō Denki 電機 Ltd.' };
    const { text } = await extract(await renderPurchaseOrderPdf(doc));
    expect(text).toContain('Tokyo Denki ?? Ltd.');
  });
});

describe('printable', () => {
  it('keeps WinAnsi text, strips accents it cannot print and replaces the rest', () => {
    expect(printable('Café “Ñandú” — 50% €')).toBe('Café “Ñandú” — 50% €');
    expect(printable('Łódź')).toBe('?ódz');
    expect(printable('tab\there\r\nnext')).toBe('tab here \nnext');
    expect(printable('冷蔵庫')).toBe('???');
  });
});
