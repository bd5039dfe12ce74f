import {
  CONTACT_SOURCES,
  contactRuleErrors,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  VENDOR_TYPES,
  ZProductCreateSchema,
  ZProductUpdateSchema,
  ZVendorInputSchema,
  type TImportEntity,
  type TImportOutcome,
} from '@keystone/contracts';
import { moneyCellToCents } from '@keystone/contracts/csv-rules';
import type { z } from 'zod';
import type { ContactRecord, ProductRecord, VendorRecord } from './imports.repository.js';

/**
 * The rules of one imported row (docs/decisions.md "Imports"): the forms' own schemas (ZProductCreateSchema and
 * ZProductUpdateSchema with the UPC check digit, ZVendorInputSchema, contactRuleErrors) and the services' checks,
 * over the row's cells by field. A cell left empty leaves the field as it is (a new row: unset). Every value is kept
 * in one text form (money with 2 decimals, yes/no), the export's, so a row is compared with what is stored by text.
 */

/** A row's cells by field: only the mapped fields are present ('' = an empty cell). */
export type RowCells = Record<string, string>;

export interface RowPlan {
  key: string;
  outcome: TImportOutcome;
  reasons: Record<string, string[]>;
  changes: string[];
  /** The checked values (field → text) a confirm applies. */
  data: Record<string, string>;
}

export const money = (cents: number | null | undefined) => (cents == null ? '' : (cents / 100).toFixed(2));
const text = (v: string | null | undefined) => (v ?? '').trim();
const yesNo = (v: boolean) => (v ? 'yes' : 'no');

export function readYesNo(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(v)) return true;
  if (['no', 'n', 'false', '0'].includes(v)) return false;
  return null;
}

class Reasons {
  readonly all: Record<string, string[]> = {};
  add(field: string, message: string) {
    (this.all[field] ??= []).push(message);
  }
  has(field: string) {
    return field in this.all;
  }
  get any() {
    return Object.keys(this.all).length > 0;
  }
  zod(error: z.ZodError, fallback: string) {
    for (const issue of error.issues) {
      const field = String(issue.path[0] ?? fallback);
      if (!this.has(field)) this.add(field, issue.message);
    }
  }
}

/** The cells that hold something. */
const given = (cells: RowCells) => Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== ''));

function requireFields(entity: TImportEntity, cells: RowCells, reasons: Reasons, only?: readonly string[]) {
  for (const f of IMPORT_FIELDS[entity]) {
    if (!f.required || (only && !only.includes(f.key))) continue;
    if (!(f.key in cells)) reasons.add(f.key, IMPORT_MESSAGES.requiredUnmapped);
    else if (cells[f.key] === '') reasons.add(f.key, IMPORT_MESSAGES.required);
  }
}

/** The fields whose text differs from the stored record's, as `field: old → new`. */
function diff(data: Record<string, string>, stored: Record<string, string>): string[] {
  return Object.entries(data)
    .filter(([field, value]) => (stored[field] ?? '') !== value)
    .map(([field, value]) => `${field}: ${stored[field] || '(empty)'} → ${value}`);
}

function outcomeOf(reasons: Reasons, exists: boolean, changes: string[]): TImportOutcome {
  if (reasons.any) return 'refused';
  if (!exists) return 'create';
  return changes.length ? 'update' : 'unchanged';
}

// ---- Products. ----

const PRODUCT_MONEY = ['current_cost', 'msrp', 'map', 'minimum_price', 'spiff'] as const;
const PRODUCT_TEXT = ['model_number', 'description', 'upc', 'part_number', 'sku', 'asin'] as const;
const PRODUCT_NAMES = ['brand', 'category', 'manufacturer'] as const;

/** A product's fields as the export writes them. */
export function productRecord(p: ProductRecord): Record<string, string> {
  return {
    model_number: p.model_number,
    description: p.description,
    upc: text(p.upc),
    brand: text(p.brand),
    category: text(p.category),
    manufacturer: text(p.manufacturer),
    status: p.status,
    item_type: p.item_type,
    serial_number_tracked: yesNo(p.serial_number_tracked),
    current_cost: money(p.current_cost_cents),
    msrp: money(p.msrp_cents),
    map: money(p.map_cents),
    minimum_price: money(p.minimum_price_cents),
    spiff: money(p.spiff_cents),
    part_number: text(p.part_number),
    sku: text(p.sku),
    asin: text(p.asin),
    box_qty: String(p.box_qty),
  };
}

export const productKey = (cells: RowCells) => text(cells.model_number).toUpperCase();

