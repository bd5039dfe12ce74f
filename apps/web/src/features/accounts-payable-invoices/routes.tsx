import type { ReactNode } from 'react';

/** The invoice and finance-company screens by route path (001 §2); filled in by the invoices feature. */
export const INVOICES_ROUTES: Partial<Record<string, ReactNode>> = {};
