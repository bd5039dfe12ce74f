import type { DomainSampleBuilder } from './types.js';

/** The embedded database's backup: no input (a test app has no data folder: 409, test/permissions.test.ts). */
export const buildBackupsSamples: DomainSampleBuilder = async () => ({ 'GET /api/admin/backup': {} });
