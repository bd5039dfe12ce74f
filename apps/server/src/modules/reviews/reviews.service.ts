import {
  REVIEW_MESSAGES,
  type TReview,
  type TReviewUser,
  type ZReviewIntakeSchema,
  type ZReviewSearchSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { HttpError, notFound, unprocessable } from '../../http/errors.js';
import type { ServiceLog } from '../service-log.js';
import { ReviewStoreError, type ReviewStore, type StoredReview } from './review-store.js';
import { ReviewsRepository } from './reviews.repository.js';

export interface ReviewIntakePolicy {
  /** Reviews per client address and window. */
  max: number;
  windowSeconds: number;
}

/** Newest first: the later date, then the later push id (push ids are time-ordered; plain code-unit order). */
export function newestFirst(
  a: Pick<StoredReview, 'reviewOn' | 'id'>,
  b: Pick<StoredReview, 'reviewOn' | 'id'>,
): number {
  if (a.reviewOn !== b.reviewOn) return a.reviewOn < b.reviewOn ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** Review moderation (002 §2, §3, §4, §7): the store's operations, the catalogue's names, the intake's rules. */
export class ReviewsService {
  constructor(
    private readonly db: Database,
    readonly store: ReviewStore,
    private readonly policy: ReviewIntakePolicy,
    private readonly log?: ServiceLog,
  ) {}

  /** Runs a store call; a store that cannot answer is a 503 (the embedded one always answers). */
  private async ask<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ReviewStoreError) {
        this.log?.warn({ err: error }, `review store: ${what} failed`);
        throw new HttpError(503, REVIEW_MESSAGES.storeUnavailable, undefined, { 'retry-after': '5' });
      }
      throw error;
    }
  }

  /** Adds our product's model and description to each review (a key that is no product of ours reads null). */
  private async withProducts(list: StoredReview[]): Promise<TReview[]> {
    const ids = [
      ...new Set(
        list
          .map((r) => r.product)
          .filter((p) => /^\d{1,9}$/.test(p))
          .map(Number),
      ),
    ];
    const found = new Map((await new ReviewsRepository(this.db).productsByIds(ids)).map((p) => [String(p.id), p]));
    return list.map((r) => {
      const product = found.get(r.product);
      return { ...r, product_model: product?.modelNumber ?? null, product_description: product?.description ?? null };
    });
  }

  async list(
    search: z.output<typeof ZReviewSearchSchema>,
  ): Promise<{ data: TReview[]; total: number; page: number; per_page: number }> {
    const all = await this.ask('read reviews', () =>
      search.product === undefined ? this.store.readReviews() : this.store.readReviewsByProduct(search.product!),
    );
    const matching = all
      .filter((r) => search.visibility === 'all' || r.visible === (search.visibility === 'visible'))
      .sort(newestFirst);
    const start = (search.page - 1) * search.per_page;
    return {
      data: await this.withProducts(matching.slice(start, start + search.per_page)),
      total: matching.length,
      page: search.page,
      per_page: search.per_page,
    };
  }

  async byProduct(product: string): Promise<TReview[]> {
    const list = await this.ask('read reviews by product', () => this.store.readReviewsByProduct(product));
    return this.withProducts(list.sort(newestFirst));
  }

  async setVisible(product: string, id: string, visible: boolean): Promise<TReview> {
    const review = await this.ask('update visible', () => this.store.setVisible(product, id, visible));
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    return (await this.withProducts([review]))[0]!;
  }

  async setUser(id: string, user: TReviewUser): Promise<TReviewUser & { id: string }> {
    const value = { username: user.username, email: user.email };
    await this.ask('set user', () => this.store.setUser(id, value));
    return { id, ...value };
  }

  /**
   * The website's review (no sign-in): the product must be one of ours (422), the client address within its
   * window's limit (429 with Retry-After, counted in the database so every API process agrees), the review stored
   * hidden with the server's date (UTC). A refused review changes nothing.
   */
  async intake(input: z.output<typeof ZReviewIntakeSchema>, address: string, now = new Date()) {
    const repo = new ReviewsRepository(this.db);
    const [product] = await repo.productsByIds([input.product]);
    if (!product) throw unprocessable('The given data was invalid.', { product: [REVIEW_MESSAGES.unknownProduct] });
    const windowMs = this.policy.windowSeconds * 1000;
    const windowStartedAt = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    if (!(await repo.reserveIntake(address, windowStartedAt, this.policy.max))) {
      const retryAfter = Math.max(1, Math.ceil((windowStartedAt.getTime() + windowMs - now.getTime()) / 1000));
      throw new HttpError(429, REVIEW_MESSAGES.tooManyReviews, undefined, { 'retry-after': String(retryAfter) });
    }
    await repo.pruneIntake(new Date(windowStartedAt.getTime() - windowMs));
    const key = String(product.id);
    const reviewOn = now.toISOString().slice(0, 10);
    try {
      const id = await this.ask('push a review', () =>
        this.store.pushReview(key, {
          message: input.message,
          name: input.name,
          email: input.email,
          stars: input.stars,
          reviewOn,
          visible: false,
        }),
      );
      return { id, product: key, visible: false as const, reviewOn };
    } catch (error) {
      await repo.releaseIntake(address, windowStartedAt);
      throw error;
    }
  }
}
