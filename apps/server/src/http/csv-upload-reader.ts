import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse, type Options } from 'csv-parse';

/**
 * The one reader of uploaded CSV files on the server (carrier invoices, holdings files): csv-parse reading the rows as
 * they arrive, with the size of one row and of one field capped (docs/decisions.md "Upload row and
 * field caps").
 *
 * Caps, in characters of the cells (a string's length in JavaScript). Real rows are far under them: a UPS billing
 * data line of 250 columns is 300 bytes to a few KB, a holdings or FedEx line a few hundred bytes. A row past them is
 * nearly always a quote left open, which makes the rest of the file one field: such a file is refused as soon as the
 * row cap is crossed, so a reader holds at most one capped row and one piece of the upload, never the 60 MB field.
 */
/** The most one field of an uploaded CSV file may hold (64 KiB of text); an escaped quote `""` counts as one. Checked when its row ends. */
export const CSV_MAX_FIELD_CHARS = 65_536;
/**
 * The most the cells of one row may hold together (1 MiB of text; delimiters and the quotes around a field do not
 * count): csv-parse's `max_record_size`, checked as each character is read (it counts the field being read in UTF-8
 * bytes), and again when the row ends.
 */
export const CSV_MAX_ROW_CHARS = 1_048_576;

/**
 * Bytes are handed to csv-parse at most 16 KiB at a time, and the event loop turns after each such piece: csv-parse
 * reads about 20 ns a byte once warm, but a 32-64 KiB piece held the loop 16-57 ms on a busy machine, so pieces are kept small.
 */
const SLICE_BYTES = 16 * 1024;
const YIELD_EVERY_BYTES = 16 * 1024;

const count = (n: number) => n.toLocaleString('en-US');
const OPEN_QUOTE = 'is a quote left open? A field that starts with a quote runs to the next quote, across line ends.';

