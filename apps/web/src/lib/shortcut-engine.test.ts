import { describe, expect, it, vi } from 'vitest';
import { keysLabel, PLAIN_KEY_DELAY_MS, ShortcutEngine, type TKeyInput, type TShortcut } from './shortcut-engine';

/** A fake clock: timers run when `advance` passes them. */
function fakeTimers() {
  let now = 0;
  let timers: { at: number; run: () => void; handle: number }[] = [];
  let next = 1;
  return {
    set(run: () => void, ms: number) {
      const handle = next++;
      timers.push({ at: now + ms, run, handle });
      return handle;
    },
    clear(handle: unknown) {
      timers = timers.filter((t) => t.handle !== handle);
    },
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.run();
    },
  };
}

function setup(shortcuts: Partial<TShortcut>[]) {
  const timers = fakeTimers();
  const engine = new ShortcutEngine(timers);
  const handlers = shortcuts.map(() => vi.fn());
  engine.add(() =>
    shortcuts.map((s, i) => ({ keys: 'x', description: 'd', group: 'g', ...s, handler: handlers[i]! }) as TShortcut),
  );
  let at = 1_000;
  const press = (key: string, over: Partial<TKeyInput> = {}, gapMs = 300) => {
    at += gapMs;
    timers.advance(gapMs);
    const taken = engine.keydown({
      key,
      code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : '',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      repeat: false,
      timeStamp: at,
      inField: false,
      inDialog: false,
      scanScope: false,
      ...over,
    });
    return taken;
  };
  /** Types a wedge scan: every key 10 ms after the one before, then Enter. */
  const scan = (text: string, over: Partial<TKeyInput> = {}) => {
    for (const key of text) press(key, over, 10);
    press('Enter', over, 10);
    timers.advance(1_000);
  };
  return { engine, handlers, press, scan, timers, settle: () => timers.advance(1_000) };
}

describe('shortcut registry', () => {
  it('a plain key fires outside fields, after the scanner gap', () => {
    const { handlers, press, timers } = setup([{ keys: '?' }]);
    expect(press('?')).toBe(false);
    timers.advance(PLAIN_KEY_DELAY_MS - 1);
    expect(handlers[0]).not.toHaveBeenCalled();
    timers.advance(1);
    expect(handlers[0]).toHaveBeenCalledTimes(1);
  });

  it('typing in a field does not trigger a plain key or Alt shortcut', () => {
    const { handlers, press, settle } = setup([{ keys: 'j' }, { keys: 'alt+n' }, { keys: '?' }]);
    press('j', { inField: true });
    press('?', { inField: true });
    expect(press('n', { inField: true, altKey: true })).toBe(false);
    settle();
    for (const h of handlers) expect(h).not.toHaveBeenCalled();
  });

  it('Ctrl-S (and ⌘-S) fires in a field and is taken from the browser', () => {
    const { handlers, press } = setup([{ keys: 'mod+s', inFields: true }]);
    expect(press('s', { inField: true, ctrlKey: true })).toBe(true);
    expect(press('s', { inField: true, metaKey: true })).toBe(true);
    expect(handlers[0]).toHaveBeenCalledTimes(2);
  });

  it('Alt-N matches the physical key where Alt types another character', () => {
    const { handlers, press } = setup([{ keys: 'alt+n' }]);
    expect(press('˜', { altKey: true, code: 'KeyN' })).toBe(true);
    expect(handlers[0]).toHaveBeenCalledTimes(1);
    // Ctrl-Alt-N is not Alt-N.
    expect(press('n', { altKey: true, ctrlKey: true })).toBe(false);
  });

  it('a wedge scan outside a field triggers no shortcut, even when it starts with or contains one', () => {
    const { handlers, scan } = setup([{ keys: 'j' }, { keys: 'k' }, { keys: '/' }, { keys: 'g h' }, { keys: '?' }]);
    scan('jk/gh?123');
    scan('k');
    scan('gh12');
    for (const h of handlers) expect(h).not.toHaveBeenCalled();
  });

  it('an open scan dialog owns every key, Ctrl-S included', () => {
    const { handlers, press, settle } = setup([{ keys: 'j' }, { keys: 'mod+s', inFields: true }]);
    press('j', { scanScope: true });
    expect(press('s', { scanScope: true, ctrlKey: true })).toBe(false);
    settle();
    for (const h of handlers) expect(h).not.toHaveBeenCalled();
  });

  it("a page's shortcuts do not fire while the focus is in a dialog; the dialog's own do", () => {
    const { handlers, press, settle } = setup([{ keys: 'j' }, { keys: 'mod+s', inFields: true, inDialog: true }]);
    press('j', { inDialog: true });
    expect(press('s', { inDialog: true, ctrlKey: true })).toBe(true);
    settle();
    expect(handlers[0]).not.toHaveBeenCalled();
    expect(handlers[1]).toHaveBeenCalledTimes(1);
  });

  it('a sequence fires when its second key follows at a person’s pace', () => {
    const { handlers, press, settle } = setup([{ keys: 'g h' }]);
    press('g');
    press('h', {}, 200);
    settle();
    expect(handlers[0]).toHaveBeenCalledTimes(1);
    press('h');
    press('g');
    press('x', {}, 200);
    press('h', {}, 200);
    settle();
    expect(handlers[0]).toHaveBeenCalledTimes(1);
  });

  it('a disabled shortcut neither fires nor is listed; the newest declaration of a key wins', () => {
    const timers = fakeTimers();
    const engine = new ShortcutEngine(timers);
    const older = vi.fn();
    const newer = vi.fn();
    const off = vi.fn();
    engine.add(() => [{ keys: 'mod+s', description: 'Save page', group: 'g', handler: older }]);
    const remove = engine.add(() => [
      { keys: 'mod+s', description: 'Save dialog', group: 'g', handler: newer },
      { keys: 'alt+n', description: 'New', group: 'g', handler: off, enabled: false },
    ]);
    expect(engine.active().map((s) => s.description)).toEqual(['Save dialog']);
    const key = { code: '', metaKey: false, repeat: false, inField: false, inDialog: false, scanScope: false };
    engine.keydown({ ...key, key: 's', ctrlKey: true, altKey: false, timeStamp: 1 });
    engine.keydown({ ...key, key: 'n', ctrlKey: false, altKey: true, timeStamp: 500 });
    expect(newer).toHaveBeenCalledTimes(1);
    expect(older).not.toHaveBeenCalled();
    expect(off).not.toHaveBeenCalled();
    remove();
    engine.keydown({ ...key, key: 's', ctrlKey: true, altKey: false, timeStamp: 1_000 });
    expect(older).toHaveBeenCalledTimes(1);
  });

  it('labels keys for the list', () => {
    expect(keysLabel('mod+s', false)).toBe('Ctrl+S');
    expect(keysLabel('mod+s', true)).toBe('⌘S');
    expect(keysLabel('alt+n', false)).toBe('Alt+N');
    expect(keysLabel('g h', false)).toBe('g then h');
    expect(keysLabel('?', false)).toBe('?');
  });
});
