import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

export interface BinRow {
  id: number;
  binName: string;
  locationCode: string;
  conditionCode: string;
  bucket: string;
  row: number;
  bay: number;
  shelf: number;
  totalQuantity: number;
  createdAt: Date;
}

export interface BinItemRow {
  binId: number;
  productId: number;
  model: string;
  upc: string | null;
  alternateUpc: string | null;
  quantity: number;
}

export interface UpcProduct {
  id: number;
  upc: string | null;
  alternateUpc: string | null;
}

export interface BinListFilter {
  locationCode?: string;
  searchTerm?: string;
  orderBy: 'created_at' | 'bin_name' | 'condition_code' | 'location_code';
  sortDirection: 'asc' | 'desc';
  limit: number;
  offset: number;
}

interface RawBin {
  id: number;
  bin_name: string;
  location_code: string;
  condition_code: string;
  bucket: string;
  row: number;
  bay: number;
  shelf: number;
  total_quantity: number;
  created_at: Date | string;
}

const toBin = (r: RawBin): BinRow => ({
  id: Number(r.id),
  binName: r.bin_name,
  locationCode: r.location_code,
  conditionCode: r.condition_code,
  bucket: r.bucket,
  row: Number(r.row),
  bay: Number(r.bay),
  shelf: Number(r.shelf),
  totalQuantity: Number(r.total_quantity ?? 0),
  createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
});

const FULL_NAME = /^R\d{2}-B\d{2}-S\d{2}$/i;

const BIN_COLUMNS = sql`b.id, b.bin_name, b.location_code, b.condition_code, b.bucket, b.row, b.bay, b.shelf, b.created_at,
  coalesce((select sum(bi.quantity) from bin_items bi where bi.bin_id = b.id), 0)::int as total_quantity`;

/** The bins' SQL. Bin contents are only read here: `Ledger.moveBinContents` writes them. */
export class BinsRepository {
  constructor(private readonly db: Executor) {}

