import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes and which always runs the latest `fn`: for handlers passed to a memoized
 * child (`memo`), so a parent's re-render does not re-render the child. Not for calling during render.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
