import { centsToDollars, type TProduct } from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { CatalogRepository, type ProductRow } from './catalog.repository.js';

const money = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export function toProductDto(row: ProductRow): TProduct {
  return {
    id: row.id,
    model: row.modelNumber,
    model_number: row.modelNumber,
    mpn: row.partNumber,
    upc: row.upc,
    alternate_upc: row.alternateUpc,
    alternateUpc: row.alternateUpc,
    serial_number_tracked: row.serialNumberTracked ? 1 : 0,
    master_carton_code: row.masterCartonCode,
    master_box_qty: row.masterBoxQty,
    num_of_serials_per_item: row.numOfSerialsPerItem,
    product_title: row.description,
    brand_name: row.brandName,
    brand_code: row.brandCode,
    category_name: row.categoryName,
    manufacturer_name: row.manufacturerName,
    image_url: row.imageUrl,
    cost: centsToDollars(row.currentCostCents),
    master_listing_map_price: money(row.mapCents),
    master_listing_adj_map_price: money(row.adjMapCents),
    master_listing_adj_cart_price: money(row.adjCartPriceCents),
    master_listing_commission_rate: row.commissionRate === null ? null : Number(row.commissionRate),
    item_type: row.itemType,
    status: row.status,
  };
}

export class CatalogService {
  constructor(private readonly db: Database) {}

  private get repo() {
    return new CatalogRepository(this.db);
  }

  async byModel(model: string): Promise<TProduct[]> {
    return (await this.repo.findByModel(model)).map(toProductDto);
  }

  async byUpc(upc: string, includeInactive: boolean) {
    return (await this.repo.findByUpc(upc, includeInactive)).map((r) => ({
      id: r.id,
      upc: r.upc,
      model: r.modelNumber,
      status: r.status,
    }));
  }

  models(prefix: string, includeInactive: boolean) {
    return this.repo.modelsStartingWith(prefix, includeInactive, 25);
  }

  async search(key: 'model_number' | 'upc' | 'part_number', value: string) {
    const rows = await this.repo.search(key, value, 50);
    return rows.map((r) => ({
      id: r.id,
      model_number: r.modelNumber,
      part_number: r.partNumber,
      invoice_cost: centsToDollars(r.costCents),
    }));
  }

  async serials(text: string, includeInactive: boolean) {
    const rows = await this.repo.searchSerials(text, includeInactive, 50);
    return rows.map((r) => ({
      id: r.id,
      serial_number: r.serialNumber,
      model: r.model,
      location_code: r.locationCode,
      condition_code: r.conditionCode,
      disposition_code: r.dispositionCode,
    }));
  }
}
