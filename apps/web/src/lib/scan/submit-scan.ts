import { currentScanOwner, globalScanRoute } from './scan-owners';

/** Sets a controlled input's value as typing would: React sees an input event and its onChange runs. */
export function setFieldValue(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The Enter that ends a scan, on the field: the field's own key handler submits what it holds. */
export function pressEnter(input: HTMLInputElement): void {
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
}

/**
 * A whole scan that does not come from the keyboard (a camera read), handed on exactly as a wedge scan of the same
 * value: an open scan dialog (useScanScope) gets it typed into the field it expects next, then Enter, so the
 * field's own handler takes it (the same checks, messages, sounds and outbox as a typed scan); a page that claimed
 * scans (usePageScans) gets first refusal; otherwise the global routes of 000 §2 take it. Returns false when nobody
 * could take it (a scan dialog that expects no scan now).
 */
export function submitScan(value: string): boolean {
  const owner = currentScanOwner();
  if (owner?.kind === 'scope') {
    const field = owner.expected();
    if (!field || field.disabled || field.readOnly) return false;
    setFieldValue(field, value);
    pressEnter(field);
    return true;
  }
  if (owner?.kind === 'page' && owner.take(value)) return true;
  const route = globalScanRoute();
  if (!route) return false;
  route(value);
  return true;
}
