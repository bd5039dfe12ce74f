import PDFDocument from 'pdfkit';
import { binScanValue } from '@keystone/contracts';
import { code128Png, zplLabels } from './barcodes.js';
import { printable } from './purchase-order-pdf.js';

/** What a bin label shows. */
export interface BinLabel {
  binName: string;
  locationCode: string;
  conditionCode: string;
}

/** A 4 × 2 inch label (the thermal labels' size), in points. */
const WIDTH = 288;
const HEIGHT = 144;
const MARGIN = 12;

/**
 * Bin labels as a PDF: one 4 × 2 inch page per bin with its name (large), location and condition, and a Code 128
 * (drawn by bwip-js) of BINASSIGN={location}_{bin} with the value printed under it, so a scan of the label opens the
 * bin's contents page (000 §2).
 */
export async function renderBinLabelsPdf(labels: BinLabel[]): Promise<Buffer> {
  const images = await Promise.all(
    labels.map((l) => code128Png(binScanValue(l.locationCode, l.binName), { height: 10, scale: 2 })),
  );
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: 'Bin labels', Creator: 'Keystone' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  labels.forEach((label, i) => {
    doc.addPage({ size: [WIDTH, HEIGHT], margin: MARGIN });
    doc
      .font('Helvetica-Bold')
      .fontSize(22)
      .fillColor('#000000')
      .text(printable(label.binName), MARGIN, MARGIN, { width: WIDTH - 2 * MARGIN, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(printable(`${label.locationCode} · ${label.conditionCode}`), MARGIN, MARGIN + 28, {
        width: WIDTH - 2 * MARGIN,
        lineBreak: false,
      });
    doc.image(images[i]!, MARGIN, MARGIN + 46, { fit: [WIDTH - 2 * MARGIN, 56] });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(printable(binScanValue(label.locationCode, label.binName)), MARGIN, HEIGHT - MARGIN - 10, {
        width: WIDTH - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
  });
  doc.end();
  return done;
}

/** The same labels as ZPL for a Zebra-compatible printer (jszpl), one ^XA…^XZ per bin. */
export function renderBinLabelsZpl(labels: BinLabel[]): string {
  return zplLabels(
    labels.map((l) => ({
      lines: [l.binName, `${l.locationCode} ${l.conditionCode}`],
      barcode: binScanValue(l.locationCode, l.binName),
    })),
  );
}
