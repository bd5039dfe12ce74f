import {
  BUCKET_GROUP_MESSAGES,
  bucketGroupValues,
  type TBucketGroup,
  type TBucketGroupMapping,
  type ZCreateBucketGroupMappingSchema,
  type ZCreateBucketGroupSchema,
  type ZUpdateBucketGroupSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { BucketGroupsRepository, type BucketGroupRow, type MappingRow } from './bucket-groups.repository.js';

type TCreate = z.output<typeof ZCreateBucketGroupSchema>;
type TUpdate = z.output<typeof ZUpdateBucketGroupSchema>;
type TCreateMapping = z.output<typeof ZCreateBucketGroupMappingSchema>;

const { invalid } = BUCKET_GROUP_MESSAGES;

function toDto(row: BucketGroupRow, mappings: MappingRow[]): TBucketGroup {
  return {
    id: row.id,
    bucket_group: row.bucketGroup,
    should_count_unsourced_committed_in_group: row.shouldCountUnsourcedCommittedInGroup,
    group_inventory_buffer: row.groupInventoryBuffer,
    walmart_fulfillment_center_id: row.walmartFulfillmentCenterId,
    amazon_supply_source_id: row.amazonSupplySourceId,
    acenda_warehouse_id: row.acendaWarehouseId,
    buckets: mappings.filter((m) => m.bucketGroupId === row.id).map((m) => m.bucket),
  };
}

const mappingDto = (m: MappingRow): TBucketGroupMapping => ({
  id: m.id,
  bucket_group_id: m.bucketGroupId,
  bucket_group: m.bucketGroup,
  bucket: m.bucket,
});

/** Bucket groups and their buckets (002 §5, §7): the rules of the create and update, mappings, delete. */
export class BucketGroupsService {
  constructor(private readonly db: Database) {}

  private repo(executor: Executor = this.db) {
    return new BucketGroupsRepository(executor);
  }

  async list(): Promise<TBucketGroup[]> {
    const repo = this.repo();
    const [rows, mappings] = await Promise.all([repo.list(), repo.mappings()]);
    return rows.map((r) => toDto(r, mappings));
  }

  private async dto(id: number, executor: Executor = this.db): Promise<TBucketGroup> {
    const repo = this.repo(executor);
    const row = await repo.findById(id);
    if (!row) throw notFound(BUCKET_GROUP_MESSAGES.notFound(id));
    return toDto(row, await repo.mappings([id]));
  }

  async create(input: TCreate): Promise<TBucketGroup> {
    const { values, errors } = bucketGroupValues(input, 'create');
    if (Object.keys(errors).length) throw unprocessable(invalid, errors);
    const row = await this.repo().insert({
      bucketGroup: values.bucketGroup!,
      shouldCountUnsourcedCommittedInGroup: values.shouldCount ?? false,
      groupInventoryBuffer: values.buffer ?? 0,
      walmartFulfillmentCenterId: values.walmartFulfillmentCenterId ?? null,
      amazonSupplySourceId: values.amazonSupplySourceId ?? null,
      acendaWarehouseId: values.acendaWarehouseId ?? null,
    });
    if (!row) throw unprocessable(invalid, { bucketGroup: [BUCKET_GROUP_MESSAGES.nameTaken(values.bucketGroup!)] });
    return toDto(row, []);
  }

  async update(id: number, input: TUpdate): Promise<TBucketGroup> {
    const { values, errors } = bucketGroupValues(input, 'update');
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.findById(id, { forUpdate: true }))) throw notFound(BUCKET_GROUP_MESSAGES.notFound(id));
      if (Object.keys(errors).length) throw unprocessable(invalid, errors);
      await repo.update(id, {
        ...(values.shouldCount !== undefined ? { shouldCountUnsourcedCommittedInGroup: values.shouldCount } : {}),
        ...(values.buffer !== undefined ? { groupInventoryBuffer: values.buffer } : {}),
        ...(values.walmartFulfillmentCenterId !== undefined
          ? { walmartFulfillmentCenterId: values.walmartFulfillmentCenterId }
          : {}),
        ...(values.amazonSupplySourceId !== undefined ? { amazonSupplySourceId: values.amazonSupplySourceId } : {}),
        ...(values.acendaWarehouseId !== undefined ? { acendaWarehouseId: values.acendaWarehouseId } : {}),
      });
      return this.dto(id, tx);
    });
  }

  /** Deletes the group and its mappings; refused (409) while a shipping template names it. */
  async remove(id: number): Promise<{ message: string; id: number }> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.findById(id, { forUpdate: true });
      if (!row) throw notFound(BUCKET_GROUP_MESSAGES.notFound(id));
      const templates = await repo.templatesUsing(id);
      if (templates.length) {
        const message = BUCKET_GROUP_MESSAGES.inUse(templates);
        throw conflict(message, { id: [message] });
      }
      await repo.delete(id);
      return { message: `Bucket group ${row.bucketGroup} deleted.`, id };
    });
  }

  async mappings(): Promise<TBucketGroupMapping[]> {
    return (await this.repo().mappings()).map(mappingDto);
  }

  /** Puts a bucket in a group (by the group's name or id); 422 naming bucketGroup or bucket. */
  async createMapping(input: TCreateMapping): Promise<TBucketGroupMapping> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const errors: Record<string, string[]> = {};
      const groupKey =
        typeof input.bucketGroup === 'string' ? input.bucketGroup.trim().toUpperCase() : input.bucketGroup;
      const bucket = (input.bucket ?? '').trim().toUpperCase();
      let group: BucketGroupRow | null = null;
      if (groupKey === undefined || groupKey === '') errors.bucketGroup = [BUCKET_GROUP_MESSAGES.groupRequired];
      else {
        group = typeof groupKey === 'number' ? await repo.findById(groupKey) : await repo.findByName(groupKey);
        if (!group) errors.bucketGroup = [BUCKET_GROUP_MESSAGES.groupUnknown(String(groupKey))];
      }
      if (!bucket) errors.bucket = [BUCKET_GROUP_MESSAGES.bucketRequired];
      else if (!(await repo.bucketExists(bucket))) errors.bucket = [BUCKET_GROUP_MESSAGES.bucketUnknown(bucket)];
      if (Object.keys(errors).length) throw unprocessable(invalid, errors);
      const id = await repo.insertMapping(group!.id, bucket);
      if (id === null)
        throw unprocessable(invalid, { bucket: [BUCKET_GROUP_MESSAGES.bucketMapped(bucket, group!.bucketGroup)] });
      return mappingDto((await repo.mappingById(id))!);
    });
  }

  async removeMapping(id: number): Promise<{ message: string; id: number }> {
    const repo = this.repo();
    const mapping = await repo.mappingById(id);
    if (!mapping) throw notFound(BUCKET_GROUP_MESSAGES.mappingNotFound(id));
    await repo.deleteMapping(id);
    return { message: `Bucket ${mapping.bucket} removed from bucket group ${mapping.bucketGroup}.`, id };
  }
}
