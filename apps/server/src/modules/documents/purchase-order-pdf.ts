import PDFDocument from 'pdfkit';
import { formatUsd } from '@keystone/contracts';
import { drawLine, wrapLines } from './pdf-lines.js';
import type {
  PartyAddress,
  PurchaseOrderDocument,
  PurchaseOrderDocumentLine,
} from '../../shared/purchase-order-document.js';

/**
 * The purchase order as a PDF (US Letter, pdfkit's built-in Helvetica): header with our company and the PO
 * identity, the order facts, Vendor and Ship To blocks, the lines table (its header row repeated on every
 * page), the totals box with the four labels the screen uses, notes, and "Page n of N" on every page.
 */

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'right' | 'center';

const PAGE_WIDTH = 612; // US Letter, points
const PAGE_HEIGHT = 792;
const MARGIN_X = 48;
/** Top margin of every page: pages after the first carry a running header above it. */
const MARGIN_TOP = 64;
/** Bottom margin: the footer sits below it. */
const MARGIN_BOTTOM = 60;
const LEFT = MARGIN_X;
const RIGHT = PAGE_WIDTH - MARGIN_X;
const CONTENT_WIDTH = RIGHT - LEFT;
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN_BOTTOM;

const COLOR = {
  accent: '#1f3a5f',
  text: '#1b1f24',
  muted: '#5b6470',
  border: '#c5cdd8',
  rule: '#dde3ea',
  panel: '#eef2f7',
  zebra: '#f6f8fb',
  white: '#ffffff',
} as const;

const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

const DASH = '\u2014';

/**
 * The standard PDF fonts only carry WinAnsi glyphs (Latin-1 plus a few typographic signs). Other letters
 * lose their accents when that makes them printable ("ō" → "o"); anything else prints as "?" rather than
 * as garbage.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const isWinAnsi = (ch: string) => ch.codePointAt(0)! <= 0xff || WIN_ANSI_EXTRA.has(ch);
export function printable(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (isWinAnsi(ch)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}

function orDash(value: string | null | undefined): string {
  const text = value?.trim();
  return text ? printable(text) : DASH;
}

function cityLine(party: Pick<PartyAddress, 'city' | 'state' | 'postalCode'>): string | null {
  const stateZip = [party.state, party.postalCode].filter((v) => v && v.trim()).join(' ');
  const line = [party.city?.trim(), stateZip].filter((v) => v).join(', ');
  return line || null;
}

function addressLines(party: PartyAddress): string[] {
  const country = party.country?.trim();
  const lines = [
    party.address1,
    party.address2,
    cityLine(party),
    country && !/^(US|USA)$/i.test(country) ? country : null,
  ];
  return lines.filter((l): l is string => Boolean(l && l.trim())).map((l) => printable(l.trim()));
}

interface TextStyle {
  font?: string;
  size: number;
  color?: string;
}

function style(doc: Doc, s: TextStyle): Doc {
  return doc
    .font(s.font ?? FONT.regular)
    .fontSize(s.size)
    .fillColor(s.color ?? COLOR.text);
}

/**
 * One line of text, cut with an ellipsis when it is too wide. The height bound keeps pdfkit's line wrapper
 * to that one line and stops it from ever starting a new page (headers and footers sit in the margins).
 */
function singleLine(doc: Doc, text: string, x: number, y: number, width: number, s: TextStyle, align: Align = 'left') {
  style(doc, s).text(text, x, y, { width, align, height: s.size * 1.5, ellipsis: true });
}

/** Wrapped text confined to a box of at most maxLines lines (the last one cut with an ellipsis); returns its height. */
function boxedText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  s: TextStyle,
  maxLines: number,
  align: Align = 'left',
): number {
  const height = measure(doc, text, width, s, maxLines);
  const lineHeight = doc.currentLineHeight(true);
  style(doc, s).text(text, x, y, { width, align, height: height + lineHeight / 2, ellipsis: true });
  return height;
}

function measure(doc: Doc, text: string, width: number, s: TextStyle, maxLines: number): number {
  style(doc, s);
  const lineHeight = doc.currentLineHeight(true);
  const full = doc.heightOfString(text, { width });
  return Math.min(full, lineHeight * maxLines);
}

// ---------------------------------------------------------------------------------------------------- header

