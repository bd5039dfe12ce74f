import type { DomainSampleBuilder } from './types.js';

/** The embedded database's backup: no input (on PostgreSQL the route answers 409, test/permissions.test.ts). */
export const buildBackupsSamples: DomainSampleBuilder = async () => ({ 'GET /api/admin/backup': {} });
