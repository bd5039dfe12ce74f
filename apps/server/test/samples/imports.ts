import { createUser } from '../factories.js';
import { holdingsUploadForm } from './uploads.js';
import type { DomainSampleBuilder } from './types.js';

export const SAMPLE_VENDORS_CSV = 'company_name,vendor_type\nSample Import Vendor,sales\n';

/** Imports: a dry run of a vendors file, that import read back and confirmed (each caller its own), an export. */
export const buildImportsSamples: DomainSampleBuilder = async (t) => {
  const user = await createUser(t.services, { role: 'admin' });
  const dryRun = async () => {
    const plan = await t.services.imports.dryRun(
      'vendors',
      { filename: 'vendors.csv', bytes: Buffer.from(SAMPLE_VENDORS_CSV) },
      undefined,
      user.id,
    );
    return plan.id;
  };
  const id = await dryRun();
  return {
    'POST /api/imports/{entity}/dry-run': {
      params: { entity: 'vendors' },
      body: holdingsUploadForm(SAMPLE_VENDORS_CSV, 'vendors.csv'),
    },
    'GET /api/imports/{id}': { params: { id } },
    'POST /api/imports/{id}/confirm': { params: { id }, fresh: async () => ({ params: { id: await dryRun() } }) },
    'GET /api/imports/{entity}/export': { params: { entity: 'products' } },
  };
};
