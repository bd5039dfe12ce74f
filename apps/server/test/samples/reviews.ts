import type { DomainSampleBuilder } from './types.js';

/** Review moderation (issue 16): one review of the fixture's product, in the embedded store. */
export const buildReviewsSamples: DomainSampleBuilder = async (t, base) => {
  const product = String(base.productId);
  const id = await t.services.reviews.store.pushReview(product, {
    message: 'Sample review',
    name: 'Sample Reviewer',
    email: 'sample@example.com',
    stars: 4,
    reviewOn: '2026-01-02',
    visible: false,
  });
  return {
    'GET /api/reviews': { query: { product, visibility: 'all', page: 1, per_page: 100 } },
    'GET /api/reviews/{product}': { params: { product } },
    'PUT /api/reviews/{product}/{id}/visible': { params: { product, id }, body: { visible: true } },
    'PUT /api/review-users/{id}': { params: { id: 'sample-user' }, body: { username: 'sample', email: 'sample@example.com' } },
    'POST /api/public/reviews': { body: { product: base.productId, message: 'Sample', name: 'Sample', email: 'sample@example.com', stars: 5 } },
  };
};
