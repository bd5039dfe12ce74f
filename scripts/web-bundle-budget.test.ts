import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The first download of the web client (issue 8: fast on a slow link): the JavaScript a cold load fetches
 * before anything can run: the entry script of dist/index.html, every chunk it preloads, and every chunk it
 * imports statically (the build manifest's `imports`, followed to the end). Everything else (each screen, zod,
 * the date pickers, the toasts…) is fetched on demand. Budget: 200 kB gzip (200,000 bytes, the unit Vite's
 * build report uses), measured at gzip level 9, the .gz the server sends.
 *
 * It reads the build in apps/web/dist (or WEB_DIST); scripts/test.sh builds it before the unit tests. Without a build, the
 * budget tests are skipped and say why.
 */
export const INITIAL_JS_BUDGET_GZIP = 200_000;

const root = path.resolve(__dirname, '..');
/** The build the server sends: WEB_DIST as the server reads it, else apps/web/dist. */
const DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface InitialDownload {
  /** Files referenced by index.html: the entry script, modulepreloads, stylesheets (dist-relative). */
  fromHtml: string[];
  /** The entry chunk and its static imports, recursively, from the build manifest (dist-relative). */
  fromManifest: string[];
  /** Both, with gzip-9 and brotli sizes. */
  files: { file: string; bytes: number; gzip: number; brotli: number }[];
  gzip: number;
  brotli: number;
}

export function initialDownload(dist: string): InitialDownload {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const fromHtml: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const rel = attr(tag, 'rel');
    const url = isScript
      ? attr(tag, 'src')
      : rel === 'modulepreload' || rel === 'stylesheet'
        ? attr(tag, 'href')
        : undefined;
    if (url && url.startsWith('/')) fromHtml.push(url.slice(1));
  }

  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && manifest[k]!.src === 'index.html');
  if (!entryKey) throw new Error('the build manifest has no entry for index.html');
  const seen = new Set<string>();
  const fromManifest: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    fromManifest.push(chunk.file, ...(chunk.css ?? []));
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entryKey);

  const files = [...new Set([...fromHtml, ...fromManifest])].map((file) => {
    const data = fs.readFileSync(path.join(dist, file));
    return {
      file,
      bytes: data.length,
      gzip: zlib.gzipSync(data, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  return {
    fromHtml,
    fromManifest,
    files,
    gzip: files.reduce((n, f) => n + f.gzip, 0),
    brotli: files.reduce((n, f) => n + f.brotli, 0),
  };
}

const built = fs.existsSync(path.join(DIST, 'index.html')) && fs.existsSync(path.join(DIST, '.vite/manifest.json'));

describe.skipIf(!built)(
  `web client first download (reads ${path.relative(root, DIST)}${built ? '' : ': SKIPPED, no build there; run `npm run build -w apps/web`'})`,
  () => {
    const download = built ? initialDownload(DIST) : null!;

    it(`is at most ${INITIAL_JS_BUDGET_GZIP / 1000} kB gzip`, () => {
      const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      const table = download.files.map(
        (f) =>
          `  ${f.file.padEnd(40)} ${kB(f.bytes).padStart(9)}  gzip ${kB(f.gzip).padStart(8)}  br ${kB(f.brotli).padStart(8)}`,
      );
      console.log(`first download: gzip ${kB(download.gzip)}, brotli ${kB(download.brotli)}\n${table.join('\n')}`);
      expect(download.files.some((f) => f.file.endsWith('.js'))).toBe(true);
      expect(download.gzip, `first download ${kB(download.gzip)} gzip:\n${table.join('\n')}`).toBeLessThanOrEqual(
        INITIAL_JS_BUDGET_GZIP,
      );
    });

    it('preloads every chunk the entry imports statically (none is found only once the entry has run)', () => {
      expect(download.fromHtml.length).toBeGreaterThan(0);
      expect(download.fromManifest.filter((f) => f.endsWith('.js') && !download.fromHtml.includes(f))).toEqual([]);
    });

    it("leaves the camera's barcode reader (polyfill and WebAssembly, about 1 MB) out: it loads on the first camera open", () => {
      expect(download.files.map((f) => f.file).filter((f) => /camera-polyfill|zxing|\.wasm$/.test(f))).toEqual([]);
      const assets = fs.readdirSync(path.join(DIST, 'assets'));
      expect(assets.some((f) => /^camera-polyfill-.*\.js$/.test(f))).toBe(true);
      // Served from the build (no CDN at run time), precompressed like the scripts.
      const wasm = assets.filter((f) => /^zxing_reader-.*\.wasm$/.test(f));
      expect(wasm).toHaveLength(1);
      expect(assets).toEqual(expect.arrayContaining([`${wasm[0]}.br`, `${wasm[0]}.gz`]));
    });

    it('has a brotli and a gzip copy of every file of the first download, for the server to send', () => {
      const missing = download.files
        .flatMap((f) => ['.br', '.gz'].map((ext) => f.file + ext))
        .filter((f) => !fs.existsSync(path.join(DIST, f)));
      expect(missing).toEqual([]);
    });
  },
);

describe('initialDownload (on a small made-up build)', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-budget-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  const js = (n: number) =>
    Array.from({ length: n }, (_, i) => `export const v${i} = ${(i * 7919) % 10007};`).join('\n');
  const files: Record<string, string> = {
    'assets/index-a.js': js(50),
    'assets/vendor-b.js': js(400),
    'assets/deep-c.js': js(20),
    'assets/page-d.js': js(3000),
  };
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dist, file), text);
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-b.js"><link rel="icon" href="/favicon.svg"></head></html>',
  );
  fs.writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-a.js',
        src: 'index.html',
        isEntry: true,
        imports: ['_vendor-b.js'],
        dynamicImports: ['src/page.tsx'],
      },
      '_vendor-b.js': { file: 'assets/vendor-b.js', imports: ['_deep-c.js'] },
      '_deep-c.js': { file: 'assets/deep-c.js' },
      'src/page.tsx': { file: 'assets/page-d.js', isDynamicEntry: true, imports: ['_vendor-b.js'] },
    }),
  );

  it('counts the entry, its preloads and its static imports followed to the end, not the lazy chunks nor the icon', () => {
    const download = initialDownload(dist);
    expect(download.fromHtml).toEqual(['assets/index-a.js', 'assets/vendor-b.js']);
    expect(download.fromManifest).toEqual(['assets/index-a.js', 'assets/vendor-b.js', 'assets/deep-c.js']);
    expect(download.files.map((f) => f.file)).toEqual(['assets/index-a.js', 'assets/vendor-b.js', 'assets/deep-c.js']);
    const gzip = ['assets/index-a.js', 'assets/vendor-b.js', 'assets/deep-c.js'].reduce(
      (n, f) => n + zlib.gzipSync(files[f]!, { level: 9 }).length,
      0,
    );
    expect(download.gzip).toBe(gzip);
  });
});
