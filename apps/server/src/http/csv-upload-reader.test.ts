import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCsvText,
  CSV_MAX_FIELD_CHARS,
  CSV_MAX_ROW_CHARS,
  CsvUploadError,
  readCsvRows,
  type CsvReaderOptions,
} from './csv-upload-reader.js';

type TRow = { cells: string[]; line: number };

/** The rows readCsvRows gives for `text` as UTF-8 bytes arriving in pieces cut at `cuts` (byte offsets). */
async function split(text: string, cuts: number[] = [], options: Partial<CsvReaderOptions> = {}): Promise<TRow[]> {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts].map((c) => Math.min(c, bytes.length)).sort((a, b) => a - b)) {
    pieces.push(bytes.subarray(from, cut));
    from = cut;
  }
  pieces.push(bytes.subarray(from));
  const rows: TRow[] = [];
  await readCsvRows(Readable.from(pieces), { delimiter: ',', ...options }, (cells, line) => rows.push({ cells, line }));
  return rows;
}

const refusal = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CsvUploadError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

const csvCell = (cell: string) =>
  /[",\r\n]/.test(cell) || cell.startsWith('"') ? `"${cell.replace(/"/g, '""')}"` : cell;

describe('readCsvRows (csv-parse with the caps)', () => {
  it('reads quoted fields with delimiters, escaped quotes and line ends, naming the line each row starts on', async () => {
    const text = '\uFEFFa,"b,1","say ""hi"""\r\n\r\n"two\r\nlines",x\n , \nlast,"",\r"end"';
    const expected = [
      { cells: ['a', 'b,1', 'say "hi"'], line: 1 },
      { cells: ['two\r\nlines', 'x'], line: 3 },
      { cells: ['last', '', ''], line: 6 },
      { cells: ['end'], line: 7 },
    ];
    expect(await split(text)).toEqual(expected);
    // The same rows however the bytes are cut into pieces (every cut, and every pair of neighbouring cuts).
    const length = Buffer.byteLength(text);
    for (let cut = 0; cut <= length; cut++) {
      expect(await split(text, [cut]), `cut at ${cut}`).toEqual(expected);
      expect(await split(text, [cut, cut + 1]), `cuts at ${cut}, ${cut + 1}`).toEqual(expected);
    }
  });

  it('keeps a quote inside an unquoted field as text, and text after a closing quote as written with its quotes', async () => {
    expect((await split('12" monitor,"a"b ,c\n')).map((r) => r.cells)).toEqual([['12" monitor', '"a"b ', 'c']]);
    expect((await split('a\tb,c\t"d\te"', [], { delimiter: '\t' })).map((r) => r.cells)).toEqual([
      ['a', 'b,c', 'd\te'],
    ]);
  });

  it('gives back any table written as CSV, cut anywhere', async () => {
    const cell = fc.stringMatching(/^[a ,"\r\n]{0,6}$/);
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(
        table,
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (rows, newline, cuts) => {
          const text = rows.map((cells) => cells.map(csvCell).join(',')).join(newline);
          const kept = rows.filter((cells) => cells.some((c) => c.trim() !== ''));
          expect(
            (
              await split(
                text,
                cuts.map((c) => c % (text.length + 1)),
              )
            ).map((r) => r.cells),
          ).toEqual(kept);
        },
      ),
      { numRuns: 400, seed: 30 },
    );
  });

  it('takes a field of exactly the cap and refuses one character more, an escaped quote counting one', async () => {
    const limits = { maxFieldChars: 10, maxRowChars: 100 };
    expect((await split('a,bbbbbbbbbb\n', [], limits))[0]!.cells[1]).toHaveLength(10);
    expect((await split('a,"bbbb""bbbbb"\n', [], limits))[0]!.cells[1]).toBe('bbbb"bbbbb');
    expect(await refusal(split('x\na,bbbbbbbbbbb\n', [], limits))).toBe(
      'Line 2: field 2 is longer than 10 characters, the most one field of an uploaded file may hold.',
    );
    expect(await refusal(split('x\n\n"a\nb","bbbbbbbbb""b"\n', [5], limits))).toBe(
      'Line 3: field 2 is longer than 10 characters: is a quote left open? A field that starts with a quote runs to the next quote, across line ends.',
    );
  });

  it('takes a row whose cells hold exactly the cap and refuses one character more, at its end or within it', async () => {
    const limits = { maxFieldChars: 10, maxRowChars: 20 };
    const row = 'aaaaaaaaaa,bbbbbbbbbb'; // cells of 20 characters (the delimiter does not count)
    expect(await split(`${row}\r\n${row}`, [], limits)).toHaveLength(2);
    expect(await refusal(split(`${row}\r\n${row},c`, [], limits))).toBe(
      'Line 2 is longer than 20 characters, the most one line of an uploaded file may hold.',
    );
    expect(await refusal(split(`${row}\r\n${row},cd\n`, [], limits))).toBe(
      'Line 2 is longer than 20 characters, the most one line of an uploaded file may hold.',
    );
    expect(await refusal(split(`${row}\r\naaaaaaaaa,aaaaaaaaa,"\n\n\n\n`, [], limits))).toMatch(
      /^Line 2 is longer than 20 characters: is a quote left open\?/,
    );
  });

  it('refuses a quote never closed, naming the line and field where it opens', async () => {
    expect(await refusal(split('a,b\nc,"d\ne,f\n'))).toBe(
      'Line 2: the quote that opens field 2 is not closed by the end of the file: is a quote left open?',
    );
    expect(await refusal(split('a,b\r\n"x\r\ny",z\r\nc,d,"e\r\n'))).toBe(
      'Line 4: the quote that opens field 3 is not closed by the end of the file: is a quote left open?',
    );
  });

  it('refuses a 60 MB open quote after reading no more than the row cap and a piece, and drains the rest', async () => {
    const piece = Buffer.from('x'.repeat(64 * 1024));
    const total = 60 * 1024 * 1024;
    let sent = 0;
    let refusedAt = -1;
    const input = new Readable({
      read() {
        if (sent === 0) this.push(Buffer.from('a,b\r\n2.1,,"'));
        if (sent >= total) return void this.push(null);
        sent += piece.length;
        this.push(piece);
      },
    });
    const ended = new Promise((resolve) => input.once('end', resolve));
    const message = await refusal(
      readCsvRows(input, { delimiter: ',' }, () => {}).finally(() => {
        refusedAt = sent;
      }),
    );
    expect(message).toMatch(/^Line 2 is longer than 1,048,576 characters: is a quote left open\?/);
    expect(refusedAt).toBeLessThanOrEqual(CSV_MAX_ROW_CHARS + 4 * piece.length);
    await ended; // the rest was read and dropped: a request would end
    expect(sent).toBe(total);
  });
});

describe('readCsvRows', () => {
  it('reads bytes cut inside a character, and drains the rest of the stream when onRow refuses', async () => {
    const bytes = Buffer.from('name,city\r\nZoë,"Köln"\r\n');
    const at = bytes.indexOf(Buffer.from('ë')) + 1; // inside the two bytes of ë
    const rows: string[][] = [];
    await readCsvRows(Readable.from([bytes.subarray(0, at), bytes.subarray(at)]), { delimiter: ',' }, (cells) =>
      rows.push(cells),
    );
    expect(rows).toEqual([
      ['name', 'city'],
      ['Zoë', 'Köln'],
    ]);

    // What onRow throws stops the reading too (a carrier file in another layout): the rest is drained.
    let pulled = 0;
    const chunks = ['a,b\n', 'c,d\n', ...Array.from({ length: 40 }, () => 'x,y\n'.repeat(16 * 1024))];
    const input = new Readable({
      read() {
        this.push(pulled < chunks.length ? Buffer.from(chunks[pulled++]!) : null);
      },
    });
    const ended = new Promise((resolve) => input.once('end', resolve));
    const layout = new Error('line 2 is not a carrier line');
    await expect(
      readCsvRows(input, { delimiter: ',' }, (_cells, line) => {
        if (line === 2) throw layout;
      }),
    ).rejects.toBe(layout);
    expect(pulled).toBeLessThan(6);
    await ended; // the rest was read and dropped: a request would end
    expect(pulled).toBe(chunks.length);
  });

  it('lets the event loop turn while it reads one large piece', async () => {
    const text = 'a,b,c\n'.repeat(200_000); // 1.2 MB in one piece
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    let rows = 0;
    await readCsvRows(Readable.from([text]), { delimiter: ',' }, () => rows++);
    clearInterval(ticker);
    expect(rows).toBe(200_000);
    expect(turns).toBeGreaterThan(1);
    await expect(
      checkCsvText(`a\n"${'x'.repeat(CSV_MAX_FIELD_CHARS)}"\n`, { delimiter: ',' }),
    ).resolves.toBeUndefined();
    await expect(
      checkCsvText(`a\n"${'x'.repeat(CSV_MAX_FIELD_CHARS + 1)}"\n`, { delimiter: ',' }),
    ).rejects.toBeInstanceOf(CsvUploadError);
  });
});
