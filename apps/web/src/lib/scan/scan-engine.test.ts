import { describe, expect, it } from 'vitest';
import {
  BUSY_MESSAGE,
  expectedField,
  INITIAL_SCAN_STATE,
  isScanKey,
  scanTransition,
  serialLabel,
  type TScanEvent,
  type TScanRules,
  type TScanState,
  type TScanUnit,
} from './scan-engine';

const UPC = '012345678905';

function rules(over: Partial<TScanRules> = {}): TScanRules {
  return {
    serialsPerUnit: 2,
    ready: true,
    checkUpc: (value) => (value === UPC ? null : "UPC doesn't match"),
    checkSerial: (value, unit) =>
      unit.serials.includes(value) ? 'Serial already scanned' : value === UPC ? 'Serial cannot equal UPC.' : null,
    ...over,
  };
}

/** Runs events from the start; returns the last state and every effect, in order. */
function run(events: TScanEvent[], r: TScanRules = rules(), from: TScanState = INITIAL_SCAN_STATE) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const t = scanTransition(state, event, r);
    state = t.state;
    effects.push(...t.effects);
  }
  return { state, effects };
}

const scan = (field: 'upc' | 'serial', value: string): TScanEvent => ({ type: 'scan', field, value });
const units = (effects: ReturnType<typeof run>['effects']): TScanUnit[] =>
  effects.flatMap((e) => (e.type === 'unit' ? [e.unit] : []));