/** `names`: the brands, categories and manufacturers that exist, by lower-case name. */
export function checkProduct(
  cells: RowCells,
  existing: ProductRecord | undefined,
  names: Record<(typeof PRODUCT_NAMES)[number], Map<string, string>>,
): RowPlan {
  const reasons = new Reasons();
  const values = given(cells);
  if (!existing) requireFields('products', cells, reasons);
  else if ('model_number' in cells && cells.model_number === '') reasons.add('model_number', IMPORT_MESSAGES.required);
  const data: Record<string, string> = {};
  const extra: string[] = [];
  const payload: Record<string, unknown> = {};
  for (const f of PRODUCT_TEXT) if (values[f] !== undefined) payload[f] = values[f];
  for (const f of ['status', 'item_type'] as const) if (values[f] !== undefined) payload[f] = values[f].toUpperCase();
  for (const f of PRODUCT_MONEY) {
    if (values[f] === undefined) continue;
    const cents = moneyCellToCents(values[f]);
    if (cents === null || cents < 0) reasons.add(f, IMPORT_MESSAGES.notANumber);
    else payload[f] = cents / 100;
  }
  if (values.box_qty !== undefined) {
    if (/^\d+$/.test(values.box_qty)) payload.box_qty = Number(values.box_qty);
    else reasons.add('box_qty', IMPORT_MESSAGES.notAWholeNumber);
  }
  if (values.serial_number_tracked !== undefined) {
    const tracked = readYesNo(values.serial_number_tracked);
    if (tracked === null) reasons.add('serial_number_tracked', IMPORT_MESSAGES.notABoolean);
    else data.serial_number_tracked = yesNo(tracked);
  }
  for (const f of PRODUCT_NAMES) {
    const name = values[f];
    if (name === undefined) continue;
    if (name.length > 100) {
      reasons.add(f, 'must be at most 100 characters');
      continue;
    }
    const found = names[f].get(name.toLowerCase());
    data[f] = found ?? name;
    if (!found) extra.push(`${f} ${name} (new)`);
  }
  const parsed = (existing ? ZProductUpdateSchema : ZProductCreateSchema).safeParse(payload);
  if (!parsed.success) reasons.zod(parsed.error, 'model_number');
  else {
    const out = parsed.data as Record<string, unknown>;
    for (const f of [...PRODUCT_TEXT, 'status', 'item_type'] as const)
      if (f in payload && !reasons.has(f)) data[f] = text(out[f] as string | null);
    for (const f of PRODUCT_MONEY)
      if (f in payload && !reasons.has(f)) data[f] = money(Math.round((out[f] as number) * 100));
    if ('box_qty' in payload) data.box_qty = String(out.box_qty);
  }
  const changes = existing ? diff(data, productRecord(existing)) : [];
  return {
    key: productKey(cells),
    outcome: outcomeOf(reasons, !!existing, changes),
    reasons: reasons.all,
    changes: [...changes, ...extra],
    data,
  };
}

// ---- Vendors. ----

const VENDOR_TEXT = IMPORT_FIELDS.vendors.map((f) => f.key);

export function vendorRecord(v: VendorRecord): Record<string, string> {
  return Object.fromEntries(VENDOR_TEXT.map((f) => [f, text((v as unknown as Record<string, string | null>)[f])]));
}

export const vendorKey = (cells: RowCells) => text(cells.company_name).toLowerCase();

export function checkVendor(cells: RowCells, matches: VendorRecord[]): RowPlan {
  const reasons = new Reasons();
  const existing = matches[0];
  if (matches.length > 1) reasons.add('company_name', IMPORT_MESSAGES.ambiguousVendor(matches.length));
  if (!existing) requireFields('vendors', cells, reasons);
  else requireFields('vendors', cells, reasons, ['company_name']);
  const values = given(cells);
  if (values.vendor_type !== undefined) values.vendor_type = values.vendor_type.toLowerCase();
  const parsed = ZVendorInputSchema.safeParse(values);
  const data: Record<string, string> = {};
  if (!parsed.success) reasons.zod(parsed.error, 'company_name');
  for (const [f, v] of Object.entries(values)) if (VENDOR_TEXT.includes(f) && !reasons.has(f)) data[f] = v.trim();
  if (
    values.vendor_type !== undefined &&
    !(VENDOR_TYPES as readonly string[]).includes(values.vendor_type) &&
    !reasons.has('vendor_type')
  )
    reasons.add('vendor_type', `must be one of ${VENDOR_TYPES.join(', ')}`);
  const changes = existing ? diff(data, vendorRecord(existing)) : [];
  return {
    key: vendorKey(cells),
    outcome: outcomeOf(reasons, !!existing, changes),
    reasons: reasons.all,
    changes,
    data,
  };
}

// ---- Contacts. ----

const CONTACT_TEXT = IMPORT_FIELDS.contacts.map((f) => f.key);

export function contactRecord(c: ContactRecord): Record<string, string> {
  return Object.fromEntries(CONTACT_TEXT.map((f) => [f, text((c as unknown as Record<string, string | null>)[f])]));
}

/** A contact's key: its e-mail (lower case), else its name (`name:first last`). */
export function contactKey(cells: {
  primary_email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}) {
  const email = text(cells.primary_email).toLowerCase();
  if (email) return email;
  const name = `${text(cells.first_name)} ${text(cells.last_name)}`.trim().toLowerCase();
  return name ? `name:${name}` : '';
}

