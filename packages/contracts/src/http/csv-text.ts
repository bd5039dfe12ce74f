/**
 * CSV formula injection (OWASP's "CSV Injection"): a spreadsheet opening a CSV runs a cell whose text
 * starts with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(…)`, `=cmd|…`), and a leading tab or CR can hide such a
 * start. Text that starts so is written with a single quote before it, which spreadsheets show as text.
 *
 * Numbers are never touched: a JavaScript number or bigint is written as it is (-12.5 stays -12.5), and so is text
 * that is a plain decimal number (`-12.50`, `+3`, `0.5`): money and PostgreSQL numerics reach the CSV as text,
 * and a spreadsheet reads such a cell as the number it is, never as a formula (docs/decisions.md, "CSV formula
 * injection"). The full-width forms of the four characters are treated as they are, as csv-stringify's own
 * `escape_formulas` does (Apple Numbers reads them as the ASCII ones).
 */

/** Text a spreadsheet reads as the number it is: an optional sign, digits, an optional fraction. */
const PLAIN_DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/** Whether a character code starts a formula (or hides one) at the start of a cell. */
function startsFormula(code: number): boolean {
  switch (code) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x09: // tab
    case 0x0d: // CR
    case 0xff1d: // full-width =
    case 0xff0b: // full-width +
    case 0xff0d: // full-width -
    case 0xff20: // full-width @
      return true;
    default:
      return false;
  }
}

/**
 * One cell's text made safe to open in a spreadsheet: `'` before text starting with `=`, `+`, `-`, `@`, a tab or a
 * CR (or a full-width `=`, `+`, `-`, `@`), unless the text is a plain decimal number. Quoting the cell for CSV is the
 * writer's part, after this. Idempotent: the text it answers starts with `'` or with none of those characters.
 */
export function csvSafeText(text: string): string {
  return startsFormula(text.charCodeAt(0)) && !PLAIN_DECIMAL.test(text) ? `'${text}` : text;
}
