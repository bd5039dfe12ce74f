import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { contacts } from '../../db/schema.js';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;
/** A pair of name prefixes that must both match (an absent one matches anything). Lower-case. */
export interface NamePrefixes {
  first?: string;
  last?: string;
}

const startsWith = (column: AnyPgColumn, prefix: string) =>
  sql`lower(${column}) like ${`${escapeLike(prefix.toLowerCase())}%`}`;
const digitsOf = (column: AnyPgColumn) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

/** Search results: by last name, then first name, then id. */
const byName = [
  sql`lower(${contacts.lastName}) asc nulls last`,
  sql`lower(${contacts.firstName}) asc nulls last`,
  asc(contacts.id),
];

export class ContactsRepository {
  constructor(private readonly db: Executor) {}

  async findById(id: number, options: { forUpdate?: boolean } = {}): Promise<ContactRow | null> {
    const query = this.db.select().from(contacts).where(eq(contacts.id, id));
    const rows = options.forUpdate ? await query.for('update') : await query;
    return rows[0] ?? null;
  }

  async insert(values: NewContactRow): Promise<ContactRow> {
    const [row] = await this.db.insert(contacts).values(values).returning();
    return row!;
  }

  /** Bulk insert (demo data); answers the new ids in order. */
  async insertMany(values: NewContactRow[]): Promise<number[]> {
    if (!values.length) return [];
    const rows = await this.db.insert(contacts).values(values).returning({ id: contacts.id });
    return rows.map((r) => r.id);
  }

  /** Sets the values and stamps updated_at with the transaction's time. */
  async update(id: number, values: Partial<NewContactRow>): Promise<ContactRow> {
    const [row] = await this.db
      .update(contacts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(contacts.id, id))
      .returning();
    return row!;
  }

  /** Contacts matching any of the name prefix pairs (case-insensitive). */
  searchByNames(alternatives: NamePrefixes[], limit: number, offset = 0): Promise<ContactRow[]> {
    const conditions = alternatives
      .map((a) => {
        const parts: SQL[] = [];
        if (a.first) parts.push(startsWith(contacts.firstName, a.first));
        if (a.last) parts.push(startsWith(contacts.lastName, a.last));
        return parts.length ? and(...parts) : undefined;
      })
      .filter((c): c is SQL => c !== undefined);
    if (!conditions.length) return Promise.resolve([]);
    return this.db
      .select()
      .from(contacts)
      .where(or(...conditions))
      .orderBy(...byName)
      .limit(limit)
      .offset(offset);
  }

  /** Contacts whose address, address 2, city, state and ZIP (joined by spaces) contain the text. */
  searchByAddress(text: string, limit: number, offset = 0): Promise<ContactRow[]> {
    const haystack = sql`concat_ws(' ', ${contacts.address}, ${contacts.address2}, ${contacts.city}, ${contacts.state}, ${contacts.zip})`;
    return this.db
      .select()
      .from(contacts)
      .where(sql`${haystack} ilike ${`%${escapeLike(text)}%`}`)
      .orderBy(...byName)
      .limit(limit)
      .offset(offset);
  }

  /** Contacts whose primary or secondary phone digits contain the digits. */
  searchByPhoneDigits(digits: string, limit: number, offset = 0): Promise<ContactRow[]> {
    const pattern = `%${digits}%`;
    return this.db
      .select()
      .from(contacts)
      .where(
        or(
          sql`${digitsOf(contacts.primaryPhone)} like ${pattern}`,
          sql`${digitsOf(contacts.secondaryPhone)} like ${pattern}`,
        ),
      )
      .orderBy(...byName)
      .limit(limit)
      .offset(offset);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(contacts);
    return row!.n;
  }
}
