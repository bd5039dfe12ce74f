import type { AppConfig } from '../../config.js';
import type { Database, Listen } from '../../db/database.js';
import { EmbeddedReviewStore } from './embedded-review-store.js';
import { FirebaseReviewStore } from './firebase-review-store.js';
import type { ReviewStore } from './review-store.js';

/** A Firebase Realtime Database when REVIEW_STORE_URL is configured; otherwise the embedded store (our database). */
export function createReviewStore(db: Database, config: AppConfig, listen: Listen | undefined): ReviewStore {
  const remote = config.reviewStore;
  if (remote.url)
    return new FirebaseReviewStore({ url: remote.url, secret: remote.secret, timeoutMs: remote.timeoutMs });
  return new EmbeddedReviewStore(db, listen);
}
