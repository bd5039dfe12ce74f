import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The one reader of uploaded CSV files on the server (carrier invoices, holdings files): rows split as they arrive,
 * with the size of one row and of one field capped (issue 30, item 3; docs/decisions.md "Upload row and field caps").
 *
 * Caps, in characters (UTF-16 code units, as JavaScript counts a string). Real rows are far under them: a UPS billing
 * data line of 250 columns is 300 bytes to a few KB, a holdings or FedEx line a few hundred bytes. A row past them is
 * nearly always a quote left open, which makes the rest of the file one field: such a file is refused as soon as the
 * cap is crossed, so a reader holds at most one capped row and one chunk of the upload, never the 60 MB field.
 */
/** The most one field of an uploaded CSV file may hold (64 KiB of text); an escaped quote `""` counts as one. */
export const CSV_MAX_FIELD_CHARS = 65_536;
/** The most one row may hold (1 MiB of text), counted as written: delimiters, quotes and line ends inside quotes. */
export const CSV_MAX_ROW_CHARS = 1_048_576;

/** Text is split at most this much at a time; the reader lets the event loop turn after each 1 MiB split. */
const SLICE_CHARS = 256 * 1024;
const YIELD_EVERY_CHARS = 1024 * 1024;

const count = (n: number) => n.toLocaleString('en-US');
const OPEN_QUOTE = 'is a quote left open? A field that starts with a quote runs to the next quote, across line ends.';

export const CSV_UPLOAD_MESSAGES = {
  fieldTooLong: (line: number, field: number, max: number, quoted: boolean) =>
    `Line ${line}: field ${field} is longer than ${count(max)} characters${quoted ? `: ${OPEN_QUOTE}` : ', the most one field of an uploaded file may hold.'}`,
  rowTooLong: (line: number, max: number, quoted: boolean) =>
    `Line ${line} is longer than ${count(max)} characters${quoted ? `: ${OPEN_QUOTE}` : ', the most one line of an uploaded file may hold.'}`,
  quoteNotClosed: (line: number, field: number) => `Line ${line}: the quote that opens field ${field} is not closed by the end of the file: is a quote left open?`,
} as const;

/** A file the reader refuses (a row or field past its cap, a quote never closed); the message names the line. */
export class CsvUploadError extends Error {
  override readonly name = 'CsvUploadError';
  constructor(
    message: string,
    /** The 1-based line of the file where the refused row starts. */
    readonly line: number,
  ) {
    super(message);
  }
}

export interface CsvReaderOptions {
  delimiter: ',' | '\t';
  maxFieldChars?: number;
  maxRowChars?: number;
}

/** Called with each row's cells (as written, not trimmed) and the 1-based line where it starts; may throw to stop. */
export type CsvRowHandler = (cells: string[], line: number) => void;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

/** Where the splitter is: before a field's first character (a quote there opens a quoted field). */
const FIELD_START = 0;
/** In a field that is not quoted, or after a quoted field's closing quote (what follows is kept as written). */
const UNQUOTED = 1;
/** Inside a quoted field. */
const QUOTED = 2;
/** A quote seen inside a quoted field: a second one is an escaped quote, anything else closes the field. */
const QUOTE_SEEN = 3;
type TState = typeof FIELD_START | typeof UNQUOTED | typeof QUOTED | typeof QUOTE_SEEN;

/**
 * Splits CSV text fed in pieces into rows, as RFC 4180 and papaparse read it: a field that starts with `"` is quoted
 * (`""` inside is one quote; line ends inside are part of it), a quote elsewhere is text; a row ends at `\r\n`, `\n`
 * or `\r`. Rows whose cells are all blank are skipped (papaparse's `skipEmptyLines: 'greedy'`). Each piece is read
 * once, left to right (no row is read again when the next piece comes, which is how papaparse's stream held the
 * event loop on one long open row), and the caps are checked at each field's end and each piece's end, so a refusal
 * comes at most one piece after the cap is crossed.
 */
export class CsvRowSplitter {
  private readonly delimiter: number;
  private readonly maxField: number;
  private readonly maxRow: number;
  private state: TState = FIELD_START;
  private cells: string[] = [];
  private field = '';
  /** Characters of the field's content so far (an escaped quote is one). */
  private fieldChars = 0;
  private fieldQuoted = false;
  /** Offset in the whole text of the start of the piece being read, and of the row being read. */
  private offset = 0;
  private rowStart = 0;
  /** The physical line at the reading position, and the one the row started on (1-based). */
  private line = 1;
  private rowLine = 1;
  /** The last piece ended with a `\r` that ended a row: a `\n` starting the next piece belongs to it. */
  private pendingLf = false;
  /** Inside a quoted field, the last character read was a `\r` (so a `\n` after it ends no further line). */
  private quotedCr = false;

  constructor(
    options: CsvReaderOptions,
    private readonly onRow: CsvRowHandler,
  ) {
    this.delimiter = options.delimiter.charCodeAt(0);
    this.maxField = options.maxFieldChars ?? CSV_MAX_FIELD_CHARS;
    this.maxRow = options.maxRowChars ?? CSV_MAX_ROW_CHARS;
  }

  /** The line the reader is on (1-based). */
  get currentLine(): number {
    return this.line;
  }

