/** Locations of 000 §9 with the brand colour of each (the four colours of §9, in order). */
export const DEMO_LOCATIONS = [
  {
    location_code: 'AZ02',
    colour: '#20B2BB',
    address_1: '4550 W Buckeye Rd',
    city: 'Phoenix',
    state_or_province: 'AZ',
    postal_code: '85043',
  },
  {
    location_code: 'KY01',
    colour: '#0f4D7B',
    address_1: '1200 Commerce Way',
    city: 'Louisville',
    state_or_province: 'KY',
    postal_code: '40213',
  },
  {
    location_code: 'TX01',
    colour: '#4CB944',
    address_1: '2800 Irving Blvd',
    city: 'Dallas',
    state_or_province: 'TX',
    postal_code: '75247',
  },
  {
    location_code: 'RUBY',
    colour: '#FF7800',
    address_1: '301 Congress Ave',
    city: 'Austin',
    state_or_province: 'TX',
    postal_code: '78701',
  },
] as const;

export const ALL_LOCATIONS_LABEL = 'All Locations';

/** Inventory condition codes of a product (001 §3, 002 §9). */
export const CONDITION_CODES = [
  'NEW',
  'B_STOCK',
  'B_STOCK_LOCAL',
  'C_STOCK',
  'B_COSMETIC',
  'DAMAGED',
  'OTHER',
] as const;
export type TConditionCode = (typeof CONDITION_CODES)[number] | 'RENEWED';

export interface TGeneratedBucket {
  /** The legacy bucket name, e.g. `KY01`, `KY01_B_STOCK`, `KY01_FBA_INBOUND`. */
  legacy_bucket: string;
  /** The location the bucket's stock sits in (`KY01`, or a sub-location such as `KY01_FBA_INBOUND`). */
  location_code: string;
  condition: string;
  is_local_inventory_bucket: 0 | 1;
}

/** The suffixes of a location's legacy buckets by condition ('' is NEW) and its sub-locations (002 §9). */
export const LEGACY_CONDITIONS = ['', 'B_STOCK', 'C_STOCK', 'DAMAGED', 'RENEWED'] as const;
export const LEGACY_SUB_LOCATIONS = ['ONSITE', 'RELOCATING', 'RETURN', 'FBA_INBOUND'] as const;

/**
 * Legacy buckets generated from a location code (002 §9): the code upper-cased and joined with '_'
 * to each condition ('' meaning NEW), plus ONSITE, RELOCATING, RETURN and FBA_INBOUND, each of condition NEW.
 * The first one (the bare location code, condition NEW) cannot be deleted.
 */
export function generateLegacyBuckets(locationCode: string): TGeneratedBucket[] {
  const code = locationCode.trim().toUpperCase();
  const join = (suffix: string) => [code, suffix].filter(Boolean).join('_');
  return [
    ...LEGACY_CONDITIONS.map((condition) => ({
      legacy_bucket: join(condition),
      location_code: code,
      condition: condition || 'NEW',
      is_local_inventory_bucket: 1 as const,
    })),
    ...LEGACY_SUB_LOCATIONS.map((sub) => ({
      legacy_bucket: join(sub),
      location_code: join(sub),
      condition: 'NEW',
      is_local_inventory_bucket: 0 as const,
    })),
  ];
}

/** Inbound locations contain _INBOUND (001 §3). */
export function isInboundBucket(bucket: string): boolean {
  return bucket.includes('_INBOUND');
}
