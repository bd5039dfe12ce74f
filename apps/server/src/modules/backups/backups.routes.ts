import { BACKUP_MESSAGES, dataDirBackupRoute, FILE_TYPES } from '@keystone/contracts';
import { conflict } from '../../http/errors.js';
import type { ModuleContext } from '../module-context.js';

/** The embedded database's copy while the server runs (docs/deployment.md, "Backups"): PGlite in a data folder only. */
export function registerBackupsRoutes({ route, backup }: ModuleContext): void {
  route(dataDirBackupRoute, async () => {
    if (!backup) throw conflict(BACKUP_MESSAGES.noDataFolder);
    const file = await backup();
    const bytes = Buffer.from(await file.arrayBuffer());
    return { body: bytes, contentType: FILE_TYPES.gzip, bytes: bytes.length };
  });
}
