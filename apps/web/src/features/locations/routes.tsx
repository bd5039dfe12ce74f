import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const NewLocationPage = lazyPage(() => import('./components/new-location-page'), 'NewLocationPage');
const BucketMapsPage = lazyPage(() => import('./components/bucket-list-page'), 'BucketMapsPage');
const BucketBuffersPage = lazyPage(() => import('./components/bucket-list-page'), 'BucketBuffersPage');
const BucketUpdatePage = lazyPage(() => import('./components/bucket-update-page'), 'BucketUpdatePage');
const BucketUpdaterAdminPage = lazyPage(() => import('./components/bucket-update-page'), 'BucketUpdaterAdminPage');

/** Locations and buckets (002 §2), each loaded on first use; bucket groups are another feature's. */
export const LOCATIONS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/buckets/create': <NewLocationPage />,
  '/buckets/maps': <BucketMapsPage />,
  '/buckets/buffers': <BucketBuffersPage />,
  '/buckets/update': <BucketUpdatePage />,
  '/buckets/updater': <BucketUpdaterAdminPage />,
};
