// `npm run bench:reconciliation -w apps/server`: carrier shipping-charge reconciliation (docs/decisions.md, "Shipping reconciliation") on PostgreSQL, the
// real server in its own process. 100,000 gray boxes; a 100,000-line UPS billing data file (250 columns a line) uploaded
// as multipart and generated (target: under 20 s together, the server's resident memory growing under 200 MB while it
// reads the file); then the dashboard's generic call over the 100,000 shipping transactions (target under 300 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { createServices } from '../src/modules/services.js';
import { upsLine } from '../src/modules/shipping-reconciliation/carrier-files.js';
import { signInOnEach, startServerProcess } from '../test/concurrency/server-processes.js';
import { openBenchDatabase, report } from './bench-database.js';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const today = new Date().toISOString().slice(0, 10);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** A GET answered as JSON, tried again once when the server closed an idle keep-alive socket just as it was reused. */
async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  try {
    return await (await fetch(url, { headers })).json();
  } catch {
    return (await fetch(url, { headers: { ...headers, connection: 'close' } })).json();
  }
}

async function main() {
  const database = await openBenchDatabase('kt_bench_reconciliation');
  const file = path.join(os.tmpdir(), `keystone-bench-ups-${process.pid}.csv`);
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
    await services.users.ensureRoles();
    await services.users.create({ username: 'bench-payer', password: 'bench-password', role: 'purchasing-1' });
    // 100,000 gray boxes shipped over the last 3 weeks, quoted 10.00 to 59.99.
    await database.db
      .execute(sql`insert into gray_boxes (tracking_number, fulfillment_po_number, date_shipped, ship_company, fulfillment_warehouse, shipping_quote_cents)
      select '1ZBENCH' || lpad(g::text, 10, '0'), 'FPO-' || g, current_date - (g % 21), 'UPS', (array['AZ02','KY01','TX01','WALTS'])[1 + g % 4], 1000 + g % 5000
      from generate_series(1, ${LINES}) g`);
    await database.db.execute(sql`analyze gray_boxes`);

    // The carrier file: one line per gray box, billed as quoted, under, slightly over or well over in turn.
    const out = fs.createWriteStream(file);
    for (let g = 1; g <= LINES; g++) {
      const cents = 1000 + (g % 5000) + [0, -50, 150, 900][g % 4]!;
      if (!out.write(`${upsLine({ trackingNumber: `1ZBENCH${String(g).padStart(10, '0')}`, cents, date: today })}\r\n`))
        await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((resolve) => out.end(resolve));
    const bytes = fs.statSync(file).size;

    server = await startServerProcess(database.url);
    const [token] = await signInOnEach([server], 'bench-payer', 'bench-password');
    const headers = { authorization: `Bearer ${token}` };
    const base = server.url;
    // Warm the server (route compilation, first queries) before measuring memory.
    await fetch(`${base}/api/shipping-reconciliation/shipping-companies`, { headers });
    const rssBefore = rssMb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server!.pid))), 50);

    const form = new FormData();
    form.append('file', await fs.openAsBlob(file, { type: 'text/csv' }), 'bench-ups.csv');
    const t0 = performance.now();
    const uploaded = await fetch(`${base}/api/shipping-reconciliation/ups/upload`, {
      method: 'POST',
      headers,
      body: form,
    });
    const upload = (await uploaded.json()) as { filename: string; lines: number };
    const t1 = performance.now();
    if (uploaded.status !== 200 || upload.lines !== LINES)
      throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(upload)}`);
    const generated = await fetch(
      `${base}/api/shipping-reconciliation/ups/generate?filename=${encodeURIComponent(upload.filename)}`,
      { headers },
    );
    const result = (await generated.json()) as { total: number; counts: Record<string, number> };
    const t2 = performance.now();
    clearInterval(sampler);
    if (generated.status !== 200 || result.total !== LINES)
      throw new Error(`generate answered ${generated.status}: total ${result.total}`);

    console.log(`carrier file: ${LINES.toLocaleString('en-US')} lines, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
    console.log(
      `upload ${((t1 - t0) / 1000).toFixed(2)} s + generate ${((t2 - t1) / 1000).toFixed(2)} s = ${((t2 - t0) / 1000).toFixed(2)} s (target < 20 s)`,
    );
    console.log(
      `server RSS ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB: growth ${(rssPeak - rssBefore).toFixed(0)} MB (target < 200 MB)`,
    );
    console.log(`tab counts: ${JSON.stringify(result.counts)}`);

    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const samples: number[] = [];
    let answered = { total: 0, transactions: [] as unknown[] };
    for (let i = 0; i < CALLS + 2; i++) {
      const s = performance.now();
      answered = (await getJson(
        `${base}/api/shipping-reconciliation/generic?from=${from}&to=${today}`,
        headers,
      )) as typeof answered;
      if (i >= 2) samples.push(performance.now() - s); // two warm-up calls
    }
    report(
      `generic over ${answered.total.toLocaleString('en-US')} transactions (${answered.transactions.length.toLocaleString('en-US')} rows listed)`,
      samples,
      70,
    );
    const filtered: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const s = performance.now();
      await getJson(
        `${base}/api/shipping-reconciliation/generic?from=${from}&to=${today}&fulfillmentWarehouse=KY01&shippingCompany=UPS`,
        headers,
      );
      filtered.push(performance.now() - s);
    }
    report('generic, one warehouse (25,000 matching)', filtered, 70);
    console.log(
      `load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (1, 5, 15 min), ${os.cpus().length} cores`,
    );
  } finally {
    await server?.stop();
    fs.rmSync(file, { force: true });
    await database.drop();
  }
}

await main();
