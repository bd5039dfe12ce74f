/**
 * The scan engine of every "unit → serials → next unit" flow (receiving, un-receiving, transfer scans, audit counts):
 * a pure state machine, no React and no DOM. `use-scan-engine.ts` wires it to the fields, focus, timers, feedback and
 * the flow's submit (the outbox); a flow only configures it (`TScanRules`).
 *
 * States: `upc` (the next unit's UPC is expected), `serial` (a unit's UPC is taken, its serials are scanned one by
 * one, "Scan Serial n of N"), `held` (a complete unit is kept on screen until the flow resets it: un-receiving waits
 * for notes and Submit). Events: a field's text typed, a scan (a field's value ended by Enter, or by Tab when the
 * field holds something), a reset. A transition returns the next state and the effects the hook carries out.
 */

/** A scanned unit: its UPC and serials (none for a product without serials). */
export interface TScanUnit {
  upc: string;
  serials: string[];
}

export type TScanField = 'upc' | 'serial';

export interface TScanState {
  step: 'upc' | 'serial' | 'held';
  /** What the UPC field shows: typed text, or the unit's UPC once taken. */
  upcText: string;
  serialText: string;
  /** The unit being scanned (`serial`) or held (`held`); null while the UPC is expected. */
  unit: TScanUnit | null;
}

/** What a flow decides; read at each event (the values may change between renders). */
export interface TScanRules {
  /** Serials one unit takes: 0, the UPC alone is a unit; null, the flow's `isComplete` decides (no "of N"). */
  serialsPerUnit: number | null;
  /** Why this UPC is refused (the spec's message), or null. */
  checkUpc(value: string): string | null;
  /** Why this serial is refused for the unit (already scanned, the UPC, the model …), or null. */
  checkSerial(value: string, unit: TScanUnit): string | null;
  /** Whether the unit is complete after a serial; default: it has `serialsPerUnit` serials. */
  isComplete?(unit: TScanUnit): boolean;
  /** A complete unit stays on screen (`held`) until reset, instead of the next unit starting at once. */
  hold?: boolean;
  /** Shown in green when a UPC is taken (transfers: 'UPC matches!'); otherwise the feedback is cleared. */
  upcAccepted?: string;
  /** A scan is expected now (false: the flow is done, waits for a prompt, has no location yet): scans are ignored. */
  ready: boolean;
  /** A submit is under way: a scan is refused with `BUSY_MESSAGE` (never dropped without a word). */
  busy?: boolean;
  /**
   * The spec's message for an Enter on the expected field while it is empty (picking: 'UPC cannot be empty'), or
   * null; without it such an Enter is no scan (a scanner ending with CR LF sends a second one) and says nothing.
   */
  emptyMessage?(field: TScanField): string | null;
  /**
   * A value typed into the expected field that is taken at once, without its Enter (the pick page: the item's UPC
   * typed in full, when a bin follows, as the form has always taken it). Default: none.
   */
  takesTyped?(field: TScanField, text: string): boolean;
  /**
   * A form's shape (the pick page): a refused value stays in its field, selected (the next scan replaces it), next to
   * its message; otherwise the field is cleared for the next scan.
   */
  keepRefused?: boolean;
}

export const BUSY_MESSAGE = 'Wait for the submit to finish, then scan again.';

export type TScanEvent =
  | { type: 'typed'; field: TScanField; text: string }
  | { type: 'scan'; field: TScanField; value: string }
  | { type: 'reset' };

export type TScanEffect =
  /** A refusal: red feedback (for `field`, a form showing messages per field), the bad sound. */
  | { type: 'refuse'; message: string; field: TScanField }
  /** A good UPC or serial: the green message, or the feedback cleared (null). */
  | { type: 'accept'; message: string | null }
  /**
   * Focus to a field: now (a refusal: the field scans again), on the next tick (the next unit, once the fields show
   * the new state), or after the focus move of 001 §9 (only if the unit is still being scanned by then).
   */
  | { type: 'focus'; field: TScanField; when: 'now' | 'next-tick' | 'focus-move'; select?: boolean }
  /** A complete unit: the flow's submit (the outbox), or its hold. */
  | { type: 'unit'; unit: TScanUnit };

export interface TScanTransition {
  state: TScanState;
  effects: TScanEffect[];
}

export const INITIAL_SCAN_STATE: TScanState = { step: 'upc', upcText: '', serialText: '', unit: null };

/** Whether a key ends a scan: Enter always; Tab when the field holds something (a scanner set to end with Tab). */
export function isScanKey(key: string, value: string): boolean {
  return key === 'Enter' || (key === 'Tab' && value.trim() !== '');
}