function drawFirstPageHeader(doc: Doc, po: PurchaseOrderDocument): number {
  const top = 44;
  const leftWidth = 270;
  const rightWidth = 240;
  const rightX = RIGHT - rightWidth;

  // Our company, the buyer.
  let y = top;
  y += boxedText(
    doc,
    printable(po.company.name),
    LEFT,
    y,
    leftWidth,
    { font: FONT.bold, size: 15, color: COLOR.accent },
    2,
  );
  y += 3;
  const companyLines = addressLines(po.company);
  if (po.company.phone) companyLines.push(`Tel ${printable(po.company.phone)}`);
  for (const line of companyLines) {
    y += boxedText(doc, line, LEFT, y, leftWidth, { size: 9, color: COLOR.muted }, 1);
  }
  const leftBottom = y;

  // The document's identity.
  y = top - 2;
  singleLine(doc, 'Purchase Order', rightX, y, rightWidth, { font: FONT.bold, size: 22, color: COLOR.accent }, 'right');
  y += 30;
  singleLine(doc, `PO # ${printable(po.purchaseRefId)}`, rightX, y, rightWidth, { font: FONT.bold, size: 11 }, 'right');
  y += 15;
  if (po.legacyPoNumber) {
    singleLine(
      doc,
      `Legacy PO # ${printable(po.legacyPoNumber)}`,
      rightX,
      y,
      rightWidth,
      { size: 9, color: COLOR.muted },
      'right',
    );
    y += 13;
  }
  const rightBottom = y;

  y = Math.max(leftBottom, rightBottom) + 10;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1.5).strokeColor(COLOR.accent).stroke();
  return y + 12;
}

function drawOrderFacts(doc: Doc, po: PurchaseOrderDocument, top: number): number {
  const facts: [string, string][] = [
    ['Order Date', orDash(po.orderDate)],
    ['Status', orDash(po.status)],
    ['Terms', orDash(po.terms)],
    ['Requested Delivery', orDash(po.requestedDeliveryDate)],
    ['Vendor Order #', orDash(po.vendorOrderId)],
    ['Buyer', orDash(po.buyer.name)],
    ['Carrier', orDash(po.carrierName)],
    ['Tracking #', orDash(po.trackingNumber)],
  ];
  const columns = 4;
  const cellWidth = CONTENT_WIDTH / columns;
  const rowHeight = 30;
  const rows = Math.ceil(facts.length / columns);
  const height = rows * rowHeight;

  doc.lineWidth(0.75).rect(LEFT, top, CONTENT_WIDTH, height).fillAndStroke(COLOR.panel, COLOR.border);
  facts.forEach(([label, value], i) => {
    const x = LEFT + (i % columns) * cellWidth + 8;
    const y = top + Math.floor(i / columns) * rowHeight + 6;
    singleLine(doc, label.toUpperCase(), x, y, cellWidth - 16, { font: FONT.bold, size: 6.5, color: COLOR.muted });
    singleLine(doc, value, x, y + 10, cellWidth - 16, { size: 9.5 });
  });
  return top + height + 14;
}

interface PartyLine {
  text: string;
  bold?: boolean;
}

function vendorLines(po: PurchaseOrderDocument): PartyLine[] {
  const v = po.vendor;
  const lines: PartyLine[] = [{ text: printable(v.name), bold: true }, ...addressLines(v).map((text) => ({ text }))];
  const contact: PartyLine[] = [];
  if (v.rep) contact.push({ text: `Rep: ${printable(v.rep)}` });
  if (v.repEmail) contact.push({ text: `Email: ${printable(v.repEmail)}` });
  if (v.repPhone) contact.push({ text: `Phone: ${printable(v.repPhone)}` });
  if (v.dealerNumber) contact.push({ text: `Our dealer #: ${printable(v.dealerNumber)}` });
  return contact.length ? [...lines, { text: '' }, ...contact] : lines;
}

function shipToLines(po: PurchaseOrderDocument): PartyLine[] {
  const s = po.shipTo;
  return [
    { text: `Location ${printable(s.locationCode)}`, bold: true },
    { text: printable(s.name) },
    ...addressLines(s).map((text) => ({ text })),
  ];
}

