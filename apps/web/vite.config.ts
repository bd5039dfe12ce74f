import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { offlineFilter } from './build/offline-precache.js';
import { FLOOR_READS } from './build/floor-reads.js';
import { routePreloads } from './build/route-preloads.js';

const api = process.env.API_URL ?? 'http://localhost:3000';

/** A vendor package by its folder under node_modules. */
const vendor = (pattern: string) => new RegExp(`node_modules[\\\\/](${pattern})[\\\\/]`);

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the build, once,
 * at build time (brotli at 11 is too slow to run per request). The server sends them with @fastify/static's `preCompressed` (docs/decisions.md).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'keystone-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      // Not the build manifest (dist/.vite: never served to the browser). The camera's barcode reader (.wasm,
      // 1.1 MB) shrinks to about 0.4 MB.
      for (const file of walk(outDir).filter(
        (f) => /\.(js|css|html|svg|json|wasm)$/.test(f) && !f.includes(`${path.sep}.vite${path.sep}`),
      )) {
        const data = fs.readFileSync(file);
        const br = zlib.brotliCompressSync(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        const gz = zlib.gzipSync(data, { level: 9 });
        // A tiny file can come out larger; then it is only sent as is.
        if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

const outDir = path.resolve(import.meta.dirname, 'dist');

/**
 * The installable app: its manifest and a service worker made by Workbox (docs/decisions.md, "The floor keeps
 * working offline"). The worker keeps the shell and the floor screens at install (build/offline-precache.ts),
 * answers every page of the app with the kept index.html, keeps the other screens' files once fetched, and the
 * floor screens' reads (build/floor-reads.ts) network first, so a screen opened online reads its last answer offline.
 * A new release waits (`registerType: 'prompt'`) until the person reloads from the shell's "new version" prompt.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  // Registered by the app itself, after the first screen (lib/pwa/register-service-worker.ts).
  injectRegister: false,
  filename: 'sw.js',
  // The icons are in the precache already (globPatterns).
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Keystone POS',
    short_name: 'Keystone',
    description: 'Keystone back office: receiving, transfers, picking and counts on the warehouse floor.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#1f3a5f',
    background_color: '#fafafa',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    manifestTransforms: [
      (entries) => {
        const keep = offlineFilter(outDir);
        return { manifest: entries.filter((e) => keep(e.url)), warnings: [] };
      },
    ],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/oauth\//, /^\/uploads\//],
    cleanupOutdatedCaches: true,
    // The first install takes the open page at once (so what it reads next is kept); an update waits for the prompt.
    clientsClaim: true,
    skipWaiting: false,
    inlineWorkboxRuntime: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'keystone-screens', expiration: { maxEntries: 300 } },
      },
      {
        urlPattern: FLOOR_READS,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'keystone-floor-reads',
          // A link that answers nothing for this long (a dead spot that still shows Wi-Fi) reads the kept answer.
          networkTimeoutSeconds: 5,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 1000, maxAgeSeconds: 14 * 24 * 3600 },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), precompress(), routePreloads(), pwa],
  server: { port: 5173, proxy: { '/api': api, '/oauth': api, '/uploads': api } },
  build: {
    outDir,
    sourcemap: false,
    // No modulepreload polyfill in the entry: every browser the floor uses (Chromium, Firefox 115+, Safari 17+)
    // preloads natively, and one without it still loads every chunk, only without the head start (about 0.5 kB gzip
    // of the first download, where each new screen's route costs bytes: docs/performance.md).
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the chunk graph, read by the first-download budget test.
    manifest: true,
    // Minified kB. The largest chunk is react-dom (~190 kB); the first download is held to 200 kB gzip by
    // scripts/web-bundle-budget.test.ts. Every screen is its own chunk (features/*/routes.tsx, lazyPage).
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Few, cacheable chunks: on a slow link each request costs a round trip (400 ms in `npm run
          // bench:load`) and the browser opens 6 connections, so a screen arriving as 30 small chunks is slower
          // than the same bytes in 5. The vendors the shell needs on every load get chunks of their own
          // ('$initial': only what the first download needs), which a release that changes only the app's code
          // leaves cached. What the screens share comes in a few chunks, fetched with the first screen.
          groups: [
            { name: 'react', test: vendor('react|react-dom|scheduler'), priority: 20 },
            { name: 'router', test: vendor('react-router'), priority: 20 },
            { name: 'query', test: vendor('@tanstack'), priority: 20 },
            { name: 'emotion', test: vendor('@emotion|stylis'), priority: 20 },
            // The few contract modules the shell runs (permissions, names, scan rules): no zod among them.
            { name: 'shell-contracts', test: /packages[\\/]contracts[\\/]/, tags: ['$initial'], priority: 20 },
            { name: 'mui', test: vendor('@mui'), tags: ['$initial'], priority: 15 },
            // Every screen's calls: zod (and the few top-level contract modules) in one chunk, each domain's schemas
            // in a chunk of their own, so a screen evaluates only the schemas it imports (a first load of the PO list
            // built every domain's zod schemas before: docs/performance.md, "Lighthouse desktop on the PO list").
            {
              name: (id) => {
                const domain = /packages[\\/]contracts[\\/]src[\\/]([^\\/]+)[\\/]/.exec(id)?.[1];
                return domain ? `contracts-${domain}` : 'contracts';
              },
              test: /packages[\\/]contracts[\\/]|node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]shell-routes\./,
              priority: 10,
            },
            // MUI's components the screens use (tables, dialogs, autocomplete…), but not the date pickers.
            {
              name: 'mui-screens',
              test: vendor('@mui[\\\\/](?!x-)[^\\\\/]+|@popperjs|react-transition-group|react-is|clsx'),
              priority: 10,
            },
            { name: 'forms', test: vendor('react-hook-form|@hookform'), priority: 10 },
            // Only the simulation screen: the charts (and what only they use), and the data grid.
            {
              name: 'charts',
              test: vendor(
                '@mui[\\\\/]x-charts[^\\\\/]*|@mui[\\\\/]x-internal-gestures|bezier-easing|d3-[^\\\\/]+|internmap|robust-predicates|delaunator|flatqueue',
              ),
              priority: 6,
            },
            { name: 'data-grid', test: vendor('@mui[\\\\/]x-data-grid|@mui[\\\\/]x-virtualizer'), priority: 6 },
            // What the pickers, the grid and the charts share, so none of them fetches another's chunk for it.
            { name: 'mui-x', test: vendor('@mui[\\\\/]x-internals|reselect|use-sync-external-store'), priority: 7 },
            // Only the screens with a date field: the pickers, their localization, dayjs.
            {
              name: 'date-pickers',
              test: /node_modules[\\/](@mui[\\/]x-[^\\/]+|dayjs)[\\/]|src[\\/]lib[\\/]date-localization/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
