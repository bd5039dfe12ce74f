import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCsvText, CSV_MAX_FIELD_CHARS, CSV_MAX_ROW_CHARS, CsvRowSplitter, CsvUploadError, readCsvRows, type CsvReaderOptions } from './csv-upload-reader.js';

type TRow = { cells: string[]; line: number };

/** The rows of `text` fed in pieces cut at `cuts` (offsets). */
function split(text: string, cuts: number[] = [], options: Partial<CsvReaderOptions> = {}): TRow[] {
  const rows: TRow[] = [];
  const splitter = new CsvRowSplitter({ delimiter: ',', ...options }, (cells, line) => rows.push({ cells, line }));
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    splitter.push(text.slice(from, cut));
    from = cut;
  }
  splitter.push(text.slice(from));
  splitter.end();
  return rows;
}

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CsvUploadError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

const csvCell = (cell: string) => (/[",\r\n]/.test(cell) || cell.startsWith('"') ? `"${cell.replace(/"/g, '""')}"` : cell);

describe('CsvRowSplitter', () => {
  it('reads quoted fields with delimiters, escaped quotes and line ends, naming the line each row starts on', () => {
    const text = '\uFEFFa,"b,1","say ""hi"""\r\n\r\n"two\r\nlines",x\n , \nlast,"",\r"end"';
    const expected = [
      { cells: ['a', 'b,1', 'say "hi"'], line: 1 },
      { cells: ['two\r\nlines', 'x'], line: 3 },
      { cells: ['last', '', ''], line: 6 },
      { cells: ['end'], line: 7 },
    ];
    expect(split(text)).toEqual(expected);
    // The same rows however the text is cut into pieces (every cut, and every pair of neighbouring cuts).
    for (let cut = 0; cut <= text.length; cut++) {
      expect(split(text, [cut]), `cut at ${cut}`).toEqual(expected);
      expect(split(text, [cut, cut + 1]), `cuts at ${cut}, ${cut + 1}`).toEqual(expected);
    }
  });

  it('keeps a quote inside an unquoted field and text after a closing quote as written', () => {
    expect(split('12" monitor,"a"b ,c\n').map((r) => r.cells)).toEqual([['12" monitor', 'ab ', 'c']]);
    expect(split('a\tb,c\t"d\te"', [], { delimiter: '\t' }).map((r) => r.cells)).toEqual([['a', 'b,c', 'd\te']]);
  });

  it('gives back any table written as CSV, cut anywhere', () => {
    const cell = fc.stringMatching(/^[a ,"\r\n]{0,6}$/);
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(table, fc.constantFrom('\n', '\r\n', '\r'), fc.array(fc.nat(), { maxLength: 4 }), (rows, newline, cuts) => {
        const text = rows.map((cells) => cells.map(csvCell).join(',')).join(newline);
        const kept = rows.filter((cells) => cells.some((c) => c.trim() !== ''));
        expect(split(text, cuts.map((c) => c % (text.length + 1))).map((r) => r.cells)).toEqual(kept);
      }),
      { numRuns: 400, seed: 30 },
    );
  });

  it('takes a field of exactly the cap and refuses one character more, an escaped quote counting one', () => {
    const limits = { maxFieldChars: 10, maxRowChars: 100 };
    expect(split('a,bbbbbbbbbb\n', [], limits)[0]!.cells[1]).toHaveLength(10);
    expect(split('a,"bbbb""bbbbb"\n', [], limits)[0]!.cells[1]).toBe('bbbb"bbbbb');
    expect(refusal(() => split('x\na,bbbbbbbbbbb\n', [], limits))).toBe('Line 2: field 2 is longer than 10 characters, the most one field of an uploaded file may hold.');
    expect(refusal(() => split('x\n\n"a\nb","bbbbbbbbb""b"\n', [5], limits))).toBe(
      'Line 3: field 2 is longer than 10 characters: is a quote left open? A field that starts with a quote runs to the next quote, across line ends.',
    );
  });

  it('takes a row of exactly the cap and refuses one character more', () => {
    const limits = { maxFieldChars: 10, maxRowChars: 20 };
    const row = 'aaaaaaaaa,bbbbbbbbbb'; // 20 characters
    expect(split(`${row}\r\n${row}`, [], limits)).toHaveLength(2);
    expect(refusal(() => split(`${row}\r\n${row},`, [], limits))).toBe('Line 2 is longer than 20 characters, the most one line of an uploaded file may hold.');
    expect(refusal(() => split(`${row}\r\naaaaaaaaa,aaaaaaaaa,"\n\n\n\n`, [], limits))).toMatch(/^Line 2 is longer than 20 characters: is a quote left open\?/);
  });

  it('refuses a quote never closed, naming the line and field where it opens', () => {
    expect(refusal(() => split('a,b\nc,"d\ne,f\n'))).toBe('Line 2: the quote that opens field 2 is not closed by the end of the file: is a quote left open?');
  });

  it('refuses a 60 MB open quote after reading no more than the cap and a piece of it', () => {
    const splitter = new CsvRowSplitter({ delimiter: ',' }, () => {});
    splitter.push('a,b\r\n2.1,,"');
    const piece = 'x'.repeat(64 * 1024);
    let read = 0;
    const message = refusal(() => {
      for (; read < 60 * 1024 * 1024; read += piece.length) splitter.push(piece);
    });
    expect(message).toMatch(/^Line 2: field 3 is longer than 65,536 characters: is a quote left open\?/);
    expect(read).toBeLessThanOrEqual(CSV_MAX_FIELD_CHARS);
    expect(CSV_MAX_ROW_CHARS).toBe(1_048_576);
  });
});

describe('readCsvRows', () => {
  it('reads bytes cut inside a character, and drains the rest of the stream when it refuses', async () => {
    const bytes = Buffer.from('name,city\r\nZoë,"Köln"\r\n');
    const at = bytes.indexOf(Buffer.from('ë')) + 1; // inside the two bytes of ë
    const rows: string[][] = [];
    await readCsvRows(Readable.from([bytes.subarray(0, at), bytes.subarray(at)]), { delimiter: ',' }, (cells) => rows.push(cells));
    expect(rows).toEqual([
      ['name', 'city'],
      ['Zoë', 'Köln'],
    ]);

    let pulled = 0;
    const chunks = ['a,b\n', '"open', ...Array.from({ length: 40 }, () => 'x'.repeat(64 * 1024))];
    const input = new Readable({
      read() {
        this.push(pulled < chunks.length ? Buffer.from(chunks[pulled++]!) : null);
      },
    });
    const ended = new Promise((resolve) => input.once('end', resolve));
    await expect(readCsvRows(input, { delimiter: ',' }, () => {})).rejects.toThrow(/^Line 2: field 1 is longer than 65,536 characters/);
    expect(pulled).toBeLessThan(6);
    await ended; // the rest was read and dropped: a request would end
    expect(pulled).toBe(chunks.length);
  });

  it('lets the event loop turn while it reads one large piece', async () => {
    const text = `${'a,b,c\n'.repeat(1_000_000)}`;
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    let rows = 0;
    await readCsvRows(Readable.from([text]), { delimiter: ',' }, () => rows++);
    clearInterval(ticker);
    expect(rows).toBe(1_000_000);
    expect(turns).toBeGreaterThan(1);
    await expect(checkCsvText(`a\n"${'x'.repeat(CSV_MAX_FIELD_CHARS)}"\n`, { delimiter: ',' })).resolves.toBeUndefined();
    await expect(checkCsvText(`a\n"${'x'.repeat(CSV_MAX_FIELD_CHARS + 1)}"\n`, { delimiter: ',' })).rejects.toBeInstanceOf(CsvUploadError);
  });
});
