import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { products, reviewIntakeCounters, reviews, reviewUsers } from '../../db/schema.js';
import type { NewReview, ReviewStoreUser, StoredReview } from './review-store.js';

const REVIEW_COLUMNS = {
  id: reviews.id,
  product: reviews.product,
  message: reviews.message,
  name: reviews.name,
  email: reviews.email,
  stars: reviews.stars,
  reviewOn: reviews.reviewOn,
  visible: reviews.visible,
};

export class ReviewsRepository {
  constructor(private readonly db: Executor) {}

  /** Newest first. */
  async list(product?: string): Promise<StoredReview[]> {
    return this.db
      .select(REVIEW_COLUMNS)
      .from(reviews)
      .where(product === undefined ? undefined : eq(reviews.product, product))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
  }

  async insert(id: string, product: string, review: NewReview): Promise<void> {
    await this.db.insert(reviews).values({ id, product, ...review });
  }

  async setVisible(product: string, id: string, visible: boolean): Promise<StoredReview | null> {
    const rows = await this.db
      .update(reviews)
      .set({ visible })
      .where(and(eq(reviews.product, product), eq(reviews.id, id)))
      .returning(REVIEW_COLUMNS);
    return rows[0] ?? null;
  }

  async upsertUser(id: string, user: ReviewStoreUser): Promise<void> {
    await this.db
      .insert(reviewUsers)
      .values({ id, ...user })
      .onConflictDoUpdate({
        target: reviewUsers.id,
        set: { username: user.username, email: user.email, updatedAt: sql`now()` },
      });
  }

  async findUser(id: string): Promise<ReviewStoreUser | null> {
    const rows = await this.db
      .select({ username: reviewUsers.username, email: reviewUsers.email })
      .from(reviewUsers)
      .where(eq(reviewUsers.id, id));
    return rows[0] ?? null;
  }

  /** Our products named by the given ids (the store's product keys). */
  async productsByIds(ids: number[]): Promise<{ id: number; modelNumber: string; description: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: products.id, modelNumber: products.modelNumber, description: products.description })
      .from(products)
      .where(inArray(products.id, ids));
  }

  /**
   * Counts one review against the client address in its fixed window, atomically (one statement, every process
   * agrees); refused (answers false, nothing changes) once `max` are counted in the window.
   */
  async reserveIntake(address: string, windowStartedAt: Date, max: number): Promise<boolean> {
    const rows = await queryRows<{ count: number }>(
      this.db,
      sql`insert into review_intake_counters as c (address, window_started_at, count)
          values (${address}, ${windowStartedAt.toISOString()}::timestamptz, 1)
          on conflict (address, window_started_at) do update set count = c.count + 1
          where c.count < ${max}::int
          returning c.count`,
    );
    return rows.length > 0;
  }

  /** Gives a counted review back (the store refused it). */
  async releaseIntake(address: string, windowStartedAt: Date): Promise<void> {
    await this.db
      .update(reviewIntakeCounters)
      .set({ count: sql`${reviewIntakeCounters.count} - 1` })
      .where(and(eq(reviewIntakeCounters.address, address), eq(reviewIntakeCounters.windowStartedAt, windowStartedAt)));
  }

  /** Forgets windows that ended. */
  async pruneIntake(before: Date): Promise<void> {
    await this.db.delete(reviewIntakeCounters).where(lt(reviewIntakeCounters.windowStartedAt, before));
  }
}