function drawParties(doc: Doc, po: PurchaseOrderDocument, top: number): number {
  const gap = 16;
  const boxWidth = (CONTENT_WIDTH - gap) / 2;
  const titleHeight = 17;
  const pad = 8;
  const textWidth = boxWidth - 2 * pad;
  const blocks = [
    { title: 'Vendor', x: LEFT, lines: vendorLines(po) },
    { title: 'Ship To', x: LEFT + boxWidth + gap, lines: shipToLines(po) },
  ];
  const lineStyle = (l: PartyLine): TextStyle => ({ font: l.bold ? FONT.bold : FONT.regular, size: 9 });
  const heightOf = (lines: PartyLine[]) =>
    lines.reduce((sum, l) => sum + (l.text ? measure(doc, l.text, textWidth, lineStyle(l), 2) : 5), 0);
  const bodyHeight = Math.max(...blocks.map((b) => heightOf(b.lines))) + 2 * pad;

  for (const block of blocks) {
    doc
      .lineWidth(0.75)
      .rect(block.x, top, boxWidth, titleHeight + bodyHeight)
      .stroke(COLOR.border);
    doc.rect(block.x, top, boxWidth, titleHeight).fill(COLOR.accent);
    singleLine(doc, block.title.toUpperCase(), block.x + pad, top + 5, textWidth, {
      font: FONT.bold,
      size: 8,
      color: COLOR.white,
    });
    let y = top + titleHeight + pad;
    for (const line of block.lines) {
      y += line.text ? boxedText(doc, line.text, block.x + pad, y, textWidth, lineStyle(line), 2) : 5;
    }
  }
  return top + titleHeight + bodyHeight + 18;
}

// ----------------------------------------------------------------------------------------------- lines table

interface Column {
  header: string;
  width: number;
  align: Align;
}

const COLUMNS: readonly Column[] = [
  { header: '#', width: 22, align: 'right' },
  { header: 'Model', width: 106, align: 'left' },
  { header: 'Part Number', width: 72, align: 'left' },
  { header: 'Description', width: 152, align: 'left' },
  { header: 'Qty', width: 34, align: 'right' },
  { header: 'Unit Cost', width: 62, align: 'right' },
  { header: 'Line Total', width: 68, align: 'right' },
];
const CELL_PAD_X = 5;
const CELL_PAD_Y = 5;
const HEADER_ROW_HEIGHT = 20;
const CELL_STYLE: TextStyle = { size: 8.5 };
const UPC_STYLE: TextStyle = { size: 7, color: COLOR.muted };

function columnX(index: number): number {
  return LEFT + COLUMNS.slice(0, index).reduce((sum, c) => sum + c.width, 0);
}

function drawTableHeader(doc: Doc, top: number): number {
  doc.rect(LEFT, top, CONTENT_WIDTH, HEADER_ROW_HEIGHT).fill(COLOR.accent);
  COLUMNS.forEach((column, i) => {
    singleLine(
      doc,
      column.header,
      columnX(i) + CELL_PAD_X,
      top + 6.5,
      column.width - 2 * CELL_PAD_X,
      { font: FONT.bold, size: 8, color: COLOR.white },
      column.align,
    );
  });
  return top + HEADER_ROW_HEIGHT;
}

function cellTexts(line: PurchaseOrderDocumentLine): string[] {
  return [
    String(line.lineNumber),
    printable(line.modelNumber),
    orDash(line.partNumber),
    printable(line.description) || DASH,
    String(line.qtyOrdered),
    formatUsd(line.unitCostCents),
    formatUsd(line.lineTotalCents),
  ];
}

/** One printed line of a cell, in its style, and the height it takes (`air` of it above the text). */
interface CellLine {
  text: string;
  style: TextStyle;
  height: number;
  air: number;
}

/**
 * Each cell of a PO line as the lines it takes in its column: every word, wrapped (a word wider than the column is
 * broken inside), never cut. The description is followed by the UPC in small type.
 */
function cellLines(doc: Doc, line: PurchaseOrderDocumentLine): CellLine[][] {
  const wrap = (text: string, width: number, s: TextStyle): CellLine[] => {
    style(doc, s);
    const height = doc.currentLineHeight(true);
    return wrapLines(doc, text, width).map((t) => ({ text: t, style: s, height, air: 0 }));
  };
  return cellTexts(line).map((text, i) => {
    const width = COLUMNS[i]!.width - 2 * CELL_PAD_X;
    const lines = wrap(text, width, CELL_STYLE);
    if (i === 3 && line.upc) {
      const [first, ...rest] = wrap(`UPC ${printable(line.upc)}`, width, UPC_STYLE);
      lines.push({ ...first!, height: first!.height + 1, air: 1 }, ...rest); // a point of air above it
    }
    return lines;
  });
}

const heightOf = (lines: readonly CellLine[]) => lines.reduce((sum, l) => sum + l.height, 0);

/**
 * One PO line: a row as tall as its tallest cell. A row that fits on a page is kept whole (the next page, under the
 * header row, when it does not fit here); a row taller than a page is split between pages at line boundaries.
 */
