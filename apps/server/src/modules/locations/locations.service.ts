import {
  generateLegacyBuckets,
  LEGACY_CONDITIONS,
  LOCATION_CODE_PATTERN,
  LOCATION_FIELD_LABELS,
  LOCATION_FLAG_DEFAULTS,
  LOCATION_FLAG_FIELDS,
  LOCATION_MESSAGES,
  LOCATION_REQUIRED_FIELDS,
  LOCATION_TEXT_FIELDS,
  LOCATION_TYPES,
  US_STATE_CODES,
  type TBucketRow,
  type TLocationRecord,
  type TLocationWithBuckets,
  type ZCreateBucketMappingSchema,
  type ZLocationFieldsSchema,
  type TLocationTextField,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import {
  LocationsRepository,
  type BucketWithLocation,
  type LocationRow,
  type NewLocationRow,
} from './locations.repository.js';

type LocationFields = z.output<typeof ZLocationFieldsSchema>;
type CreateBucketMapping = z.output<typeof ZCreateBucketMappingSchema>;

/** A location as the demo data, the benches and the tests' factories create it (idempotent). */
export interface NewLocation {
  locationCode: string;
  address1?: string;
  city?: string;
  stateOrProvince?: string;
  postalCode?: string;
  locationType?: string;
  distributor?: string;
  notes?: string;
}

const COLUMN: Record<TLocationTextField, keyof LocationRow> = {
  location_code: 'locationCode',
  distributor: 'distributor',
  location_type: 'locationType',
  distributor_location_id: 'distributorLocationId',
  address_1: 'address1',
  address_2: 'address2',
  city: 'city',
  county: 'county',
  state_or_province: 'stateOrProvince',
  country: 'country',
  postal_code: 'postalCode',
  notes: 'notes',
};

const FLAG_COLUMN = {
  managed_by_third_party: 'managedByThirdParty',
  is_fulfillable_from_this_location: 'isFulfillableFromThisLocation',
  can_receive_purchase_orders: 'canReceivePurchaseOrders',
  can_hold_inventory: 'canHoldInventory',
  is_active: 'isActive',
} as const satisfies Record<(typeof LOCATION_FLAG_FIELDS)[number], keyof LocationRow>;

export function toLocationRecord(row: LocationRow): TLocationRecord {
  return {
    location_code: row.locationCode,
    distributor: row.distributor,
    location_type: row.locationType,
    distributor_location_id: row.distributorLocationId,
    address_1: row.address1,
    address_2: row.address2,
    city: row.city,
    county: row.county,
    state_or_province: row.stateOrProvince,
    country: row.country,
    postal_code: row.postalCode,
    notes: row.notes,
    managed_by_third_party: row.managedByThirdParty,
    is_fulfillable_from_this_location: row.isFulfillableFromThisLocation,
    can_receive_purchase_orders: row.canReceivePurchaseOrders,
    can_hold_inventory: row.canHoldInventory,
    is_active: row.isActive,
    legacy_bucket: row.legacyBucket,
  };
}

function toBucketRow(row: BucketWithLocation, includeDistributor: boolean): TBucketRow {
  return {
    bucket: row.bucket,
    location_code: row.locationCode,
    parent_location_code: row.parentLocationCode,
    condition_code: row.conditionCode,
    is_local_inventory_bucket: row.isLocalInventoryBucket ? 1 : 0,
    is_first_legacy_bucket: isFirstLegacyBucket(row),
    location_is_active: row.locationIsActive,
    ...(includeDistributor ? { distributor: row.distributor, distributor_location_id: row.distributorLocationId } : {}),
  };
}

/** The first generated legacy bucket: the bare location code (the location's legacy_bucket). */
function isFirstLegacyBucket(row: {
  bucket: string;
  parentLocationCode: string;
  locationLegacyBucket?: string | null;
}): boolean {
  return (
    row.bucket === row.parentLocationCode ||
    (row.locationLegacyBucket !== undefined && row.bucket === row.locationLegacyBucket)
  );
}

/** '' and null both mean none; text is kept trimmed. */
const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

/**
 * The rule errors of the given location fields (002 §5: 422 per field). `full` checks the required fields even
 * when left out (a create); otherwise only the fields given (an update) are checked.
 */
function locationRuleErrors(fields: LocationFields, full: boolean): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const field of LOCATION_REQUIRED_FIELDS) {
    const value = fields[field];
    if ((full || value !== undefined) && !blankToNull(value))
      add(field, LOCATION_MESSAGES.required(LOCATION_FIELD_LABELS[field].toLowerCase()));
  }
  const code = blankToNull(fields.location_code)?.toUpperCase();
  if (code && !LOCATION_CODE_PATTERN.test(code)) add('location_code', LOCATION_MESSAGES.codeFormat);
  const type = blankToNull(fields.location_type)?.toUpperCase();
  if (type && !(LOCATION_TYPES as readonly string[]).includes(type))
    add('location_type', LOCATION_MESSAGES.typeInvalid(LOCATION_TYPES));
  const state = blankToNull(fields.state_or_province)?.toUpperCase();
  if (state && !US_STATE_CODES.includes(state)) add('state_or_province', LOCATION_MESSAGES.stateInvalid);
  const postal = blankToNull(fields.postal_code);
  if (postal && !/^\d{5}(-\d{4})?$/.test(postal)) add('postal_code', LOCATION_MESSAGES.postalInvalid);
  const country = blankToNull(fields.country);
  if (country && country.toUpperCase() !== 'US') add('country', LOCATION_MESSAGES.countryFixed);
  return errors;
}