  async locationExists(locationCode: string): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      this.db,
      sql`select 1 as one from locations where location_code = ${locationCode}`,
    );
    return rows.length > 0;
  }

  /** The bucket of a location and condition (KY01 + NEW → KY01, KY01 + B_STOCK → KY01_B_STOCK), or null. */
  async bucketOf(locationCode: string, conditionCode: string): Promise<string | null> {
    const rows = await queryRows<{ bucket: string }>(
      this.db,
      sql`select bucket from buckets where location_code = ${locationCode} and condition_code = ${conditionCode} and is_active
          order by (bucket = location_code) desc, bucket limit 1`,
    );
    return rows[0]?.bucket ?? null;
  }

  /** Inserts a bin; null when the location already has a (live) bin of that name. */
  async insert(input: {
    binName: string;
    locationCode: string;
    conditionCode: string;
    bucket: string;
    row: number;
    bay: number;
    shelf: number;
    userId: number;
  }): Promise<number | null> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf, created_by_id)
          values (${input.binName}, ${input.locationCode}, ${input.conditionCode}, ${input.bucket}, ${input.row}, ${input.bay}, ${input.shelf}, ${input.userId})
          on conflict (location_code, bin_name) where deleted_at is null do nothing
          returning id`,
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  private where(filter: Pick<BinListFilter, 'locationCode' | 'searchTerm'>): SQL {
    const parts: SQL[] = [sql`b.deleted_at is null`];
    if (filter.locationCode) parts.push(sql`b.location_code = ${filter.locationCode}`);
    // A whole R##-B##-S## name contains only itself (every name has that length): an equality the unique index answers.
    if (filter.searchTerm && FULL_NAME.test(filter.searchTerm))
      parts.push(sql`b.bin_name = ${filter.searchTerm.toUpperCase()}`);
    else if (filter.searchTerm) parts.push(sql`b.bin_name ilike ${`%${escapeLike(filter.searchTerm)}%`}`);
    return sql.join(parts, sql` and `);
  }

  async list(filter: BinListFilter): Promise<BinRow[]> {
    const direction = filter.sortDirection === 'asc' ? sql`asc` : sql`desc`;
    const column = {
      created_at: sql`b.created_at`,
      bin_name: sql`b.bin_name`,
      condition_code: sql`b.condition_code`,
      location_code: sql`b.location_code`,
    }[filter.orderBy];
    const rows = await queryRows<RawBin>(
      this.db,
      // The page's ids first (an index scan in order, skipped rows cost no sum), then the columns of those rows only.
      sql`with page as (
            select b.id, row_number() over () as n from (
              select b.id from bins b where ${this.where(filter)}
              order by ${column} ${direction}, b.id ${direction} limit ${filter.limit} offset ${filter.offset}
            ) b
          )
          select ${BIN_COLUMNS} from page join bins b on b.id = page.id order by page.n`,
    );
    return rows.map(toBin);
  }

  async count(filter: Pick<BinListFilter, 'locationCode' | 'searchTerm'>): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from bins b where ${this.where(filter)}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async findById(id: number): Promise<BinRow | null> {
    const rows = await queryRows<RawBin>(
      this.db,
      sql`select ${BIN_COLUMNS} from bins b where b.id = ${id} and b.deleted_at is null`,
    );
    return rows[0] ? toBin(rows[0]) : null;
  }

  async findByIds(ids: number[]): Promise<BinRow[]> {
    if (!ids.length) return [];
    const list = JSON.stringify(ids);
    const rows = await queryRows<RawBin>(
      this.db,
      sql`select ${BIN_COLUMNS} from bins b
          where b.deleted_at is null and b.id in (select v::int from jsonb_array_elements_text(${list}::jsonb) v)
          order by b.location_code, b.bin_name`,
    );
    return rows.map(toBin);
  }

  /**
   * Locks a live bin's row: FOR SHARE while its contents change (so a delete waits), FOR UPDATE to delete it.
   * Taken before the ledger's locks (docs/architecture.md, lock order: the bin row, then on-hand, then bin_items).
   */
  async lock(id: number, mode: 'share' | 'update'): Promise<BinRow | null> {
    const lockClause = mode === 'share' ? sql`for share` : sql`for update`;
    const rows = await queryRows<RawBin>(
      this.db,
      sql`select b.id, b.bin_name, b.location_code, b.condition_code, b.bucket, b.row, b.bay, b.shelf, b.created_at, 0 as total_quantity
          from bins b where b.id = ${id} and b.deleted_at is null ${lockClause}`,
    );
    return rows[0] ? toBin(rows[0]) : null;
  }

  async unitsIn(binId: number): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.db,
      sql`select coalesce(sum(quantity), 0)::int as n from bin_items where bin_id = ${binId}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async markDeleted(id: number): Promise<void> {
    await this.db.execute(sql`update bins set deleted_at = now() where id = ${id} and deleted_at is null`);
  }

  /** The contents of these bins, by bin then model. */
  async itemsOf(binIds: number[]): Promise<BinItemRow[]> {
    if (!binIds.length) return [];
    const list = JSON.stringify(binIds);
    const rows = await queryRows<{
      bin_id: number;
      product_id: number;
      model_number: string;
      upc: string | null;
      alternate_upc: string | null;
      quantity: number;
    }>(
      this.db,
      sql`select bi.bin_id, bi.product_id, p.model_number, p.upc, p.alternate_upc, bi.quantity
          from bin_items bi join products p on p.id = bi.product_id
          where bi.bin_id in (select v::int from jsonb_array_elements_text(${list}::jsonb) v)
          order by bi.bin_id, p.model_number`,
    );
    return rows.map((r) => ({
      binId: Number(r.bin_id),
      productId: Number(r.product_id),
      model: r.model_number,
      upc: r.upc,
      alternateUpc: r.alternate_upc,
      quantity: Number(r.quantity),
    }));
  }

  /** Products whose UPC or alternate UPC is one of these (a product's own UPC first). */
  async productsByUpc(upcs: string[]): Promise<UpcProduct[]> {
    if (!upcs.length) return [];
    const list = JSON.stringify([...new Set(upcs)]);
    const rows = await queryRows<{ id: number; upc: string | null; alternate_upc: string | null }>(
      this.db,
      sql`with wanted as (select v as upc from jsonb_array_elements_text(${list}::jsonb) v)
          select id, upc, alternate_upc from products
          where upc in (select upc from wanted) or alternate_upc in (select upc from wanted)
          order by id`,
    );
    return rows.map((r) => ({ id: Number(r.id), upc: r.upc, alternateUpc: r.alternate_upc }));
  }
}