export const CSV_UPLOAD_MESSAGES = {
  fieldTooLong: (line: number, field: number, max: number, quoted: boolean) =>
    `Line ${line}: field ${field} is longer than ${count(max)} characters${quoted ? `: ${OPEN_QUOTE}` : ', the most one field of an uploaded file may hold.'}`,
  rowTooLong: (line: number, max: number, quoted: boolean) =>
    `Line ${line} is longer than ${count(max)} characters${quoted ? `: ${OPEN_QUOTE}` : ', the most one line of an uploaded file may hold.'}`,
  quoteNotClosed: (line: number, field: number) =>
    `Line ${line}: the quote that opens field ${field} is not closed by the end of the file: is a quote left open?`,
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

/** How csv-parse reads an upload: RFC 4180 quoting, with the leniencies papaparse had and real files need. */
const parserOptions = (delimiter: string, maxRow: number): Options => ({
  delimiter,
  bom: true,
  // A row ends at `\r\n`, `\n` or `\r`, whichever each line uses (csv-parse's own detection keeps the first one it sees).
  record_delimiter: ['\r\n', '\n', '\r'],
  // A quote inside a field that does not start with one is text (`12" monitor`), and so is text after a closing
  // quote, kept as written with its quotes (`"a"b` reads `"a"b`).
  relax_quotes: true,
  relax_column_count: true,
  max_record_size: maxRow,
  // Each row's text as written, to count the lines it spans (a quoted field may hold line ends).
  raw: true,
});

/** The line ends in a row's text as written (its own line end included: `\r\n` is one). */
function lineEnds(raw: string): number {
  let n = 0;
  for (let at = 0; at < raw.length; at++) {
    const c = raw.charCodeAt(at);
    if (c === 0x0a || (c === 0x0d && raw.charCodeAt(at + 1) !== 0x0a)) n++;
  }
  return n;
}

/**
 * One upload being read: bytes go in piece by piece (`write`), rows come out to `onRow` with the line they start on
 * (rows whose cells are all blank are skipped), and a cap crossed or a quote left open becomes a CsvUploadError.
 */
function createReader(options: CsvReaderOptions, onRow: CsvRowHandler) {
  const maxField = options.maxFieldChars ?? CSV_MAX_FIELD_CHARS;
  const maxRow = options.maxRowChars ?? CSV_MAX_ROW_CHARS;
  /** The line where the row being read starts (1-based): the line ends of every row before it, blank ones too. */
  let line = 1;
  const parser = parse({
    ...parserOptions(options.delimiter, maxRow),
    on_record: (row) => {
      const { record, raw } = row as unknown as { record: string[]; raw: string }; // the shape `raw: true` gives
      const start = line;
      line += lineEnds(raw);
      let chars = 0;
      let blank = true;
      for (let i = 0; i < record.length; i++) {
        const cell = record[i]!;
        // The hint about an open quote when the row holds one (the field's own quotes are gone from its cell).
        if (cell.length > maxField)
          throw new CsvUploadError(CSV_UPLOAD_MESSAGES.fieldTooLong(start, i + 1, maxField, raw.includes('"')), start);
        chars += cell.length;
        if (blank && cell.trim() !== '') blank = false;
      }
      if (chars > maxRow)
        throw new CsvUploadError(CSV_UPLOAD_MESSAGES.rowTooLong(start, maxRow, raw.includes('"')), start);
      if (!blank) onRow(record, start);
      return null; // nothing is kept by the parser's stream
    },
  });
  // Errors come back through each write's callback; this listener keeps the stream's 'error' event from throwing.
  parser.on('error', () => {});
  parser.resume();
  /** csv-parse's own refusals as the module's, naming the line where the row starts; any other error as it is. */
  const refusal = (error: unknown): unknown => {
    if (!(error instanceof CsvError)) return error;
    const raw = typeof error.raw === 'string' ? error.raw : '';
    if (error.code === 'CSV_MAX_RECORD_SIZE')
      return new CsvUploadError(CSV_UPLOAD_MESSAGES.rowTooLong(line, maxRow, raw.includes('"')), line);
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      const field = typeof error.column === 'number' ? error.column + 1 : 1;
      return new CsvUploadError(CSV_UPLOAD_MESSAGES.quoteNotClosed(line, field), line);
    }
    return error;
  };
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve, reject) => {
      parser.write(bytes, (error) => (error ? reject(refusal(error)) : resolve()));
    });
  const end = () =>
    new Promise<void>((resolve, reject) => {
      parser.once('error', (error) => reject(refusal(error)));
      parser.once('end', resolve);
      parser.end();
    });
  return { write, end };
}

/** Hands `bytes` to the reader 16 KiB at a time, letting the event loop turn after every 16 KiB of the upload. */
function feeder(write: (bytes: Buffer) => Promise<void>) {
  let sinceTurn = 0;
  return async (bytes: Buffer) => {
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
      const piece = at === 0 && bytes.length <= SLICE_BYTES ? bytes : bytes.subarray(at, at + SLICE_BYTES);
      await write(piece);
      sinceTurn += piece.length;
      if (sinceTurn >= YIELD_EVERY_BYTES) {
        sinceTurn = 0;
        await nextTurn();
      }
    }
  };
}
/**
 * Reads an upload's bytes (UTF-8; csv-parse decodes each field whole, so a character cut between chunks reads right)
 * as they arrive and hands each row to `onRow`. Chunks are read 16 KiB at a time and the event loop turns after each
 * piece, so one large chunk (a whole file in one piece) holds the loop no longer than a network's chunks. On a refusal
 * (a cap, a quote never closed, or what onRow throws) the rest of the stream is drained, read and dropped without
 * being parsed, so the request ends and the answer goes out at once; the error is rethrown.
 */
export async function readCsvRows(input: Readable, options: CsvReaderOptions, onRow: CsvRowHandler): Promise<void> {
  const reader = createReader(options, onRow);
  const feed = feeder(reader.write);
  try {
    for await (const chunk of input.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
      await feed(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    }
    await reader.end();
  } catch (error) {
    input.resume();
    throw error;
  }
}

/** Checks a whole text already in memory against the caps (read as readCsvRows reads, turning the loop). */
export async function checkCsvText(text: string, options: CsvReaderOptions): Promise<void> {
  const reader = createReader(options, () => {});
  await feeder(reader.write)(Buffer.from(text));
  await reader.end();
}
