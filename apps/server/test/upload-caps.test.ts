import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { upsLine } from '../src/modules/shipping-reconciliation/carrier-files.js';
import { createSignedInUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { invoiceUploadForm } from './samples/shipping-reconciliation.js';
import { holdingsUploadForm } from './samples/uploads.js';

/**
 * Uploads that cannot stall the server (issue 30, item 3). A carrier invoice or holdings file whose row or field
 * passes the caps (1,048,576 characters in a row's cells, 65,536 a field: docs/decisions.md "Upload row and field caps")
 * is refused with a 400 naming the line and the cap, and nothing is written; an open quote is refused as soon as the
 * row cap is crossed (1 MiB into the 60 MB field), so it is not held or read to its end; a row just
 * under the caps still imports; and three 60 MB uploads of one unterminated quoted field at once leave GET
 * /api/health answering at once (before: the parser read the open row again at every chunk and held the event loop
 * for the whole request; health took 13.6-14.8 s at p50).
 */
const MAX_ROW = 1_048_576;
const MAX_FIELD = 65_536;
const BAD_FIELD_BYTES = 60 * 1024 * 1024;
const day = '2026-03-10';

let t: TestApp;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  finance = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
});

afterAll(() => t?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const uploadUps = (form: FormData) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shipping-reconciliation/ups/upload',
    headers: auth(finance),
    payload: form,
  });
const uploadHoldings = (form: FormData) =>
  t.app.inject({ method: 'POST', url: '/api/ep-holdings/orders/upload', headers: auth(finance), payload: form });

/** The rows of the tables an upload writes, as one fingerprint. */
async function written(): Promise<string> {
  const [row] = await queryRows<{ invoices: string; charges: string; holdings: string }>(
    t.db,
    sql`select (select count(*) from carrier_invoices)::text as invoices, (select count(*) from carrier_invoice_charges)::text as charges, (select count(*) from holdings_files)::text as holdings`,
  );
  return JSON.stringify(row);
}

/** A UPS line (250 columns) whose empty columns from 60 on are filled so its cells hold exactly `length` characters (the commas not counted), no field over `field`. */
function upsLineOfLength(trackingNumber: string, length: number, field = MAX_FIELD): string {
  const cells = upsLine({ trackingNumber, cents: 1234, date: day }).split(',');
  let missing = length - cells.reduce((n, c) => n + c.length, 0);
  for (let column = 59; column < cells.length && missing > 0; column++) {
    if (cells[column] !== '') continue;
    const take = Math.min(field, missing);
    cells[column] = 'y'.repeat(take);
    missing -= take;
  }
  if (missing !== 0) throw new Error('the line cannot be made that long');
  return cells.join(',');
}

