// `npm run bench:list-export -w apps/server`: the export of a 100,000-row list (issue 37 "Export any list"): the PO
// list's export, CSV and XLSX, of 100,000 POs (seeded set-based; BENCH_REUSE_SEED=1 keeps the seed for later runs).
// `src/main.ts` runs in a process of its own, its VmRSS read from /proc every 50 ms while this process reads the file
// over HTTP; growth is the peak less the RSS before the first timed call (after one warm-up export of 100 rows).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import type { OpenDatabase } from '../src/db/database.js';
import { createServices } from '../src/modules/services.js';
import { loadDemoDataIfEmpty } from '../src/modules/demo-data/load-demo-data.js';
import { openSeededBenchDatabase } from './bench-database.js';
import { startBenchServer } from './bench-server.js';

const POS = Number(process.env.BENCH_POS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 2);

async function seed({ db }: OpenDatabase) {
  const config = { ...loadConfig({}), logLevel: 'silent' as const };
  const services = createServices(db, config);
  await services.users.ensureRoles();
  await loadDemoDataIfEmpty(db, config);
  await services.users.create({ username: 'bench-export', password: 'bench-password', role: 'purchasing-admin' });
  await db.execute(sql`insert into purchase_orders (purchase_ref_id, legacy_po_number, created_at, created_by, ims_location_code, vendor_id, status_id,
      purchase_terms_id, carrier_name, vendor_order_id, paid, dfi_discount_percentage, total_cents)
    select 'B' || lpad(g::text, 7, '0'),
      case when g % 9 = 0 then '00' || (50000 + g) else null end,
      now() - ((g % 1095) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
      (select min(id) from users),
      (array['KY01','TX01','AZ02','RUBY'])[1 + g % 4],
      (select array_agg(id) from vendors where id <> 127)[1 + g % (select count(*) from vendors where id <> 127)::int],
      1 + g % 8, 1 + g % 9,
      case when g % 3 = 0 then 'UPS Freight' else null end,
      case when g % 7 = 0 then '=SO-' else 'SO-' end || (200000 + g), g % 5 = 0, (g % 4)::numeric,
      (g % 100000) * 137
    from generate_series(1, ${POS}) g`);
  await db.execute(sql`analyze purchase_orders`);
}

async function main() {
  const database = await openSeededBenchDatabase('kt_bench_list_export', seed);
  const url = database.url;
  const config = loadConfig({});
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    server = await startBenchServer(url, 3490);
    const { base, rss } = server;
    const token = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: 'bench-export',
        password: 'bench-password',
        client_id: config.oauthClientId,
        client_secret: config.oauthClientSecret,
      }),
    });
    const headers = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
    await (await fetch(`${base}/api/purchase/export?poNumber=B00001`, { headers })).arrayBuffer();
    const baseline = rss();
    for (const format of ['csv', 'xlsx'] as const) {
      for (let call = 1; call <= CALLS; call++) {
        let peak = rss();
        const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
        const started = performance.now();
        const loadBefore = load();
        let bytes = 0;
        let lines = 0;
        try {
          const response = await fetch(`${base}/api/purchase/export?format=${format}`, { headers });
          if (response.status !== 200) throw new Error(`${format}: ${response.status} ${await response.text()}`);
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            bytes += chunk.length;
            if (format === 'csv') for (const byte of chunk) if (byte === 10) lines += 1;
          }
        } finally {
          clearInterval(sampler);
        }
        peak = Math.max(peak, rss());
        const rows = format === 'csv' ? `${(lines - 1).toLocaleString('en-US')} rows, ` : '';
        console.log(
          `PO list export ${format} #${call}: ${rows}${mb(bytes)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
            `server RSS ${mb(baseline)} MB -> peak ${mb(peak)} MB (growth ${mb(peak - baseline)} MB); load ${loadBefore} -> ${load()}`,
        );
      }
    }
  } finally {
    await server?.stop();
    await database.drop();
  }
}

await main();
