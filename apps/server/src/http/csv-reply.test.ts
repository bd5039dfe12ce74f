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
