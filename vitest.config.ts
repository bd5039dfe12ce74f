import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Unit tests (contracts, web logic) and server tests (API integration through Fastify's inject).
 * Server tests run against PGlite by default and against PostgreSQL with TEST_DB=postgres.
 *
 * `TEST_BOTH_DATABASES=1` (set by scripts/test.sh) adds a project `server-postgres`: the same server tests with
 * TEST_DB=postgres, run in the same invocation as the PGlite ones, so the two share the workers. A PostgreSQL test
 * spends part of its time waiting for the database's own processes, and a PGlite test in another worker fills that time.
 */
/** The test files under a folder whose text matches `pattern`, as posix paths from the repository's root. */
function testFilesMatching(root: string, pattern: RegExp): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(root, file.split(path.sep).join('/')))
    .filter((file) => pattern.test(fs.readFileSync(file, 'utf8')))
    .sort();
}

/**
 * The server's test files beside its code that build the app over a test database (they import the harness); the
 * others there (the embedded folder's lock, the EDI transport, the CSV writer, parsers …) do not depend on which
 * database the tests are given, so the `server-postgres` project leaves them to the PGlite run instead of running
 * them twice.
 */
const sourceTestsOnTheTestDatabase = (): string[] =>
  testFilesMatching('apps/server/src', /from ['"][./]*\/test\/harness(\.js)?['"]/);

/**
 * The server's test files that replace a module (`vi.mock`): they run in a process of their own (isolated), since a
 * replaced module would otherwise be what later files in the same process import.
 */
const serverTestsMockingModules = (): string[] =>
  ['apps/server/src', 'apps/server/test'].flatMap((root) => testFilesMatching(root, /\bvi\.(do)?mock\(/));

/**
 * Server test files share their worker process (`isolate: false`): each builds its own app over its own database,
 * and importing the server's module graph (Fastify, Drizzle, the zod contracts, PGlite) once per worker instead of
 * once per file took most of the run: 828 s of import against 2,065 s of tests, summed over the workers, in a
 * fresh-clone run with isolation.
 */
const serverTests = (name: string, onPostgres: boolean): TestProjectInlineConfiguration[] => {
  const mocking = serverTestsMockingModules();
  const onTheTestDatabase = sourceTestsOnTheTestDatabase();
  const include =
    name === 'server-postgres'
      ? [...onTheTestDatabase, 'apps/server/test/**/*.test.ts']
      : ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
  const isolated =
    name === 'server-postgres'
      ? mocking.filter((file) => onTheTestDatabase.includes(file) || file.startsWith('apps/server/test/'))
      : mocking;
  const shared = {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    ...(name === 'server-postgres' ? { env: { TEST_DB: 'postgres' } } : {}),
  } as const;
  // Two real server processes on one database: PostgreSQL only (PGlite is single-process by design).
  const exclude = onPostgres ? [] : ['apps/server/test/concurrency/**'];
  return [
    { test: { ...shared, name, include, exclude: [...exclude, ...mocking], isolate: false } },
    ...(isolated.length
      ? [{ test: { ...shared, name: `${name}-isolated`, include: isolated, exclude, isolate: true } }]
      : []),
  ];
};

/**
 * The files that take longest (each a minute or more of a quiet run on each database: the walks over every route, the
 * model-based ledger tests, the backup and data-folder tests, the demo data), started first whatever their project.
 * Vitest's own order runs project after project and, with no timings cached (a fresh clone), the larger files first:
 * the walks' shards are the smallest files there are, so they ran last and were the run's tail.
 */
const LONGEST_FIRST = [
  'apps/server/src/db/database.test.ts',
  'apps/server/test/ledger-model/ledger-model.test.ts',
  'apps/server/src/cli/backup-restore.test.ts',
  // Two server processes and their waits for each other: little CPU, so they overlap the walks well.
  'apps/server/test/concurrency/ledger-model-two-processes.test.ts',
  'apps/server/test/concurrency/database-outage.test.ts',
  'apps/server/test/reports-walk.test.ts',
  'apps/server/test/permissions.test.ts',
  'apps/server/test/hostile-input-1.test.ts',
  'apps/server/test/hostile-input-2.test.ts',
  'apps/server/test/hostile-input-3.test.ts',
  'apps/server/test/validation.test.ts',
  'apps/server/test/demo-data.test.ts',
  'apps/server/test/ledger-property.test.ts',
  'apps/server/test/login-flood.test.ts',
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(
        path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'),
      );
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    // Stable: the PostgreSQL copy of a file right after its PGlite one, every other file in Vitest's order.
    return sorted
      .map((spec, index) => ({ spec, index, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      ...serverTests('server', process.env.TEST_DB === 'postgres'),
      ...(process.env.TEST_BOTH_DATABASES === '1' ? serverTests('server-postgres', true) : []),
    ],
  },
});
