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

/**
 * Splits text into the lines it takes in a box `width` wide, in the current font and size: at spaces, and inside a
 * word only when the word alone is wider than the box. Line breaks in the text are kept; nothing is left out.
 */
export function wrapLines(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\s+$/, '').split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (doc.widthOfString(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      if (doc.widthOfString(word) <= width) {
        line = word;
        continue;
      }
      for (const ch of word) {
        if (line && doc.widthOfString(line + ch) > width) {
          lines.push(line);
          line = ch;
        } else {
          line += ch;
        }
      }
    }
    lines.push(line);
  }
  return lines;
}
