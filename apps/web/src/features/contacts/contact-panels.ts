import { createContext, type ReactNode } from 'react';

/**
 * Panels other features add to the contact details page (the contact's quotes). The app composes them
 * (app/route-elements.tsx), so the contacts feature imports no other feature.
 */
export const ContactPanelsContext = createContext<(contactId: number) => ReactNode>(() => null);
