import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { OpenDatabase } from '../src/db/database.js';
import { createServices } from '../src/modules/services.js';
import { loginAs } from '../test/harness.js';
import { percentiles } from './bench-database.js';

/** The password of every bench user. */
export const BENCH_PASSWORD = 'bench-password';

/**
 * What every seeded bench starts from: the roles, its locations with their buckets, and one user to call the API as.
 * Answers the user's id and the services (made on `db`, silent) for the rest of the seed.
 */
export async function seedBenchBasics(
  db: OpenDatabase['db'],
  options: { locations: readonly string[]; username: string; role: string },
) {
  const services = createServices(db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  for (const locationCode of options.locations)
    await services.locations.createLocationWithBuckets({
      locationCode,
      address1: '1 Bench Way',
      city: 'Louisville',
      stateOrProvince: 'KY',
      postalCode: '40213',
    });
  const userId = await services.users.create({
    username: options.username,
    password: BENCH_PASSWORD,
    role: options.role,
  });
  return { services, userId };
}

/** The app a bench calls (Fastify inject): on its PostgreSQL database, silent, without the web client. */
export async function buildBenchApp(db: OpenDatabase['db'], overrides: Partial<ReturnType<typeof loadConfig>> = {}) {
  const config = { ...loadConfig({}), logLevel: 'silent', ...overrides };
  return { ...(await buildApp({ db, dbKind: 'postgres', config, logger: false, serveWeb: false })), config };
}

/** A bearer token of a bench user, signed in through the app (Fastify inject), as the tests sign in. */
export const benchToken = (app: FastifyInstance, username: string) => loginAs(app, username, BENCH_PASSWORD);

/**
 * `fn` called `warmup` times untimed (4 by default: a first call whose answer is kept, and 3 more), then `n` times
 * timed one after another. Answers the first answer, the samples in ms and their p50/p95/p99/max.
 */
export async function timeCalls<T>(n: number, fn: () => Promise<T>, options: { warmup?: number } = {}) {
  const warmup = options.warmup ?? 4;
  let first: T | undefined;
  for (let i = 0; i < warmup; i++) {
    const answer = await fn();
    if (i === 0) first = answer;
  }
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const answer = await fn();
    samples.push(performance.now() - started);
    if (warmup === 0 && i === 0) first = answer;
  }
  return { first: first as T, samples, ...percentiles(samples) };
}
