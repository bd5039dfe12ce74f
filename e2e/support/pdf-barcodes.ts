import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PDFParse } from 'pdf-parse';

/**
 * Reads the Code 128 barcodes back from a PDF as a scanner would see the printed page: each page is rendered to a
 * PNG (pdf-parse's getScreenshot: pdf.js drawing on @napi-rs/canvas), cut into horizontal bands, and every band is
 * decoded by ZXing. Answers the distinct values, top to bottom.
 */
export async function barcodesInPdf(pdf: Buffer, options: { scale?: number; band?: number } = {}): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const shots = await parser.getScreenshot({ scale: options.scale ?? 2 });
    const reader = new MultiFormatReader();
    reader.setHints(
      new Map<DecodeHintType, unknown>([
        [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
        [DecodeHintType.TRY_HARDER, true],
      ]),
    );
    const found: string[] = [];
    for (const page of shots.pages) {
      const image = await loadImage(Buffer.from(page.data));
      const canvas = createCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, image.width, image.height);
      ctx.drawImage(image, 0, 0);
      const band = options.band ?? 60;
      for (let top = 0; top + band <= image.height; top += Math.floor(band / 2)) {
        const { data } = ctx.getImageData(0, top, image.width, band);
        const luminance = new Uint8ClampedArray(image.width * band);
        for (let i = 0; i < luminance.length; i++)
          luminance[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
        try {
          const result = reader.decode(
            new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, image.width, band))),
          );
          if (!found.includes(result.getText())) found.push(result.getText());
        } catch {
          // no barcode in this band
        }
      }
    }
    return found;
  } finally {
    await parser.destroy();
  }
}
