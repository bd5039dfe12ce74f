import { and, count, desc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { MAX_ID, type THistoryEntity } from '@keystone/contracts';
import type { Executor } from '../../db/database.js';
import {
  bins,
  contacts,
  products,
  purchaseOrders,
  recordChanges,
  roles,
  shippingRules,
  users,
  vendors,
} from '../../db/schema.js';

export type RecordChangeValues = Omit<typeof recordChanges.$inferInsert, 'id' | 'at' | 'before' | 'after'> & {
  before: unknown;
  after: unknown;
};

const toJson = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
const fromJson = (v: string | null): unknown => (v === null ? null : JSON.parse(v));

export interface RecordChangeRow {
  id: number;
  at: Date;
  userId: number | null;
  username: string | null;
  field: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
}

/** Each entity's key column: integer ids, a role by its name. */
const KEYS: Record<THistoryEntity, { column: Column; integer: boolean }> = {
  'purchase-order': { column: purchaseOrders.id, integer: true },
  product: { column: products.id, integer: true },
  vendor: { column: vendors.id, integer: true },
  contact: { column: contacts.id, integer: true },
  bin: { column: bins.id, integer: true },
  'shipping-rule': { column: shippingRules.id, integer: true },
  role: { column: roles.roleName, integer: false },
};

/**
 * One field's change as a statement part, for a writer that changes the field inside one SQL statement (a receipt
 * moving its PO's status, ledger.repository.ts): a CTE body inserting a row for each row of `values` (a query of
 * the same statement answering text columns `before` and `after`) whose two values differ, recorded as JSON strings
 * as `insert` records them. No row of `values`, nothing recorded. `at`: when it happened (a dated change), else now.
 */
export function recordChangeSql(change: {
  entity: THistoryEntity;
  recordId: SQL;
  userId: number | null;
  field: string;
  values: SQL;
  at?: SQL;
}): SQL {
  return sql`insert into record_changes (entity, record_id, user_id, field, before, after, at)
            select ${change.entity}, (${change.recordId})::text, ${change.userId}::int, ${change.field},
                   to_jsonb(c.before::text)::text, to_jsonb(c.after::text)::text, ${change.at ?? sql`now()`}
            from (${change.values}) c
            where c.before is distinct from c.after`;
}

/** Rows an insert statement carries: 7 parameters each, well under PostgreSQL's 65,535. */
const INSERT_CHUNK = 2_000;

export class HistoryRepository {
  constructor(private readonly db: Executor) {}

  /** Whether the record exists (a deleted one's history stays readable, but takes no new note). */
  async exists(entity: THistoryEntity, recordId: string): Promise<boolean> {
    const key = KEYS[entity];
    if (key.integer && !(/^\d{1,10}$/.test(recordId) && Number(recordId) <= MAX_ID)) return false;
    const rows = await this.db
      .select({ n: count() })
      .from(key.column.table)
      .where(eq(key.column, key.integer ? Number(recordId) : recordId));
    return (rows[0]?.n ?? 0) > 0;
  }

  /** Inserts the rows a chunk at a time (an import's page of updates can hold thousands, past a statement's parameters). */
  async insert(rows: RecordChangeValues[]): Promise<RecordChangeRow[]> {
    const out: RecordChangeRow[] = [];
    for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
      const inserted = await this.db
        .insert(recordChanges)
        .values(
          rows.slice(at, at + INSERT_CHUNK).map((r) => ({ ...r, before: toJson(r.before), after: toJson(r.after) })),
        )
        .returning();
      for (const r of inserted)
        out.push({ ...r, before: fromJson(r.before), after: fromJson(r.after), username: null });
    }
    return out;
  }

  /** A record's changes, newest first (id order is commit order within a record). */
  async page(entity: string, recordId: string, limit: number, offset: number): Promise<RecordChangeRow[]> {
    const rows = await this.db
      .select({
        id: recordChanges.id,
        at: recordChanges.at,
        userId: recordChanges.userId,
        username: users.username,
        field: recordChanges.field,
        before: recordChanges.before,
        after: recordChanges.after,
        note: recordChanges.note,
      })
      .from(recordChanges)
      .leftJoin(users, eq(users.id, recordChanges.userId))
      .where(and(eq(recordChanges.entity, entity), eq(recordChanges.recordId, recordId)))
      .orderBy(desc(recordChanges.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ ...r, before: fromJson(r.before), after: fromJson(r.after) }));
  }

  async total(entity: string, recordId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(recordChanges)
      .where(and(eq(recordChanges.entity, entity), eq(recordChanges.recordId, recordId)));
    return row?.n ?? 0;
  }
}
