import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { stringify as stringifySync } from 'csv-stringify/sync';
import Papa from 'papaparse';
import type { FastifyReply } from 'fastify';
import { csvSafeText, FILE_TYPES } from '@keystone/contracts';
import {
  csvCell,
  csvFile,
  csvHeader,
  csvIdCell,
  csvObjectLines,
  csvLines,
  csvTimestamp,
  pagedRows,
  reportFileName,
  type TCsvColumn,
  type TCsvRows,
} from './csv-reply.js';
import { sendFile } from './file-answer.js';

/** A CSV download as a route that declares `download: { contentTypes: [text/csv] }` answers it (registerRoute's sendFile). */
const CSV_DOWNLOAD = { contentTypes: [FILE_TYPES.csv] };
const sendCsv = (
  reply: FastifyReply,
  rows: Extract<TCsvRows, { rows: unknown }>['rows'],
  columns: readonly TCsvColumn[],
  fileName?: string,
) => sendFile(reply, CSV_DOWNLOAD, csvFile({ rows }, columns, fileName));
const sendCsvPages = (
  reply: FastifyReply,
  pages: Extract<TCsvRows, { pages: unknown }>['pages'],
  columns: readonly TCsvColumn[],
) => sendFile(reply, CSV_DOWNLOAD, csvFile({ pages }, columns));

