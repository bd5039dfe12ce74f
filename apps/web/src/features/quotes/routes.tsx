import { lazy, Suspense, type ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const QuoteSearchPage = lazyPage(() => import('./components/quote-search-page'), 'QuoteSearchPage');
const QuoteCreatePage = lazyPage(() => import('./components/quote-create-page'), 'QuoteCreatePage');
const QuotePage = lazyPage(() => import('./components/quote-page'), 'QuotePage');
const WorkOrderPage = lazyPage(() => import('./components/work-order-page'), 'WorkOrderPage');
const ContactQuotesCard = lazy(() =>
  import('./components/contact-quotes-card').then((m) => ({ default: m.ContactQuotesCard })),
);

/** The quote screens and /work-orders/{id} (000 §2 "Quotes and work orders": the order a converted quote became). */
export const QUOTES_ROUTES: Partial<Record<string, ReactNode>> = {
  '/quotes': <QuoteSearchPage />,
  '/quotes/create': <QuoteCreatePage />,
  '/quotes/:id': <QuotePage />,
  '/work-orders/:id': <WorkOrderPage />,
};

/** The contact's quotes, as a panel of the contact details page (the app composes it into the contacts feature). */
export function contactQuotesPanel(contactId: number): ReactNode {
  return (
    <Suspense fallback={null}>
      <ContactQuotesCard contactId={contactId} />
    </Suspense>
  );
}