/** The row values of the given fields (codes, types and states upper-cased). */
function locationValues(fields: LocationFields): Partial<NewLocationRow> {
  const values: Record<string, unknown> = {};
  for (const field of LOCATION_TEXT_FIELDS) {
    if (field === 'location_code' || field === 'country') continue;
    let value = blankToNull(fields[field]);
    if (value === undefined) continue;
    if (value && (field === 'location_type' || field === 'state_or_province')) value = value.toUpperCase();
    values[COLUMN[field]] = value;
  }
  for (const field of LOCATION_FLAG_FIELDS) {
    const value = fields[field];
    if (value !== undefined) values[FLAG_COLUMN[field]] = value;
  }
  return values as Partial<NewLocationRow>;
}

export class LocationsService {
  constructor(private readonly db: Database) {}

  private repo(executor: Executor = this.db) {
    return new LocationsRepository(executor);
  }

  /**
   * Creates a location with its generated legacy buckets (002 §9) in one transaction; a code that exists keeps its
   * location and buckets. The demo data, the benches and the tests' factories create locations through it.
   */
  async createLocationWithBuckets(input: NewLocation): Promise<void> {
    const code = input.locationCode.trim().toUpperCase();
    await this.db.transaction(async (tx) => {
      await this.insertWithBuckets(
        tx,
        {
          locationCode: code,
          address1: input.address1 ?? null,
          city: input.city ?? null,
          stateOrProvince: input.stateOrProvince ?? null,
          postalCode: input.postalCode ?? null,
          locationType: input.locationType ?? 'WAREHOUSE',
          distributor: input.distributor ?? null,
          notes: input.notes ?? null,
        },
        generateLegacyBuckets(code),
      );
    });
  }