describe('sendCsv', () => {
  it('streams the header and every row, quoting what needs it, named report-{MM-DD-YYYY}.csv', async () => {
    const app = Fastify();
    app.get('/r', async (_request, reply) =>
      sendCsv(
        reply,
        (async function* () {
          yield { a: 'plain', b: 1, c: true };
          yield { a: 'with, comma "and" quotes', b: null, c: false };
        })(),
        [
          { key: 'a', header: 'Name' },
          { key: 'b', header: 'Units' },
          { key: 'c', header: 'Active' },
        ],
      ),
    );
    const response = await app.inject({ method: 'GET', url: '/r' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${reportFileName()}"`);
    expect(response.body).toBe('\uFEFFName,Units,Active\nplain,1,true\n"with, comma ""and"" quotes",,false\n');
    await app.close();
  });

  it('sends the header row alone when there are no rows', async () => {
    const app = Fastify();
    app.get('/r', async (_request, reply) => sendCsv(reply, [], [{ key: 'a', header: 'Name' }], 'x.csv'));
    const response = await app.inject({ method: 'GET', url: '/r' });
    expect(response.body).toBe('\uFEFFName\n');
    expect(response.headers['content-disposition']).toBe('attachment; filename="x.csv"');
    await app.close();
  });
});

describe('pagedRows', () => {
  it('asks for the page after the last row until a short page', async () => {
    const all = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const asked: (number | null)[] = [];
    const rows = [];
    for await (const row of pagedRows<{ id: number }>(async (after) => {
      asked.push(after?.id ?? null);
      return all.filter((r) => r.id > (after?.id ?? 0)).slice(0, 3);
    }, 3))
      rows.push(row.id);
    expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(asked).toEqual([null, 3, 6]);
  });
});

describe('reportFileName', () => {
  it('is report-{MM-DD-YYYY}', () => {
    expect(reportFileName(new Date(2026, 1, 3))).toBe('report-02-03-2026.csv');
  });
});

describe('sendCsv in batches', () => {
  it('writes rows handed one by one and pages handed as arrays in order, across batch boundaries', async () => {
    const app = Fastify();
    const single = Array.from({ length: 1_203 }, (_, i) => ({ n: i }));
    const page = Array.from({ length: 7 }, (_, i) => ({ n: 10_000 + i }));
    app.get('/r', async (_request, reply) =>
      sendCsv(
        reply,
        (async function* () {
          yield* single.slice(0, 600);
          yield page;
          yield [];
          yield* single.slice(600);
        })(),
        [{ key: 'n', header: 'N' }],
      ),
    );
    const response = await app.inject({ method: 'GET', url: '/r' });
    const expected =
      '\uFEFF' +
      [
        'N',
        ...single.slice(0, 600).map((r) => r.n),
        ...page.map((r) => r.n),
        ...single.slice(600).map((r) => r.n),
      ].join('\n') +
      '\n';
    expect(response.body).toBe(expected);
    await app.close();
  });

  it('cuts the answer short when the rows fail midway, never a whole-looking file', async () => {
    const app = Fastify({ logger: false });
    app.get('/r', async (_request, reply) =>
      sendCsv(
        reply,
        (async function* () {
          for (let i = 0; i < 2_000; i++) yield { n: i };
          throw new Error('the database went away');
        })(),
        [{ key: 'n', header: 'N' }],
      ),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const failed = await fetch(`http://127.0.0.1:${port}/r`).then(
      (r) =>
        r.text().then(
          () => false,
          () => true,
        ),
      () => true,
    );
    expect(failed).toBe(true);
    await app.close();
  });
});

describe('the CSV text is what csv-stringify writes', () => {
  // Every kind of cell a report can hold, hostile text included, and random strings over an alphabet of the
  // characters that matter to CSV: the fast path must write byte for byte what csv-stringify writes with the
  // writer's options (text through csvSafeText, a CR quoted).
  const hostile: unknown[] = [
    '',
    ' ',
    'plain',
    'a,b',
    'a"b',
    '"',
    '""',
    'a\nb',
    'a\rb',
    '\r\n',
    '\r',
    'x\n',
    ',',
    '=1+2',
    '-5',
    '+x',
    '@y',
    '\t',
    'é€😀',
    "it's",
    0,
    -0,
    1.5,
    -12.34,
    1e21,
    NaN,
    Infinity,
    123n,
    true,
    false,
    null,
    undefined,
    new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)),
    { a: 'b,c' },
    ['x', 1],
  ];
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const alphabet = ['a', 'Z', '0', ' ', ',', '"', '\n', '\r', ';', "'", '=', 'é', '-', '+', '@', '\t', '.'];
  const randomText = () =>
    Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  const cells = [...hostile, ...Array.from({ length: 2_000 }, randomText)];
  const options = {
    cast: {
      boolean: (v: boolean) => (v ? 'true' : 'false'),
      date: (v: Date) => csvTimestamp(v),
      string: (v: string) => csvSafeText(v),
    },
    quoted_match: '\r',
  };

  it('cell by cell', () => {
    for (const cell of cells)
      expect(csvCell(cell), JSON.stringify(String(cell))).toBe(stringifySync([[cell]], options).slice(0, -1));
  });

  it('for whole rows as arrays and as objects through sendCsv and sendCsvPages', async () => {
    const width = 5;
    const rows = Array.from({ length: 400 }, (_, r) =>
      Array.from({ length: width }, (_, c) => cells[(r * width + c) % cells.length]),
    );
    const columns = Array.from({ length: width }, (_, c) => ({
      key: `k${c}`,
      header: c === 1 ? 'Head, "quoted"' : `H${c}`,
    }));
    const expected = stringifySync(rows, { ...options, header: true, columns: columns.map((c) => c.header) });
    expect(csvLines(rows)).toBe(expected.slice(expected.indexOf('\n') + 1));
    const app = Fastify();
    app.get('/objects', async (_request, reply) =>
      sendCsv(
        reply,
        rows.map((row) => Object.fromEntries(columns.map((c, i) => [c.key, row[i]]))),
        columns,
      ),
    );
    app.get('/pages', async (_request, reply) =>
      sendCsvPages(
        reply,
        (async function* () {
          for (let i = 0; i < rows.length; i += 150) yield rows.slice(i, i + 150);
          yield [];
        })(),
        columns,
      ),
    );
    expect((await app.inject({ method: 'GET', url: '/objects' })).body).toBe('\uFEFF' + expected);
    expect((await app.inject({ method: 'GET', url: '/pages' })).body).toBe('\uFEFF' + expected);
    await app.close();
  });

  it('a key csv-stringify reads as a path is left to csv-stringify', async () => {
    const app = Fastify();
    const columns = [{ key: 'a.b', header: 'AB' }];
    app.get('/r', async (_request, reply) => sendCsv(reply, [{ a: { b: 'x,y' } }], columns));
    expect((await app.inject({ method: 'GET', url: '/r' })).body).toBe('\uFEFFAB\n"x,y"\n');
    await app.close();
  });
});

describe('formula injection (OWASP CSV injection, issue 30)', () => {
  /** Writes one row through the writer and reads it back with papaparse, an independent reader. */
  const roundTrip = (cells: unknown[]) => {
    const columns = cells.map((_, i) => ({ key: `c${i}`, header: `C${i}` }));
    const text =
      csvHeader(columns) + csvObjectLines([Object.fromEntries(cells.map((cell, i) => [`c${i}`, cell]))], columns);
    return Papa.parse<string[]>(text, { skipEmptyLines: true }).data[1];
  };

  it("writes text starting with = + - @ tab or CR with a ' before it, quoted as CSV needs", () => {
    const hostile = [
      '=HYPERLINK("http://x","y")',
      '+SUM(1,2)',
      '-2+3',
      '@SUM(A1)',
      '\t=1+1',
      '\r=1+1',
      '=1,2',
      '-',
      '\uff1dcmd',
    ];
    expect(roundTrip(hostile)).toEqual(hostile.map((text) => `'${text}`));
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('keeps numbers numbers: number and bigint cells, and text that is a plain decimal number, as they are', () => {
    expect(roundTrip([-5, -12.5, 0, 42n, '-12.50', '+3', '0.25', '-7'])).toEqual([
      '-5',
      '-12.5',
      '0',
      '42',
      '-12.50',
      '+3',
      '0.25',
      '-7',
    ]);
    expect([-5, -12.5, '-12.50'].map(csvCell)).toEqual(['-5', '-12.5', '-12.50']);
  });

  it('leaves other text, and text already starting with a quote, as it is', () => {
    expect(roundTrip(['plain', ' =1', "'=1", 'a=b', 'x-y', ''])).toEqual(['plain', ' =1', "'=1", 'a=b', 'x-y', '']);
  });

  it('headers and keys csv-stringify reads as paths go through the same rule', () => {
    expect(csvHeader([{ key: 'a', header: '=Total' }])).toBe("'=Total\n");
    expect(csvObjectLines([{ a: { b: '@x' } }], [{ key: 'a.b', header: 'AB' }])).toBe("'@x\n");
  });
});

describe('spreadsheet-ready cells (issue 31 item 8), read back by papaparse', () => {
  const columns = [
    { key: 'tracking', header: 'Tracking', kind: 'id' as const },
    { key: 'note', header: 'Note' },
    { key: 'at', header: 'At' },
  ];
  const read = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

  it('an all-digit id is written ="digits", which a spreadsheet shows as text; the same digits elsewhere stay as they are', () => {
    const text =
      csvHeader(columns) +
      csvObjectLines(
        [
          { tracking: '794612345678', note: '794612345678', at: null },
          { tracking: '0001', note: '0001', at: null },
        ],
        columns,
      );
    expect(text).toBe('Tracking,Note,At\n"=""794612345678""",794612345678,\n"=""0001""",0001,\n');
    expect(read(text).map((r) => r.Tracking)).toEqual(['="794612345678"', '="0001"']);
    expect(csvIdCell(794612345678)).toBe('"=""794612345678"""');
    expect(csvIdCell(12345678901234567890n)).toBe('"=""12345678901234567890"""');
  });

  it('a hostile or non-digit value in an id column is neutralised as any text is', () => {
    const hostile = [
      '=HYPERLINK("http://x","y")',
      '="1"&cmd',
      '+1234',
      '-1234',
      '@x',
      '1Z999AA10123456784',
      '123 456',
      '١٢٣',
      '',
      null,
    ];
    const rows = read(
      csvHeader(columns) +
        csvObjectLines(
          hostile.map((tracking) => ({ tracking, note: '', at: null })),
          columns,
        ),
    );
    expect(rows.map((r) => r.Tracking)).toEqual([
      '\'=HYPERLINK("http://x","y")',
      '\'="1"&cmd',
      '+1234',
      '-1234',
      "'@x",
      '1Z999AA10123456784',
      '123 456',
      '١٢٣',
      '',
      '',
    ]);
  });

  it('ids through sendCsvPages (cells in arrays) and sendCsv (objects) alike', async () => {
    const app = Fastify();
    app.get('/pages', async (_request, reply) =>
      sendCsvPages(
        reply,
        (async function* () {
          yield [['794612345678', 'x', null]];
        })(),
        columns,
      ),
    );
    app.get('/rows', async (_request, reply) =>
      sendCsv(reply, [{ tracking: '794612345678', note: 'x', at: null }], columns),
    );
    for (const url of ['/pages', '/rows'])
      expect(read((await app.inject({ method: 'GET', url })).body)).toEqual([
        { Tracking: '="794612345678"', Note: 'x', At: '' },
      ]);
    await app.close();
  });

  it("timestamps as UTC 'YYYY-MM-DD HH:MM:SS', a form Excel reads as a date and time", () => {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
    expect(csvCell(at)).toBe('2026-01-02 03:04:05');
    expect(csvTimestamp('2026-01-02T03:04:05.678Z')).toBe('2026-01-02 03:04:05');
    expect(read(csvHeader(columns) + csvLines([['1', 'x', at]], columns))[0]!.At).toBe('2026-01-02 03:04:05');
  });
});
