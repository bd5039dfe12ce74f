import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRoutesFile, preloadsByPath, type TChunkGraph } from './route-preloads';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const featuresDir = path.join(web, 'src/features');

describe('parseRoutesFile', () => {
  it('reads every routes file of the features: each path maps to the lazy screens its element renders', () => {
    const files = fs.readdirSync(featuresDir).filter((f) => fs.existsSync(path.join(featuresDir, f, 'routes.tsx')));
    expect(files.length).toBeGreaterThanOrEqual(4);
    const all: Record<string, { specifier: string; datePickers: boolean }[]> = {};
    for (const feature of files) {
      const file = path.join(featuresDir, feature, 'routes.tsx');
      Object.assign(all, parseRoutesFile(fs.readFileSync(file, 'utf8'), file).paths);
    }
    expect(all['/purchase-orders']).toEqual([
      { specifier: './components/list/purchase-orders-list-page', datePickers: false },
    ]);
    expect(all['/inventory/audit-scans']).toEqual([{ specifier: './components/audits-dashboard', datePickers: true }]);
    expect(all['/purchase-orders/review/:id']).toEqual([
      { specifier: './components/detail/purchase-order-detail-page', datePickers: false },
    ]);
    // Through a shared loader const, and a path whose element renders two screens.
    expect(all['/inventory/search/serial']).toEqual([
      { specifier: './components/inventory-search-page', datePickers: false },
    ]);
    expect(all['/contacts/create']!.map((s) => s.specifier)).toEqual([
      './components/contact-search-page',
      './components/create-contact-dialog',
    ]);
  });

  it('refuses a lazyPage it cannot read, naming the file', () => {
    const source = `const A = lazyPage(() => import('./a'), 'A');\nconst B = lazyPage(loadB(), 'B');\nexport const R = {\n  '/a': <A />,\n  '/b': <B />,\n};\n`;
    expect(() => parseRoutesFile(source, 'features/x/routes.tsx')).toThrow(
      /features\/x\/routes\.tsx: 2 lazyPage\( calls, 1 read/,
    );
  });

  it("reads a screen's options (date pickers, first reads); options with braces in their values are refused", () => {
    const source = `const A = lazyPage(() => import('./a'), 'A', {\n  datePickers: true,\n  reads: (m, client) => m.aReads(client),\n});\nexport const R = {\n  '/a': <A />,\n};\n`;
    expect(parseRoutesFile(source, 'r.tsx').paths).toEqual({ '/a': [{ specifier: './a', datePickers: true }] });
    const braces = `const A = lazyPage(() => import('./a'), 'A', { reads: (m, c) => { m.aReads(c); } });\nexport const R = {\n  '/a': <A />,\n};\n`;
    expect(() => parseRoutesFile(braces, 'r.tsx')).toThrow(/1 lazyPage\( calls, 0 read/);
  });

  it('refuses a loader const it does not know and a lazy screen no path renders', () => {
    expect(() =>
      parseRoutesFile(`const A = lazyPage(load, 'A');\nexport const R = {\n  '/a': <A />,\n};\n`, 'r.tsx'),
    ).toThrow(/lazyPage\(load\) names no/);
    const unused = `const A = lazyPage(() => import('./a'), 'A');\nconst B = lazyPage(() => import('./b'), 'B');\nexport const R = {\n  '/a': <A />,\n};\n`;
    expect(() => parseRoutesFile(unused, 'r.tsx')).toThrow(/lazy screens no path renders: B/);
  });
});

describe('preloadsByPath', () => {
  const graph: TChunkGraph = {
    'assets/index.js': { imports: ['assets/react.js', 'assets/mui.js'], isEntry: true, moduleIds: ['/w/src/main.tsx'] },
    'assets/react.js': { imports: [], isEntry: false, moduleIds: ['/w/node_modules/react/index.js'] },
    'assets/mui.js': {
      imports: ['assets/react.js'],
      isEntry: false,
      moduleIds: ['/w/node_modules/@mui/material/index.js'],
    },
    'assets/contracts.js': { imports: [], isEntry: false, moduleIds: ['/w/packages/contracts/src/index.ts'] },
    'assets/dates.js': {
      imports: ['assets/mui.js'],
      isEntry: false,
      moduleIds: ['/w/src/lib/date-localization.tsx', '/w/node_modules/dayjs/index.js'],
    },
    'assets/list.js': {
      imports: ['assets/contracts.js', 'assets/mui.js', 'assets/react.js'],
      isEntry: false,
      moduleIds: ['/w/src/features/po/list-page.tsx'],
    },
  };

  it("names a screen's chunk and every chunk it imports, leaving out what the shell already loads", () => {
    const out = preloadsByPath(graph, {
      '/po': ['/w/src/features/po/list-page.tsx', '/w/src/lib/date-localization.tsx'],
    });
    expect(out).toEqual({ '/po': ['assets/contracts.js', 'assets/dates.js', 'assets/list.js'] });
  });

  it('refuses a module no chunk holds', () => {
    expect(() => preloadsByPath(graph, { '/x': ['/w/src/features/x/gone.tsx'] })).toThrow(
      /route \/x: no chunk of the build holds/,
    );
  });
});

describe('the build', () => {
  const map = path.join(web, 'dist/.vite/route-preloads.json');
  it.runIf(fs.existsSync(map))("names the PO list's own chunk for /purchase-orders (after `npm run build`)", () => {
    const preloads = JSON.parse(fs.readFileSync(map, 'utf8')) as Record<string, string[]>;
    expect(preloads['/purchase-orders']!.some((f) => /^assets\/purchase-orders-list-page-[\w-]+\.js$/.test(f))).toBe(
      true,
    );
    for (const files of Object.values(preloads))
      for (const f of files) expect(fs.existsSync(path.join(web, 'dist', f)), f).toBe(true);
  });
});
