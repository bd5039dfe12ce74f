import { SseParser } from '@keystone/contracts';
import {
  ReviewStoreError,
  type NewReview,
  type ReviewStore,
  type ReviewStoreSubscriber,
  type ReviewStoreUser,
  type StoredReview,
} from './review-store.js';

export interface FirebaseReviewStoreOptions {
  /** The database's URL, e.g. `https://<project>-default-rtdb.firebaseio.com`. */
  url: string;
  /** A database secret or an ID token, sent as `?auth=`; null for a database whose rules need none. */
  secret: string | null;
  /** Time limit of each call (not of the event stream). */
  timeoutMs: number;
  /** Reconnect delays of a lost event stream: from `minRetryMs` doubling to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);

/** A stored value as our review: the store holds user content and may hold anything, so every field is coerced. */
function toReview(product: string, id: string, value: unknown): StoredReview | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const stars =
    typeof v.stars === 'number' && Number.isInteger(v.stars) && v.stars >= 0 && v.stars <= 5
      ? v.stars
      : Number.parseInt(text(v.stars), 10);
  return {
    id,
    product,
    message: text(v.message),
    name: text(v.name),
    email: text(v.email),
    stars: Number.isInteger(stars) && stars >= 0 && stars <= 5 ? stars : 0,
    reviewOn: text(v.reviewOn),
    visible: v.visible === true,
  };
}

function reviewsOf(product: string, node: unknown): StoredReview[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([id, value]) => toReview(product, id, value) ?? []);
}

/**
 * A Firebase Realtime Database through its REST protocol: `GET /reviews.json`, `GET /reviews/{product}.json`,
 * `POST /reviews/{product}.json` (answers `{ name: pushId }`), `PATCH /reviews/{product}/{id}.json`,
 * `PUT /users/{id}.json`, each with `?auth=`; changes arrive on the streaming `GET /reviews.json` with
 * `Accept: text/event-stream` (events `put` and `patch`; the first `put` is the whole tree, not a change).
 */
export class FirebaseReviewStore implements ReviewStore {
  readonly kind = 'firebase' as const;
  private readonly base: string;

  constructor(private readonly options: FirebaseReviewStoreOptions) {
    this.base = options.url.replace(/\/+$/, '');
  }

  private urlOf(path: string): string {
    const url = new URL(`${this.base}/${path}.json`);
    if (this.options.secret) url.searchParams.set('auth', this.options.secret);
    return url.toString();
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(this.urlOf(path), {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new ReviewStoreError(`the review store could not be reached (${method} /${path})`, null, { cause: error });
    }
    const raw = await response.text().catch(() => '');
    if (!response.ok) {
      throw new ReviewStoreError(
        `the review store answered ${response.status} to ${method} /${path}: ${raw.slice(0, 200)}`,
        response.status,
      );
    }
    try {
      return raw === '' ? null : (JSON.parse(raw) as unknown);
    } catch (error) {
      throw new ReviewStoreError(`the review store's answer to ${method} /${path} is not JSON`, response.status, {
        cause: error,
      });
    }
  }

  async readReviews(): Promise<StoredReview[]> {
    const tree = await this.call('GET', 'reviews');
    if (!tree || typeof tree !== 'object') return [];
    return Object.entries(tree as Record<string, unknown>).flatMap(([product, node]) => reviewsOf(product, node));
  }

  async readReviewsByProduct(product: string): Promise<StoredReview[]> {
    return reviewsOf(product, await this.call('GET', `reviews/${encodeURIComponent(product)}`));
  }

  async pushReview(product: string, review: NewReview): Promise<string> {
    const answer = await this.call('POST', `reviews/${encodeURIComponent(product)}`, review);
    const name = (answer as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || name === '')
      throw new ReviewStoreError('the review store answered a push without a name');
    return name;
  }

  async setVisible(product: string, id: string, visible: boolean): Promise<StoredReview | null> {
    const path = `reviews/${encodeURIComponent(product)}/${encodeURIComponent(id)}`;
    // PATCH would create the node: a review that is not there is answered as missing instead.
    const current = toReview(product, id, await this.call('GET', path));
    if (!current) return null;
    await this.call('PATCH', path, { visible });
    return { ...current, visible };
  }

  async setUser(id: string, user: ReviewStoreUser): Promise<void> {
    await this.call('PUT', `users/${encodeURIComponent(id)}`, { username: user.username, email: user.email });
  }

  /**
   * Follows the streaming GET of reviews/: each `put` or `patch` after the first snapshot is a change. A lost
   * stream is reopened with growing delays; the new snapshot may hide missed changes, so the subscriber is told
   * to resync. Resolves once the first attempt connected or failed (the stream keeps retrying meanwhile).
   */
  async subscribe(subscriber: ReviewStoreSubscriber): Promise<() => Promise<void>> {
    const minRetry = this.options.minRetryMs ?? 100;
    const maxRetry = this.options.maxRetryMs ?? 5_000;
    let stopped = false;
    let controller: AbortController | null = null;
    let wake: (() => void) | null = null;
    let firstAttempt!: () => void;
    const firstDone = new Promise<void>((resolve) => (firstAttempt = resolve));

    const run = async () => {
      let delay = minRetry;
      let connections = 0;
      while (!stopped) {
        controller = new AbortController();
        try {
          const response = await fetch(this.urlOf('reviews'), {
            headers: { accept: 'text/event-stream' },
            signal: controller.signal,
          });
          if (!response.ok || !response.body)
            throw new ReviewStoreError(`the review store's event stream answered ${response.status}`, response.status);
          const parser = new SseParser();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let snapshot = true;
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            let ended = false;
            for (const event of parser.push(value)) {
              if (event.event === 'put' || event.event === 'patch') {
                if (snapshot) {
                  snapshot = false;
                  connections++;
                  delay = minRetry;
                  if (connections === 1) firstAttempt();
                  else subscriber.onResync();
                } else {
                  subscriber.onChange();
                }
              } else if (event.event === 'cancel' || event.event === 'auth_revoked') {
                ended = true;
              }
            }
            if (ended) {
              await reader.cancel().catch(() => {});
              break;
            }
          }
        } catch {
          /* reconnect below */
        }
        firstAttempt();
        if (stopped) break;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
        delay = Math.min(maxRetry, delay * 2);
      }
    };
    const running = run();
    // A store that does not answer (a connect that hangs) holds nobody up past the call time limit.
    const patience = setTimeout(firstAttempt, this.options.timeoutMs);
    await firstDone;
    clearTimeout(patience);
    return async () => {
      stopped = true;
      controller?.abort();
      (wake as (() => void) | null)?.();
      await running;
    };
  }
}
