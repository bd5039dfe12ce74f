/**
 * Who a scan belongs to. Scans go to the newest owner: an open scan dialog (a `scope`) owns every keystroke
 * until it closes; a page (`page`) gets first refusal of the scans the global router detects and lets the rest
 * fall through to the global routes of 000 §2. With no owner, the global router alone decides.
 */
export type TScanOwner =
  | {
      kind: 'scope';
      /** The field that takes the next scan now, or null when the flow expects none. */
      expected(): HTMLInputElement | null;
      /** Every scan field of the flow that is on screen now. */
      fields(): HTMLInputElement[];
    }
  | {
      kind: 'page';
      /** Returns true when the page took the scan; false lets the global routes have it. */
      take(scan: string): boolean;
    };

const owners: TScanOwner[] = [];

/** Registers an owner; the returned function releases it (in any order). */
export function claimScans(owner: TScanOwner): () => void {
  owners.push(owner);
  return () => {
    const at = owners.lastIndexOf(owner);
    if (at >= 0) owners.splice(at, 1);
  };
}

/** The newest owner, or null. */
export function currentScanOwner(): TScanOwner | null {
  return owners.at(-1) ?? null;
}

let globalRoute: ((scan: string) => void) | null = null;

/**
 * The global routes of 000 §2 (set by the shell's global scan router), for a scan that does not come from the
 * keyboard (the camera, lib/scan/submit-scan.ts) and that no owner took. Returns the function that unsets it.
 */
export function setGlobalScanRoute(route: (scan: string) => void): () => void {
  globalRoute = route;
  return () => {
    if (globalRoute === route) globalRoute = null;
  };
}

/** The global routes, when the shell has set them. */
export function globalScanRoute(): ((scan: string) => void) | null {
  return globalRoute;
}

/** A key typed into a form field belongs to that field. */
export function isEditableTarget(target: EventTarget | null): target is HTMLElement {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}
