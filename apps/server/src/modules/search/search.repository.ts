import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

/** One row a kind's query found: what the hit shows, what its path needs, and its rank (0 exact, 1 prefix, 2 contains). */
export interface SearchRow {
  id: number;
  label: string;
  secondary: string | null;
  /** The keys the hit's path is built from (a model, an invoice number and its vendor id, a location code). */
  key: string | null;
  key2: string | null;
  rank: number;
}

/** The query's forms: upper-case text, its prefix and contains patterns (LIKE-escaped). */
export interface SearchText {
  upper: string;
  prefix: string;
  contains: string;
}

export function searchText(q: string): SearchText {
  const upper = q.toUpperCase();
  const escaped = escapeLike(upper);
  return { upper, prefix: `${escaped}%`, contains: `%${escaped}%` };
}

/** 0 when upper(column) is the text, 1 when it starts with it, else 2. */
const rankOf = (column: SQL, t: SearchText) =>
  sql`(case when upper(${column}) = ${t.upper} then 0 when upper(${column}) like ${t.prefix} then 1 else 2 end)`;

/**
 * The search queries (docs/decisions.md, "Search everywhere"), one per kind, each limited and written for an index: prefixes as
 * `upper(column) like 'TEXT%'` (text_pattern_ops indexes), contains through the trigram indexes (products'
 * description, serials' `upper(serial_number) collate "C"`), equality on the UPC indexes.
 */
export class SearchRepository {
  constructor(private readonly db: Executor) {}

  /** POs by number (prefix, the ref index), legacy number (exact) and vendor name (contains: vendors are few). */
  purchaseOrders(t: SearchText, limit: number): Promise<SearchRow[]> {
    return queryRows<SearchRow>(
      this.db,
      sql`(select po.id, po.purchase_ref_id as label, v.company_name as secondary, null as key, null as key2,
              ${rankOf(sql`po.purchase_ref_id`, t)} as rank
            from purchase_orders po join vendors v on v.id = po.vendor_id
           where upper(po.purchase_ref_id) like ${t.prefix}
           order by upper(po.purchase_ref_id) limit ${limit})
          union all
          (select po.id, po.purchase_ref_id, v.company_name, null, null, 0
             from purchase_orders po join vendors v on v.id = po.vendor_id
            where po.legacy_po_number = ${t.upper} limit ${limit})
          union all
          (select po.id, po.purchase_ref_id, v.company_name, null, null, ${rankOf(sql`v.company_name`, t)}
             from vendors v cross join lateral (
               select id, purchase_ref_id from purchase_orders where vendor_id = v.id order by created_at desc limit ${limit}
             ) po
            where upper(v.company_name) like ${t.contains}
            order by ${rankOf(sql`v.company_name`, t)}, v.company_name limit ${limit})`,
    );
  }

  /**
   * Products by model (prefix), UPC or alternate UPC (exact), description (contains, trigram; 3 characters up; any
   * `limit` of them: ordering a common word's thousands of matches would cost more than the whole search may).
   */
  products(t: SearchText, raw: string, limit: number): Promise<SearchRow[]> {
    const description =
      raw.length >= 3
        ? sql`union all
          (select id, model_number, description, model_number, null, ${rankOf(sql`description`, t)}
             from products where description ilike ${`%${escapeLike(raw)}%`}
            limit ${limit})`
        : sql``;
    return queryRows<SearchRow>(
      this.db,
      sql`(select id, model_number as label, description as secondary, model_number as key, null as key2,
              ${rankOf(sql`model_number`, t)} as rank
             from products where upper(model_number) like ${t.prefix} order by upper(model_number) limit ${limit})
          union all
          (select id, model_number, description, model_number, null, 0
             from products where upc = ${raw} or alternate_upc = ${raw} limit ${limit})
          ${description}`,
    );
  }

  /**
   * Serials by number: prefix on the btree; only when that finds none, contains (4 characters up) on the trigram
   * index, whose common trigrams cost tens of milliseconds over a million serials.
   */
  async serials(t: SearchText, limit: number): Promise<SearchRow[]> {
    const columns = sql`s.id, s.serial_number as label,
      p.model_number || ' · ' || s.disposition_code || coalesce(' · ' || s.bucket, '') as secondary,
      null as key, null as key2`;
    const prefix = await queryRows<SearchRow>(
      this.db,
      sql`select ${columns}, ${rankOf(sql`s.serial_number`, t)} as rank
            from inventory_serials s join products p on p.id = s.product_id
           where upper(s.serial_number) like ${t.prefix} order by upper(s.serial_number), s.id desc limit ${limit}`,
    );
    if (prefix.length > 0 || t.upper.length < 4) return prefix;
    const contains = await queryRows<SearchRow>(
      this.db,
      sql`select ${columns}, 2 as rank
            from inventory_serials s join products p on p.id = s.product_id
           where (upper(s.serial_number) collate "C") like ${t.contains} limit ${limit}`,
    );
    return [...prefix, ...contains];
  }

