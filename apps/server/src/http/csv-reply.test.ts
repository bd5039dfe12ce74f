import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pagedRows, reportFileName, sendCsv } from './csv-reply.js';

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
    expect(response.body).toBe('Name,Units,Active\nplain,1,true\n"with, comma ""and"" quotes",,false\n');
    await app.close();
  });

  it('sends the header row alone when there are no rows', async () => {
    const app = Fastify();
    app.get('/r', async (_request, reply) => sendCsv(reply, [], [{ key: 'a', header: 'Name' }], 'x.csv'));
    const response = await app.inject({ method: 'GET', url: '/r' });
    expect(response.body).toBe('Name\n');
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
    const expected = ['N', ...single.slice(0, 600).map((r) => r.n), ...page.map((r) => r.n), ...single.slice(600).map((r) => r.n)].join('\n') + '\n';
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
      (r) => r.text().then(() => false, () => true),
      () => true,
    );
    expect(failed).toBe(true);
    await app.close();
  });
});