  /** The location row (its legacy bucket the first generated one) and the given generated buckets. */
  private async insertWithBuckets(
    tx: Executor,
    values: NewLocationRow,
    generated: ReturnType<typeof generateLegacyBuckets>,
  ): Promise<boolean> {
    const repo = this.repo(tx);
    const code = values.locationCode;
    const inserted = await repo.insertLocation({
      ...values,
      legacyBucket: generateLegacyBuckets(code)[0]!.legacy_bucket,
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
    return inserted;
  }

  /**
   * POST ims/bucket-mappings: the form's location and the chosen generated buckets, in one transaction. Field rules
   * answer 422 per field (nothing written); the four sub-location buckets are always added.
   */
  async create(
    body: CreateBucketMapping,
  ): Promise<{ message: string; location: TLocationRecord; buckets: TBucketRow[] }> {
    const fields = body.location;
    const errors = locationRuleErrors(fields, true);
    const code = blankToNull(fields.location_code)?.toUpperCase() ?? '';
    const all = code ? generateLegacyBuckets(code) : [];
    let chosen = all;
    if (code && !errors.location_code && body.buckets) {
      const byName = new Map(all.map((b) => [b.legacy_bucket, b]));
      body.buckets.forEach((b, i) => {
        if (!byName.has(b.legacy_bucket))
          (errors[`buckets.${i}.legacy_bucket`] ??= []).push(LOCATION_MESSAGES.notLegacyBucket(b.legacy_bucket, code));
      });
      const names = new Set(body.buckets.map((b) => b.legacy_bucket));
      if (!names.has(all[0]!.legacy_bucket))
        (errors.buckets ??= []).push(LOCATION_MESSAGES.firstBucketMissing(all[0]!.legacy_bucket));
      // The sub-location entries (ONSITE, RELOCATING, RETURN, FBA_INBOUND) are always added (002 §7).
      chosen = all.filter((b) => names.has(b.legacy_bucket) || b.location_code !== code);
    }
    if (Object.keys(errors).length) throw unprocessable(LOCATION_MESSAGES.invalid, errors);
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const taken = await repo.existingBucketNames(chosen.map((b) => b.legacy_bucket));
      if (await repo.findLocation(code))
        throw unprocessable(LOCATION_MESSAGES.invalid, { location_code: [LOCATION_MESSAGES.codeTaken(code)] });
      if (taken.length)
        throw unprocessable(LOCATION_MESSAGES.invalid, {
          location_code: taken.map((b) => LOCATION_MESSAGES.bucketTaken(b)),
        });
      const values: NewLocationRow = {
        ...LOCATION_FLAG_DEFAULTS_ROW,
        ...locationValues(fields),
        locationCode: code,
        country: 'US',
      };
      const inserted = await this.insertWithBuckets(tx, values, chosen);
      // A create racing this one for the same code: its row won.
      if (!inserted)
        throw unprocessable(LOCATION_MESSAGES.invalid, { location_code: [LOCATION_MESSAGES.codeTaken(code)] });
      const location = (await repo.findLocation(code))!;
      const buckets = (await repo.listBuckets({ parentLocationCode: code })).map((b) => toBucketRow(b, true));
      return {
        message: LOCATION_MESSAGES.created(code, buckets.length),
        location: toLocationRecord(location),
        buckets,
      };
    });
  }

  /** Active buckets; see the routes for which of them each call answers. */
  async buckets(options: {
    includeDistributor: boolean;
    activeLocationsOnly?: boolean;
  }): Promise<{ data: TBucketRow[] }> {
    const rows = await this.repo().listBuckets({ activeLocationsOnly: options.activeLocationsOnly ?? false });
    return { data: rows.map((r) => toBucketRow(r, options.includeDistributor)) };
  }

  /** GET ims/bucket-mappings/: every location record with its active buckets. */
  async mappings(): Promise<{ data: TLocationWithBuckets[] }> {
    const repo = this.repo();
    const [locations, buckets] = await Promise.all([repo.listLocations(), repo.listBuckets()]);
    const byLocation = new Map<string, TBucketRow[]>();
    for (const b of buckets) {
      const list = byLocation.get(b.parentLocationCode) ?? [];
      list.push(toBucketRow(b, true));
      byLocation.set(b.parentLocationCode, list);
    }
    return { data: locations.map((l) => ({ ...toLocationRecord(l), buckets: byLocation.get(l.locationCode) ?? [] })) };
  }

  conditions(): { data: { condition: string; suffix: string }[] } {
    return { data: LEGACY_CONDITIONS.map((suffix) => ({ condition: suffix || 'NEW', suffix })) };
  }

