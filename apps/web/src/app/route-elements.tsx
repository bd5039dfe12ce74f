import type { ReactNode } from 'react';
import { HomePage, WelcomePage } from '../features/home/components/home-page';

/** The screens built so far, by route path; every other route shows its title only. */
export const ROUTE_ELEMENTS: Partial<Record<string, ReactNode>> = {
  '/': <HomePage />,
  '/welcome': <WelcomePage />,
};
