import { generateLegacyBuckets, type TBucket, type TLocation } from '@keystone/contracts';
import type { Database, Executor } from '../../db/database.js';
import { ReferenceRepository, type LocationRow } from './reference.repository.js';

function toLocationDto(row: LocationRow): TLocation {
  return {
    location_code: row.locationCode,
    distributor: row.distributor,
    location_type: row.locationType,
    address_1: row.address1,
    city: row.city,
    state_or_province: row.stateOrProvince,
    postal_code: row.postalCode,
    country: row.country,
    can_receive_purchase_orders: row.canReceivePurchaseOrders,
    can_hold_inventory: row.canHoldInventory,
    is_fulfillable_from_this_location: row.isFulfillableFromThisLocation,
    is_active: row.isActive,
    legacy_bucket: row.legacyBucket,
  };
}

export interface NewLocation {
  locationCode: string;
  address1?: string;
  city?: string;
  stateOrProvince?: string;
  postalCode?: string;
  locationType?: string;
}

export class ReferenceService {
  constructor(private readonly db: Database) {}

  private repo(executor: Executor = this.db) {
    return new ReferenceRepository(executor);
  }

  async locations(): Promise<TLocation[]> {
    return (await this.repo().listLocations()).filter((l) => l.isActive && l.canHoldInventory).map(toLocationDto);
  }

  async receivingLocations(): Promise<{ location_code: string }[]> {
    return (await this.repo().listLocations())
      .filter((l) => l.isActive && l.canReceivePurchaseOrders)
      .map((l) => ({ location_code: l.locationCode }));
  }

  async bucketMap(): Promise<Record<string, TBucket>> {
    const map: Record<string, TBucket> = {};
    for (const b of await this.repo().listBuckets()) {
      map[b.bucket] = {
        bucket: b.bucket,
        location_code: b.locationCode,
        condition_code: b.conditionCode,
        is_local_inventory_bucket: b.isLocalInventoryBucket ? 1 : 0,
      };
    }
    return map;
  }

  async brands() {
    return (await this.repo().listBrands()).map((b) => ({ id: b.id, brand_name: b.brandName, brand_code: b.brandCode }));
  }

  async categories() {
    return (await this.repo().listCategories()).map((c) => ({ id: c.id, category_name: c.categoryName, category_code: c.categoryCode }));
  }

  async categoriesFull() {
    return (await this.repo().categoriesWithCounts()).map((c) => ({
      id: c.id,
      category_name: c.categoryName,
      category_code: c.categoryCode,
      product_count: c.productCount,
    }));
  }

  /** Creates a location with its generated legacy buckets (002 §9), in one transaction. */
  async createLocationWithBuckets(input: NewLocation): Promise<void> {
    const code = input.locationCode.trim().toUpperCase();
    const generated = generateLegacyBuckets(code);
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      await repo.insertLocation({
        locationCode: code,
        address1: input.address1 ?? null,
        city: input.city ?? null,
        stateOrProvince: input.stateOrProvince ?? null,
        postalCode: input.postalCode ?? null,
        locationType: input.locationType ?? 'WAREHOUSE',
        legacyBucket: generated[0]!.legacy_bucket,
      });
      await repo.insertBuckets(
        generated.map((b) => ({
          bucket: b.legacy_bucket,
          locationCode: b.location_code,
          parentLocationCode: code,
          conditionCode: b.condition,
          isLocalInventoryBucket: b.is_local_inventory_bucket === 1,
        })),
      );
    });
  }
}
