import { useEffect } from 'react';

/**
 * Parts of the shell that load on first use, kept out of the first download: the toasts, the scan outbox's chip and the menus' lists.
 * The first two are needed most when the network is gone (a failed call's toast, 'n scans waiting'), which is when they
 * could not be fetched: so they are fetched a few seconds after the shell starts, once the first screen has had
 * the link to itself, and are at hand from then on.
 */
export const loadToasts = () => import('./toasts');
export const loadScanOutboxStatus = () => import('./scan-outbox-status');
export const loadHeadedMenuList = () => import('./headed-menu-list');
export const loadGroupMenuList = () => import('./group-menu-list');
/** The app bar's search button and Ctrl/⌘-K (the dialog is fetched on first use). */
export const loadSearchLauncher = () => import('../features/search/components/search-launcher');

const WARM_UP_DELAY_MS = 4_000;

export function useWarmLazyParts(): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      void loadToasts().catch(() => {});
      void loadScanOutboxStatus().catch(() => {});
      void loadHeadedMenuList().catch(() => {});
      void loadGroupMenuList().catch(() => {});
    }, WARM_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
}
