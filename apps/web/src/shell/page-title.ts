import { useEffect, useLayoutEffect } from 'react';
import { PRODUCT_NAME } from '@keystone/contracts';

/** A document title: the most specific part first, the product last ("Purchase Orders · Keystone POS"). */
export function pageTitle(...parts: (string | null | undefined)[]): string {
  return [...parts.filter((p): p is string => !!p), PRODUCT_NAME].join(' · ');
}

/**
 * Sets the document title to the route's. The shell calls it for every route (`RequirePermission`); a layout
 * effect, so it runs before the screen's own effects and a screen's refinement wins.
 */
export function useRouteTitle(title: string, path: string): void {
  useLayoutEffect(() => {
    document.title = pageTitle(title);
  }, [title, path]);
}

/**
 * A screen showing one record refines its route's title ("W000283 · Purchase Order · Keystone POS"). Runs after
 * the route's title is set, so the refinement wins; with no record (yet), the route's title stays.
 */
export function useRecordTitle(record: string | null | undefined, routeTitle: string): void {
  useEffect(() => {
    if (record) document.title = pageTitle(record, routeTitle);
  }, [record, routeTitle]);
}
