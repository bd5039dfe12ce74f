import PDFDocument from 'pdfkit';
import { formatUsd, type TContact, type TQuoteFull } from '@keystone/contracts';
import { drawLine } from './pdf-lines.js';
import { printable } from './purchase-order-pdf.js';

/**
 * The printable quote (issue 16): US Letter, Helvetica. Our company and the quote's identity, the sold, ship and bill
 * contacts, the units table, the labor table, the totals (product, labor, shipping, tax with its rate and state,
 * total), the notes, and "Quote Q-… · Page n of N" on every page. Tables repeat their header on a new page.
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
  return [name, c.address, c.address2, city, c.primary_phone, c.primary_email].filter((l): l is string => Boolean(l && l.trim())).map((l) => printable(l.trim()));
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

function cell(doc: Doc, text: string, x: number, y: number, col: Column, bold = false) {
  doc.font(bold ? BOLD : REGULAR).fontSize(9).fillColor('#1b1f24').text(text, x + 4, y + 4, { width: col.width - 8, align: col.align, height: 12, ellipsis: true, lineBreak: false });
}

function table(doc: Doc, title: string, columns: Column[], rows: string[][], start: number): number {
  let y = start;
  const header = () => {
    doc.font(BOLD).fontSize(11).fillColor(ACCENT).text(title, LEFT, y);
    y += 16;
    doc.rect(LEFT, y, WIDTH, 18).fill(ACCENT);
    let x = LEFT;
    for (const col of columns) {
      doc.font(BOLD).fontSize(9).fillColor('#ffffff').text(col.title, x + 4, y + 5, { width: col.width - 8, align: col.align, lineBreak: false });
      x += col.width;
    }
    y += 18;
  };
  header();
  if (!rows.length) {
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text('None', LEFT + 4, y + 4);
    return y + 22;
  }
  rows.forEach((row, i) => {
    if (y + 18 > BOTTOM) {
      doc.addPage();
      y = MARGIN + 16;
      header();
    }
    if (i % 2 === 1) doc.rect(LEFT, y, WIDTH, 18).fill(ZEBRA);
    let x = LEFT;
    row.forEach((text, c) => {
      cell(doc, text, x, y, columns[c]!);
      x += columns[c]!.width;
    });
    y += 18;
  });
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  return y + 16;
}

export function renderQuotePdf(full: TQuoteFull, companyName: string): Promise<Buffer> {
  const q = full.quote;
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: MARGIN, bottom: 40, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: { Title: `Quote ${q.quote_number}`, Author: companyName, Subject: `Quote ${q.quote_number} for ${q.sold_contact_name}`, Creator: companyName },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font(BOLD).fontSize(16).fillColor(ACCENT).text(printable(companyName), LEFT, 44, { width: 300 });
      doc.font(BOLD).fontSize(20).fillColor(ACCENT).text('QUOTE', RIGHT - 220, 40, { width: 220, align: 'right' });
      doc.font(BOLD).fontSize(12).fillColor('#1b1f24').text(q.quote_number, RIGHT - 220, 64, { width: 220, align: 'right' });
      const facts = [
        `Date: ${q.created_at.slice(0, 10)}`,
        `Status: ${q.quote_status}   Approval: ${q.approval_status}`,
        `Type: ${q.quote_type} / ${q.quote_class}`,
        q.primary_sales_name ? `Sales: ${printable(q.primary_sales_name)}` : null,
      ].filter((l): l is string => Boolean(l));
      doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(facts.join('\n'), RIGHT - 220, 82, { width: 220, align: 'right' });
      let y = 140;
      const blockWidth = (WIDTH - 24) / 3;
      const blocks: [string, TContact][] = [
        ['Sold To', full.sold_contact],
        ['Ship To', full.ship_contact],
        ['Bill To', full.bill_contact],
      ];
      let tallest = 0;
      blocks.forEach(([title, contact], i) => {
        const x = LEFT + i * (blockWidth + 12);
        doc.font(BOLD).fontSize(10).fillColor(ACCENT).text(title, x, y, { width: blockWidth });
        doc.font(REGULAR).fontSize(9).fillColor('#1b1f24').text(contactLines(contact).join('\n'), x, y + 14, { width: blockWidth, height: 80, ellipsis: true });
        tallest = Math.max(tallest, 14 + Math.min(80, doc.heightOfString(contactLines(contact).join('\n'), { width: blockWidth })));
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
        full.items.map((i) => [printable(i.model), printable(i.description), i.condition, String(i.number_units), usd(i.unit_price), usd(i.line_total)]),
        y,
      );
      if (y + 60 > BOTTOM) {
        doc.addPage();
        y = MARGIN;
      }
      y = table(
        doc,
        'Labor',
        [
          { title: 'Description', width: 276, align: 'left' },
          { title: 'Hours', width: 60, align: 'right' },
          { title: 'Rate', width: 80, align: 'right' },
          { title: 'Amount', width: WIDTH - 416, align: 'right' },
        ],
        full.labor_lines.map((l) => [printable(l.description), l.hours === null ? 'Flat' : l.hours.toFixed(2), usd(l.rate), usd(l.amount)]),
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
        y = MARGIN;
      }
      const boxX = RIGHT - 220;
      totals.forEach(([label, value], i) => {
        const last = i === totals.length - 1;
        if (last) doc.rect(boxX, y - 3, 220, 18).fill('#eef2f7');
        doc.font(last ? BOLD : REGULAR).fontSize(10).fillColor('#1b1f24').text(label, boxX + 6, y, { width: 110, lineBreak: false });
        doc.text(value, boxX + 110, y, { width: 104, align: 'right', lineBreak: false });
        y += 16;
      });
      y += 12;
      if (q.notes) {
        if (y + 40 > BOTTOM) {
          doc.addPage();
          y = MARGIN;
        }
        doc.font(BOLD).fontSize(10).fillColor(ACCENT).text('Notes', LEFT, y);
        doc.font(REGULAR).fontSize(9).fillColor('#1b1f24').text(printable(q.notes), LEFT, y + 14, { width: WIDTH, height: BOTTOM - y - 14, ellipsis: true });
      }
      const range = doc.bufferedPageRange();
      for (let i = 0; i < range.count; i++) {
        doc.switchToPage(range.start + i);
        // In the bottom margin: drawn as one line that pdfkit cannot wrap, so it never starts a page of its own.
        doc.font(REGULAR).fontSize(8).fillColor(MUTED);
        drawLine(doc, `Quote ${q.quote_number} \u00b7 Page ${i + 1} of ${range.count}`, LEFT, PAGE_HEIGHT - 40, WIDTH, 'center');
      }
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
