import PDFDocument from 'pdfkit';
import { formatUsd, type TContact, type TQuoteFull } from '@keystone/contracts';
import { drawLine, wrapLines } from './pdf-lines.js';
import { printable } from './purchase-order-pdf.js';

/**
 * The printable quote: US Letter, Helvetica. Our company and the quote's identity, the sold, ship and bill
 * contacts, the units table, the labor table, the totals (product, labor, shipping, tax with its rate and state,
 * total), the notes, and "Quote Q-… · Page n of N" on every page. A customer reads it: every text is printed whole,
 * wrapped (never cut with "…"), tables repeat their title and header on a new page, and no page is left empty.
 */

type Doc = PDFKit.PDFDocument;
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 48;
const LEFT = MARGIN;
const RIGHT = PAGE_WIDTH - MARGIN;
const WIDTH = RIGHT - LEFT;
const BOTTOM = PAGE_HEIGHT - 60;
const ACCENT = '#1f3a5f';
const MUTED = '#5b6470';
const RULE = '#dde3ea';
const ZEBRA = '#f6f8fb';
const BOLD = 'Helvetica-Bold';
const REGULAR = 'Helvetica';

const usd = (dollars: number) => formatUsd(Math.round(dollars * 100));

function contactLines(c: TContact): string[] {
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ') || '\u2014';
  const city = [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [name, c.address, c.address2, city, c.primary_phone, c.primary_email]
    .filter((l): l is string => Boolean(l && l.trim()))
    .map((l) => printable(l.trim()));
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** Body text of tables, contacts and notes: 9 pt lines 11 pt apart. */
const BODY_SIZE = 9;
const LINE = 11;
/** A table row's padding above and below its lines (a one-line row is 18 pt high). */
const ROW_PAD_TOP = 4;
const ROW_PAD_BOTTOM = 3;
const CELL_PAD_X = 4;
const TITLE_HEIGHT = 16;
const HEADER_ROW = 18;
/** Where the content of a page after the first starts. */
const CONTINUED_TOP = MARGIN + 16;

function body(doc: Doc): Doc {
  return doc.font(REGULAR).fontSize(BODY_SIZE).fillColor('#1b1f24');
}

/**
 * A table whose rows grow to the lines their cells take: every word of a description is printed, wrapped in its
 * column, never cut. A row that does not fit on what is left of the page starts the next one; a row taller than a
 * whole page is split between pages. Every page of the table starts with its title ("(continued)") and header row.
 */
function table(doc: Doc, title: string, columns: Column[], rows: string[][], start: number): number {
  let y = start;
  const header = (continued: boolean) => {
    doc.font(BOLD).fontSize(11).fillColor(ACCENT);
    drawLine(doc, continued ? `${title} (continued)` : title, LEFT, y, WIDTH);
    y += TITLE_HEIGHT;
    doc.rect(LEFT, y, WIDTH, HEADER_ROW).fill(ACCENT);
    let x = LEFT;
    doc.font(BOLD).fontSize(9).fillColor('#ffffff');
    for (const col of columns) {
      drawLine(doc, col.title, x + CELL_PAD_X, y + 5, col.width - 2 * CELL_PAD_X, col.align);
      x += col.width;
    }
    y += HEADER_ROW;
  };
  const nextPage = () => {
    doc.addPage();
    y = CONTINUED_TOP;
    header(true);
  };
  /** Whole lines that fit between y and the bottom, in a row. */
  const linesLeft = () => Math.floor((BOTTOM - y - ROW_PAD_TOP - ROW_PAD_BOTTOM) / LINE);
  const linesPerPage = Math.floor(
    (BOTTOM - (CONTINUED_TOP + TITLE_HEIGHT + HEADER_ROW) - ROW_PAD_TOP - ROW_PAD_BOTTOM) / LINE,
  );

  // The title and the header row go with at least one line of the table.
  if (y + TITLE_HEIGHT + HEADER_ROW + ROW_PAD_TOP + LINE + ROW_PAD_BOTTOM > BOTTOM) {
    doc.addPage();
    y = CONTINUED_TOP;
  }
  header(false);
  if (!rows.length) {
    body(doc).fillColor(MUTED);
    drawLine(doc, 'None', LEFT + CELL_PAD_X, y + 4, WIDTH);
    return y + 22;
  }
  rows.forEach((row, i) => {
    body(doc);
    const cells = row.map((text, c) => wrapLines(doc, text, columns[c]!.width - 2 * CELL_PAD_X));
    const count = Math.max(...cells.map((lines) => lines.length));
    // A row that fits on a page is kept whole; a longer one starts on this page when a few of its lines fit here.
    if (count <= linesPerPage ? linesLeft() < count : linesLeft() < 3) nextPage();
    let from = 0;
    while (from < count) {
      if (linesLeft() < 1) nextPage();
      const take = Math.min(count - from, linesLeft());
      const height = ROW_PAD_TOP + take * LINE + ROW_PAD_BOTTOM;
      if (i % 2 === 1) doc.rect(LEFT, y, WIDTH, height).fill(ZEBRA);
      body(doc);
      let x = LEFT;
      cells.forEach((lines, c) => {
        const col = columns[c]!;
        lines.slice(from, from + take).forEach((line, k) => {
          drawLine(doc, line, x + CELL_PAD_X, y + ROW_PAD_TOP + k * LINE, col.width - 2 * CELL_PAD_X, col.align);
        });
        x += col.width;
      });
      y += height;
      from += take;
    }
  });
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  return y + 16;
}

/** Free text under a title, every line of it, continued on the next pages when it is long. */
function paragraph(doc: Doc, title: string, text: string, start: number): number {
  let y = start;
  if (y + 14 + LINE > BOTTOM) {
    doc.addPage();
    y = CONTINUED_TOP;
  }
  doc.font(BOLD).fontSize(10).fillColor(ACCENT);
  drawLine(doc, title, LEFT, y, WIDTH);
  y += 14;
  body(doc);
  for (const line of wrapLines(doc, text, WIDTH)) {
    if (y + LINE > BOTTOM) {
      doc.addPage();
      y = CONTINUED_TOP;
      doc.font(BOLD).fontSize(10).fillColor(ACCENT);
      drawLine(doc, `${title} (continued)`, LEFT, y, WIDTH);
      y += 14;
      body(doc);
    }
    drawLine(doc, line, LEFT, y, WIDTH);
    y += LINE;
  }
  return y + 12;
}

export function renderQuotePdf(full: TQuoteFull, companyName: string): Promise<Buffer> {
  const q = full.quote;
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: MARGIN, bottom: 40, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: `Quote ${q.quote_number}`,
        Author: companyName,
        Subject: `Quote ${q.quote_number} for ${q.sold_contact_name}`,
        Creator: companyName,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font(BOLD).fontSize(16).fillColor(ACCENT).text(printable(companyName), LEFT, 44, { width: 300 });
      doc
        .font(BOLD)
        .fontSize(20)
        .fillColor(ACCENT)
        .text('QUOTE', RIGHT - 220, 40, { width: 220, align: 'right' });
      doc
        .font(BOLD)
        .fontSize(12)
        .fillColor('#1b1f24')
        .text(q.quote_number, RIGHT - 220, 64, { width: 220, align: 'right' });
      const facts = [
        `Date: ${q.created_at.slice(0, 10)}`,
        `Status: ${q.quote_status}   Approval: ${q.approval_status}`,
        `Type: ${q.quote_type} / ${q.quote_class}`,
        q.primary_sales_name ? `Sales: ${printable(q.primary_sales_name)}` : null,
      ].filter((l): l is string => Boolean(l));
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor(MUTED)
        .text(facts.join('\n'), RIGHT - 220, 82, { width: 220, align: 'right' });
      let y = 140;
      const blockWidth = (WIDTH - 24) / 3;
      const blocks: [string, TContact][] = [
        ['Sold To', full.sold_contact],
        ['Ship To', full.ship_contact],
        ['Bill To', full.bill_contact],
      ];
      // Each contact in full, wrapped in its third of the page (the contact fields are short enough for page one).
      let tallest = 0;
      blocks.forEach(([title, contact], i) => {
        const x = LEFT + i * (blockWidth + 12);
        doc.font(BOLD).fontSize(10).fillColor(ACCENT);
        drawLine(doc, title, x, y, blockWidth);
        body(doc);
        const lines = contactLines(contact).flatMap((line) => wrapLines(doc, line, blockWidth));
        lines.forEach((line, k) => drawLine(doc, line, x, y + 14 + k * LINE, blockWidth));
        tallest = Math.max(tallest, 14 + lines.length * LINE);
      });
      y += tallest + 20;
      y = table(
        doc,
        'Units',
        [
          { title: 'Model', width: 100, align: 'left' },
          { title: 'Description', width: 170, align: 'left' },
          { title: 'Condition', width: 66, align: 'left' },
          { title: 'Qty', width: 40, align: 'right' },
          { title: 'Unit Price', width: 68, align: 'right' },
          { title: 'Line Total', width: WIDTH - 444, align: 'right' },
        ],
        full.items.map((i) => [
          printable(i.model),
          printable(i.description),
          i.condition,
          String(i.number_units),
          usd(i.unit_price),
          usd(i.line_total),
        ]),
        y,
      );
      y = table(
        doc,
        'Labor',
        [
          { title: 'Description', width: 276, align: 'left' },
          { title: 'Hours', width: 60, align: 'right' },
          { title: 'Rate', width: 80, align: 'right' },
          { title: 'Amount', width: WIDTH - 416, align: 'right' },
        ],
        full.labor_lines.map((l) => [
          printable(l.description),
          l.hours === null ? 'Flat' : l.hours.toFixed(2),
          usd(l.rate),
          usd(l.amount),
        ]),
        y,
      );
      const totals: [string, string][] = [
        ['Products', usd(q.product_total)],
        ['Labor', usd(q.labor_total)],
        ['Shipping', usd(q.shipping_total)],
        [q.tax_state ? `Tax (${q.tax_state} ${q.tax_rate}%)` : 'Tax', usd(q.tax_total)],
        ['Total', usd(q.total)],
      ];
      if (y + totals.length * 16 + 20 > BOTTOM) {
        doc.addPage();
        y = CONTINUED_TOP;
      }
      const boxX = RIGHT - 220;
      totals.forEach(([label, value], i) => {
        const last = i === totals.length - 1;
        if (last) doc.rect(boxX, y - 3, 220, 18).fill('#eef2f7');
        doc
          .font(last ? BOLD : REGULAR)
          .fontSize(10)
          .fillColor('#1b1f24');
        drawLine(doc, label, boxX + 6, y, 110);
        drawLine(doc, value, boxX + 110, y, 104, 'right');
        y += 16;
      });
      y += 12;
      if (q.notes?.trim()) paragraph(doc, 'Notes', printable(q.notes.trim()), y);
      const range = doc.bufferedPageRange();
      for (let i = 0; i < range.count; i++) {
        doc.switchToPage(range.start + i);
        // In the bottom margin: drawn as one line that pdfkit cannot wrap, so it never starts a page of its own.
        doc.font(REGULAR).fontSize(8).fillColor(MUTED);
        drawLine(
          doc,
          `Quote ${q.quote_number} \u00b7 Page ${i + 1} of ${range.count}`,
          LEFT,
          PAGE_HEIGHT - 40,
          WIDTH,
          'center',
        );
      }
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
