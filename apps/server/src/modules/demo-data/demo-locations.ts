import type { Services } from '../services.js';

/**
 * The demo's extra location: the WALTS store (002 §9 names WALTS among the fulfillment
 * warehouses), created through the same service call as the New Location screen, so the bucket maps and buffers
 * pages show a location with a distributor beside the four warehouses. Its code sorts after them, so the location
 * switcher's stored indexes of the four keep their meaning.
 */
export const DEMO_STORE = {
  location_code: 'WALTS',
  location_type: 'RETAIL',
  distributor: 'Walts Appliance Outlet',
  distributor_location_id: 'WAO-0114',
  address_1: '350 Fifth Avenue',
  address_2: 'Ground floor',
  city: 'New York',
  county: 'New York',
  state_or_province: 'NY',
  country: 'US',
  postal_code: '10118',
  notes: 'Showroom and store: holds floor stock, ships small parcels, receives through KY01.',
  managed_by_third_party: false,
  is_fulfillable_from_this_location: true,
  can_receive_purchase_orders: false,
  can_hold_inventory: true,
  is_active: true,
} as const;

export async function loadDemoLocations(services: Services): Promise<number> {
  const created = await services.locations.create({ location: { ...DEMO_STORE } });
  // The store's returns and relocations are not local inventory; its floor B-stock is.
  await services.locations.setLocalInventory('WALTS_C_STOCK', false);
  return created.buckets.length;
}
