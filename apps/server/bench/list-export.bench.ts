// `npm run bench:list-export -w apps/server`: the export of a 100,000-row list (issue 37 "Export any list"), CSV and
// XLSX. BENCH_LIST picks the list: `purchase-orders` (the PO list's export of 100,000 POs, the default) or `products`
// (the product list's export of 100,000 products, with their derived quantities); BENCH_ROWS the rows (BENCH_POS, the
// old name, still sets the POs). Seeded set-based; BENCH_REUSE_SEED=1 keeps the seed for later runs.
// `src/main.ts` runs in a process of its own, its VmRSS read from /proc every 50 ms while this process reads the file
// over HTTP; growth is the peak less the RSS before the first timed call (after one warm-up export of a few rows).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import type { OpenDatabase } from '../src/db/database.js';
import { createServices } from '../src/modules/services.js';
import { loadDemoDataIfEmpty } from '../src/modules/demo-data/load-demo-data.js';
import { openSeededBenchDatabase } from './bench-database.js';
import { startBenchServer } from './bench-server.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 2);

/** The demo data and the bench's user (a purchasing admin: reads POs and products). */
async function seedBase({ db }: OpenDatabase) {
  const config = { ...loadConfig({}), logLevel: 'silent' as const };
  const services = createServices(db, config);
  await services.users.ensureRoles();
  await loadDemoDataIfEmpty(db, config);
  await services.users.create({ username: 'bench-export', password: 'bench-password', role: 'purchasing-admin' });
}

/** Each list the bench can export: its seed of `rows` rows, a warm-up export (a few rows) and the timed one. */
const LISTS = {
  'purchase-orders': {
    rows: Number(process.env.BENCH_ROWS ?? process.env.BENCH_POS ?? 100_000),
    warmUp: '/api/purchase/export?poNumber=B00001',
    path: '/api/purchase/export',
    async seed(database: OpenDatabase, rows: number) {
      await seedBase(database);
      await database.db
        .execute(sql`insert into purchase_orders (purchase_ref_id, legacy_po_number, created_at, created_by, ims_location_code, vendor_id, status_id,
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
        from generate_series(1, ${rows}) g`);
      await database.db.execute(sql`analyze purchase_orders`);
    },
  },
  products: {
    rows: Number(process.env.BENCH_ROWS ?? 100_000),
    warmUp: '/api/product/export?modelTerm=XB000001',
    path: '/api/product/export',
    async seed(database: OpenDatabase, rows: number) {
      await seedBase(database);
      const { db } = database;
      await db.execute(
        sql`insert into brands (brand_name, brand_code) select 'Export Brand ' || g, 'XB' || g from generate_series(1, 60) g`,
      );
      await db.execute(
        sql`insert into categories (category_name, category_code) select 'Export Category ' || g, 'XC' || g from generate_series(1, 40) g`,
      );
      // One product in 11 has a description starting with "=" (neutralised in the file); every third is on hand.
      await db.execute(sql`insert into products (model_number, part_number, upc, description, current_cost_cents, status,
          fk_brand_id, fk_category_id, item_type)
        select 'XB' || lpad(g::text, 6, '0') || (array['SS','WW','BB'])[1 + g % 3], 'P' || g, '7' || lpad(g::text, 11, '0'),
          case when g % 11 = 0 then '=' else '' end || 'Export product ' || g || ' french door stainless',
          1000 + g % 90000, case when g % 20 = 0 then 'INACTIVE' else 'ACTIVE' end,
          (select min(id) from brands where brand_code like 'XB%') + g % 60,
          (select min(id) from categories where category_code like 'XC%') + (g / 7) % 40,
          case when g % 5 = 0 then 'FREIGHT' else 'NON FREIGHT' end
        from generate_series(1, ${rows}) g`);
      await db.execute(sql`insert into inventory (product_id, bucket, quantity)
        select id, 'KY01', 1 + id % 9 from products where model_number like 'XB%' and id % 3 = 0`);
      await db.execute(sql`vacuum analyze`);
    },
  },
} as const;

const LIST_NAME = (process.env.BENCH_LIST ?? 'purchase-orders') as keyof typeof LISTS;
const LIST = LISTS[LIST_NAME];
if (!LIST) throw new Error(`BENCH_LIST must be one of ${Object.keys(LISTS).join(', ')}`);

async function main() {
  const database = await openSeededBenchDatabase(
    `kt_bench_list_export_${LIST_NAME.replace('-', '_')}_${LIST.rows}`,
    (db) => LIST.seed(db, LIST.rows),
  );
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
    await (await fetch(`${base}${LIST.warmUp}`, { headers })).arrayBuffer();
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
          const response = await fetch(`${base}${LIST.path}?format=${format}`, { headers });
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
          `${LIST_NAME} list export ${format} #${call}: ${rows}${mb(bytes)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
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
