import type { Database, Listen } from '../../db/database.js';
import { pushId } from './push-id.js';
import type { NewReview, ReviewStore, ReviewStoreSubscriber, ReviewStoreUser, StoredReview } from './review-store.js';
import { ReviewsRepository } from './reviews.repository.js';

/** The channel the reviews table's trigger notifies (migration 0033_review-moderation). */
export const REVIEWS_CHANNEL = 'keystone_reviews';

/**
 * The embedded default: reviews and users in our database (no remote store configured). A change notifies
 * `keystone_reviews` when its transaction commits, so the subscription of every API process hears every change.
 */
export class EmbeddedReviewStore implements ReviewStore {
  readonly kind = 'embedded' as const;

  constructor(
    private readonly db: Database,
    private readonly listen: Listen | undefined,
  ) {}

  private repo() {
    return new ReviewsRepository(this.db);
  }

  readReviews(): Promise<StoredReview[]> {
    return this.repo().list();
  }

  readReviewsByProduct(product: string): Promise<StoredReview[]> {
    return this.repo().list(product);
  }

  async pushReview(product: string, review: NewReview): Promise<string> {
    const id = pushId();
    await this.repo().insert(id, product, review);
    return id;
  }

  setVisible(product: string, id: string, visible: boolean): Promise<StoredReview | null> {
    return this.repo().setVisible(product, id, visible);
  }

  setUser(id: string, user: ReviewStoreUser): Promise<void> {
    return this.repo().upsertUser(id, user);
  }

  /** The user at users/{id}, or null (for tests; the spec reads no user). */
  getUser(id: string): Promise<ReviewStoreUser | null> {
    return this.repo().findUser(id);
  }

  async subscribe(subscriber: ReviewStoreSubscriber): Promise<() => Promise<void>> {
    if (!this.listen) throw new Error('the embedded review store needs a database listener to subscribe');
    return this.listen(REVIEWS_CHANNEL, {
      onMessage: () => subscriber.onChange(),
      onReconnect: () => subscriber.onResync(),
    });
  }
}