describe('scan engine: unit → serials → next unit', () => {
  it('takes a good UPC, moves to the serials (focus after the 500 ms move), completes the unit at N serials and expects the next UPC', () => {
    const afterUpc = run([scan('upc', ` ${UPC} `)]);
    expect(afterUpc.state).toEqual({ step: 'serial', upcText: UPC, serialText: '', unit: { upc: UPC, serials: [] } });
    expect(afterUpc.effects).toEqual([
      { type: 'accept', message: null },
      { type: 'focus', field: 'serial', when: 'focus-move' },
    ]);
    expect(serialLabel(afterUpc.state, 2)).toBe('Scan Serial 1 of 2');

    const one = run([scan('serial', 'SN1')], rules(), afterUpc.state);
    expect(one.state.unit).toEqual({ upc: UPC, serials: ['SN1'] });
    expect(serialLabel(one.state, 2)).toBe('Scan Serial 2 of 2');
    expect(units(one.effects)).toEqual([]);

    const two = run([scan('serial', 'SN2')], rules(), one.state);
    expect(two.state).toEqual(INITIAL_SCAN_STATE);
    expect(two.effects).toEqual([
      { type: 'accept', message: null },
      { type: 'unit', unit: { upc: UPC, serials: ['SN1', 'SN2'] } },
      { type: 'focus', field: 'upc', when: 'next-tick' },
    ]);
  });

  it('refuses a wrong UPC with the flow’s message, clears the field and keeps the UPC step', () => {
    const { state, effects } = run([{ type: 'typed', field: 'upc', text: '999' }, scan('upc', '999')]);
    expect(state).toEqual(INITIAL_SCAN_STATE);
    expect(effects).toEqual([
      { type: 'refuse', message: "UPC doesn't match", field: 'upc' },
      { type: 'focus', field: 'upc', when: 'now' },
    ]);
  });

  it('refuses a serial with the flow’s message (given the unit so far) and keeps the unit', () => {
    const { state, effects } = run([
      scan('upc', UPC),
      scan('serial', 'SN1'),
      { type: 'typed', field: 'serial', text: 'SN1' },
      scan('serial', 'SN1'),
    ]);
    expect(state.unit).toEqual({ upc: UPC, serials: ['SN1'] });
    expect(state.serialText).toBe('');
    expect(effects.at(-2)).toEqual({ type: 'refuse', message: 'Serial already scanned', field: 'serial' });
    expect(effects.at(-1)).toEqual({ type: 'focus', field: 'serial', when: 'now' });
  });

  it('a product without serials is a unit on its UPC alone; the green UPC message of a flow that has one comes first', () => {
    const { state, effects } = run(
      [scan('upc', UPC), scan('upc', UPC)],
      rules({ serialsPerUnit: 0, upcAccepted: 'UPC matches!' }),
    );
    expect(state).toEqual(INITIAL_SCAN_STATE);
    expect(units(effects)).toEqual([
      { upc: UPC, serials: [] },
      { upc: UPC, serials: [] },
    ]);
    expect(effects[0]).toEqual({ type: 'accept', message: 'UPC matches!' });
  });

  it('an empty scan (the second Enter of CR LF, a Tab on an empty field) is no scan: nothing changes, nothing is said', () => {
    const mid = run([scan('upc', UPC)]).state;
    expect(scanTransition(INITIAL_SCAN_STATE, scan('upc', '  '), rules())).toEqual({
      state: INITIAL_SCAN_STATE,
      effects: [],
    });
    expect(scanTransition(mid, scan('serial', ''), rules())).toEqual({ state: mid, effects: [] });
    expect(isScanKey('Enter', '')).toBe(true);
    expect(isScanKey('Tab', '')).toBe(false);
    expect(isScanKey('Tab', 'SN1')).toBe(true);
    expect(isScanKey('a', 'SN1')).toBe(false);
  });

  it('a scan on the field that is not expected (the read-only UPC while serials are scanned, the serial before a UPC) is ignored', () => {
    const mid = run([scan('upc', UPC)]).state;
    expect(scanTransition(mid, scan('upc', UPC), rules())).toEqual({ state: mid, effects: [] });
    expect(scanTransition(INITIAL_SCAN_STATE, scan('serial', 'SN1'), rules())).toEqual({
      state: INITIAL_SCAN_STATE,
      effects: [],
    });
  });

  it('takes no scan while not ready (done, a prompt open), and refuses one with a word while a submit is under way', () => {
    expect(scanTransition(INITIAL_SCAN_STATE, scan('upc', UPC), rules({ ready: false }))).toEqual({
      state: INITIAL_SCAN_STATE,
      effects: [],
    });
    expect(expectedField(INITIAL_SCAN_STATE, false)).toBeNull();
    const busy = scanTransition(INITIAL_SCAN_STATE, scan('upc', UPC), rules({ busy: true }));
    expect(busy.state).toEqual(INITIAL_SCAN_STATE);
    expect(busy.effects).toEqual([{ type: 'refuse', message: BUSY_MESSAGE, field: 'upc' }]);
  });

  it('reset drops the unit being scanned and expects the UPC', () => {
    const mid = run([scan('upc', UPC), scan('serial', 'SN1')]).state;
    expect(expectedField(mid, true)).toBe('serial');
    const { state, effects } = scanTransition(mid, { type: 'reset' }, rules());
    expect(state).toEqual(INITIAL_SCAN_STATE);
    expect(effects).toEqual([{ type: 'focus', field: 'upc', when: 'next-tick' }]);
    expect(expectedField(state, true)).toBe('upc');
  });

  it('a flow that decides completeness itself (open serial count) holds the complete unit until reset: no scan is expected meanwhile', () => {
    const r = rules({ serialsPerUnit: null, hold: true, isComplete: (unit) => unit.serials.length === 3 });
    const { state, effects } = run([scan('upc', UPC), scan('serial', 'A'), scan('serial', 'B')], r);
    expect(serialLabel(state, null)).toBe('Scan Serial');
    expect(units(effects)).toEqual([]);
    const held = run([scan('serial', 'C')], r, state);
    expect(held.state).toEqual({
      step: 'held',
      upcText: UPC,
      serialText: '',
      unit: { upc: UPC, serials: ['A', 'B', 'C'] },
    });
    expect(units(held.effects)).toEqual([{ upc: UPC, serials: ['A', 'B', 'C'] }]);
    expect(expectedField(held.state, true)).toBeNull();
    expect(scanTransition(held.state, scan('serial', 'D'), r).effects).toEqual([]);
    expect(scanTransition(held.state, scan('upc', UPC), r).effects).toEqual([]);
  });

  it('wedge speed: UPC, serials and the next UPC back to back make whole units in order, none lost or doubled', () => {
    const events = [UPC, 'S1', 'S2', UPC, 'S3', 'S4', UPC].map((v, i) =>
      scan([0, 3, 6].includes(i) ? 'upc' : 'serial', v),
    );
    const { state, effects } = run(events);
    expect(units(effects)).toEqual([
      { upc: UPC, serials: ['S1', 'S2'] },
      { upc: UPC, serials: ['S3', 'S4'] },
    ]);
    expect(state.step).toBe('serial');
  });

  it('typing keeps each field’s own text', () => {
    const { state } = run([
      { type: 'typed', field: 'upc', text: '0123' },
      { type: 'typed', field: 'serial', text: 'x' },
    ]);
    expect(state).toMatchObject({ upcText: '0123', serialText: 'x', step: 'upc' });
  });
});

