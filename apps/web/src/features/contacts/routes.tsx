import type { ReactNode } from 'react';

/** The contacts screens by route path (000 §2 Contacts); filled in by the contacts feature. */
export const CONTACTS_ROUTES: Partial<Record<string, ReactNode>> = {};