/** The field that takes the next scan, or null when none is expected now. */
export function expectedField(state: TScanState, ready: boolean): TScanField | null {
  if (!ready || state.step === 'held') return null;
  return state.step === 'serial' ? 'serial' : 'upc';
}

/** The serial field's label: "Scan Serial n of N" while a unit with a known count is scanned. */
export function serialLabel(state: TScanState, serialsPerUnit: number | null): string {
  if (state.step !== 'serial' || !state.unit || !serialsPerUnit) return 'Scan Serial';
  return `Scan Serial ${Math.min(state.unit.serials.length + 1, serialsPerUnit)} of ${serialsPerUnit}`;
}

function completed(unit: TScanUnit, rules: TScanRules, accept: TScanEffect): TScanTransition {
  const effects: TScanEffect[] = [accept, { type: 'unit', unit }];
  if (rules.hold) return { state: { step: 'held', upcText: unit.upc, serialText: '', unit }, effects };
  return { state: INITIAL_SCAN_STATE, effects: [...effects, { type: 'focus', field: 'upc', when: 'next-tick' }] };
}

function isComplete(unit: TScanUnit, rules: TScanRules): boolean {
  if (rules.isComplete) return rules.isComplete(unit);
  return rules.serialsPerUnit !== null && unit.serials.length >= rules.serialsPerUnit;
}

const unchanged = (state: TScanState): TScanTransition => ({ state, effects: [] });

/** A refused value: the field cleared for the next scan (or kept and selected, `keepRefused`), the message, focus back. */
function refused(
  state: TScanState,
  field: TScanField,
  value: string,
  message: string,
  rules: TScanRules,
): TScanTransition {
  const keep = !!rules.keepRefused;
  const text = keep ? value : '';
  const next = field === 'upc' ? { ...state, upcText: text } : { ...state, serialText: text };
  return {
    state: next,
    effects: [
      { type: 'refuse', message, field },
      { type: 'focus', field, when: 'now', ...(keep ? { select: true } : {}) },
    ],
  };
}

function scanUpc(state: TScanState, value: string, rules: TScanRules): TScanTransition {
  const message = rules.checkUpc(value);
  if (message) return refused(state, 'upc', value, message, rules);
  const accept: TScanEffect = { type: 'accept', message: rules.upcAccepted ?? null };
  const unit: TScanUnit = { upc: value, serials: [] };
  if (rules.serialsPerUnit === 0) return completed(unit, rules, accept);
  return {
    state: { step: 'serial', upcText: value, serialText: '', unit },
    effects: [accept, { type: 'focus', field: 'serial', when: 'focus-move' }],
  };
}

function scanSerial(state: TScanState, value: string, rules: TScanRules): TScanTransition {
  if (!state.unit) return unchanged(state);
  const message = rules.checkSerial(value, state.unit);
  if (message) return refused(state, 'serial', value, message, rules);
  const unit = { ...state.unit, serials: [...state.unit.serials, value] };
  if (isComplete(unit, rules)) return completed(unit, rules, { type: 'accept', message: null });
  return { state: { ...state, serialText: '', unit }, effects: [{ type: 'accept', message: null }] };
}

/** One transition of the engine. */
export function scanTransition(state: TScanState, event: TScanEvent, rules: TScanRules): TScanTransition {
  switch (event.type) {
    case 'typed': {
      const typed = event.field === 'upc' ? { ...state, upcText: event.text } : { ...state, serialText: event.text };
      const take =
        !rules.busy &&
        expectedField(state, rules.ready) === event.field &&
        event.text.trim() !== '' &&
        !!rules.takesTyped?.(event.field, event.text.trim());
      return take
        ? scanTransition(typed, { type: 'scan', field: event.field, value: event.text }, rules)
        : unchanged(typed);
    }
    case 'reset':
      return { state: INITIAL_SCAN_STATE, effects: [{ type: 'focus', field: 'upc', when: 'next-tick' }] };
    case 'scan': {
      const value = event.value.trim();
      // A field that is not the expected one (the read-only UPC while serials are scanned) takes no scan. An Enter on
      // an empty field is no scan (a scanner that ends with CR LF sends a second one): nothing to say, unless the
      // flow's spec has a message for it.
      if (expectedField(state, rules.ready) !== event.field) return unchanged(state);
      if (!value) {
        const message = rules.busy ? null : (rules.emptyMessage?.(event.field) ?? null);
        return message ? refused(state, event.field, '', message, rules) : unchanged(state);
      }
      if (rules.busy)
        return {
          state: event.field === 'serial' ? { ...state, serialText: '' } : state,
          effects: [{ type: 'refuse', message: BUSY_MESSAGE, field: event.field }],
        };
      return event.field === 'upc' ? scanUpc(state, value, rules) : scanSerial(state, value, rules);
    }
  }
}
