import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';
import { ZApiErrorSchema } from '../http/errors.js';

/**
 * Backups of the embedded database (docs/deployment.md, "Backups"). `npm run backup` asks a running server for a
 * consistent copy of its PGlite data folder through this route (the folder is the server's while it runs); on
 * PostgreSQL backups are the server's own (a base backup and WAL archiving), so the route refuses (409), as it does
 * for a server with no data folder (an in-memory database).
 */
export const BACKUP_MESSAGES = {
  noDataFolder:
    'This server has no data folder to copy: on PostgreSQL, back up with a base backup and WAL archiving (docs/deployment.md, "Backups").',
} as const;

/** The backup's file name as the route names it; the CLI chooses its own. */
export const BACKUP_FILE_NAME = 'keystone-pglite-backup.tar.gz';

export const dataDirBackupRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/backup',
  access: 'admin:backup',
  summary:
    "A consistent copy of the embedded database's data folder (a gzipped tar), taken while the server runs; 409 on PostgreSQL or without a data folder",
  tag: 'backups',
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.gzip], fileName: BACKUP_FILE_NAME },
  errorResponses: { 409: ZApiErrorSchema },
});
