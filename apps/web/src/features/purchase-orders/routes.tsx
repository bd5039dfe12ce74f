import type { ReactNode } from 'react';

/** The purchasing screens by route path; filled in by the purchase-orders feature. */
export const PURCHASING_ROUTES: Partial<Record<string, ReactNode>> = {};
