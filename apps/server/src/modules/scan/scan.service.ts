import { SCAN_SETTINGS_MESSAGES, type TScanSettings, type TScanSettingsInput } from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { ScanRepository, type ScanSettingsRow } from './scan.repository.js';

function toDto(row: ScanSettingsRow): TScanSettings {
  return {
    location_code: row.locationCode,
    wedge_prefix: row.wedgePrefix,
    wedge_suffix: row.wedgeSuffix,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  };
}

/** The sites' scanner settings (the wedge prefix and suffix the scan fields strip). */
export class ScanService {
  constructor(private readonly db: Database) {}

  async list(): Promise<TScanSettings[]> {
    return (await new ScanRepository(this.db).list()).map(toDto);
  }

  async update(locationCode: string, input: TScanSettingsInput, actor: { id: number }): Promise<TScanSettings> {
    return this.db.transaction(async (tx) => {
      const repo = new ScanRepository(tx);
      if (!(await repo.locationExists(locationCode)))
        throw notFound(SCAN_SETTINGS_MESSAGES.unknownLocation(locationCode));
      await repo.upsert({
        locationCode,
        wedgePrefix: input.wedge_prefix,
        wedgeSuffix: input.wedge_suffix,
        updatedById: actor.id,
      });
      return toDto((await repo.list()).find((r) => r.locationCode === locationCode)!);
    });
  }
}
