import fs from 'node:fs';
import path from 'node:path';

/**
 * What the service worker keeps on the device at install (its precache), so that the app opens and the floor
 * screens work with no network: the shell (index.html, the entry and everything it imports), the shell's lazy
 * parts (toasts, the scan outbox's list and routes, the sign-in page, the route table's elements), and the floor
 * screens with everything they load, statically or on demand (their dialogs). The other screens are not kept at
 * install: they are cached when first opened (the service worker's runtime cache of /assets/).
 *
 * Left out even when a floor screen may load them: the camera's barcode reader polyfill and its WebAssembly (about
 * 1 MB; browsers with BarcodeDetector, Chrome on Android among them, never load it), cached on first use instead.
 */

/**
 * The floor screens' source modules: receiving a PO (and un-receiving), transfers by scan, picking, audit counts,
 * bins, and the list of scans waiting.
 */
export const FLOOR_SCREENS = [
  'src/features/purchase-orders/components/detail/purchase-order-detail-page.tsx',
  'src/features/receiving/components/po-receiving-ui.tsx',
  'src/features/transfers/components/transfer-page.tsx',
  'src/features/transfers/components/committed-transfers-page.tsx',
  'src/features/picking/components/pick-board-page.tsx',
  'src/features/picking/components/pick-item-page.tsx',
  'src/features/audits/components/audits-dashboard.tsx',
  'src/features/audits/components/audit-scan-tool.tsx',
  'src/features/bins/components/bins-page.tsx',
  'src/features/bins/components/bin-assignment-page.tsx',
  // The scans this device keeps, by job.
  'src/features/scan/components/scans-waiting-page.tsx',
] as const;

/** The module whose dynamic imports are every screen: only its own chunk (and static imports) are followed. */
const ROUTE_ELEMENTS = 'src/app/route-elements.tsx';

/** Files never precached (loaded only by browsers without BarcodeDetector). */
const LEFT_OUT = /camera-polyfill|zxing|\.wasm$/;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type TBuildManifest = Record<string, ManifestChunk>;

/** The dist-relative files to precache, from the build manifest (dist/.vite/manifest.json). */
export function offlineFiles(manifest: TBuildManifest, floorScreens: readonly string[] = FLOOR_SCREENS): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || LEFT_OUT.test(chunk.file)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
    if (key !== ROUTE_ELEMENTS) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && manifest[k]!.src === 'index.html');
  if (!entry) throw new Error('the build manifest has no entry for index.html');
  // The shell with its lazy parts (route-elements: its own chunk, not the screens it imports on demand).
  visit(entry);
  for (const screen of floorScreens) {
    if (!manifest[screen]) throw new Error(`offline precache: no chunk of the build is ${screen}`);
    visit(screen);
  }
  return [...files].sort();
}

/** Reads the build's manifest from `outDir` and says whether a precache entry's url is one to keep. */
export function offlineFilter(outDir: string): (url: string) => boolean {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as TBuildManifest;
  const keep = new Set(offlineFiles(manifest));
  // The page, the app manifest, the icons: everything but the hashed assets.
  return (url) => (url.startsWith('assets/') ? keep.has(url) : !LEFT_OUT.test(url));
}
