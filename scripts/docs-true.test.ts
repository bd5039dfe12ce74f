import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORT_CATEGORIES } from '../packages/contracts/src/reports/reports.api.js';
import { loadConfig, type AppConfig } from '../apps/server/src/config.js';
import { REPORT_DEFINITIONS } from '../apps/server/src/modules/reports/definitions/index.js';

/**
 * Docs that stay true: every path and code name docs/architecture.md writes in backticks exists, and the figures the
 * README and the architecture give about the code (migrations, generic reports and their categories, the defaults
 * of the environment table) are the code's.
 */
const root = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const architecture = read('docs/architecture.md');
const readme = read('README.md');

/** Every file the repository tracks, and the folders they are in. */
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const folders = new Set(
  tracked.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

/** The text a code name must appear in: the source, tests, migrations and scripts. */
const SOURCE = /^(apps|packages|e2e|scripts)\/.*\.(ts|tsx|mjs|sql|sh)$/;
const sourceText = tracked
  .filter((f) => SOURCE.test(f) && fs.existsSync(path.join(root, f)))
  .map(read)
  .join('\n');

/** Backticked spans that are neither paths nor code names of ours, on purpose. */
const NOT_OURS = new Set([
  // Words of PostgreSQL, Node, zod, Playwright or the shell the text quotes.
  'CREATE DATABASE … TEMPLATE',
  'chromium-headless-shell',
  'fastify-type-provider-zod',
  'performance.now()',
  'z.infer',
  'zodResolver',
  'nextval',
  'no-store',
  'anyOf',
  'expect',
  // Reference prefixes of the ledger (IS-…, IT-…) and a status word.
  'IS-',
  'IT-',
  'SOLD',
]);

/** Where a path written relative to a package or a folder of it is looked for. */
const ROOTS = [
  '',
  'apps/server/',
  'apps/web/',
  'apps/server/src/',
  'apps/web/src/',
  'apps/server/src/modules/',
  'e2e/',
];

function exists(span: string): boolean {
  const clean = span.replace(/\/$/, '');
  if (ROOTS.some((r) => tracked.includes(r + clean) || folders.has(r + clean))) return true;
  // A bare file name (`camera-scan.ts`) or a path inside a folder the text has just named: anywhere in the tree.
  return tracked.some((f) => f.endsWith(`/${clean}`)) || [...folders].some((d) => d.endsWith(`/${clean}`));
}

/** `a/b.ts`, `modules/ledger/`, `outbox.ts`: a path (placeholders like `<domain>`, globs and URLs are not). */
const isPath = (span: string) =>
  !/[<>{}*…\s?=]/.test(span) &&
  !span.startsWith('/') &&
  (/\//.test(span) || /^[\w.-]+\.(ts|tsx|mjs|sh|md|json|sql)$/.test(span));
/**
 * The code name a span writes, if it writes one: `Ledger.postTransfer`, `useScanScope`, `inventory_serials`,
 * `runNow(id)` (a call: its callee), `JOBS_ENABLED=0` (a setting: its name). Plain lower-case words are prose.
 */
function nameOf(span: string): string | null {
  const name = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:\(.*\)|=\S+)?$/.exec(span)?.[1];
  return name && /[A-Z_.]/.test(name) ? name : name && /\(/.test(span) ? name : null;
}
/** `GET /api/jobs/{id}`, `/api/docs/json`: a route, written as the contracts write its path. */
const routeOf = (span: string) =>
  /^(?:(?:GET|POST|PUT|PATCH|DELETE) )?(\/(?:api|oauth)\/[^\s?…]+)/.exec(span)?.[1] ?? null;

const spans = [...new Set([...architecture.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim()))].filter(
  (s) => !NOT_OURS.has(s),
);

describe('docs/architecture.md', () => {
  it('names paths that exist', () => {
    const paths = spans.filter(isPath);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('names code that exists', () => {
    const names = spans.filter((s) => !isPath(s)).flatMap((s) => nameOf(s) ?? []);
    expect(names.length).toBeGreaterThan(40);
    // Each part of a dotted name (`ctx.executor`: ctx, executor) is a word of the source.
    const missing = names.filter((name) =>
      name.split('.').some((part) => !new RegExp(`\\b${part}\\b`).test(sourceText)),
    );
    expect(missing).toEqual([]);
  });

  it('names routes, job kinds and migrations the code has', () => {
    const routes = spans.flatMap((s) => routeOf(s) ?? []).filter((r) => r !== '/api');
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.filter((r) => !sourceText.includes(`'${r}`))).toEqual([]);
    // Job kinds (`purchase-order.edi-850`) are quoted strings of the source.
    const kinds = spans.filter(
      (s) => /^[a-z]+(?:-[a-z]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s) && s.includes('-') && !isPath(s),
    );
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.filter((k) => !sourceText.includes(`'${k}'`))).toEqual([]);
  });

  it('names migrations that exist', () => {
    const migrations = fs.readdirSync(path.join(root, 'apps/server/drizzle')).filter((f) => f.endsWith('.sql'));
    const named = [...architecture.matchAll(/migration `?(\d{4})(_[\w-]+)?`?/g)].map((m) => `${m[1]}${m[2] ?? ''}`);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !migrations.some((f) => f.startsWith(n)))).toEqual([]);
  });
});

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const figure = (text: string) => WORDS[text.toLowerCase()] ?? Number(text);

