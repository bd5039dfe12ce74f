import { useEffect, useRef, type RefObject } from 'react';
import { claimScans, currentScanOwner, isEditableTarget } from './scan-owners';
import { pressEnter, setFieldValue } from './submit-scan';

export interface ScanScopeOptions {
  /** The field that takes the next scan (the flow's current step), or null when no scan is expected now. */
  expected: RefObject<HTMLInputElement | null> | null;
  /** Every scan field of the flow: keys typed into one that is not expected now (a read-only UPC) move on. */
  fields: RefObject<HTMLInputElement | null>[];
  /** False: the flow is a page's, not a dialog's; scans outside its fields keep their routes (usePageScans). */
  enabled?: boolean;
}

/** Types `key` at the end of a controlled input, as the input itself would (React sees an input event). */
function appendKey(input: HTMLInputElement, key: string) {
  setFieldValue(input, input.value + key);
}

/**
 * The scan input of one scan flow (a receiving dialog, later transfers, picking, counts): while mounted, every scan
 * belongs to the flow and the global scan router stays out (000 §2 routes apply only outside scan dialogs).
 *
 * Keystrokes that reach the flow before its next field has focus (a scanner is faster than the 500 ms focus move
 * of 001 §9 and the 2.1 s refocus) are typed into the field the flow expects next, and focus moves there at once:
 * a serial scanned right after the UPC lands in the serial field, not in the now read-only UPC field; a scan
 * while focus is on the dialog body, a button or a select lands in the scan field. Keys typed into another
 * editable field of the dialog (notes, a search box) stay where they are. A lone Space or Enter on a button keeps
 * its meaning; inside a redirected scan they belong to the scan.
 */
export function useScanScope(options: ScanScopeOptions): void {
  const latest = useRef(options);
  latest.current = options;
  const enabled = options.enabled ?? true;

  useEffect(() => {
    if (!enabled) return;
    const me = {
      kind: 'scope',
      expected: () => latest.current.expected?.current ?? null,
      fields: () => latest.current.fields.flatMap((f) => (f.current ? [f.current] : [])),
    } as const;
    const release = claimScans(me);
    /** True between the first redirected character of a scan and its Enter. */
    let redirecting = false;

    function onKeyDown(event: KeyboardEvent) {
      if (currentScanOwner() !== me) return; // a nested flow owns the keys
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const target = latest.current.expected?.current ?? null;
      const from = event.target;
      if (!target || from === target) {
        redirecting = false;
        return;
      }
      const isScanField = latest.current.fields.some((f) => f.current === from);
      if (isEditableTarget(from) && !isScanField && !(from as HTMLInputElement).readOnly) return;
      if (event.key.length === 1 && (event.key !== ' ' || redirecting)) {
        event.preventDefault();
        event.stopPropagation();
        redirecting = true;
        appendKey(target, event.key);
        target.focus();
        return;
      }
      // An Enter typed on another scan field while the expected one holds a scan (focus moved between its keys
      // and its Enter) ends that scan; an Enter there with the expected field empty keeps its meaning.
      if (event.key === 'Enter' && (redirecting || (isScanField && target.value !== ''))) {
        event.preventDefault();
        event.stopPropagation();
        redirecting = false;
        target.focus();
        pressEnter(target);
      }
    }
    // Capture on the window: the flow sees the key before any element of the page does.
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      release();
    };
  }, [enabled]);
}
