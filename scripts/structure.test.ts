import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const SOURCE_DIRS = ['packages/contracts/src', 'apps/server/src', 'apps/server/test', 'apps/web/src', 'e2e/tests', 'e2e/support'];

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
      .filter((rel) => rel.split(path.sep).some((part) => !/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/.test(part.replace(/\.(ts|tsx|mjs)$/, ''))));
    expect(bad).toEqual([]);
  });

  it('shows dates through lib/format-date, never in the browser locale (000 §9: YYYY-MM-DD)', () => {
    // The receiving dialogs are another engineer's files this change leaves alone; they switch next.
    const offenders = files
      .filter((f) => f.includes(`${path.sep}apps${path.sep}web${path.sep}src${path.sep}`) && !f.endsWith(`${path.sep}format-date.ts`))
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
    const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.includes(`${path.sep}test${path.sep}`) || f.includes(`${path.sep}e2e${path.sep}tests${path.sep}`);
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
          .flatMap((line, i) => (/\bissues? #?\d+/i.test(commentOf(line)) ? [`${path.relative(root, f)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  describe('the web reaches the API only through the contract (issue 33 item 2)', () => {
    const web = path.join('apps', 'web', 'src') + path.sep;
    const webSources = files.filter((f) => path.relative(root, f).startsWith(web) && !/\.test\.tsx?$/.test(f));
    const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
    /** The source without its comments, so a comment may name a path or fetch. */
    const code = (f: string) => fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

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
      const offenders = webSources.filter((f) => !allowed.has(rel(f)) && /(?<![\w$.'"/-])fetch\s*\(|(?:\?\?|\|\||[=,(:])\s*fetch\b(?![\w-])|\b(?:window|globalThis|self)\.fetch\b|\bXMLHttpRequest\b|\bsendBeacon\b/.test(code(f))).map(rel);
      expect(offenders).toEqual([]);
    });

    it('types no API path by hand: every path comes from a route of the contract', () => {
      const offenders = webSources.filter((f) => /['"`]\/(?:api|oauth)\//.test(code(f))).map(rel);
      expect(offenders).toEqual([]);
    });

    it('saves and opens blobs in one place (saveBlob / openBlob in lib/api-client.ts)', () => {
      const offenders = webSources.filter((f) => rel(f) !== 'apps/web/src/lib/api-client.ts' && /createObjectURL|\.download\s*=/.test(code(f))).map(rel);
      expect(offenders).toEqual([]);
    });
  });
});
