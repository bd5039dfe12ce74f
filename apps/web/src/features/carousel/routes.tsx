import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const CarouselWizardPage = lazyPage(() => import('./components/carousel-wizard-page'), 'CarouselWizardPage');

/** The home-page carousel's editor (002 §2 "Carousel"), loaded on first use. */
export const CAROUSEL_ROUTES: Partial<Record<string, ReactNode>> = {
  '/carousel-wizard': <CarouselWizardPage />,
};
