import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const PickBoardPage = lazyPage(() => import('./components/pick-board-page'), 'PickBoardPage');
const PickItemPage = lazyPage(() => import('./components/pick-item-page'), 'PickItemPage');

/** The pick list board and the pick page (001 §2), loaded on first use. */
export const PICKING_ROUTES: Partial<Record<string, ReactNode>> = {
  '/boards/pick': <PickBoardPage />,
  '/pick-item/:pickListItemId': <PickItemPage />,
};