/** Every "N <noun>" of the docs for the nouns given, as numbers. */
function figures(text: string, noun: RegExp): number[] {
  return [...text.matchAll(new RegExp(`\\b(\\d+|${Object.keys(WORDS).join('|')})\\s+(?:${noun.source})`, 'gi'))].map(
    (m) => figure(m[1]!),
  );
}

describe('the figures of the README and docs/architecture.md', () => {
  const docs = `${readme}\n${architecture}`;

  it('count the migrations there are', () => {
    const journal = JSON.parse(read('apps/server/drizzle/meta/_journal.json')) as { entries: unknown[] };
    const counts = figures(docs, /migrations\b/);
    expect(counts.length).toBeGreaterThan(0);
    for (const n of counts) expect(n).toBe(journal.entries.length);
  });

  it('count the generic reports and their categories', () => {
    const reports = figures(docs, /generic reports\b/);
    expect(reports.length).toBeGreaterThan(0);
    for (const n of reports) expect(n).toBe(REPORT_DEFINITIONS.length);
    const categories = [...docs.matchAll(/generic reports in (\w+) categories/g)].map((m) => figure(m[1]!));
    expect(categories.length).toBeGreaterThan(0);
    for (const n of categories) expect(n).toBe(REPORT_CATEGORIES.length);
    expect(new Set(REPORT_DEFINITIONS.map((r) => r.category)).size).toBe(REPORT_CATEGORIES.length);
  });

  it("give the environment table's defaults the server has", () => {
    const base = loadConfig({});
    const flat = (config: AppConfig) => {
      const out = new Map<string, unknown>();
      const walk = (value: unknown, key: string) => {
        if (value && typeof value === 'object' && !Array.isArray(value))
          for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
        else out.set(key, value);
      };
      walk(config, '');
      return out;
    };
    const before = flat(base);
    const rows = readme.split('\n').filter((line) => line.startsWith('| `'));
    let checked = 0;
    const wrong: string[] = [];
    for (const row of rows) {
      const [namesCell, defaultsCell] = row
        .split('|')
        .slice(1, 3)
        .map((c) => c.trim());
      const names = [...namesCell!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!);
      // Plain whole numbers only, one per name (`5` / `900`); "`8` (PostgreSQL), `1` (PGlite)" and words are left out.
      if (!/^`\d+`( \/ `\d+`)*$/.test(defaultsCell!)) continue;
      const defaults = [...defaultsCell!.matchAll(/`(\d+)`/g)].map((m) => Number(m[1]));
      if (defaults.length !== names.length) continue;
      names.forEach((name, i) => {
        let changed: string[];
        try {
          const after = flat(loadConfig({ [name]: '7777' }));
          changed = [...after.keys()].filter(
            (k) => after.get(k) !== before.get(k) && typeof before.get(k) === 'number',
          );
        } catch {
          return;
        }
        if (changed.length !== 1) return; // a switch (`1`/`0`), not a figure
        checked += 1;
        if (before.get(changed[0]!) !== defaults[i])
          wrong.push(`${name}: README ${defaults[i]}, code ${String(before.get(changed[0]!))}`);
      });
    }
    expect(checked).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
