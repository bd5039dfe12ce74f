/**
 * `npm run soak` (docs/decisions.md, "A model-based test of the whole ledger"): the model-based ledger test's operations (test/ledger-model) for a long run —
 * SOAK_STEPS steps (default 100,000) from SOAK_SEED (default: the time; printed, so a failure can be run again) on
 * PGlite in a temporary folder, or on PostgreSQL when DATABASE_URL is set (a database of its own: it must be empty).
 * Every step is predicted by the model and its answer checked; every SOAK_CHECK_EVERY steps (default 500) and at the
 * end the product's figures are compared with the model and the ledger check must be clean. Prints steps/s.
 * A new location (its buckets, bins, products and serials) every SOAK_STEPS_PER_LOCATION steps (default 5,000)
 * keeps the figures one run compares small.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres } from '../src/db/database.js';
import { createActors, injectClient, LedgerModelRunner, sampleSteps } from '../test/ledger-model/operations.js';

const STEPS = Number(process.env.SOAK_STEPS ?? 100_000);
const SEED = Number(process.env.SOAK_SEED ?? Date.now() % 2_147_483_647);
const CHECK_EVERY = Number(process.env.SOAK_CHECK_EVERY ?? 500);
const PER_LOCATION = Number(process.env.SOAK_STEPS_PER_LOCATION ?? 5_000);
const CHUNK = 1_000;

async function main(): Promise<void> {
  const dir = process.env.DATABASE_URL ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-soak-'));
  const database = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(dir);
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-soak-outbox-'));
  const config = {
    ...loadConfig({}),
    logLevel: 'silent' as const,
    ediOutboxDir: path.join(outbox, 'edi'),
    mailOutboxDir: path.join(outbox, 'mail'),
    carouselImageDir: path.join(outbox, 'carousel'),
    reportFilesDir: path.join(outbox, 'reports'),
  };
  const { app, services } = await buildApp({
    db: database.db,
    dbKind: database.kind,
    config,
    logger: false,
    serveWeb: false,
    listen: database.listen,
  });
  await services.users.ensureRoles();
  await app.ready();
  const clients = [injectClient(app)];
  const actors = await createActors(services, clients);
  console.log(
    `soak: ${STEPS} steps, seed ${SEED} (SOAK_SEED=${SEED} runs it again), on ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${dir}`}`,
  );
  const started = Date.now();
  let runner: LedgerModelRunner | null = null;
  let locations = 0;
  let done = 0;
  try {
    for (let chunk = 0; done < STEPS; chunk++) {
      const steps = sampleSteps(SEED + chunk, Math.min(CHUNK, STEPS - done));
      for (const step of steps) {
        if (!runner || done % PER_LOCATION === 0) {
          if (runner) await runner.verify({ lines: true, releases: true });
          locations += 1;
          runner = new LedgerModelRunner({
            services,
            db: database.db,
            clients,
            actors,
            location: `SK${String(locations).padStart(3, '0')}`,
          });
          await runner.setup();
          await runner.stockUp();
        }
        await runner.run(step);
        done += 1;
        if (done % CHECK_EVERY === 0) {
          const checking = Date.now();
          await runner.verify();
          const seconds = (Date.now() - started) / 1000;
          console.log(
            `soak: ${done} steps, ${(done / seconds).toFixed(1)} steps/s, ledger clean (check ${((Date.now() - checking) / 1000).toFixed(1)} s)`,
          );
          if (done % (CHECK_EVERY * 10) === 0) console.log(`soak: time in this location's steps: ${runner.timing()}`);
        }
      }
    }
    await runner!.verify({ lines: true, releases: true });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `soak: PASSED ${done} steps in ${seconds.toFixed(1)} s (${(done / seconds).toFixed(1)} steps/s), seed ${SEED}, ${locations} location(s); last location: ${runner!.summary()}`,
    );
  } catch (error) {
    console.error(
      `soak: FAILED at step ${done + 1} of ${STEPS}, seed ${SEED} (SOAK_SEED=${SEED} SOAK_STEPS=${STEPS} to run it again)`,
    );
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outbox, { recursive: true, force: true });
  }
}

await main();