  async distributors(): Promise<{ data: string[] }> {
    return { data: await this.repo().distributors() };
  }

  /** PUT ims/buckets/updateIsLocalBucket. */
  async setLocalInventory(bucket: string, isLocal: boolean): Promise<{ data: TBucketRow }> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.findBucket(bucket, { forUpdate: true });
      if (!row || !row.isActive) throw notFound(LOCATION_MESSAGES.unknownBucket(bucket));
      await repo.setLocalInventory(bucket, isLocal);
      const [updated] = (await repo.listBuckets({ parentLocationCode: row.parentLocationCode })).filter(
        (b) => b.bucket === bucket,
      );
      return { data: toBucketRow(updated!, true) };
    });
  }

  /** PUT ims/buckets/updateBucketByLocation: the given fields of the location (its code and legacy bucket stay). */
  async updateByLocation(
    fields: LocationFields & { location_code: string },
  ): Promise<{ message: string; data: TLocationRecord }> {
    const code = fields.location_code.toUpperCase();
    const errors = locationRuleErrors({ ...fields, location_code: undefined }, false);
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.findLocation(code, { forUpdate: true });
      if (!row) throw notFound(LOCATION_MESSAGES.unknownLocation(code));
      if (Object.keys(errors).length) throw unprocessable(LOCATION_MESSAGES.invalid, errors);
      const values = locationValues(fields);
      const updated = Object.keys(values).length ? await repo.updateLocation(code, values) : row;
      return { message: LOCATION_MESSAGES.bucketUpdated, data: toLocationRecord(updated) };
    });
  }

  /**
   * DELETE ims/buckets/{bucket}: retires a generated bucket (is_active false: its history keeps naming it, and no
   * list offers it again). Refused for the first legacy bucket (002 §5) and while it holds stock or open work.
   */
  async deleteBucket(bucket: string): Promise<{ message: string; bucket: string }> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      // FOR UPDATE conflicts with the key-share lock a new row naming the bucket takes, so none lands meanwhile.
      const row = await repo.findBucket(bucket, { forUpdate: true });
      if (!row || !row.isActive) throw notFound(LOCATION_MESSAGES.unknownBucket(bucket));
      const location = await repo.findLocation(row.parentLocationCode);
      if (isFirstLegacyBucket({ ...row, locationLegacyBucket: location?.legacyBucket ?? null })) {
        throw conflict(LOCATION_MESSAGES.firstBucketUndeletable, {
          bucket: [LOCATION_MESSAGES.firstBucketUndeletable],
        });
      }
      const h = await repo.holdings(bucket);
      const reasons = [
        h.onHand ? `${h.onHand} unit${h.onHand === 1 ? '' : 's'} on hand` : '',
        h.liveSerials ? `${h.liveSerials} live serial${h.liveSerials === 1 ? '' : 's'}` : '',
        h.binnedUnits ? `${h.binnedUnits} unit${h.binnedUnits === 1 ? '' : 's'} in bins` : '',
        h.openTransfers ? `${h.openTransfers} open transfer${h.openTransfers === 1 ? '' : 's'}` : '',
        h.openSales ? `${h.openSales} committed sale${h.openSales === 1 ? '' : 's'}` : '',
      ].filter(Boolean);
      if (reasons.length) {
        const message = LOCATION_MESSAGES.bucketHoldsStock(bucket, reasons);
        throw conflict(message, { bucket: [message] });
      }
      await repo.retireBucket(bucket);
      return { message: LOCATION_MESSAGES.deleted(bucket), bucket };
    });
  }
}

const LOCATION_FLAG_DEFAULTS_ROW = Object.fromEntries(
  LOCATION_FLAG_FIELDS.map((f) => [FLAG_COLUMN[f], LOCATION_FLAG_DEFAULTS[f]]),
) as Pick<NewLocationRow, (typeof FLAG_COLUMN)[keyof typeof FLAG_COLUMN]>;
