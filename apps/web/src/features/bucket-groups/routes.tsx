import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const BucketGroupsPage = lazyPage(() => import('./components/bucket-groups-page'), 'BucketGroupsPage');

/** Bucket groups (002 §2), loaded on first use. */
export const BUCKET_GROUPS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/buckets/groups': <BucketGroupsPage />,
};
