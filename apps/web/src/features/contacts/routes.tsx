import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

export { ContactPanelsContext } from './contact-panels';

const ContactDetailsPage = lazyPage(() => import('./components/contact-details-page'), 'ContactDetailsPage');
const ContactSearchPage = lazyPage(() => import('./components/contact-search-page'), 'ContactSearchPage');
const CreateContactDialog = lazyPage(() => import('./components/create-contact-dialog'), 'CreateContactDialog');

/**
 * The contacts screens by route path (000 §2 Contacts), each loaded on first use. The create dialog opens over
 * the search screen.
 */
export const CONTACTS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/contacts': <ContactSearchPage />,
  '/contacts/create': (
    <>
      <ContactSearchPage />
      <CreateContactDialog />
    </>
  ),
  '/contacts/details': <ContactDetailsPage />,
};
