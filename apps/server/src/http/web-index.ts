import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Written by the web build (apps/web/build/route-preloads.ts): the chunks of each screen by route path. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

interface Pattern {
  path: string;
  segments: string[];
  /** Static segments count first: `/inventory-transactions/search` wins over `/inventory-transactions/:id`. */
  staticCount: number;
}

interface Rendered {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The encodings an Accept-Encoding header allows (`q=0` refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) names.add(name);
  }
  return names;
}

const segmentsOf = (p: string) => p.split('/').filter(Boolean);

/**
 * The single-page app's page for a client-side route: index.html, with `<link rel="modulepreload">` for the
 * chunks of the screen that path shows (the cold load). On a slow link the screen's chunks then start in
 * the first round trip with the shell's, instead of after the shell has downloaded and run. Paths no screen
 * matches get index.html as built. Each variant is rendered and compressed once, on first use.
 */
export class WebIndex {
  private readonly patterns: Pattern[];
  private readonly rendered = new Map<string, Rendered>();

  constructor(
    private readonly indexHtml: string,
    private readonly preloads: Record<string, string[]>,
    /** index.html's modification time when read: a new build is picked up without a restart. */
    readonly builtAt = 0,
  ) {
    this.patterns = Object.keys(preloads)
      .map((p) => ({
        path: p,
        segments: segmentsOf(p),
        staticCount: segmentsOf(p).filter((s) => !s.startsWith(':')).length,
      }))
      .sort((a, b) => b.staticCount - a.staticCount);
  }

  /** Reads index.html and the build's preload map (a build without the map serves index.html as it is). */
  static load(webDist: string): WebIndex {
    const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const mapFile = path.join(webDist, ROUTE_PRELOADS_FILE);
    const preloads = fs.existsSync(mapFile)
      ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as Record<string, string[]>)
      : {};
    return new WebIndex(html, preloads, fs.statSync(path.join(webDist, 'index.html')).mtimeMs);
  }

  /** This page as read, or the new build's when index.html has changed since. */
  static current(webDist: string, known: WebIndex | undefined): WebIndex {
    const builtAt = fs.statSync(path.join(webDist, 'index.html')).mtimeMs;
    return known && known.builtAt === builtAt ? known : WebIndex.load(webDist);
  }

  /** The route pattern a pathname shows, as React Router would pick among the screens' paths, or null. */
  match(pathname: string): string | null {
    const parts = segmentsOf(pathname);
    const found = this.patterns.find(
      (p) => p.segments.length === parts.length && p.segments.every((s, i) => s.startsWith(':') || s === parts[i]),
    );
    return found?.path ?? null;
  }

  /** The page for a pathname, in the best encoding the client accepts. */
  page(pathname: string, acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
    const pattern = this.match(pathname) ?? '';
    let r = this.rendered.get(pattern);
    if (!r) {
      const links = (this.preloads[pattern] ?? [])
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      const html = Buffer.from(links ? this.indexHtml.replace('</head>', `${links}</head>`) : this.indexHtml);
      r = {
        html,
        br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: zlib.gzipSync(html, { level: 9 }),
      };
      this.rendered.set(pattern, r);
    }
    const accepted = acceptedEncodings(acceptEncoding);
    const accepts = (name: string) => accepted.has(name);
    if (accepts('br')) return { body: r.br, encoding: 'br' };
    if (accepts('gzip')) return { body: r.gzip, encoding: 'gzip' };
    return { body: r.html, encoding: null };
  }
}
