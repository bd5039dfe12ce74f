import type { ReactNode } from 'react';
import { ContactDetailsPage } from './components/contact-details-page';
import { ContactSearchPage } from './components/contact-search-page';
import { CreateContactDialog } from './components/create-contact-dialog';

/** The contacts screens by route path (000 §2 Contacts). The create dialog opens over the search screen. */
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
