import type { DomainSampleBuilder } from './types.js';

/** The tax map's calls (issue 13): the lists are fixed, a cell is set to what it may already be. */
export const buildTaxMapSamples: DomainSampleBuilder = async () => ({
  'GET /api/platformStateTaxMap/all': {},
  'GET /api/states/all': {},
  'GET /api/platforms/all': {},
  'PUT /api/platformStateTaxMap/{platform_code}/{state_code}/{collectAndRemitTax}': { params: { platform_code: 'walts', state_code: 'KY', collectAndRemitTax: 1 } },
});
