import { randomUUID } from 'node:crypto';
import type { TOperatingHoursByDay, TSupplySourceStatus } from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import {
  closedWeek,
  type SupplySource,
  type SupplySourceChanges,
  type SupplySourceGateway,
} from './supply-source-gateway.js';
import { SupplySourcesRepository, type SupplySourceRow } from './supply-sources.repository.js';

function toSupplySource(row: SupplySourceRow): SupplySource {
  return {
    supplySourceId: row.supplySourceId,
    supplySourceCode: row.locationCode,
    alias: row.alias,
    status: row.status as SupplySource['status'],
    inventoryHoldPeriod: row.inventoryHoldPeriod,
    handlingTime: row.handlingTime,
    operatingHoursByDay: { ...closedWeek(), ...(row.operatingHoursByDay as Partial<TOperatingHoursByDay>) },
  };
}

/** The embedded default: supply sources in our database, one per location (no marketplace configured). */
export class EmbeddedSupplySourceGateway implements SupplySourceGateway {
  readonly kind = 'embedded' as const;

  constructor(private readonly db: Database) {}

  private repo() {
    return new SupplySourcesRepository(this.db);
  }

  async findByLocation(locationCode: string): Promise<SupplySource | null> {
    const row = await this.repo().findByLocation(locationCode);
    return row ? toSupplySource(row) : null;
  }

  async get(supplySourceId: string): Promise<SupplySource | null> {
    const row = await this.repo().findById(supplySourceId);
    return row ? toSupplySource(row) : null;
  }

  async update(supplySourceId: string, changes: SupplySourceChanges, userId: number | null): Promise<void> {
    await this.repo().update(supplySourceId, { ...changes, updatedById: userId });
  }

  async setStatus(supplySourceId: string, status: TSupplySourceStatus, userId: number | null): Promise<void> {
    await this.repo().setStatus(supplySourceId, status, userId);
  }

  /**
   * Gives a location its supply source (the marketplace's "create", which the spec's screens do not have): the demo
   * data and tests. Answers the existing one when the location has one already; null when the location does not exist.
   */
  async provision(input: {
    locationCode: string;
    alias: string;
    inventoryHoldPeriod: number;
    handlingTime: number;
    operatingHoursByDay?: TOperatingHoursByDay;
  }): Promise<SupplySource | null> {
    const repo = this.repo();
    if (!(await repo.locationExists(input.locationCode))) return null;
    await repo.insert({
      locationCode: input.locationCode,
      supplySourceId: randomUUID(),
      alias: input.alias,
      status: 'Active',
      inventoryHoldPeriod: input.inventoryHoldPeriod,
      handlingTime: input.handlingTime,
      operatingHoursByDay: input.operatingHoursByDay ?? closedWeek(),
    });
    return this.findByLocation(input.locationCode);
  }
}
