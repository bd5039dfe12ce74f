import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { importMappings, importRows, imports } from '../../db/schema.js';

export type ImportRow = typeof imports.$inferSelect;
export type NewImportRowPlan = Omit<typeof importRows.$inferInsert, 'importId'>;
export type PlanRow = typeof importRows.$inferSelect;

/** A product as the import and export read it: every field of the layout as stored. */
export interface ProductRecord {
  id: number;
  model_number: string;
  description: string;
  upc: string | null;
  brand: string | null;
  category: string | null;
  manufacturer: string | null;
  status: string;
  item_type: string;
  serial_number_tracked: boolean;
  /** Serials one unit carries (a kit's several parts); null or 1: one. */
  num_of_serials_per_item: number | null;
  current_cost_cents: number;
  msrp_cents: number | null;
  map_cents: number | null;
  minimum_price_cents: number | null;
  spiff_cents: number;
  part_number: string | null;
  sku: string | null;
  asin: string | null;
  box_qty: number;
}

export interface VendorRecord {
  id: number;
  company_name: string;
  vendor_type: string;
  rep: string | null;
  rep_email: string | null;
  rep_phone: string | null;
  dealer_number: string | null;
  program_name: string;
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  fax_phone: string | null;
  notes: string | null;
}

export interface ContactRecord {
  id: number;
  first_name: string | null;
  last_name: string | null;
  primary_email: string | null;
  primary_phone: string | null;
  secondary_phone: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  source: string | null;
}

const CHUNK = 1_000;
const json = (values: unknown[]) => JSON.stringify(values);

const PRODUCT_SELECT = sql`
  select p.id, p.model_number, p.description, p.upc, b.brand_name as brand, c.category_name as category,
         m.name as manufacturer, p.status, p.item_type, p.serial_number_tracked, p.num_of_serials_per_item, p.current_cost_cents,
         p.msrp_cents, p.map_cents, p.minimum_price_cents, p.spiff_cents, p.part_number, p.sku, p.asin, p.box_qty
  from products p
  left join brands b on b.id = p.fk_brand_id
  left join categories c on c.id = p.fk_category_id
  left join manufacturers m on m.id = p.fk_manufacturer_id`;

const numeric = <T extends object>(row: T, keys: (keyof T)[]): T => {
  for (const k of keys) if (row[k] !== null && row[k] !== undefined) (row[k] as unknown) = Number(row[k]);
  return row;
};
const productRow = (r: ProductRecord) =>
  numeric(r, ['id', 'current_cost_cents', 'msrp_cents', 'map_cents', 'minimum_price_cents', 'spiff_cents', 'box_qty']);

/** The imports' own tables, and the reads a dry run and an export make of the domains it imports into. */
export class ImportsRepository {
  constructor(private readonly db: Executor) {}

  // ---- Imports and their plans. ----

  async insertImport(values: typeof imports.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(imports).values(values).returning({ id: imports.id });
    return row!.id;
  }

  /** Plan rows of an import, 1,000 a statement, each statement's rows as one JSON parameter. */
  async insertRows(id: number, rows: NewImportRowPlan[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK)
      await this.db.execute(
        sql`insert into import_rows (import_id, row, key, outcome, reasons, changes, data)
            select ${id}, r.row, r.key, r.outcome, r.reasons, r.changes, r.data
            from jsonb_to_recordset(${json(rows.slice(i, i + CHUNK))}::jsonb)
              as r(row int, key text, outcome text, reasons jsonb, changes jsonb, data jsonb)`,
      );
  }

  async setCounts(id: number, counts: Record<string, number>): Promise<void> {
    await this.db.update(imports).set({ counts }).where(eq(imports.id, id));
  }

