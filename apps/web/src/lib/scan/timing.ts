import { useCallback, useEffect, useRef } from 'react';

/** Scan-flow timings (001 §9). */
export const SCAN_TIMING = {
  /** After a good UPC, focus moves to the serial field. */
  focusMoveMs: 500,
  /** A submitted scan's card closes. */
  submittedCloseMs: 2_000,
  /** A scan field that lost focus to nothing in particular takes it back. */
  scannerRefocusMs: 2_100,
} as const;

/** setTimeout that is cleared when the component unmounts. */
export function useTimers() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const set = timers.current;
    return () => {
      for (const t of set) clearTimeout(t);
      set.clear();
    };
  }, []);
  return useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      fn();
    }, ms);
    timers.current.add(t);
    return t;
  }, []);
}

/** Whether the focused element is a field the user is typing into (then a scan field must not steal focus). */
export function focusIsInAField(): boolean {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return false;
  if (el.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return true;
  const role = el.getAttribute('role');
  return role === 'combobox' || role === 'listbox' || role === 'option';
}

/** When focus last moved to anything on the page (`performance.now()`), for the refocus's 2.1 s. */
let focusMovedAt = 0;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', () => (focusMovedAt = performance.now()), true);
}

/** Milliseconds since focus last moved to anything on the page. */
export function sinceFocusMoved(): number {
  return performance.now() - focusMovedAt;
}