export function checkContact(cells: RowCells, existing: ContactRecord | undefined): RowPlan {
  const reasons = new Reasons();
  const values = given(cells);
  const key = contactKey(values);
  if (!key) reasons.add('primary_email', IMPORT_MESSAGES.contactKey);
  const errors = contactRuleErrors(values, { requireName: !existing });
  if (errors) for (const [f, messages] of Object.entries(errors)) for (const m of messages) reasons.add(f, m);
  if (values.source !== undefined && !(CONTACT_SOURCES as readonly string[]).includes(values.source))
    reasons.add('source', `must be one of ${CONTACT_SOURCES.join(', ')}`);
  const data: Record<string, string> = {};
  for (const [f, v] of Object.entries(values))
    if (CONTACT_TEXT.includes(f) && !reasons.has(f)) data[f] = f === 'state' ? v.trim().toUpperCase() : v.trim();
  const changes = existing ? diff(data, contactRecord(existing)) : [];
  return { key, outcome: outcomeOf(reasons, !!existing, changes), reasons: reasons.all, changes, data };
}

// ---- Opening stock. ----

export interface StockContext {
  buckets: Set<string>;
  products: Map<string, { id: number; model: string; tracked: boolean; serialsPerUnit: number }>;
  bins: Map<string, { id: number; bucket: string; name: string }>;
  live: Map<string, { model: string; bucket: string | null }>;
  /** Opening stock already posted by key (rows without serial). */
  opening: Map<string, number>;
}

/** The key of a stock row: bucket, model and serial (a row with one), else bucket, model and bin. */
export function stockKey(cells: RowCells): string {
  const bucket = text(cells.bucket).toUpperCase();
  const model = text(cells.model_number).toUpperCase();
  const serial = text(cells.serial_number).toUpperCase();
  return serial ? `${bucket}|${model}|#${serial}` : `${bucket}|${model}|${text(cells.bin).toUpperCase()}`;
}

export function checkStock(cells: RowCells, ctx: StockContext): RowPlan {
  const reasons = new Reasons();
  requireFields('opening-stock', cells, reasons);
  const values = given(cells);
  const bucket = text(values.bucket).toUpperCase();
  const model = text(values.model_number);
  const serial = text(values.serial_number);
  const binName = text(values.bin);
  const data: Record<string, string> = { bucket, model_number: model };
  if (bucket && !ctx.buckets.has(bucket)) reasons.add('bucket', IMPORT_MESSAGES.unknownBucket(bucket));
  const product = model ? ctx.products.get(model.toUpperCase()) : undefined;
  if (model && !product) reasons.add('model_number', IMPORT_MESSAGES.unknownProduct(model));
  if (product) data.model_number = product.model;
  let quantity = 1;
  if (values.quantity !== undefined) {
    if (!/^\d+$/.test(values.quantity) || Number(values.quantity) < 1)
      reasons.add('quantity', IMPORT_MESSAGES.notAWholeNumber);
    else quantity = Number(values.quantity);
  }
  if (binName) {
    const bin = ctx.bins.get(`${bucket}|${binName.toUpperCase()}`);
    if (!bin) {
      if (bucket && ctx.buckets.has(bucket)) reasons.add('bin', IMPORT_MESSAGES.unknownBin(binName, bucket));
    } else data.bin = bin.name;
  }
  let outcome: TImportOutcome = 'create';
  const changes: string[] = [];
  if (serial) {
    data.serial_number = serial;
    if (values.quantity !== undefined && quantity !== 1 && !reasons.has('quantity'))
      reasons.add('quantity', IMPORT_MESSAGES.serialQuantity);
    if (product && !product.tracked) reasons.add('serial_number', IMPORT_MESSAGES.serialNotTracked);
    // A row is one unit with one serial: a unit of several serials would be counted once per serial.
    if (product?.tracked && product.serialsPerUnit > 1)
      reasons.add('serial_number', IMPORT_MESSAGES.serialsPerUnit(product.serialsPerUnit));
    const live = ctx.live.get(serial.toUpperCase());
    if (live && product) {
      if (live.model.toUpperCase() !== product.model.toUpperCase())
        reasons.add('serial_number', IMPORT_MESSAGES.serialOtherProduct(live.model));
      else if (live.bucket !== bucket) reasons.add('serial_number', IMPORT_MESSAGES.serialLive(live.bucket));
      else outcome = 'unchanged';
    }
    data.quantity = '1';
  } else {
    if (product?.tracked) reasons.add('serial_number', IMPORT_MESSAGES.serialRequired);
    if (values.quantity === undefined && !reasons.has('quantity')) reasons.add('quantity', IMPORT_MESSAGES.required);
    data.quantity = String(quantity);
    const posted = ctx.opening.get(stockKey(cells));
    if (posted !== undefined) {
      if (posted === quantity) outcome = 'unchanged';
      else reasons.add('quantity', IMPORT_MESSAGES.openingTaken(posted));
    }
  }
  if (outcome === 'create') changes.push(`+${data.quantity} in ${bucket}${data.bin ? ` bin ${data.bin}` : ''}`);
  return { key: stockKey(cells), outcome: reasons.any ? 'refused' : outcome, reasons: reasons.all, changes, data };
}
