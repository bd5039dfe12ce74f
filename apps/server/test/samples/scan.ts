import type { DomainSampleBuilder } from './types.js';

/** The scan settings' calls: KY01 (made by the sample builder) given no prefix and no suffix, as it has. */
export const buildScanSamples: DomainSampleBuilder = async () => ({
  'GET /api/scan-settings': {},
  'PUT /api/scan-settings/{locationCode}': {
    params: { locationCode: 'KY01' },
    body: { wedge_prefix: '', wedge_suffix: '' },
  },
});
