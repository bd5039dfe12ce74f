import PDFDocument from 'pdfkit';
import { code128Png, zplLabels } from './barcodes.js';

/** One row of a printed pick list. */
export interface PickListDocumentLine {
  /** The PLI={id} barcode's value. */
  barcode: string;
  model: string;
  title: string;
  quantity: number;
  /** 001 §5: up to 3 bins, otherwise the 1 suggested bin; empty: none. */
  bins: string[];
  /** 001 §9 ship priority label, or null. */
  priority: string | null;
  shipByDate: string | null;
  invoice: string;
  reference: string;
}

export interface PickListDocument {
  pickListId: number;
  warehouse: string;
  printedAt: string;
  printedBy: string | null;
  lines: PickListDocumentLine[];
}

/** 001 §5 Printing: the printed bin list shows up to 3 bins, otherwise (more than 3) the 1 suggested bin. */
export function printedBins(available: string[], suggested: string | null): string[] {
  if (available.length <= 3) return available;
  return suggested ? [suggested] : available.slice(0, 1);
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 40;
const ROW_HEIGHT = 86;

/** WinAnsi-safe text for pdfkit's standard fonts (anything else prints as ?). */
const safe = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * The pick list as a PDF (US Letter, pdfkit): a header with the list, warehouse and print time, then one row per
 * item: model and title, quantity, bin(s), ship priority and ship-by date, invoice and sale reference, and the
 * item's PLI={id} Code 128 barcode (bwip-js PNG) with its text below.
 */
export async function pickListPdf(doc: PickListDocument): Promise<Buffer> {
  const barcodes = await Promise.all(doc.lines.map((l) => code128Png(l.barcode, { height: 10, scale: 2 })));
  const pdf = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: `Pick list ${doc.pickListId}` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));

  const header = () => {
    pdf
      .font('Helvetica-Bold')
      .fontSize(16)
      .fillColor('#1b1f24')
      .text(`Pick list ${doc.pickListId} - ${doc.warehouse}`, MARGIN, MARGIN);
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#5b6470')
      .text(
        `Printed ${doc.printedAt}${doc.printedBy ? ` by ${safe(doc.printedBy)}` : ''} - ${doc.lines.length} item(s)`,
        MARGIN,
        MARGIN + 20,
      );
    pdf
      .moveTo(MARGIN, MARGIN + 36)
      .lineTo(PAGE_WIDTH - MARGIN, MARGIN + 36)
      .strokeColor('#c5cdd8')
      .stroke();
    return MARGIN + 44;
  };
  let y = header();
  doc.lines.forEach((line, i) => {
    if (y + ROW_HEIGHT > PAGE_HEIGHT - MARGIN) {
      pdf.addPage();
      y = header();
    }
    const left = MARGIN;
    pdf.font('Helvetica-Bold').fontSize(12).fillColor('#1b1f24').text(safe(line.model), left, y, { width: 250 });
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#5b6470')
      .text(safe(line.title), left, y + 15, { width: 250, height: 20, ellipsis: true });
    pdf.font('Helvetica').fontSize(9).fillColor('#1b1f24');
    pdf.text(`Qty: ${line.quantity}`, left, y + 38);
    pdf.text(`Bin: ${line.bins.length ? line.bins.join(', ') : 'none'}`, left + 60, y + 38, { width: 200 });
    const priority = [line.priority, line.shipByDate ? `Ship by ${line.shipByDate}` : null].filter(Boolean).join(' - ');
    pdf.text(priority || 'Standard', left, y + 52, { width: 260 });
    pdf.fillColor('#5b6470').text(`Invoice ${safe(line.invoice)} - ${line.reference}`, left, y + 66, { width: 260 });
    // The barcode: bwip-js's PNG, scaled to a readable width, its value printed below it.
    pdf.image(barcodes[i]!, 320, y + 4, { height: 46 });
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#1b1f24')
      .text(line.barcode, 320, y + 54);
    pdf
      .moveTo(MARGIN, y + ROW_HEIGHT - 6)
      .lineTo(PAGE_WIDTH - MARGIN, y + ROW_HEIGHT - 6)
      .strokeColor('#dde3ea')
      .stroke();
    y += ROW_HEIGHT;
  });
  pdf.end();
  return done;
}

/** The pick list as ZPL: one 4 × 2 in label per item (model, quantity and bins, priority) with its PLI={id} Code 128. */
export function pickListZpl(doc: PickListDocument): string {
  return zplLabels(
    doc.lines.map((line) => ({
      lines: [
        safe(line.model).slice(0, 30),
        `Qty ${line.quantity}  Bin ${line.bins.length ? line.bins.join(', ') : 'none'}`.slice(0, 48),
        [
          line.priority ?? 'Standard',
          line.shipByDate ? `ship by ${line.shipByDate}` : null,
          `${doc.warehouse} list ${doc.pickListId}`,
        ]
          .filter(Boolean)
          .join('  ')
          .slice(0, 48),
      ],
      barcode: line.barcode,
    })),
  );
}