describe('row and field caps of an uploaded file', () => {
  it('refuses a carrier invoice with a 60 MB unterminated quoted field, naming the line and the row cap, and writes nothing', async () => {
    const before = await written();
    const good = upsLine({ trackingNumber: '1ZCAPS0000000001', cents: 1000, date: day });
    const res = await uploadUps(invoiceUploadForm(`${good}\r\n2.1,,"${'x'.repeat(BAD_FIELD_BYTES)}`, 'open-quote.csv'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    const message = res.json().errors.file[0] as string;
    expect(message).toMatch(/^Line 2 is longer than 1,048,576 characters: is a quote left open\?/);
    expect(res.json().message).toBe(message);
    expect(await written()).toBe(before);
  }, 60_000);

  it('takes a row whose cells hold exactly 1,048,576 characters with a field of 65,536, and refuses one character more of either', async () => {
    const before = await written();
    const longest = upsLineOfLength('1ZCAPS0000000002', MAX_ROW);
    expect(longest.length - 249).toBe(MAX_ROW); // 250 cells, 249 commas
    const ok = await uploadUps(
      invoiceUploadForm(
        `${upsLine({ trackingNumber: '1ZCAPS0000000003', cents: 500, date: day })}\r\n${longest}\r\n`,
        'long-row.csv',
      ),
    );
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(ok.json()).toMatchObject({ carrier: 'ups', lines: 2, trackingNumbers: 2 });

    const tooLong = await uploadUps(
      invoiceUploadForm(`${upsLineOfLength('1ZCAPS0000000004', MAX_ROW + 1)}\r\n`, 'too-long-row.csv'),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.file).toEqual([
      'Line 1 is longer than 1,048,576 characters, the most one line of an uploaded file may hold.',
    ]);

    const wideField = upsLine({ trackingNumber: '1ZCAPS0000000005', cents: 500, date: day }).split(',');
    wideField[99] = `"${'z'.repeat(MAX_FIELD - 8)}""${'z'.repeat(8)}"`; // 65,537 characters (an escaped quote is one): one over the cap
    const wide = await uploadUps(
      invoiceUploadForm(
        `${upsLine({ trackingNumber: '1ZCAPS0000000006', cents: 500, date: day })}\n\n${wideField.join(',')}\n`,
        'wide-field.csv',
      ),
    );
    expect(wide.statusCode).toBe(400);
    expect(wide.json().errors.file).toEqual([
      expect.stringMatching(/^Line 3: field 100 is longer than 65,536 characters: is a quote left open\?/),
    ]);
    expect(await written()).not.toBe(before); // the first file only
    const [charges] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from carrier_invoice_charges where tracking_number like '1ZCAPS%'`,
    );
    expect(charges!.n).toBe('2');
  }, 60_000);

  it('refuses a holdings file with a field past the cap, naming the line, and stores nothing', async () => {
    const before = await written();
    const text = `order-id,sku,quantity,ship-to\r\nPO-1,SKU-1,1,"Ann"\r\nPO-2,SKU-2,2,"${'s'.repeat(MAX_FIELD + 1)}"\r\n`;
    const res = await uploadHoldings(holdingsUploadForm(text, 'long-field.csv'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file[0]).toMatch(
      /^Line 3: field 4 is longer than 65,536 characters: is a quote left open\?/,
    );
    expect(await written()).toBe(before);

    // The same field with its quote never closed: under the row cap, so refused at the end of the file.
    const open = await uploadHoldings(holdingsUploadForm(text.slice(0, -3), 'open-quote.csv'));
    expect(open.statusCode).toBe(400);
    expect(open.json().errors.file).toEqual([
      'Line 3: the quote that opens field 4 is not closed by the end of the file: is a quote left open?',
    ]);
    expect(await written()).toBe(before);

    const ok = await uploadHoldings(
      holdingsUploadForm(
        `order-id,sku,quantity,ship-to\r\nPO-2,SKU-2,2,"${'s'.repeat(MAX_FIELD)}"\r\n`,
        'just-under.csv',
      ),
    );
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
  });
});

/**
 * Three clients each upload a 60 MB carrier invoice of one unterminated quoted field (three rounds) while a fourth calls GET
 * /api/health every 50 ms on a fixed schedule (a call still unanswered at the end counts with the time it waited), so
 * a held event loop shows as the time its answers take. The clients run in worker threads, each warmed up (its first
 * fetch loads the HTTP client) and holding its file before they start together: the test's own thread is the server's.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, token, mode, bytes, line } = workerData;
const ready = fetch(base + '/api/health').then((r) => r.text());
if (mode === 'upload') {
  const blob = new Blob([line, '\\r\\n2.1,,"', 'x'.repeat(bytes)], { type: 'text/csv' });
  const one = async () => {
    const form = new FormData();
    form.append('file', blob, 'open-quote.csv');
    const start = performance.now();
    try {
      const res = await fetch(base + '/api/shipping-reconciliation/ups/upload', { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form });
      return { status: res.status, body: (await res.text()).slice(0, 400), ms: performance.now() - start };
    } catch (error) {
      return { status: 0, body: String(error), ms: performance.now() - start };
    }
  };
  // Three rounds of three uploads at once: more health calls to take the p99 of.
  parentPort.once('message', async () => {
    const results = [];
    for (let round = 0; round < 3; round++) results.push(...(await Promise.all([one(), one(), one()])));
    parentPort.postMessage(results);
  });
} else {
  const samples = [];
  const open = new Set();
  let timer;
  parentPort.on('message', (message) => {
    if (message === 'go') {
      timer = setInterval(() => {
        const entry = { start: performance.now() };
        open.add(entry);
        fetch(base + '/api/health').then((r) => r.text()).then(() => samples.push(performance.now() - entry.start)).finally(() => open.delete(entry));
      }, 50);
      return;
    }
    clearInterval(timer);
    const now = performance.now();
    for (const entry of open) samples.push(now - entry.start);
    parentPort.postMessage(samples);
  });
}
ready.then(() => parentPort.postMessage('ready'));
`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

describe('the event loop during three 60 MB bad uploads', () => {
  it('keeps GET /api/health answering at once (p99 under 1 s here, 100 ms in the benchmark) and refuses each upload', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const before = await written();
    const line = upsLine({ trackingNumber: '1ZCAPS0000000009', cents: 1000, date: day });
    const poller = new Worker(CLIENT, { eval: true, workerData: { base, mode: 'poll' } });
    const uploader = new Worker(CLIENT, {
      eval: true,
      workerData: { base, token: finance, mode: 'upload', bytes: BAD_FIELD_BYTES, line },
    });
    try {
      await Promise.all([poller, uploader].map((worker) => new Promise((resolve) => worker.once('message', resolve))));
      const answered = new Promise<{ status: number; body: string; ms: number }[]>((resolve) =>
        uploader.once('message', resolve),
      );
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      poller.postMessage('go');
      uploader.postMessage('go');
      // At most 40 s of uploads: the code before this change was still reading them then.
      const results = await Promise.race([
        answered,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 40_000)),
      ]);
      const samples = await new Promise<number[]>((resolve) => {
        poller.once('message', resolve);
        poller.postMessage('stop');
      });
      loop.disable();
      const p50 = percentile(samples, 50);
      const p99 = percentile(samples, 99);
      console.log(
        `health during 3 × 3 concurrent 60 MB bad uploads: ${samples.length} polls, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms; ` +
          `the server's event loop delayed at most ${(loop.max / 1e6).toFixed(0)} ms; ` +
          `uploads answered in ${results ? results.map((r) => `${r.ms.toFixed(0)} ms`).join(', ') : 'none within 40 s'}`,
      );
      expect(results, 'the uploads answered within 40 s').not.toBeNull();
      for (const result of results!) {
        expect(result.status, result.body).toBe(400);
        expect(JSON.parse(result.body).errors.file[0]).toMatch(
          /^Line 2 is longer than 1,048,576 characters: is a quote left open\?/,
        );
      }
      // The target is 100 ms (met by `npm run bench:upload-stall`, the server in a process of its own: docs/performance.md).
      // Here the server shares its process and the 2 cores with the clients sending 540 MB: at a load of 5-6 from other
      // runs, p99 was 16-103 ms over 8 runs, the server's thread idle 78% of the time and its loop delayed only by
      // waiting for a core. With csv-parse (it reads 1 MiB of each open field, byte by byte): p99 84-332 ms over 4 runs at
      // a load of 5.4-10.9 (docs/performance.md). 1 s keeps that noise out of a full `npm test` (three workers on two
      // cores) and still fails the code before this change: 13.6-14.8 s at p50, 36.7-38.4 s at p99.
      expect(p99).toBeLessThanOrEqual(1_000);
      expect(await written()).toBe(before);
    } finally {
      await Promise.all([poller.terminate(), uploader.terminate()]);
    }
  }, 120_000);
});
