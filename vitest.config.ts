import { defineConfig } from 'vitest/config';

/**
 * Unit tests (contracts, web logic) and server tests (API integration through Fastify's inject).
 * Server tests run against PGlite by default and against PostgreSQL with TEST_DB=postgres.
 */
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
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // Two real server processes on one database: PostgreSQL only (PGlite is single-process by design).
          exclude: process.env.TEST_DB === 'postgres' ? [] : ['apps/server/test/concurrency/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
