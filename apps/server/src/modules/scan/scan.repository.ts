import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { locations, scanSettings, users } from '../../db/schema.js';

export interface ScanSettingsRow {
  locationCode: string;
  wedgePrefix: string;
  wedgeSuffix: string;
  updatedAt: Date;
  updatedBy: string | null;
}

const columns = {
  locationCode: scanSettings.locationCode,
  wedgePrefix: scanSettings.wedgePrefix,
  wedgeSuffix: scanSettings.wedgeSuffix,
  updatedAt: scanSettings.updatedAt,
  updatedBy: users.username,
};

export class ScanRepository {
  constructor(private readonly db: Executor) {}

  /** Every saved site's settings, with the username of who saved them. */
  list(): Promise<ScanSettingsRow[]> {
    return this.db
      .select(columns)
      .from(scanSettings)
      .leftJoin(users, eq(users.id, scanSettings.updatedById))
      .orderBy(scanSettings.locationCode);
  }

  async locationExists(code: string): Promise<boolean> {
    const [row] = await this.db
      .select({ code: locations.locationCode })
      .from(locations)
      .where(eq(locations.locationCode, code));
    return !!row;
  }

  /** Saves a site's settings (insert or update, one statement). */
  async upsert(input: { locationCode: string; wedgePrefix: string; wedgeSuffix: string; updatedById: number }) {
    await this.db
      .insert(scanSettings)
      .values({ ...input, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: scanSettings.locationCode,
        set: {
          wedgePrefix: input.wedgePrefix,
          wedgeSuffix: input.wedgeSuffix,
          updatedById: input.updatedById,
          updatedAt: sql`now()`,
        },
      });
  }
}
