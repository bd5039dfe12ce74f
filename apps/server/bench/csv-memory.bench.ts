// `npm run bench:csv-memory -w apps/server`: the server's memory while it streams big CSVs (a 1,000,000-row
// CSV with server memory growth under 100 MB). It runs on a copy of the kept seed of inventory-reports.bench.ts (run
// that once with BENCH_REUSE_SEED=1): 1,000,000 live serials, 100,000 products. `src/main.ts` runs in a process of
// its own with Node's default heap (BENCH_SERVER_NODE_ARGS adds flags), its VmRSS read from /proc every 50 ms while
// this process reads each file over HTTP: the generic live-serials CSV (1,000,000 rows, sendCsv with object rows)
// and the inventory accounting CSV (312,500-331,250 rows, sendCsvPages). Each file is fetched BENCH_CALLS times
// (default 2) after one warm-up call of its route; growth is the peak less the RSS before the first timed call.
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { loadConfig } from '../src/config.js';
import { openPostgres } from '../src/db/database.js';
import { createServices } from '../src/modules/services.js';
import { BENCH_ADMIN_URL } from './bench-database.js';
import { startBenchServer } from './bench-server.js';

const RSS_TARGET_MB = 100;
const CALLS = Number(process.env.BENCH_CALLS ?? 2);
const SEED = 'kt_bench_inventory_reports_seed';
const NAME = 'kt_bench_csv_memory';

async function main() {
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  if ((await admin.unsafe(`SELECT 1 FROM pg_database WHERE datname = '${SEED}'`)).length === 0) {
    throw new Error(`no ${SEED}: run BENCH_REUSE_SEED=1 npm run bench:inventory-reports -w apps/server once first`);
  }
  await admin.unsafe(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE "${NAME}" TEMPLATE "${SEED}"`);
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${NAME}`;
  const config = loadConfig({});
  // The generic report is a developer's (its permission); the inventory reports an admin's (the seed's bench-admin).
  const database = await openPostgres(url.toString(), { max: 1 });
  await createServices(database.db, { ...config, logLevel: 'silent' }).users.create({
    username: 'bench-csv-dev',
    password: 'bench-password',
    role: 'developer',
  });
  await database.close();
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  let over = false;
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    server = await startBenchServer(url.toString(), 3390);
    const { base, rss } = server;
    const signIn = async (username: string) => {
      const response = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          username,
          password: 'bench-password',
          client_id: config.oauthClientId,
          client_secret: config.oauthClientSecret,
        }),
      });
      return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
    };
    const files: [string, string, string, string][] = [
      [
        'live-serials CSV (generic report)',
        '/api/reports/generic/live-serials/csv',
        '/api/reports/generic/live-serials?bucket=KY01',
        'bench-csv-dev',
      ],
      [
        'inventory accounting CSV, today',
        '/api/ims/reporting/inventory/accounting',
        '/api/ims/reporting/inventory/ge-on-hand-export',
        'bench-admin',
      ],
    ];
    for (const [name, file, warmUp, username] of files.filter(
      ([name]) => !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY),
    )) {
      const headers = await signIn(username);
      await (await fetch(`${base}${warmUp}`, { headers })).text();
      const baseline = rss();
      for (let call = 1; call <= CALLS; call++) {
        let peak = rss();
        const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
        const started = performance.now();
        const loadBefore = load();
        let bytes = 0;
        let lines = 0;
        try {
          const response = await fetch(`${base}${file}`, { headers });
          if (response.status !== 200) throw new Error(`${file}: ${response.status} ${await response.text()}`);
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            bytes += chunk.length;
            for (const byte of chunk) if (byte === 10) lines += 1;
          }
        } finally {
          clearInterval(sampler);
        }
        peak = Math.max(peak, rss());
        const growth = (peak - baseline) / 1024 / 1024;
        over ||= growth >= RSS_TARGET_MB;
        console.log(
          `${name} #${call}: ${(lines - 1).toLocaleString('en-US')} rows, ${mb(bytes)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
            `server RSS ${mb(baseline)} MB -> peak ${mb(peak)} MB (growth ${growth.toFixed(0)} MB, target < ${RSS_TARGET_MB}); load ${loadBefore} -> ${load()}`,
        );
      }
    }
  } finally {
    await server?.stop();
    await admin.unsafe(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
    await admin.end();
  }
  if (over) console.log('RSS growth over the target');
  process.exitCode = over ? 1 : 0;
}

await main();
