import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The chunks each screen needs, by route path, for the server to name in the page it sends for that path
 * (`<link rel="modulepreload">`, apps/server/src/http/web-index.ts): on a slow link the screen's chunks then
 * download alongside the shell's from the first round trip, instead of after the shell has run (the
 * cold load of docs/performance.md).
 *
 * The screens are the `lazyPage(…)` consts of the features' `routes.tsx` files and of the router. This reads
 * those files as text (the build has no other way to know which path renders which lazy module) and refuses to
 * build when a file says something it cannot read: a `lazyPage(` it could not parse, or a lazy screen that no
 * path uses. A screen written another way fails the build, it is never silently left out.
 */

/** One screen of a routes file: the module it loads and whether it brings the date pickers. */
export interface TLazyScreen {
  /** The import specifier, relative to the routes file. */
  specifier: string;
  datePickers: boolean;
}

/** What one routes file says: each path and the lazy screens its element renders. */
export interface TRoutesFile {
  paths: Record<string, TLazyScreen[]>;
}

const LOADER = /const (\w+) = \(\) =>\s*import\('([^']+)'\);/g;
const LAZY =
  /const (\w+) = lazyPage\(\s*(?:\(\) =>\s*import\('([^']+)'\)|(\w+))\s*,\s*'\w+'\s*(?:,\s*\{[^{}]*\}\s*)?,?\s*\)/g;
const LAZY_ANY = /lazyPage\(/g;
/** A path key of a route map (`'/purchase-orders': …`), up to the next key or the end of the map. */
const PATH_KEY = /^\s*'(\/[^']*)':/gm;

/** Reads one routes file. Throws, naming the file, when it holds a lazy screen it cannot account for. */
export function parseRoutesFile(source: string, file: string): TRoutesFile {
  const loaders = new Map<string, string>();
  for (const m of source.matchAll(LOADER)) loaders.set(m[1]!, m[2]!);
  const screens = new Map<string, TLazyScreen>();
  for (const m of source.matchAll(LAZY)) {
    const specifier = m[2] ?? loaders.get(m[3]!);
    if (!specifier)
      throw new Error(`${file}: lazyPage(${m[3]}) names no \`const ${m[3]} = () => import('…')\` of this file`);
    screens.set(m[1]!, { specifier, datePickers: /datePickers:\s*true/.test(m[0]) });
  }
  // Every call of lazyPage is a `const X = lazyPage(…)` the pattern read (its import line has no parenthesis).
  const written = [...source.matchAll(LAZY_ANY)].length;
  if (written !== screens.size) {
    throw new Error(
      `${file}: ${written} lazyPage( calls, ${screens.size} read as \`const X = lazyPage(() => import('…'), 'Name'[, { datePickers: true, reads: … }])\` (no braces in the options' values)`,
    );
  }
  const keys = [...source.matchAll(PATH_KEY)];
  const paths: Record<string, TLazyScreen[]> = {};
  const used = new Set<string>();
  keys.forEach((key, i) => {
    const body = source.slice(key.index + key[0].length, keys[i + 1]?.index ?? source.length);
    const names = [...body.matchAll(/<(\w+)\s*\/>/g)].map((m) => m[1]!).filter((name) => screens.has(name));
    for (const name of names) used.add(name);
    paths[key[1]!] = names.map((name) => screens.get(name)!);
  });
  const unused = [...screens.keys()].filter((name) => !used.has(name));
  // The router's own screens (sign-in, scan labels) are used outside a path map; a feature's must be in its map.
  if (keys.length && unused.length) throw new Error(`${file}: lazy screens no path renders: ${unused.join(', ')}`);
  return { paths };
}

/** The build's chunks by file name ('assets/x-hash.js'): what each imports statically and the modules in it. */
export type TChunkGraph = Record<string, { imports: string[]; isEntry: boolean; moduleIds: string[] }>;

/** A chunk and every chunk it imports statically. */
function chunkClosure(graph: TChunkGraph, file: string, into: Set<string>) {
  if (into.has(file) || !graph[file]) return;
  into.add(file);
  for (const next of graph[file].imports) chunkClosure(graph, next, into);
}

/**
 * The chunks each path needs beyond what the page's entry already names (the shell), in a stable order.
 * `modules` maps each path to the source modules of its screens (absolute file names, as the bundler knows them).
 */
export function preloadsByPath(graph: TChunkGraph, modules: Record<string, string[]>): Record<string, string[]> {
  const chunkOf = new Map<string, string>();
  for (const [file, chunk] of Object.entries(graph)) for (const id of chunk.moduleIds) chunkOf.set(id, file);
  const shell = new Set<string>();
  for (const [file, chunk] of Object.entries(graph)) if (chunk.isEntry) chunkClosure(graph, file, shell);
  const out: Record<string, string[]> = {};
  for (const [routePath, ids] of Object.entries(modules)) {
    const files = new Set<string>();
    for (const id of ids) {
      const file = chunkOf.get(id);
      if (!file) throw new Error(`route ${routePath}: no chunk of the build holds ${id}`);
      chunkClosure(graph, file, files);
    }
    const extra = [...files].filter((f) => !shell.has(f)).sort();
    if (extra.length) out[routePath] = extra;
  }
  return out;
}

/** Where the server finds the map (beside the build manifest, which is never sent to a browser). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** The source file an import specifier names (`./components/x` → `/…/src/features/f/components/x.tsx`). */
function resolveModule(routesFile: string, specifier: string): string {
  const base = path.resolve(path.dirname(routesFile), specifier);
  for (const ext of ['.tsx', '.ts', '/index.tsx', '/index.ts']) {
    if (fs.existsSync(base + ext)) return base + ext;
  }
  throw new Error(`${routesFile}: cannot find the module ${specifier}`);
}

/** The Vite plugin: writes dist/.vite/route-preloads.json after the build. */
export function routePreloads(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'keystone-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const graph: TChunkGraph = {};
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk')
          graph[item.fileName] = {
            imports: item.imports,
            isEntry: item.isEntry,
            moduleIds: item.moduleIds.map((id) => path.normalize(id)),
          };
      }
      const featuresDir = path.join(root, 'src/features');
      const routesFiles = fs
        .readdirSync(featuresDir)
        .map((feature) => path.join(featuresDir, feature, 'routes.tsx'))
        .filter((file) => fs.existsSync(file));
      const modules: Record<string, string[]> = {};
      const dates = path.join(root, 'src/lib/date-localization.tsx');
      for (const file of routesFiles) {
        const { paths } = parseRoutesFile(fs.readFileSync(file, 'utf8'), path.relative(root, file));
        for (const [routePath, screens] of Object.entries(paths)) {
          const keys = screens.map((s) => resolveModule(file, s.specifier));
          if (screens.some((s) => s.datePickers)) keys.push(dates);
          modules[routePath] = keys;
        }
      }
      fs.writeFileSync(
        path.join(outDir, ROUTE_PRELOADS_FILE),
        `${JSON.stringify(preloadsByPath(graph, modules), null, 1)}\n`,
      );
    },
  };
}
