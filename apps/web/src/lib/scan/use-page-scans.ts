import { useEffect, useRef } from 'react';
import { claimScans } from './scan-owners';

/**
 * Lets a page take the scans the global router detects (outside form fields) before the global routes of
 * 000 §2 do: `take` returns true for a scan the page handled, false to let it route as usual.
 */
export function usePageScans(take: (scan: string) => boolean, enabled = true): void {
  const latest = useRef(take);
  latest.current = take;
  useEffect(() => {
    if (!enabled) return;
    return claimScans({ kind: 'page', take: (scan) => latest.current(scan) });
  }, [enabled]);
}
