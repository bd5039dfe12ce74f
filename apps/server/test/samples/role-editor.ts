import type { DomainSampleBuilder } from './types.js';

/** The role editor's record of changes (issue 13); the role calls themselves are in route-samples.ts. */
export const buildRoleEditorSamples: DomainSampleBuilder = async () => ({
  'GET /api/role/changes': { query: { limit: 10 } },
});
