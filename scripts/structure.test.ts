import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const SOURCE_DIRS = [
  'packages/contracts/src',
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
  'e2e/tests',
  'e2e/support',
];

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : /\.(ts|tsx|mjs)$/.test(e.name) ? [full] : [];
  });
}

const files = SOURCE_DIRS.flatMap((d) => walk(path.join(root, d)));

function relativeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((spec) => {
    const base = path.resolve(path.dirname(file), spec.replace(/\.js$/, ''));
    for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, 'index.ts')]) {
      if (fs.existsSync(candidate)) return candidate;
    }
    return base;
  });
}

describe('code structure', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('names every source file and folder in kebab-case', () => {
    const bad = files
      .map((f) => path.relative(root, f))
      .filter((rel) =>
        rel.split(path.sep).some((part) => !/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/.test(part.replace(/\.(ts|tsx|mjs)$/, ''))),
      );
    expect(bad).toEqual([]);
  });

  it('shows dates through lib/format-date, never in the browser locale (000 §9: YYYY-MM-DD)', () => {
    // The receiving dialogs are another engineer's files this change leaves alone; they switch next.
    const offenders = files
      .filter(
        (f) =>
          f.includes(`${path.sep}apps${path.sep}web${path.sep}src${path.sep}`) &&
          !f.endsWith(`${path.sep}format-date.ts`),
      )
      .filter((f) => /\.toLocale(?:Date|Time)?String\(|DateTimeFormat/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });

  it('keeps web features out of each other', () => {
    const featureOf = (f: string) => /apps\/web\/src\/features\/([^/]+)\//.exec(f)?.[1];
    const crossings = files.flatMap((f) => {
      const from = featureOf(f);
      if (!from) return [];
      return relativeImports(f)
        .filter((target) => featureOf(target) && featureOf(target) !== from)
        .map((target) => `${path.relative(root, f)} -> ${path.relative(root, target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it('has no import cycles', () => {
    const graph = new Map(files.map((f) => [f, relativeImports(f).filter((t) => files.includes(t))]));
    const state = new Map<string, 'visiting' | 'done'>();
    const cycles: string[] = [];
    const stack: string[] = [];
    const visit = (node: string) => {
      state.set(node, 'visiting');
      stack.push(node);
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === 'visiting') {
          cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)).join(' -> '));
        } else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(node, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  it('cites the spec or docs/decisions.md in comments, never a tracker number a reader cannot open', () => {
    const isTest = (f: string) =>
      /\.test\.tsx?$/.test(f) ||
      f.includes(`${path.sep}test${path.sep}`) ||
      f.includes(`${path.sep}e2e${path.sep}tests${path.sep}`);
    /** The comment part of a line: a line of a comment block, or what follows `//` outside a string. */
    const commentOf = (line: string) => {
      const trimmed = line.trimStart();
      if (/^(\/\/|\/\*|\*|\{\/\*)/.test(trimmed)) return trimmed;
      const at = line.search(/(?<![:'"`\\])\/\/\s/);
      return at >= 0 && (line.slice(0, at).match(/['`]/g) ?? []).length % 2 === 0 ? line.slice(at) : '';
    };
    const offenders = files
      .filter((f) => !isTest(f))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            /\bissues? #?\d+/i.test(commentOf(line)) ? [`${path.relative(root, f)}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });

  describe('the web reaches the API only through the contract (issue 33 item 2)', () => {
    const web = path.join('apps', 'web', 'src') + path.sep;
    const webSources = files.filter((f) => path.relative(root, f).startsWith(web) && !/\.test\.tsx?$/.test(f));
    const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
    /** The source without its comments, so a comment may name a path or fetch. */
    const code = (f: string) =>
      fs
        .readFileSync(f, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');

    it('reads the web sources', () => {
      expect(webSources.length).toBeGreaterThan(40);
    });

    it('calls fetch only in callApi/uploadFile (lib/api-client.ts) and downloadFile (lib/file-fetch.ts)', () => {
      const allowed = new Set([
        'apps/web/src/lib/api-client.ts',
        'apps/web/src/lib/file-fetch.ts',
        // The live event stream: a connection held open, not a contract route (its path is the contract's LIVE_EVENTS_PATH).
        'apps/web/src/lib/live/live-connection.ts',
      ]);
      const offenders = webSources
        .filter(
          (f) =>
            !allowed.has(rel(f)) &&
            /(?<![\w$.'"/-])fetch\s*\(|(?:\?\?|\|\||[=,(:])\s*fetch\b(?![\w-])|\b(?:window|globalThis|self)\.fetch\b|\bXMLHttpRequest\b|\bsendBeacon\b/.test(
              code(f),
            ),
        )
        .map(rel);
      expect(offenders).toEqual([]);
    });

    it('types no API path by hand: every path comes from a route of the contract', () => {
      const offenders = webSources.filter((f) => /['"`]\/(?:api|oauth)\//.test(code(f))).map(rel);
      expect(offenders).toEqual([]);
    });

    it('saves and opens blobs in one place (saveBlob / openBlob in lib/api-client.ts)', () => {
      const offenders = webSources
        .filter((f) => rel(f) !== 'apps/web/src/lib/api-client.ts' && /createObjectURL|\.download\s*=/.test(code(f)))
        .map(rel);
      expect(offenders).toEqual([]);
    });
  });
  describe('names that match across layers (docs/architecture.md, "Domains")', () => {
    const architecture = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
    const section = /\n## Domains\n([\s\S]*?)\n## /.exec(architecture)?.[1] ?? '';
    const domains = new Set([...section.matchAll(/^- `([a-z0-9-]+)`:/gm)].map((m) => m[1]!));
    const folders = (dir: string) =>
      fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    /** Each layer's folders that belong to no domain, with the reason (docs/architecture.md says the same). */
    const LAYER_SPECIFIC: Record<string, Record<string, string>> = {
      'packages/contracts/src': { http: 'route descriptors, errors and shared HTTP schemas' },
      'apps/server/src/modules': {},
      'apps/web/src/features': { home: "the shell's home and welcome pages" },
      'e2e/tests': { shell: 'the shell: login, menu, toasts, session time-out, scan routing' },
    };

    it('reads the domain list', () => {
      expect(domains.size).toBeGreaterThan(30);
    });

    it('names every folder of the four layers after a domain', () => {
      const strays = Object.entries(LAYER_SPECIFIC).flatMap(([dir, allowed]) =>
        folders(dir)
          .filter((name) => !domains.has(name) && !(name in allowed))
          .map((name) => `${dir}/${name}`),
      );
      expect(strays).toEqual([]);
    });

    it('keeps each domain’s tables in the schema file of its name', () => {
      const schemaDir = path.join('apps', 'server', 'src', 'db', 'schema');
      const strays = fs
        .readdirSync(path.join(root, schemaDir))
        .map((f) => f.replace(/\.ts$/, ''))
        .filter((name) => name !== 'columns' && !domains.has(name));
      expect(strays).toEqual([]);
    });

    it('lists only domains some layer has', () => {
      const present = new Set(
        [...Object.keys(LAYER_SPECIFIC), 'apps/server/src/db/schema'].flatMap((dir) =>
          fs.readdirSync(path.join(root, dir)).map((f) => f.replace(/\.ts$/, '')),
        ),
      );
      expect([...domains].filter((d) => !present.has(d))).toEqual([]);
    });

    it('registers every contract route in the server module of its contract folder’s name', () => {
      const contractsDir = path.join(root, 'packages', 'contracts', 'src');
      const routes = files
        .filter((f) => f.startsWith(contractsDir + path.sep))
        .flatMap((f) =>
          [...fs.readFileSync(f, 'utf8').matchAll(/export const (\w+)\s*=\s*defineRoute\b/g)].map((m) => ({
            name: m[1]!,
            folder: path.relative(contractsDir, f).split(path.sep)[0]!,
          })),
        );
      const modulesDir = path.join(root, 'apps', 'server', 'src', 'modules');
      const registrations = files
        .filter((f) => f.startsWith(modulesDir + path.sep) && f.endsWith('.routes.ts'))
        .map((f) => ({ module: path.relative(modulesDir, f).split(path.sep)[0]!, text: fs.readFileSync(f, 'utf8') }));
      expect(routes.length).toBeGreaterThan(200);
      const misplaced = routes.flatMap(({ name, folder }) => {
        const modules = registrations.filter((r) => new RegExp(`\\b${name}\\b`).test(r.text)).map((r) => r.module);
        return modules.length === 1 && modules[0] === folder
          ? []
          : [`${folder}/${name} is registered by ${modules.join(', ') || 'no module'}`];
      });
      expect(misplaced).toEqual([]);
    });
  });
});
