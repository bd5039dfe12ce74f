import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TSavedViewList, TSavedViewState } from '@keystone/contracts';
import type { Executor } from '../../db/database.js';
import { savedViews } from '../../db/schema.js';

export type SavedViewRow = typeof savedViews.$inferSelect;

/** One person's saved views: every read and write is scoped to the owner, so another's view is not found. */
export class SavedViewsRepository {
  constructor(private readonly db: Executor) {}

  list(userId: number, list: TSavedViewList): Promise<SavedViewRow[]> {
    return this.db
      .select()
      .from(savedViews)
      .where(and(eq(savedViews.userId, userId), eq(savedViews.listKey, list)))
      .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  }

  async count(userId: number, list: TSavedViewList): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(savedViews)
      .where(and(eq(savedViews.userId, userId), eq(savedViews.listKey, list)));
    return row?.n ?? 0;
  }

  /**
   * Locks the owner's views of a list, in id order: a default change or a create waits for another on the same list,
   * then sees its result (its next statement's snapshot is taken after that one committed).
   */
  async lockList(userId: number, list: string): Promise<void> {
    await this.db
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(eq(savedViews.userId, userId), eq(savedViews.listKey, list)))
      .orderBy(asc(savedViews.id))
      .for('update');
  }

  /** The owner's view, locked for the rest of the transaction; undefined for a view of someone else or none. */
  async findOwnForUpdate(userId: number, id: number): Promise<SavedViewRow | undefined> {
    const [row] = await this.db
      .select()
      .from(savedViews)
      .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
      .for('update');
    return row;
  }

  /** Whether the owner has another view of the list by this name, regardless of case. */
  async nameTaken(userId: number, list: string, name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(savedViews)
      .where(
        and(
          eq(savedViews.userId, userId),
          eq(savedViews.listKey, list),
          sql`lower(${savedViews.name}) = lower(${name})`,
          exceptId === undefined ? undefined : sql`${savedViews.id} <> ${exceptId}`,
        ),
      );
    return (row?.n ?? 0) > 0;
  }

  async insert(values: {
    userId: number;
    listKey: TSavedViewList;
    name: string;
    state: TSavedViewState;
    isDefault: boolean;
  }): Promise<SavedViewRow> {
    const [row] = await this.db.insert(savedViews).values(values).returning();
    return row!;
  }

  async update(id: number, values: { name?: string; state?: TSavedViewState; isDefault?: boolean }) {
    const [row] = await this.db
      .update(savedViews)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(savedViews.id, id))
      .returning();
    return row!;
  }

  /** Clears the owner's default of a list (before another becomes it). */
  async clearDefault(userId: number, list: string): Promise<void> {
    await this.db
      .update(savedViews)
      .set({ isDefault: false, updatedAt: sql`now()` })
      .where(and(eq(savedViews.userId, userId), eq(savedViews.listKey, list), eq(savedViews.isDefault, true)));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(savedViews).where(eq(savedViews.id, id));
  }
}
