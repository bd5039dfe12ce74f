/**
 * Text on a pdfkit page one line at a time, where we decide every line and every page break.
 *
 * pdfkit's `text()` with a `width` runs its line wrapper, and the wrapper starts a new page whenever a line would end
 * below the page's bottom margin, whatever `lineBreak` says; text drawn in the margin (a footer) therefore added a
 * page per page. `drawLine` gives pdfkit no width, so its wrapper never runs and it never adds a page.
 */

type Doc = PDFKit.PDFDocument;
export type LineAlign = 'left' | 'right' | 'center';

/** Draws one line of text (in the current font and size) at (x, y) inside a box `width` wide. Never wraps, never pages. */
export function drawLine(doc: Doc, text: string, x: number, y: number, width: number, align: LineAlign = 'left'): void {
  const line = text.replace(/[\r\n]+/g, ' ');
  const textWidth = doc.widthOfString(line);
  const left = align === 'right' ? x + width - textWidth : align === 'center' ? x + (width - textWidth) / 2 : x;
  doc.text(line, left, y, { lineBreak: false });
}