describe('scan engine: a form shape (the pick page: UPC, then bin)', () => {
  const BIN = 'BINASSIGN=KY01_R01-B01-S01';
  const form = (over: Partial<TScanRules> = {}) =>
    rules({
      serialsPerUnit: 1,
      checkSerial: (value) => (value === BIN ? null : 'Invalid Bin Barcode'),
      emptyMessage: (field) => (field === 'upc' ? 'UPC cannot be empty' : 'Bin Field Cannot Be Empty'),
      takesTyped: (field, text) => field === 'upc' && text === UPC,
      keepRefused: true,
      ...over,
    });

  it("answers an Enter on the empty expected field with the flow's message, for that field; without the rule it says nothing", () => {
    expect(run([scan('upc', '  ')], form()).effects).toEqual([
      { type: 'refuse', message: 'UPC cannot be empty', field: 'upc' },
      { type: 'focus', field: 'upc', when: 'now', select: true },
    ]);
    const onBin = run([scan('upc', UPC), scan('serial', '')], form()).effects;
    expect(onBin.at(-2)).toEqual({ type: 'refuse', message: 'Bin Field Cannot Be Empty', field: 'serial' });
    expect(run([scan('upc', '')]).effects).toEqual([]);
    // Not while a submit is under way, and not on a field that is not expected.
    expect(run([scan('upc', '')], form({ busy: true })).effects).toEqual([]);
    expect(run([scan('serial', '')], form()).effects).toEqual([]);
  });

  it('keeps a refused value in its field, selected, next to its message (keepRefused); clears it otherwise', () => {
    const kept = run([scan('upc', '000000000000')], form());
    expect(kept.state).toMatchObject({ step: 'upc', upcText: '000000000000' });
    expect(kept.effects).toEqual([
      { type: 'refuse', message: "UPC doesn't match", field: 'upc' },
      { type: 'focus', field: 'upc', when: 'now', select: true },
    ]);
    const bin = run(
      [scan('upc', UPC), { type: 'typed', field: 'serial', text: 'BINASSIGN=KY01' }, scan('serial', 'BINASSIGN=KY01')],
      form(),
    );
    expect(bin.state).toMatchObject({ step: 'serial', serialText: 'BINASSIGN=KY01', unit: { upc: UPC, serials: [] } });
    expect(run([scan('upc', '000000000000')]).state.upcText).toBe('');
  });

  it('takes a typed value the flow names (the item’s UPC typed in full) without its Enter; the Enter that follows is no second scan', () => {
    const typed = run([{ type: 'typed', field: 'upc', text: UPC.slice(0, 5) }], form());
    expect(typed.state).toMatchObject({ step: 'upc', upcText: UPC.slice(0, 5) });
    const full = run([{ type: 'typed', field: 'upc', text: UPC }], form());
    expect(full.state).toEqual({ step: 'serial', upcText: UPC, serialText: '', unit: { upc: UPC, serials: [] } });
    expect(run([scan('upc', UPC)], form(), full.state).effects).toEqual([]);
    // Wedge order: UPC keys (taken at the last one), its Enter, the bin and its Enter: one unit.
    const wedge = run(
      [
        { type: 'typed', field: 'upc', text: UPC },
        scan('upc', UPC),
        { type: 'typed', field: 'serial', text: BIN },
        scan('serial', BIN),
      ],
      form(),
    );
    expect(units(wedge.effects)).toEqual([{ upc: UPC, serials: [BIN] }]);
    // Nothing is taken while busy or without the rule.
    expect(run([{ type: 'typed', field: 'upc', text: UPC }], form({ busy: true })).state.step).toBe('upc');
    expect(run([{ type: 'typed', field: 'upc', text: UPC }]).state.step).toBe('upc');
  });
});
