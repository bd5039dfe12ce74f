import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const ReviewsPage = lazyPage(() => import('./components/reviews-page'), 'ReviewsPage');

/** The product review moderation page (002 §2 /products/walts-website-reviews), loaded on first use. */
export const REVIEWS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/products/walts-website-reviews': <ReviewsPage />,
};
