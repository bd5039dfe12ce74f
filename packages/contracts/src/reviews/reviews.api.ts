import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { emptyAsAbsent, emptyAsDefault, ZIdSchema } from '../http/common.js';

/**
 * Review moderation (002 §2 /products/walts-website-reviews, §3 "Product review", §4 "Review: the visible flag
 * toggles", §7 "Reviews"). Reviews live in a realtime store under `reviews/{product}/{id}` and
 * users under `users/{id}` (the server's ReviewStore: our database by default, a Firebase Realtime Database when
 * configured). `{product}` is our product id; `{id}` the store's push id. The moderation calls need dev-route:view
 * (the page names no permission); the website pushes reviews through the public intake call, which is
 * rate-limited per client address and always stores a review hidden (docs/decisions.md "Review moderation").
 */

/** Limits of the intake (user content is length-limited). */
export const REVIEW_LIMITS = { message: 2000, name: 100, email: 254 } as const;

export const REVIEW_MESSAGES = {
  unknownProduct: 'unknown product',
  tooManyReviews: 'Too many reviews from this address; try again later',
  notFound: 'No such review',
  saveFailed: 'The review could not be updated.',
  storeUnavailable: 'The review store is unavailable; try again in a moment',
} as const;

/** A key of the realtime store (a product, review or user id): Firebase keys without `. $ # [ ] /`. */
export const ZStoreKeySchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');

export const ZReviewSchema = z
  .object({
    /** The store's push id (time-ordered). */
    id: z.string(),
    /** The store's product key: our product id. */
    product: z.string(),
    /** The product's model number and description from our catalogue; null when the key names no product of ours. */
    product_model: z.string().nullable(),
    product_description: z.string().nullable(),
    /** User content: shown only as text. */
    message: z.string(),
    name: z.string(),
    email: z.string(),
    /** 1 to 5 (0 when the store holds something else). */
    stars: z.number().int(),
    /** YYYY-MM-DD, set by the server on intake. */
    reviewOn: z.string(),
    visible: z.boolean(),
  })
  .meta({ id: 'Review' });
export type TReview = z.infer<typeof ZReviewSchema>;

export const REVIEW_VISIBILITY = ['all', 'visible', 'hidden'] as const;
export const REVIEW_PAGE_SIZE = 100;

/** A query schema stays inline (no component id): the OpenAPI generator lists its keys as query parameters. */
export const ZReviewSearchSchema = z.object({
  /** A product key: only that product's reviews. Empty is no filter. */
  product: emptyAsAbsent(ZStoreKeySchema),
  visibility: emptyAsDefault(z.enum(REVIEW_VISIBILITY), 'all'),
  page: emptyAsDefault(z.coerce.number().int().min(1).max(100_000), 1),
  per_page: emptyAsDefault(z.coerce.number().int().min(1).max(REVIEW_PAGE_SIZE), REVIEW_PAGE_SIZE),
});
export type TReviewSearch = z.input<typeof ZReviewSearchSchema>;

export const listReviewsRoute = defineRoute({
  method: 'GET',
  path: '/api/reviews',
  access: 'dev-route:view',
  summary: 'Reviews of every product (read reviews), filtered by product and visibility, newest first, 100 a page',
  tag: 'reviews',
  query: ZReviewSearchSchema,
  response: z.object({
    data: z.array(ZReviewSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});

export const ZReviewProductParamsSchema = z.object({ product: ZStoreKeySchema });

export const productReviewsRoute = defineRoute({
  method: 'GET',
  path: '/api/reviews/{product}',
  access: 'dev-route:view',
  summary: 'The reviews of one product (read reviews by product), newest first',
  tag: 'reviews',
  params: ZReviewProductParamsSchema,
  response: z.object({ data: z.array(ZReviewSchema) }),
});

export const ZReviewParamsSchema = z.object({ product: ZStoreKeySchema, id: ZStoreKeySchema });
export const ZReviewVisibleBodySchema = z.object({ visible: z.boolean() }).meta({ id: 'ReviewVisible' });

export const setReviewVisibleRoute = defineRoute({
  method: 'PUT',
  path: '/api/reviews/{product}/{id}/visible',
  access: 'dev-route:view',
  summary:
    'Shows or hides a review on the website (update reviews/{product}/{id} visible); 404 when there is no such review',
  tag: 'reviews',
  params: ZReviewParamsSchema,
  body: ZReviewVisibleBodySchema,
  response: ZReviewSchema,
});

export const ZReviewUserSchema = z
  .object({
    username: z.string().trim().min(1).max(REVIEW_LIMITS.name),
    email: z.email().max(REVIEW_LIMITS.email),
  })
  .meta({ id: 'ReviewUser' });
export type TReviewUser = z.infer<typeof ZReviewUserSchema>;

export const setReviewUserRoute = defineRoute({
  method: 'PUT',
  path: '/api/review-users/{id}',
  access: 'dev-route:view',
  summary: 'Sets a website user of the review store (set users/{id}: username, email)',
  tag: 'reviews',
  params: z.object({ id: ZStoreKeySchema }),
  body: ZReviewUserSchema,
  response: ZReviewUserSchema.extend({ id: z.string() }),
});

/** What the website sends. `visible` is not part of it: a review always arrives hidden (anything sent is ignored). */
export const ZReviewIntakeSchema = z
  .object({
    /** Our product id. */
    product: ZIdSchema,
    message: z.string().trim().min(1).max(REVIEW_LIMITS.message),
    name: z.string().trim().min(1).max(REVIEW_LIMITS.name),
    email: z.email().max(REVIEW_LIMITS.email),
    stars: z.number().int().min(1).max(5),
  })
  .meta({ id: 'ReviewIntake' });
export type TReviewIntake = z.input<typeof ZReviewIntakeSchema>;

export const pushReviewRoute = defineRoute({
  method: 'POST',
  path: '/api/public/reviews',
  access: 'public',
  summary:
    'The website pushes a review (push a review): no sign-in, stored hidden with today\u2019s date; 422 for an unknown product; 429 with Retry-After past the per-address limit',
  tag: 'reviews',
  body: ZReviewIntakeSchema,
  status: 201,
  response: z.object({ id: z.string(), product: z.string(), visible: z.literal(false), reviewOn: z.string() }),
});
