import { describe, expect, it } from 'vitest';
import { FLOOR_READS } from './floor-reads';
import { offlineFiles, type TBuildManifest } from './offline-precache';

const manifest: TBuildManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-a.css'],
    dynamicImports: ['src/shell/toasts.tsx', 'src/app/route-elements.tsx'],
  },
  '_react.js': { file: 'assets/react-b.js' },
  'src/shell/toasts.tsx': { file: 'assets/toasts-c.js', imports: ['_react.js'] },
  'src/app/route-elements.tsx': {
    file: 'assets/route-elements-d.js',
    imports: ['_react.js'],
    dynamicImports: ['src/features/floor/page.tsx', 'src/features/reports/page.tsx'],
  },
  'src/features/floor/page.tsx': {
    file: 'assets/floor-e.js',
    imports: ['_contracts.js'],
    dynamicImports: ['src/features/floor/dialog.tsx', 'src/lib/scan/camera-polyfill.ts'],
  },
  'src/features/floor/dialog.tsx': { file: 'assets/dialog-f.js', css: ['assets/dialog-f.css'] },
  'src/lib/scan/camera-polyfill.ts': { file: 'assets/camera-polyfill-g.js', imports: ['_zxing.js'] },
  '_zxing.js': { file: 'assets/zxing_reader-h.wasm' },
  '_contracts.js': { file: 'assets/contracts-i.js' },
  'src/features/reports/page.tsx': { file: 'assets/reports-j.js', imports: ['_charts.js'] },
  '_charts.js': { file: 'assets/charts-k.js' },
};

describe('offlineFiles', () => {
  it('keeps the shell, its lazy parts and the floor screens with their dialogs; not the other screens nor the camera polyfill', () => {
    expect(offlineFiles(manifest, ['src/features/floor/page.tsx'])).toEqual(
      [
        'assets/index-a.js',
        'assets/index-a.css',
        'assets/react-b.js',
        'assets/toasts-c.js',
        'assets/route-elements-d.js',
        'assets/floor-e.js',
        'assets/dialog-f.js',
        'assets/dialog-f.css',
        'assets/contracts-i.js',
      ].sort(),
    );
  });

  it('refuses a floor screen the build does not have (a renamed file would silently leave it out)', () => {
    expect(() => offlineFiles(manifest, ['src/features/floor/gone.tsx'])).toThrow(/gone\.tsx/);
  });
});

describe('FLOOR_READS', () => {
  it("matches the floor screens' reads, with or without a query, and nothing that writes or downloads", () => {
    const kept = [
      '/api/purchase/getFull/42',
      '/api/ims/products?model=WM3400',
      '/api/buckets',
      '/api/audit-scans/items?auditBatchId=IA-1',
      '/api/ims/picklist/item/7',
      '/api/ims/committed-transfers?model=X&fromBucket=RUBY',
      '/api/bins?searchTerm=R01-B01-S01&locationCode=KY01&includeItems=1&perPage=50',
      '/api/transacted-receipts/can-be-unreceived?poApiPoItemId=7',
    ];
    const notKept = [
      '/api/purchase/finish/42',
      '/api/purchaseOrder/42/pdf',
      '/api/jobs/12',
      '/api/user/all',
      '/api/picklist/3/document',
      '/api/ims/bins/labels',
      '/api/bins/labels',
      '/api/bins/7/items',
      '/api/purchase/getFull/42/extra',
    ];
    for (const url of kept) expect(FLOOR_READS.test(`http://127.0.0.1:3000${url}`), url).toBe(true);
    for (const url of notKept) expect(FLOOR_READS.test(`http://127.0.0.1:3000${url}`), url).toBe(false);
  });
});
