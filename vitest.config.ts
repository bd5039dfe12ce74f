import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Unit tests (contracts, web logic) and server tests (API integration through Fastify's inject).
 * Server tests run against PGlite by default and against PostgreSQL with TEST_DB=postgres.
 *
 * `TEST_BOTH_DATABASES=1` (set by scripts/test.sh) adds a project `server-postgres`: the same server tests with
 * TEST_DB=postgres, run in the same invocation as the PGlite ones, so the two share the workers. A PostgreSQL test
 * spends part of its time waiting for the database's own processes, and a PGlite test in another worker fills that time.
 */
const serverTests = (name: string, onPostgres: boolean): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    // Two real server processes on one database: PostgreSQL only (PGlite is single-process by design).
    exclude: onPostgres ? [] : ['apps/server/test/concurrency/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    ...(name === 'server-postgres' ? { env: { TEST_DB: 'postgres' } } : {}),
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contracts/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverTests('server', process.env.TEST_DB === 'postgres'),
      ...(process.env.TEST_BOTH_DATABASES === '1' ? [serverTests('server-postgres', true)] : []),
    ],
  },
});
