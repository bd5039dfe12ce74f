import bwipjs from 'bwip-js/node';
import {
  Barcode,
  BarcodeType,
  BarcodeTypeName,
  FontFamily,
  FontFamilyName,
  Label,
  PrintDensity,
  PrintDensityName,
  Spacing,
  Text,
} from 'jszpl';

/**
 * Barcodes and thermal labels for every document that carries one (bin labels, pick lists): Code 128
 * images drawn by bwip-js for PDFs (pdfkit embeds the PNG), and ZPL for Zebra-compatible label printers built by
 * jszpl. Nothing here draws bars by hand.
 */

/** A Code 128 barcode as a PNG (bars only, no human-readable text: the document prints the text itself). */
export function code128Png(text: string, options: { height?: number; scale?: number } = {}): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: options.scale ?? 3,
    height: options.height ?? 12,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
}

export interface ZplLabelSpec {
  /** Text lines printed above the barcode, in order (the first one large). */
  lines: string[];
  /** The Code 128 barcode's value, printed with its human-readable line below. */
  barcode: string;
}

/** Label size of a 4 × 2 inch thermal label at 203 dpi (8 dots per mm), in millimetres. */
const LABEL_WIDTH_MM = 101.6;
const LABEL_HEIGHT_MM = 50.8;
/** The same size in printer dots at 203 dpi: 4 × 203 by 2 × 203. */
export const LABEL_WIDTH_DOTS = 812;
export const LABEL_HEIGHT_DOTS = 406;

/**
 * What every label says before its fields, so it prints the same on any Zebra-compatible printer whatever that
 * printer has stored: ^CI28, the field data is UTF-8 (a bin or location name with é; the printer's default
 * is code page 850, which prints the two bytes of é as two other characters); ^PW the label's width and ^LL its length
 * in dots (a printer set up for another label size would cut or shift ours). jszpl writes none of the three.
 */
const LABEL_SETUP = `^CI28\n^PW${LABEL_WIDTH_DOTS}\n^LL${LABEL_HEIGHT_DOTS}\n`;

/** One ZPL label (^XA … ^XZ) with its text lines and a Code 128 barcode. */
export function zplLabel(spec: ZplLabelSpec): string {
  const label = new Label();
  label.printDensity = new PrintDensity(PrintDensityName['8dpmm']);
  label.width = LABEL_WIDTH_MM;
  label.height = LABEL_HEIGHT_MM;
  label.padding = new Spacing(20);
  let top = 0;
  spec.lines.forEach((line, i) => {
    const text = new Text();
    text.text = line;
    text.fontFamily = new FontFamily(i === 0 ? FontFamilyName.E : FontFamilyName.D);
    text.top = top;
    label.content.push(text);
    top += i === 0 ? 40 : 26;
  });
  const barcode = new Barcode();
  barcode.type = new BarcodeType(BarcodeTypeName.Code128);
  barcode.data = spec.barcode;
  barcode.height = 120;
  barcode.top = top + 10;
  label.content.push(barcode);
  const zpl = label.generateZPL();
  if (!zpl.startsWith('^XA')) throw new Error('jszpl wrote a label that does not start with ^XA');
  return `^XA\n${LABEL_SETUP}${zpl.slice(3).replace(/^\n/, '')}`;
}

/** Several labels, one after the other, as one print job. */
export function zplLabels(specs: ZplLabelSpec[]): string {
  return specs.map(zplLabel).join('');
}
