import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const ShippingTemplatesPage = lazyPage(() => import('./components/shipping-templates-page'), 'ShippingTemplatesPage');

/** Shipping templates (002 §2): the templates table, and under /create the four tabs. */
export const SHIPPING_TEMPLATES_ROUTES: Partial<Record<string, ReactNode>> = {
  '/shipping-templates': <ShippingTemplatesPage />,
  '/shipping-templates/create': <ShippingTemplatesPage />,
};