function drawLineRow(doc: Doc, line: PurchaseOrderDocumentLine, start: number, shaded: boolean): number {
  let y = start;
  const cells = cellLines(doc, line);
  const full = Math.max(...cells.map(heightOf)) + 2 * CELL_PAD_Y;
  const pageRoom = CONTENT_BOTTOM - (MARGIN_TOP + HEADER_ROW_HEIGHT);
  const aFewLines = 2 * CELL_PAD_Y + 3 * (cells[3]![0]?.height ?? 10);
  if (full <= pageRoom ? y + full > CONTENT_BOTTOM : CONTENT_BOTTOM - y < aFewLines)
    y = drawTableHeader(doc, newPage(doc));

  const next = cells.map(() => 0);
  const done = () => cells.every((lines, i) => next[i]! >= lines.length);
  while (!done()) {
    const room = CONTENT_BOTTOM - y - 2 * CELL_PAD_Y;
    // What of each cell fits in the room left on this page.
    const parts = cells.map((lines, i) => {
      const part: CellLine[] = [];
      let used = 0;
      for (let k = next[i]!; k < lines.length && used + lines[k]!.height <= room; k += 1) {
        part.push(lines[k]!);
        used += lines[k]!.height;
      }
      return part;
    });
    if (parts.every((part) => part.length === 0)) {
      y = drawTableHeader(doc, newPage(doc));
      continue;
    }
    const height = Math.ceil(Math.max(...parts.map(heightOf)) + 2 * CELL_PAD_Y);
    if (shaded) doc.rect(LEFT, y, CONTENT_WIDTH, height).fill(COLOR.zebra);
    parts.forEach((part, i) => {
      const column = COLUMNS[i]!;
      let lineY = y + CELL_PAD_Y;
      for (const cellLine of part) {
        style(doc, cellLine.style);
        drawLine(
          doc,
          cellLine.text,
          columnX(i) + CELL_PAD_X,
          lineY + cellLine.air,
          column.width - 2 * CELL_PAD_X,
          column.align,
        );
        lineY += cellLine.height;
      }
      next[i] = next[i]! + part.length;
    });
    doc
      .moveTo(LEFT, y + height)
      .lineTo(RIGHT, y + height)
      .lineWidth(0.5)
      .stroke(COLOR.rule);
    y += height;
    if (!done()) y = drawTableHeader(doc, newPage(doc));
  }
  return y;
}

function newPage(doc: Doc): number {
  doc.addPage();
  return MARGIN_TOP;
}

function drawLines(doc: Doc, po: PurchaseOrderDocument, start: number): number {
  let y = start;
  // Keep the header row together with the first line (or with its first lines, when it is taller than a page).
  const first = po.lines[0];
  const firstHeight = first ? Math.max(...cellLines(doc, first).map(heightOf)) + 2 * CELL_PAD_Y : 24;
  if (y + HEADER_ROW_HEIGHT + Math.min(firstHeight, 60) > CONTENT_BOTTOM) y = newPage(doc);
  y = drawTableHeader(doc, y);

  if (po.lines.length === 0) {
    singleLine(doc, 'No lines on this order.', LEFT + CELL_PAD_X, y + 8, CONTENT_WIDTH, {
      size: 9,
      color: COLOR.muted,
    });
    return y + 30;
  }
  po.lines.forEach((line, index) => {
    y = drawLineRow(doc, line, y, index % 2 === 1);
  });
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1).stroke(COLOR.accent);
  return y + 14;
}

// --------------------------------------------------------------------------------------------- totals, notes

/** The four figures as the purchase order screen labels them. */
export function purchaseOrderTotalsRows(po: PurchaseOrderDocument): [string, string][] {
  const t = po.totals;
  return [
    ['Sub Total', formatUsd(t.subTotalCents)],
    ['Total Received', formatUsd(t.totalReceivedCents)],
    [`DFI Discount Amount (${printable(t.dfiDiscountPercentage)}%)`, formatUsd(t.dfiDiscountCents)],
    ['Balance Due', formatUsd(t.balanceDueCents)],
  ];
}

