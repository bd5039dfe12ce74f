import postgres from 'postgres';
import { loadConfig } from '../src/config.js';
import { openPostgres, type OpenDatabase } from '../src/db/database.js';

export const BENCH_ADMIN_URL =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** As the server: statements prepared per connection unless DATABASE_PREPARED_STATEMENTS=0 (for paired runs). */
const BENCH_PREPARED_STATEMENTS = loadConfig().databasePreparedStatements;

/** A fresh PostgreSQL database for a benchmark, migrated; dropped again unless KEEP_BENCH_DB=1. */
export async function openBenchDatabase(
  name: string,
  options: { keep?: boolean } = {},
): Promise<OpenDatabase & { url: string; drop(): Promise<void> }> {
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4, preparedStatements: BENCH_PREPARED_STATEMENTS });
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      if (!options.keep && process.env.KEEP_BENCH_DB !== '1')
        await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A benchmark database built from a seeded copy: with `BENCH_REUSE_SEED=1` the seeded state is kept as the database
 * `<name>_seed` and later runs start from a copy of it (`CREATE DATABASE … TEMPLATE`, seconds instead of minutes), so
 * the timed part can be run again at a quiet moment of a shared machine. Without it: a fresh database seeded each run.
 * `seed` runs on its own connection, which is closed before the copy is made. Answers whether this run seeded.
 */
export async function openSeededBenchDatabase(
  name: string,
  seed: (database: OpenDatabase) => Promise<void>,
): Promise<OpenDatabase & { url: string; seeded: boolean; drop(): Promise<void> }> {
  const reuse = process.env.BENCH_REUSE_SEED === '1';
  const template = `${name}_seed`;
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    const exists = reuse && (await admin.unsafe(`SELECT 1 FROM pg_database WHERE datname = '${template}'`)).length > 0;
    let seeded = false;
    if (!exists) {
      const fresh = await openBenchDatabase(reuse ? template : name, { keep: reuse });
      await seed(fresh);
      if (!reuse) return { ...fresh, seeded: true };
      await fresh.drop();
      seeded = true;
    }
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    const url = new URL(BENCH_ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), { max: 4, preparedStatements: BENCH_PREPARED_STATEMENTS });
    return {
      ...database,
      url: url.toString(),
      seeded,
      async drop() {
        await database.close();
        const dropper = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
        await dropper.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await dropper.end();
      },
    };
  } finally {
    await admin.end();
  }
}

/** p50/p95/p99 and max of a list of milliseconds. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)! };
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Prints one line of figures and answers the percentiles. */
export function report(name: string, samples: number[], width = 58) {
  const p = percentiles(samples);
  console.log(
    `${name.padEnd(width)} n=${String(p.n).padStart(4)}  p50 ${fmt(p.p50).padStart(9)}  p95 ${fmt(p.p95).padStart(9)}  p99 ${fmt(p.p99).padStart(9)}  max ${fmt(p.max)}`,
  );
  return p;
}
