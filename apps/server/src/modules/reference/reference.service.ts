import type { TBucket, TLocation } from '@keystone/contracts';
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
    return (await this.repo().listBrands()).map((b) => ({
      id: b.id,
      brand_name: b.brandName,
      brand_code: b.brandCode,
    }));
  }

  async categories() {
    return (await this.repo().listCategories()).map((c) => ({
      id: c.id,
      category_name: c.categoryName,
      category_code: c.categoryCode,
    }));
  }

  async categoriesFull() {
    return (await this.repo().categoriesWithCounts()).map((c) => ({
      id: c.id,
      category_name: c.categoryName,
      category_code: c.categoryCode,
      product_count: c.productCount,
    }));
  }
}