function drawTotals(doc: Doc, po: PurchaseOrderDocument, start: number): number {
  const rows = purchaseOrderTotalsRows(po);
  const rowH = 19;
  const boxWidth = 260;
  const boxX = RIGHT - boxWidth;
  const height = rows.length * rowH + 4;
  let y = start;
  if (y + height > CONTENT_BOTTOM) y = newPage(doc);

  // Left of the box: the order's size at a glance.
  const unitsOrdered = po.lines.reduce((sum, l) => sum + l.qtyOrdered, 0);
  const unitsReceived = po.lines.reduce((sum, l) => sum + l.qtyReceived, 0);
  const summary: [string, string][] = [
    ['Lines', String(po.lines.length)],
    ['Units Ordered', String(unitsOrdered)],
    ['Units Received', String(unitsReceived)],
  ];
  summary.forEach(([label, value], i) => {
    singleLine(doc, label, LEFT, y + 6 + i * 14, 90, { size: 8.5, color: COLOR.muted });
    singleLine(doc, value, LEFT + 90, y + 6 + i * 14, 60, { font: FONT.bold, size: 8.5 });
  });

  doc.lineWidth(0.75).rect(boxX, y, boxWidth, height).stroke(COLOR.border);
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    const rowTop = y + 2 + i * rowH;
    if (last) {
      doc.rect(boxX + 0.5, rowTop, boxWidth - 1, rowH + 1.5).fill(COLOR.panel);
      doc
        .moveTo(boxX, rowTop)
        .lineTo(boxX + boxWidth, rowTop)
        .lineWidth(1)
        .stroke(COLOR.accent);
    }
    const s: TextStyle = last ? { font: FONT.bold, size: 10, color: COLOR.accent } : { size: 9.5 };
    singleLine(doc, label, boxX + 10, rowTop + 5, 150, s);
    singleLine(doc, value, boxX + 160, rowTop + 5, boxWidth - 170, last ? s : { ...s, font: FONT.bold }, 'right');
  });
  return y + height + 20;
}

function drawNotes(doc: Doc, po: PurchaseOrderDocument, start: number): void {
  const notes = po.notes?.trim();
  if (!notes) return;
  let y = start;
  if (y + 40 > CONTENT_BOTTOM) y = newPage(doc);
  singleLine(doc, 'NOTES', LEFT, y, CONTENT_WIDTH, { font: FONT.bold, size: 8, color: COLOR.muted });
  doc
    .moveTo(LEFT, y + 12)
    .lineTo(RIGHT, y + 12)
    .lineWidth(0.5)
    .stroke(COLOR.rule);
  // Free text may run over onto further pages; pdfkit continues it below the top margin.
  style(doc, { size: 9.5 }).text(printable(notes), LEFT, y + 18, { width: CONTENT_WIDTH, lineGap: 2 });
}

// ------------------------------------------------------------------------------------- running header/footer

function drawPageFurniture(doc: Doc, po: PurchaseOrderDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const page = i - range.start + 1;
    if (page > 1) {
      singleLine(doc, `Purchase Order ${printable(po.purchaseRefId)} (continued)`, LEFT, 34, 300, {
        font: FONT.bold,
        size: 9,
        color: COLOR.accent,
      });
      singleLine(doc, printable(po.vendor.name), RIGHT - 240, 34, 240, { size: 9, color: COLOR.muted }, 'right');
      doc.moveTo(LEFT, 48).lineTo(RIGHT, 48).lineWidth(0.75).stroke(COLOR.accent);
    }
    const footerY = PAGE_HEIGHT - 42;
    doc
      .moveTo(LEFT, footerY - 6)
      .lineTo(RIGHT, footerY - 6)
      .lineWidth(0.5)
      .stroke(COLOR.rule);
    const muted: TextStyle = { size: 7.5, color: COLOR.muted };
    singleLine(
      doc,
      `${printable(po.company.name)} \u00b7 Purchase Order ${printable(po.purchaseRefId)}`,
      LEFT,
      footerY,
      340,
      muted,
    );
    singleLine(doc, `Page ${page} of ${range.count}`, RIGHT - 120, footerY, 120, muted, 'right');
  }
}

// ------------------------------------------------------------------------------------------------------ entry

export function renderPurchaseOrderPdf(po: PurchaseOrderDocument): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: MARGIN_TOP, bottom: MARGIN_BOTTOM, left: MARGIN_X, right: MARGIN_X },
      bufferPages: true,
      info: {
        Title: `Purchase Order ${po.purchaseRefId}`,
        Author: po.company.name,
        Subject: `Purchase order ${po.purchaseRefId} to ${po.vendor.name}`,
        Creator: po.company.name,
        Keywords: ['purchase order', po.purchaseRefId, po.legacyPoNumber].filter(Boolean).join(', '),
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      let y = drawFirstPageHeader(doc, po);
      y = drawOrderFacts(doc, po, y);
      y = drawParties(doc, po, y);
      y = drawLines(doc, po, y);
      y = drawTotals(doc, po, y);
      drawNotes(doc, po, y);
      drawPageFurniture(doc, po);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