  /** AP invoices by number (prefix). */
  invoices(t: SearchText, limit: number): Promise<SearchRow[]> {
    return queryRows<SearchRow>(
      this.db,
      sql`select i.id, i.invoice_number as label, v.company_name || coalesce(' · ' || i.invoice_date::text, '') as secondary,
              i.invoice_number as key, i.vendor_id::text as key2, ${rankOf(sql`i.invoice_number`, t)} as rank
            from accounts_payable_invoices i join vendors v on v.id = i.vendor_id
           where upper(i.invoice_number) like ${t.prefix}
           order by 6, upper(i.invoice_number) limit ${limit}`,
    );
  }

  /** Contacts by last or first name, "first last", e-mail (prefix) or phone digits (prefix, 3 digits up). */
  contacts(t: SearchText, limit: number): Promise<SearchRow[]> {
    const digits = t.upper.replace(/[^0-9]/g, '');
    const phone = digits.length >= 3 ? sql`or primary_phone like ${`${digits}%`}` : sql``;
    const [first, ...rest] = t.upper.split(/\s+/);
    const both =
      rest.length > 0
        ? sql`or (upper(first_name) like ${`${escapeLike(first!)}%`} and upper(last_name) like ${`${escapeLike(rest.join(' '))}%`})`
        : sql``;
    const fullName = sql`trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`;
    return queryRows<SearchRow>(
      this.db,
      sql`select id, ${fullName} as label,
              concat_ws(' · ', primary_phone, primary_email) as secondary, null as key, null as key2,
              least(${rankOf(sql`last_name`, t)}, ${rankOf(sql`first_name`, t)}, ${rankOf(fullName, t)},
                    ${rankOf(sql`primary_email`, t)}) as rank
            from contacts
           where upper(last_name) like ${t.prefix} or upper(first_name) like ${t.prefix}
              or upper(primary_email) like ${t.prefix} ${phone} ${both}
           order by 6, lower(last_name), lower(first_name) limit ${limit}`,
    );
  }

  /** Committed transfers by reference or POS batch name (prefix). */
  transfers(t: SearchText, limit: number): Promise<SearchRow[]> {
    return queryRows<SearchRow>(
      this.db,
      sql`select ct.id, ct.ims_transaction_reference_id as label,
              p.model_number || ' · ' || ct.from_bucket || ' → ' || ct.to_bucket as secondary,
              p.model_number as key, ct.from_bucket as key2,
              least(${rankOf(sql`ct.ims_transaction_reference_id`, t)}, ${rankOf(sql`ct.pos_transfer_batch_name`, t)}) as rank
            from committed_transfers ct join products p on p.id = ct.product_id
           where upper(ct.ims_transaction_reference_id) like ${t.prefix} or upper(ct.pos_transfer_batch_name) like ${t.prefix}
           order by 6, ct.id desc limit ${limit}`,
    );
  }

  /**
   * Committed sales by reference or POS invoice (prefix); the transacted ones (key2: their reference) only when
   * `transacted`, the caller may read their transaction page.
   */
  sales(t: SearchText, limit: number, transacted: boolean): Promise<SearchRow[]> {
    const openOnly = transacted ? sql`` : sql`and cs.transacted_at is null`;
    return queryRows<SearchRow>(
      this.db,
      sql`select cs.id, cs.ims_transaction_reference_id as label,
              'Invoice ' || cs.legacy_pos_invoice_id || ' · ' || p.model_number
                || case when cs.transacted_at is null then '' else ' · transacted' end as secondary,
              cs.legacy_pos_invoice_id as key,
              case when cs.transacted_at is null then null else cs.ims_transaction_reference_id end as key2,
              least(${rankOf(sql`cs.ims_transaction_reference_id`, t)}, ${rankOf(sql`cs.legacy_pos_invoice_id`, t)}) as rank
            from committed_sales cs join products p on p.id = cs.product_id
           where (upper(cs.ims_transaction_reference_id) like ${t.prefix} or upper(cs.legacy_pos_invoice_id) like ${t.prefix})
             ${openOnly}
           order by 6, cs.id desc limit ${limit}`,
    );
  }

  /** Bins (not deleted) by name (prefix). */
  bins(t: SearchText, limit: number): Promise<SearchRow[]> {
    return queryRows<SearchRow>(
      this.db,
      sql`select id, bin_name as label, location_code || ' · ' || bucket as secondary,
              location_code as key, bin_name as key2, ${rankOf(sql`bin_name`, t)} as rank
            from bins where deleted_at is null and upper(bin_name) like ${t.prefix}
           order by 6, upper(bin_name), location_code limit ${limit}`,
    );
  }
}
