import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { bucketGroupMappings, bucketGroups, buckets, shippingTemplates } from '../../db/schema.js';

export type BucketGroupRow = typeof bucketGroups.$inferSelect;
export type NewBucketGroupRow = typeof bucketGroups.$inferInsert;

export interface MappingRow {
  id: number;
  bucketGroupId: number;
  bucketGroup: string;
  bucket: string;
}

/** Bucket groups and their bucket mappings: the only code touching these tables. */
export class BucketGroupsRepository {
  constructor(private readonly db: Executor) {}

  list(): Promise<BucketGroupRow[]> {
    return this.db.select().from(bucketGroups).orderBy(asc(bucketGroups.bucketGroup));
  }

  async findById(id: number, options: { forUpdate?: boolean } = {}): Promise<BucketGroupRow | null> {
    const query = this.db.select().from(bucketGroups).where(eq(bucketGroups.id, id));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  async findByName(name: string): Promise<BucketGroupRow | null> {
    const [row] = await this.db.select().from(bucketGroups).where(eq(bucketGroups.bucketGroup, name));
    return row ?? null;
  }

  /** Null when the name is taken (the unique index decides, so two creates of one name cannot both succeed). */
  async insert(values: NewBucketGroupRow): Promise<BucketGroupRow | null> {
    const [row] = await this.db.insert(bucketGroups).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async update(id: number, values: Partial<NewBucketGroupRow>): Promise<void> {
    if (Object.keys(values).length) await this.db.update(bucketGroups).set(values).where(eq(bucketGroups.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(bucketGroupMappings).where(eq(bucketGroupMappings.bucketGroupId, id));
    await this.db.delete(bucketGroups).where(eq(bucketGroups.id, id));
  }

  /** The shipping templates that name the group (a delete is refused while there are any). */
  async templatesUsing(id: number): Promise<string[]> {
    const rows = await this.db
      .select({ name: shippingTemplates.shippingTemplate })
      .from(shippingTemplates)
      .where(eq(shippingTemplates.bucketGroupId, id))
      .orderBy(asc(shippingTemplates.shippingTemplate));
    return rows.map((r) => r.name);
  }

  mappings(groupIds?: number[]): Promise<MappingRow[]> {
    const query = this.db
      .select({
        id: bucketGroupMappings.id,
        bucketGroupId: bucketGroupMappings.bucketGroupId,
        bucketGroup: bucketGroups.bucketGroup,
        bucket: bucketGroupMappings.bucket,
      })
      .from(bucketGroupMappings)
      .innerJoin(bucketGroups, eq(bucketGroups.id, bucketGroupMappings.bucketGroupId));
    return (groupIds ? query.where(inArray(bucketGroupMappings.bucketGroupId, groupIds)) : query).orderBy(
      asc(bucketGroups.bucketGroup),
      asc(bucketGroupMappings.bucket),
    );
  }

  async mappingById(id: number): Promise<MappingRow | null> {
    const rows = await this.mappingsWhere(eq(bucketGroupMappings.id, id));
    return rows[0] ?? null;
  }

  private mappingsWhere(where: ReturnType<typeof eq>): Promise<MappingRow[]> {
    return this.db
      .select({
        id: bucketGroupMappings.id,
        bucketGroupId: bucketGroupMappings.bucketGroupId,
        bucketGroup: bucketGroups.bucketGroup,
        bucket: bucketGroupMappings.bucket,
      })
      .from(bucketGroupMappings)
      .innerJoin(bucketGroups, eq(bucketGroups.id, bucketGroupMappings.bucketGroupId))
      .where(where);
  }

  async bucketExists(bucket: string): Promise<boolean> {
    const [row] = await this.db.select({ bucket: buckets.bucket }).from(buckets).where(eq(buckets.bucket, bucket));
    return !!row;
  }

  /** Null when the bucket is already in the group. */
  async insertMapping(bucketGroupId: number, bucket: string): Promise<number | null> {
    const [row] = await this.db
      .insert(bucketGroupMappings)
      .values({ bucketGroupId, bucket })
      .onConflictDoNothing()
      .returning({ id: bucketGroupMappings.id });
    return row?.id ?? null;
  }

  async deleteMapping(id: number): Promise<void> {
    await this.db.delete(bucketGroupMappings).where(eq(bucketGroupMappings.id, id));
  }
}
