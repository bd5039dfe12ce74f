import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const RoleEditorPage = lazyPage(() => import('./components/role-editor-page'), 'RoleEditorPage');

/** The role editor (002 §2), loaded on first use. */
export const USERS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/role-editor': <RoleEditorPage />,
};