  /** Reads the next piece of the text; throws CsvUploadError when a cap is crossed (or what onRow throws). */
  push(text: string): void {
    const n = text.length;
    if (n === 0) return;
    let i = 0;
    if (this.offset === 0 && text.charCodeAt(0) === BOM) i = 1; // a byte-order mark before the first row
    if (this.pendingLf) {
      this.pendingLf = false;
      if (text.charCodeAt(0) === LF) {
        i = 1;
        this.rowStart = this.offset + 1;
      }
    }
    while (i < n) {
      if (this.state === FIELD_START) {
        if (text.charCodeAt(i) === QUOTE) {
          this.fieldQuoted = true;
          this.state = QUOTED;
          i++;
          continue;
        }
        this.state = UNQUOTED;
      }
      if (this.state === UNQUOTED) {
        let j = i;
        for (; j < n; j++) {
          const c = text.charCodeAt(j);
          if (c === this.delimiter || c === LF || c === CR) break;
        }
        if (j > i) {
          this.field += text.slice(i, j);
          this.fieldChars += j - i;
        }
        if (j === n) break;
        const c = text.charCodeAt(j);
        this.endField(this.offset + j);
        i = j + 1;
        if (c === this.delimiter) {
          this.state = FIELD_START;
          continue;
        }
        this.endRow();
        this.line++;
        if (c === CR) {
          if (i === n) this.pendingLf = true;
          else if (text.charCodeAt(i) === LF) i++;
        }
        this.rowStart = this.offset + i;
        this.rowLine = this.line;
        continue;
      }
      if (this.state === QUOTED) {
        const j = text.indexOf('"', i);
        const end = j === -1 ? n : j;
        if (end > i) {
          const part = text.slice(i, end);
          this.field += part;
          this.fieldChars += end - i;
          this.countQuotedLines(part);
        }
        if (j === -1) break;
        i = j + 1;
        this.state = QUOTE_SEEN;
        continue;
      }
      // QUOTE_SEEN
      if (text.charCodeAt(i) === QUOTE) {
        this.field += '"';
        this.fieldChars++;
        this.quotedCr = false;
        this.state = QUOTED;
        i++;
      } else {
        this.state = UNQUOTED;
      }
    }
    this.offset += n;
    this.checkCaps(this.offset, this.cells.length + 1);
  }

  /** The end of the text: the last row (if it has no line end), or CsvUploadError for a quote never closed. */
  end(): void {
    if (this.state === QUOTED) throw new CsvUploadError(CSV_UPLOAD_MESSAGES.quoteNotClosed(this.rowLine, this.cells.length + 1), this.rowLine);
    if (this.state === FIELD_START && this.cells.length === 0) return;
    this.endField(this.offset);
    this.endRow();
  }

  private countQuotedLines(part: string): void {
    if (part.indexOf('\n') === -1 && part.indexOf('\r') === -1) {
      this.quotedCr = false;
      return;
    }
    let lines = 0;
    let cr = this.quotedCr;
    for (let k = 0; k < part.length; k++) {
      const c = part.charCodeAt(k);
      if (c === CR) lines++;
      else if (c === LF && !cr) lines++;
      cr = c === CR;
    }
    this.quotedCr = cr;
    this.line += lines;
  }

  private checkCaps(position: number, fieldNumber: number): void {
    if (this.fieldChars > this.maxField) {
      throw new CsvUploadError(CSV_UPLOAD_MESSAGES.fieldTooLong(this.rowLine, fieldNumber, this.maxField, this.fieldQuoted), this.rowLine);
    }
    if (position - this.rowStart > this.maxRow) {
      throw new CsvUploadError(CSV_UPLOAD_MESSAGES.rowTooLong(this.rowLine, this.maxRow, this.fieldQuoted), this.rowLine);
    }
  }

  /** The field ends at `position` (of its delimiter or line end, or the text's end). */
  private endField(position: number): void {
    this.checkCaps(position, this.cells.length + 1);
    this.cells.push(this.field);
    this.field = '';
    this.fieldChars = 0;
    this.fieldQuoted = false;
    this.quotedCr = false;
    this.state = FIELD_START;
  }

  private endRow(): void {
    const cells = this.cells;
    this.cells = [];
    if (cells.every((cell) => cell.trim() === '')) return;
    this.onRow(cells, this.rowLine);
  }
}

/**
 * Reads an upload's bytes (UTF-8) as they arrive and hands each row to `onRow`. Pieces are split at most 256 KiB at a
 * time and the event loop turns after every 1 MiB, so one large chunk (a whole file passed in one piece) holds the
 * loop no longer than a network's. On a refusal (a cap, or what onRow throws) the rest of the stream is drained,
 * read and dropped without being split, so the request ends and the answer goes out at once; the error is rethrown.
 */
export async function readCsvRows(input: Readable, options: CsvReaderOptions, onRow: CsvRowHandler): Promise<void> {
  const splitter = new CsvRowSplitter(options, onRow);
  const decoder = new StringDecoder('utf8');
  let sinceTurn = 0;
  const feed = async (text: string) => {
    for (let at = 0; at < text.length; at += SLICE_CHARS) {
      const piece = at === 0 && text.length <= SLICE_CHARS ? text : text.slice(at, at + SLICE_CHARS);
      splitter.push(piece);
      sinceTurn += piece.length;
      if (sinceTurn >= YIELD_EVERY_CHARS) {
        sinceTurn = 0;
        await nextTurn();
      }
    }
  };
  try {
    for await (const chunk of input.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
      await feed(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    }
    await feed(decoder.end());
    splitter.end();
  } catch (error) {
    input.resume();
    throw error;
  }
}

/** Checks a whole text already in memory against the caps (splitting it as readCsvRows does, turning the loop). */
export async function checkCsvText(text: string, options: CsvReaderOptions): Promise<void> {
  const splitter = new CsvRowSplitter(options, () => {});
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    splitter.push(text.slice(at, at + SLICE_CHARS));
    if ((at / SLICE_CHARS) % 4 === 3) await nextTurn();
  }
  splitter.end();
}
