import { useDeferredValue, type ReactNode } from 'react';

/**
 * Mounts its children in a render of their own, after the render that mounted it has been committed and painted:
 * a screen whose first commit is too long for one task (it blocks input) shows its top first and the rest a moment
 * later. Put it around what comes last on the screen, so what appears only adds below and nothing shown moves.
 */
export function DeferredMount({ children }: { children: ReactNode }) {
  const mounted = useDeferredValue(true, false);
  return mounted ? children : null;
}