  async findImport(id: number, options: { lock?: boolean } = {}): Promise<ImportRow | null> {
    const query = this.db.select().from(imports).where(eq(imports.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  }

  planRows(id: number, page: { offset: number; limit: number; outcome?: string }): Promise<PlanRow[]> {
    return this.db
      .select()
      .from(importRows)
      .where(
        page.outcome
          ? and(eq(importRows.importId, id), eq(importRows.outcome, page.outcome))
          : eq(importRows.importId, id),
      )
      .orderBy(asc(importRows.row))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** The rows a confirm applies (create and update), in file order, a page after `afterRow`. */
  rowsToApply(id: number, afterRow: number, limit: number): Promise<PlanRow[]> {
    return this.db
      .select()
      .from(importRows)
      .where(
        and(
          eq(importRows.importId, id),
          sql`${importRows.outcome} in ('create', 'update')`,
          sql`${importRows.row} > ${afterRow}`,
        ),
      )
      .orderBy(asc(importRows.row))
      .limit(limit);
  }

  /**
   * The order in which a confirm of opening stock applies its rows: by key (bucket, model, then serial or bin) and
   * row, numbered in a temporary table of the caller's transaction (dropped at its end), so each product's serials
   * come together and a page posts one ledger row per product rather than one per serial.
   */
  async orderRowsByKey(id: number): Promise<void> {
    await this.db.execute(
      sql`create temporary table import_apply_order on commit drop as
          select row_number() over (order by key, row)::int as ord, row
          from import_rows where import_id = ${id} and outcome in ('create', 'update')`,
    );
    await this.db.execute(sql`create unique index on import_apply_order (ord)`);
  }

  /** A page of the rows to apply in the order `orderRowsByKey` made, after position `afterOrd`; each with its position. */
  async rowsToApplyByKey(id: number, afterOrd: number, limit: number): Promise<(PlanRow & { ord: number })[]> {
    const rows = await queryRows<{
      ord: number;
      row: number;
      key: string;
      outcome: string;
      reasons: PlanRow['reasons'];
      changes: PlanRow['changes'];
      data: PlanRow['data'];
    }>(
      this.db,
      sql`select o.ord, r.row, r.key, r.outcome, r.reasons, r.changes, r.data
          from import_apply_order o join import_rows r on r.import_id = ${id} and r.row = o.row
          where o.ord > ${afterOrd} order by o.ord limit ${limit}`,
    );
    return rows.map((r) => ({ ...r, ord: Number(r.ord), row: Number(r.row), importId: id }));
  }

  async setStatus(id: number, values: Partial<Pick<ImportRow, 'status' | 'jobId' | 'appliedAt'>>): Promise<void> {
    await this.db.update(imports).set(values).where(eq(imports.id, id));
  }

  async savedMapping(entity: string, layoutHash: string): Promise<Record<string, string | null> | null> {
    const [row] = await this.db
      .select({ mapping: importMappings.mapping })
      .from(importMappings)
      .where(and(eq(importMappings.entity, entity), eq(importMappings.layoutHash, layoutHash)));
    return row?.mapping ?? null;
  }

  async saveMapping(entity: string, layoutHash: string, mapping: Record<string, string | null>): Promise<void> {
    await this.db
      .insert(importMappings)
      .values({ entity, layoutHash, mapping })
      .onConflictDoUpdate({
        target: [importMappings.entity, importMappings.layoutHash],
        set: { mapping, updatedAt: sql`now()` },
      });
  }

  // ---- Products. ----

  async productsByModels(models: string[]): Promise<ProductRecord[]> {
    const out: ProductRecord[] = [];
    for (let i = 0; i < models.length; i += 5_000) {
      const part = models.slice(i, i + 5_000).map((m) => m.toUpperCase());
      out.push(
        ...(
          await queryRows<ProductRecord>(
            this.db,
            sql`${PRODUCT_SELECT} where upper(p.model_number) in (select jsonb_array_elements_text(${json(part)}::jsonb))`,
          )
        ).map(productRow),
      );
    }
    return out;
  }

  async productsPage(afterModel: string | null, limit: number): Promise<ProductRecord[]> {
    const rows = await queryRows<ProductRecord>(
      this.db,
      sql`${PRODUCT_SELECT} where ${afterModel === null ? sql`true` : sql`p.model_number > ${afterModel}`}
          order by p.model_number limit ${limit}`,
    );
    return rows.map(productRow);
  }

  names(table: 'brands' | 'categories' | 'manufacturers'): Promise<{ id: number; name: string }[]> {
    const query =
      table === 'brands'
        ? sql`select id, brand_name as name from brands`
        : table === 'categories'
          ? sql`select id, category_name as name from categories`
          : sql`select id, name from manufacturers`;
    return queryRows<{ id: number; name: string }>(this.db, query);
  }

  // ---- Vendors. ----

  async vendorsByNames(lowerNames: string[], excludedId: number): Promise<VendorRecord[]> {
    if (!lowerNames.length) return [];
    return queryRows<VendorRecord>(
      this.db,
      sql`select id, company_name, vendor_type, rep, rep_email, rep_phone, dealer_number, program_name, address, address2,
                 city, state, zip, country, fax_phone, notes
          from vendors
          where not is_deleted and id <> ${excludedId}
            and lower(btrim(company_name)) in (select jsonb_array_elements_text(${json(lowerNames)}::jsonb))
          order by id`,
    );
  }

  allVendors(excludedId: number): Promise<VendorRecord[]> {
    return queryRows<VendorRecord>(
      this.db,
      sql`select id, company_name, vendor_type, rep, rep_email, rep_phone, dealer_number, program_name, address, address2,
                 city, state, zip, country, fax_phone, notes
          from vendors where not is_deleted and id <> ${excludedId} order by id`,
    );
  }

  // ---- Contacts. ----

  async contactsByKeys(lowerEmails: string[], lowerNames: string[]): Promise<ContactRecord[]> {
    if (!lowerEmails.length && !lowerNames.length) return [];
    return queryRows<ContactRecord>(
      this.db,
      sql`select id, first_name, last_name, primary_email, primary_phone, secondary_phone, address, address2, city, state,
                 zip, source
          from contacts
          where lower(btrim(primary_email)) in (select jsonb_array_elements_text(${json(lowerEmails)}::jsonb))
             or (coalesce(btrim(primary_email), '') = ''
                 and lower(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) in
                     (select jsonb_array_elements_text(${json(lowerNames)}::jsonb)))
          order by id`,
    );
  }

  allContacts(): Promise<ContactRecord[]> {
    return queryRows<ContactRecord>(
      this.db,
      sql`select id, first_name, last_name, primary_email, primary_phone, secondary_phone, address, address2, city, state,
                 zip, source
          from contacts order by id`,
    );
  }

  // ---- Opening stock (reads only: stock is written by the ledger module). ----

  async bucketNames(): Promise<Set<string>> {
    const rows = await queryRows<{ bucket: string }>(this.db, sql`select bucket from buckets`);
    return new Set(rows.map((r) => r.bucket));
  }

  /** Bins by bucket and upper-case name. */
  async bins(): Promise<Map<string, { id: number; bucket: string; name: string }>> {
    const rows = await queryRows<{ id: number; bucket: string; bin_name: string }>(
      this.db,
      sql`select id, bucket, bin_name from bins`,
    );
    return new Map(
      rows.map((r) => [
        `${r.bucket}|${r.bin_name.toUpperCase()}`,
        { id: Number(r.id), bucket: r.bucket, name: r.bin_name },
      ]),
    );
  }

  /** Where each of these numbers (upper case) is live: its product's model and its bucket. */
  async liveSerials(numbers: string[]): Promise<Map<string, { model: string; bucket: string | null }>> {
    const out = new Map<string, { model: string; bucket: string | null }>();
    for (let i = 0; i < numbers.length; i += 10_000) {
      const part = numbers.slice(i, i + 10_000).map((n) => n.toUpperCase());
      const rows = await queryRows<{ n: string; model_number: string; bucket: string | null }>(
        this.db,
        sql`select upper(s.serial_number) as n, p.model_number, s.bucket
            from inventory_serials s join products p on p.id = s.product_id
            where s.disposition_code = 'LIVE'
              and upper(s.serial_number) in (select jsonb_array_elements_text(${json(part)}::jsonb))`,
      );
      for (const r of rows) out.set(r.n, { model: r.model_number, bucket: r.bucket });
    }
    return out;
  }

  /** The opening stock already posted under these keys (bucket|MODEL|BIN of a row without serial): its quantity. */
  async openingKeys(keys: string[]): Promise<Map<string, number>> {
    if (!keys.length) return new Map();
    const rows = await queryRows<{ key: string; quantity: number }>(
      this.db,
      sql`select details ->> 'key' as key, sum(quantity_delta)::int as quantity
          from inventory_transactions
          where type = 'INVENTORY_OPENING_BALANCE'
            and details ->> 'key' in (select jsonb_array_elements_text(${json(keys)}::jsonb))
          group by details ->> 'key'`,
    );
    return new Map(rows.map((r) => [r.key, Number(r.quantity)]));
  }

  /** On-hand of products without serials, per bucket. */
  stockWithoutSerials(): Promise<{ bucket: string; model_number: string; product_id: number; on_hand: number }[]> {
    return queryRows(
      this.db,
      sql`select i.bucket, p.model_number, p.id as product_id, i.quantity::int as on_hand
          from inventory i join products p on p.id = i.product_id and not p.serial_number_tracked
          where i.quantity > 0
          order by i.bucket, p.model_number`,
    );
  }

  /** Live serials of serial-tracked products, by bucket and model. */
  liveSerialStock(): Promise<{ bucket: string; model_number: string; serial_number: string; product_id: number }[]> {
    return queryRows(
      this.db,
      sql`select s.bucket, p.model_number, s.serial_number, p.id as product_id
          from inventory_serials s join products p on p.id = s.product_id
          where s.disposition_code = 'LIVE' and s.bucket is not null
          order by s.bucket, p.model_number, s.serial_number`,
    );
  }

  /** What each bin holds of each product (bin name, bucket, product id, quantity). */
  binContents(): Promise<{ bucket: string; bin: string; product_id: number; quantity: number }[]> {
    return queryRows(
      this.db,
      sql`select bn.bucket, bn.bin_name as bin, bi.product_id, bi.quantity::int as quantity
          from bin_items bi join bins bn on bn.id = bi.bin_id
          where bi.quantity > 0
          order by bn.bucket, bn.bin_name`,
    );
  }
}
