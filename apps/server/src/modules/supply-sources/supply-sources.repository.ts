import { eq } from 'drizzle-orm';
import type { TOperatingHoursByDay } from '@keystone/contracts';
import type { Executor } from '../../db/database.js';
import { locations } from '../../db/schema/locations.js';
import { supplySources } from '../../db/schema/supply-sources.js';

export type SupplySourceRow = typeof supplySources.$inferSelect;
export type NewSupplySourceRow = typeof supplySources.$inferInsert;

/** The embedded gateway's store (`supply_sources`, one row per location). */
export class SupplySourcesRepository {
  constructor(private readonly db: Executor) {}

  async findByLocation(locationCode: string): Promise<SupplySourceRow | null> {
    const [row] = await this.db
      .select()
      .from(supplySources)
      .where(eq(supplySources.locationCode, locationCode))
      .limit(1);
    return row ?? null;
  }

  async findById(supplySourceId: string): Promise<SupplySourceRow | null> {
    const [row] = await this.db
      .select()
      .from(supplySources)
      .where(eq(supplySources.supplySourceId, supplySourceId))
      .limit(1);
    return row ?? null;
  }

  async locationExists(locationCode: string): Promise<boolean> {
    const [row] = await this.db
      .select({ code: locations.locationCode })
      .from(locations)
      .where(eq(locations.locationCode, locationCode))
      .limit(1);
    return !!row;
  }

  /** Inserts the location's supply source; false when it already has one. */
  async insert(row: NewSupplySourceRow): Promise<boolean> {
    const inserted = await this.db
      .insert(supplySources)
      .values(row)
      .onConflictDoNothing()
      .returning({ code: supplySources.locationCode });
    return inserted.length > 0;
  }

  async update(
    supplySourceId: string,
    changes: {
      alias: string;
      inventoryHoldPeriod: number;
      handlingTime: number;
      operatingHoursByDay: TOperatingHoursByDay;
      updatedById: number | null;
    },
  ): Promise<boolean> {
    const updated = await this.db
      .update(supplySources)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(supplySources.supplySourceId, supplySourceId))
      .returning({ code: supplySources.locationCode });
    return updated.length > 0;
  }

  async setStatus(supplySourceId: string, status: string, updatedById: number | null): Promise<boolean> {
    const updated = await this.db
      .update(supplySources)
      .set({ status, updatedById, updatedAt: new Date() })
      .where(eq(supplySources.supplySourceId, supplySourceId))
      .returning({ code: supplySources.locationCode });
    return updated.length > 0;
  }
}
