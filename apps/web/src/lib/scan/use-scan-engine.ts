import { useCallback, useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import {
  expectedField,
  INITIAL_SCAN_STATE,
  isScanKey,
  scanTransition,
  serialLabel,
  type TScanEffect,
  type TScanEvent,
  type TScanField,
  type TScanRules,
  type TScanState,
  type TScanUnit,
} from './scan-engine';
import type { TFeedback } from './scan-feedback';
import { playSound, primeSounds } from './sounds';
import { focusIsInAField, SCAN_TIMING, sinceFocusMoved, useTimers } from './timing';
import { stripWedge } from './wedge-affixes';
import { useScanScope } from './use-scan-scope';

/** The flow's feedback line (useScanFeedback). */
export interface TScanFeedbackApi {
  /** `field`: the field a refusal is about (a form showing its messages per field, the pick page, reads it). */
  show(kind: TFeedback['kind'], text: string, clearAfterMs?: number, field?: TScanField): void;
  clear(): void;
}

/** What a scan flow configures: its rules (scan-engine.ts), its feedback line and its submit. */
export interface TScanEngineConfig extends TScanRules {
  feedback: TScanFeedbackApi;
  /** A complete unit: sent (through the scan outbox, with a client scan id), staged, or held by the flow. */
  submit(unit: TScanUnit): void;
  /** Another panel has the user's attention (Scan Setup): the scan fields take no focus back. */
  paused?: boolean;
  /**
   * A page's flow (the bin contents page), not a dialog's: its keys are not all claimed (useScanScope stays off), so
   * a scan outside its fields keeps its global route; the page hands the ones it takes to `scan` (usePageScans).
   */
  page?: boolean;
}

/** The props of one scan field (a MUI TextField's). */
export interface TScanFieldProps {
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  onKeyDown(e: KeyboardEvent): void;
  onBlur(): void;
  inputRef: RefObject<HTMLInputElement | null>;
  readOnly: boolean;
}

/**
 * The scan engine (scan-engine.ts) wired to a flow's two fields: it owns their text, their key handling (a scan is a
 * value ended by Enter, or Tab), the focus rules of 001 §9 (UPC → serial after 500 ms unless the unit is over by
 * then; the next unit's UPC at once; a scan field that lost focus to nothing takes it back after 2.1 s), the scan
 * scope (every keystroke belongs to the flow while it is mounted), refusals in red with the bad sound, and hands each
 * complete unit to the flow's `submit`. The dialog keeps no key handler of its own.
 */
export function useScanEngine(config: TScanEngineConfig) {
  const later = useTimers();
  const latest = useRef(config);
  latest.current = config;
  const stateRef = useRef<TScanState>(INITIAL_SCAN_STATE);
  const [state, setState] = useState<TScanState>(INITIAL_SCAN_STATE);
  const upcRef = useRef<HTMLInputElement>(null);
  const serialRef = useRef<HTMLInputElement>(null);
  const refOf = (field: TScanField) => (field === 'upc' ? upcRef : serialRef);
  useEffect(() => primeSounds(), []);

  const expected = expectedField(state, config.ready);
  useScanScope({ expected: expected ? refOf(expected) : null, fields: [upcRef, serialRef], enabled: !config.page });

  const fail = useCallback((message: string, field?: TScanField) => {
    latest.current.feedback.show('bad', message, undefined, field);
    playSound('bad');
  }, []);

  /** The field the flow expects now, focused (no-op when none). */
  const focusScanField = useCallback(() => {
    const field = expectedField(stateRef.current, latest.current.ready);
    if (field) (field === 'upc' ? upcRef : serialRef).current?.focus();
  }, []);

  function run(effect: TScanEffect) {
    switch (effect.type) {
      case 'refuse':
        return fail(effect.message, effect.field);
      case 'accept':
        if (effect.message) latest.current.feedback.show('good', effect.message);
        else latest.current.feedback.clear();
        return;
      case 'unit':
        return latest.current.submit(effect.unit);
      case 'focus': {
        const ref = refOf(effect.field);
        if (effect.when === 'now') {
          ref.current?.focus();
          // A refused value kept in its field (keepRefused): selected once it is drawn, so the next scan replaces it;
          // not when a scan has begun typing meanwhile (selecting its first keys would let the next ones replace them).
          if (effect.select) {
            const kept = effect.field === 'upc' ? stateRef.current.upcText : stateRef.current.serialText;
            later(() => {
              if (kept && ref.current?.value === kept) ref.current.select();
            }, 0);
          }
          return;
        }
        if (effect.when === 'next-tick') return void later(() => ref.current?.focus(), 0);
        // The focus move of 001 §9, unless the unit is over by then (at wedge speed its serial, and the next UPC's
        // first keys, come well before 500 ms): focus then stays in the UPC field the next unit is typed into.
        later(() => {
          if (stateRef.current.step === 'serial' && !latest.current.paused) focusScanField();
        }, SCAN_TIMING.focusMoveMs);
      }
    }
  }

  function dispatch(event: TScanEvent) {
    const { state: next, effects } = scanTransition(stateRef.current, event, latest.current);
    if (next !== stateRef.current) {
      stateRef.current = next;
      setState(next);
    }
    for (const effect of effects) run(effect);
  }

  /**
   * A scan field that lost focus takes it back once focus has rested elsewhere for 2.1 s (001 §9): counted from the
   * field's blur or from focus's last move since (a dialog closing onto its button), whichever is later.
   */
  function scheduleRefocus(ms: number = SCAN_TIMING.scannerRefocusMs) {
    later(() => {
      if (latest.current.paused || focusIsInAField()) return;
      const rest = SCAN_TIMING.scannerRefocusMs - sinceFocusMoved();
      if (rest > 0) return void scheduleRefocus(rest);
      focusScanField();
    }, ms);
  }

  function fieldProps(field: TScanField): TScanFieldProps {
    return {
      value: field === 'upc' ? state.upcText : state.serialText,
      onChange: (e) => dispatch({ type: 'typed', field, text: e.target.value }),
      onKeyDown: (e) => {
        const value = (e.target as HTMLInputElement).value ?? '';
        if (!isScanKey(e.key, value)) return;
        e.preventDefault();
        // The site's wedge prefix and suffix are not part of the code (scan settings).
        dispatch({ type: 'scan', field, value: stripWedge(value) });
      },
      onBlur: () => scheduleRefocus(),
      inputRef: refOf(field),
      readOnly: field === 'upc' ? state.step !== 'upc' : state.step !== 'serial',
    };
  }

  return {
    state,
    /** The unit being scanned or held. */
    unit: state.unit,
    upcField: fieldProps('upc'),
    serialField: fieldProps('serial'),
    serialLabel: serialLabel(state, config.serialsPerUnit),
    /** A whole scan from elsewhere (a UPC scanned on the page that opened the dialog), as if typed into the field. */
    scan: (field: TScanField, value: string) => dispatch({ type: 'scan', field, value }),
    /** Drops the unit being scanned (Reset Scan, after a staged submit, a cancelled prompt): the UPC is expected. */
    reset: () => dispatch({ type: 'reset' }),
    focusScanField,
    fail,
    later,
  };
}

export type TScanEngine = ReturnType<typeof useScanEngine>;
