/**
 * The realtime review store behind one small interface (002 §3 "Product review", §7 "Reviews"):
 * exactly the spec's operations — read reviews, read reviews by product, push a review, update
 * reviews/{product}/{id} visible, set users/{id} — plus a subscription to changes. The embedded default keeps them
 * in our database (`embedded-review-store.ts`); a Firebase Realtime Database is used when configured
 * (`firebase-review-store.ts`, REST protocol), chosen by `createReviewStore`.
 */

/** A review as it sits at reviews/{product}/{id}. Values are user content. */
export interface StoredReview {
  id: string;
  product: string;
  message: string;
  name: string;
  email: string;
  stars: number;
  /** YYYY-MM-DD. */
  reviewOn: string;
  visible: boolean;
}

export type NewReview = Omit<StoredReview, 'id' | 'product'>;

/** users/{id}. */
export interface ReviewStoreUser {
  username: string;
  email: string;
}

export interface ReviewStoreSubscriber {
  /** Something under reviews/ changed (any process, any writer of the store). */
  onChange(): void;
  /** The subscription was lost and is back: changes may have been missed. */
  onResync(): void;
}

export interface ReviewStore {
  /** Which implementation: shown in logs and tests. */
  readonly kind: 'embedded' | 'firebase';
  /** Every review of every product. */
  readReviews(): Promise<StoredReview[]>;
  /** The reviews of one product. */
  readReviewsByProduct(product: string): Promise<StoredReview[]>;
  /** Adds a review under the product; answers its new push id. */
  pushReview(product: string, review: NewReview): Promise<string>;
  /** Sets reviews/{product}/{id}/visible; answers the review, or null when there is none. */
  setVisible(product: string, id: string, visible: boolean): Promise<StoredReview | null>;
  /** Sets users/{id}. */
  setUser(id: string, user: ReviewStoreUser): Promise<void>;
  /** Hears every change under reviews/ until the answered function is called. */
  subscribe(subscriber: ReviewStoreSubscriber): Promise<() => Promise<void>>;
}

/** The store could not be asked or refused the call (not reachable, timed out, 4xx/5xx, an unreadable answer). */
export class ReviewStoreError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ReviewStoreError';
  }
}
