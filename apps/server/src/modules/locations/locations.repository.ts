import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { buckets, locations } from '../../db/schema.js';

export type LocationRow = typeof locations.$inferSelect;
export type NewLocationRow = typeof locations.$inferInsert;
export type BucketRow = typeof buckets.$inferSelect;
export type NewBucketRow = typeof buckets.$inferInsert;

/** A bucket with its parent location's distributor and state. */
export interface BucketWithLocation extends BucketRow {
  distributor: string | null;
  distributorLocationId: string | null;
  locationIsActive: boolean;
  locationLegacyBucket: string | null;
}

/** What keeps a bucket from being deleted: stock and open work that names it. */
export interface BucketHoldings {
  onHand: number;
  liveSerials: number;
  binnedUnits: number;
  openTransfers: number;
  openSales: number;
}

/** Locations and buckets (002 §3): the only file of the module that touches Drizzle. */
export class LocationsRepository {
  constructor(private readonly db: Executor) {}

  listLocations(): Promise<LocationRow[]> {
    return this.db.select().from(locations).orderBy(asc(locations.locationCode));
  }

  async findLocation(code: string, options: { forUpdate?: boolean } = {}): Promise<LocationRow | null> {
    const query = this.db.select().from(locations).where(eq(locations.locationCode, code));
    const rows = options.forUpdate ? await query.for('update') : await query;
    return rows[0] ?? null;
  }

  /** Active buckets with their location; `activeLocationsOnly` leaves out the buckets of inactive locations. */
  async listBuckets(
    options: { activeLocationsOnly?: boolean; parentLocationCode?: string } = {},
  ): Promise<BucketWithLocation[]> {
    const conditions = [eq(buckets.isActive, true)];
    if (options.activeLocationsOnly) conditions.push(eq(locations.isActive, true));
    if (options.parentLocationCode) conditions.push(eq(buckets.parentLocationCode, options.parentLocationCode));
    const rows = await this.db
      .select({
        bucket: buckets,
        distributor: locations.distributor,
        distributorLocationId: locations.distributorLocationId,
        locationIsActive: locations.isActive,
        locationLegacyBucket: locations.legacyBucket,
      })
      .from(buckets)
      .innerJoin(locations, eq(locations.locationCode, buckets.parentLocationCode))
      .where(and(...conditions))
      .orderBy(asc(buckets.parentLocationCode), asc(buckets.bucket));
    return rows.map((r) => ({
      ...r.bucket,
      distributor: r.distributor,
      distributorLocationId: r.distributorLocationId,
      locationIsActive: r.locationIsActive,
      locationLegacyBucket: r.locationLegacyBucket,
    }));
  }

  async findBucket(name: string, options: { forUpdate?: boolean } = {}): Promise<BucketRow | null> {
    const query = this.db.select().from(buckets).where(eq(buckets.bucket, name));
    const rows = options.forUpdate ? await query.for('update') : await query;
    return rows[0] ?? null;
  }

  /** The names among these that are already buckets (active or retired). */
  async existingBucketNames(names: string[]): Promise<string[]> {
    if (!names.length) return [];
    const rows = await queryRows<{ bucket: string }>(
      this.db,
      sql`select bucket from buckets where bucket in (select v from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) v) order by bucket`,
    );
    return rows.map((r) => r.bucket);
  }

  async distributors(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ distributor: locations.distributor })
      .from(locations)
      .where(isNotNull(locations.distributor))
      .orderBy(asc(locations.distributor));
    return rows.map((r) => r.distributor!).filter(Boolean);
  }

  /** Inserts the location unless its code exists; true when inserted. */
  async insertLocation(values: NewLocationRow): Promise<boolean> {
    const rows = await this.db
      .insert(locations)
      .values(values)
      .onConflictDoNothing()
      .returning({ code: locations.locationCode });
    return rows.length > 0;
  }

  async insertBuckets(values: NewBucketRow[]): Promise<void> {
    if (values.length) await this.db.insert(buckets).values(values).onConflictDoNothing();
  }

  async updateLocation(code: string, values: Partial<NewLocationRow>): Promise<LocationRow> {
    const [row] = await this.db.update(locations).set(values).where(eq(locations.locationCode, code)).returning();
    return row!;
  }

  async setLocalInventory(name: string, isLocal: boolean): Promise<void> {
    await this.db.update(buckets).set({ isLocalInventoryBucket: isLocal }).where(eq(buckets.bucket, name));
  }

  async retireBucket(name: string): Promise<void> {
    await this.db.update(buckets).set({ isActive: false }).where(eq(buckets.bucket, name));
  }

  /** The stock and open work that name a bucket: on-hand, live serials, bin contents, open transfers and sales. */
  async holdings(name: string): Promise<BucketHoldings> {
    const [row] = await queryRows<{
      on_hand: string;
      live_serials: string;
      binned: string;
      transfers: string;
      sales: string;
    }>(
      this.db,
      sql`select
            (select coalesce(sum(quantity), 0) from inventory where bucket = ${name} and quantity <> 0) as on_hand,
            (select count(*) from inventory_serials where bucket = ${name} and disposition_code = 'LIVE') as live_serials,
            (select coalesce(sum(bi.quantity), 0) from bin_items bi join bins b on b.id = bi.bin_id
              where b.bucket = ${name} and b.deleted_at is null) as binned,
            (select count(*) from committed_transfers where (from_bucket = ${name} or to_bucket = ${name}) and transferred_at is null) as transfers,
            (select count(*) from committed_sales where source_bucket = ${name} and transacted_at is null) as sales`,
    );
    return {
      onHand: Number(row?.on_hand ?? 0),
      liveSerials: Number(row?.live_serials ?? 0),
      binnedUnits: Number(row?.binned ?? 0),
      openTransfers: Number(row?.transfers ?? 0),
      openSales: Number(row?.sales ?? 0),
    };
  }
}
