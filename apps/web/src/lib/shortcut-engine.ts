import { SCAN_KEY_GAP_MS } from '@keystone/contracts';

/**
 * One keyboard shortcut. `keys`: `mod+s` (Ctrl, or ⌘ on a Mac), `alt+n`, a plain key (`?`, `/`, `j`), or two plain
 * keys one after the other (`g h`).
 */
export interface TShortcut {
  keys: string;
  description: string;
  /** Its heading in the list that `?` opens. */
  group: string;
  handler: () => void;
  /** Listed and active only while true (a role's right, a form on screen). Default true. */
  enabled?: boolean;
  /** Also fires while the focus is in a field (Ctrl-S); plain keys never do. */
  inFields?: boolean;
  /** Declared by a dialog: fires while the focus is in a dialog, where the page's shortcuts do not. */
  inDialog?: boolean;
}

/** What the engine needs of a keydown event. */
export interface TKeyInput {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  /** The event's time stamp (ms). */
  timeStamp: number;
  /** The focus is in a text field, a select, a list box or a menu: its keys are the field's. */
  inField: boolean;
  /** The focus is in an open dialog. */
  inDialog: boolean;
  /** An open scan dialog owns every key (lib/scan/scan-owners). */
  scanScope: boolean;
}

export interface TTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/**
 * A plain key fires this long after it was pressed, unless another key came first: a wedge scanner types its keys
 * within SCAN_KEY_GAP_MS of each other, so a `j` that starts a scan is never taken as a shortcut.
 */
export const PLAIN_KEY_DELAY_MS = SCAN_KEY_GAP_MS + 10;
/** The second key of a sequence (`g h`) must follow the first within this. */
export const SEQUENCE_MS = 1_500;

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

interface TStep {
  mod: boolean;
  alt: boolean;
  key: string;
}

function parseStep(text: string): TStep {
  const parts = text.split('+');
  const key = parts.pop() ?? '';
  return { mod: parts.includes('mod'), alt: parts.includes('alt'), key };
}

export function parseKeys(keys: string): TStep[] {
  // '+' alone is a key, not a separator.
  return keys.split(' ').map((step) => (step === '+' ? { mod: false, alt: false, key: '+' } : parseStep(step)));
}

/** A letter's physical key, so that Alt-N still matches where Alt turns N into another character (a Mac's ⌥N). */
function sameKey(step: TStep, e: TKeyInput): boolean {
  if (e.key === step.key) return true;
  const named = step.key.length === 1 ? step.key.toLowerCase() : step.key;
  if (/^[a-z]$/.test(named) && (step.mod || step.alt))
    return e.key.toLowerCase() === named || e.code === `Key${named.toUpperCase()}`;
  return false;
}

function matchesModified(step: TStep, e: TKeyInput): boolean {
  if (step.mod) return (e.ctrlKey || e.metaKey) && !e.altKey && sameKey(step, e);
  return e.altKey && !e.ctrlKey && !e.metaKey && sameKey(step, e);
}

interface TSource {
  id: number;
  list: () => readonly TShortcut[];
}

/**
 * The one shortcut registry (no React, unit-tested): screens add their shortcuts, the newest declaration of a key
 * wins, and each keydown is matched under the rules in docs/decisions.md ("Keyboard shortcuts").
 */
export class ShortcutEngine {
  private sources: TSource[] = [];
  private nextId = 1;
  private lastAt = -Infinity;
  private prefix: { key: string; at: number } | null = null;
  private pending: unknown = null;
  private listeners = new Set<() => void>();
  /** Counts the changes of the declarations (a list on screen reads it to follow them). */
  version = 0;

  constructor(
    private readonly timers: TTimers = {
      set: (run, ms) => setTimeout(run, ms),
      clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  ) {}

  /** Adds a screen's shortcuts (read again at each key, so handlers stay current); returns the removal. */
  add(list: () => readonly TShortcut[]): () => void {
    const source = { id: this.nextId++, list };
    this.sources.push(source);
    this.changed();
    return () => {
      this.sources = this.sources.filter((s) => s !== source);
      this.changed();
    };
  }

  /** The enabled shortcuts, newest declaration first, one per key. */
  active(): TShortcut[] {
    const seen = new Set<string>();
    const out: TShortcut[] = [];
    for (const source of [...this.sources].reverse())
      for (const s of source.list())
        if (s.enabled !== false && !seen.has(s.keys)) {
          seen.add(s.keys);
          out.push(s);
        }
    return out;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Handles one keydown; true when a shortcut took it (the caller then prevents the browser's default). */
  keydown(e: TKeyInput): boolean {
    if (MODIFIER_KEYS.has(e.key)) return false;
    const sinceLast = e.timeStamp - this.lastAt;
    this.lastAt = e.timeStamp;
    // Any key cancels a plain key waiting to fire: the two were a scanner's burst.
    this.cancelPending();
    if (e.scanScope) {
      this.prefix = null;
      return false;
    }
    const allowed = (s: TShortcut) => (s.inFields || !e.inField) && (s.inDialog || !e.inDialog);
    const shortcuts = this.active().filter(allowed);

    if (e.ctrlKey || e.metaKey || e.altKey) {
      this.prefix = null;
      const hit = shortcuts.find((s) => {
        const steps = parseKeys(s.keys);
        return steps.length === 1 && (steps[0]!.mod || steps[0]!.alt) && matchesModified(steps[0]!, e);
      });
      if (!hit) return false;
      hit.handler();
      return true;
    }

    // Plain keys: never in a field, never held down, never inside a scanner's burst.
    if (e.inField || e.repeat || sinceLast <= SCAN_KEY_GAP_MS || e.key.length !== 1) {
      this.prefix = null;
      return false;
    }
    const plain = shortcuts.filter((s) => parseKeys(s.keys).every((step) => !step.mod && !step.alt));
    const prefix = this.prefix && e.timeStamp - this.prefix.at <= SEQUENCE_MS ? this.prefix.key : null;
    this.prefix = null;
    const hit =
      (prefix !== null && plain.find((s) => s.keys === `${prefix} ${e.key}`)) || plain.find((s) => s.keys === e.key);
    if (hit) {
      this.pending = this.timers.set(() => {
        this.pending = null;
        hit.handler();
      }, PLAIN_KEY_DELAY_MS);
      return false;
    }
    if (plain.some((s) => s.keys.startsWith(`${e.key} `))) this.prefix = { key: e.key, at: e.timeStamp };
    return false;
  }

  private cancelPending(): void {
    if (this.pending === null) return;
    this.timers.clear(this.pending);
    this.pending = null;
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** How the list shows a key: `Ctrl+S` (`⌘S` on a Mac), `Alt+N`, `G then H`. */
export function keysLabel(keys: string, mac = IS_MAC): string {
  return parseKeys(keys)
    .map((step) => {
      const key = step.key.length === 1 ? step.key.toUpperCase() : step.key;
      if (step.mod) return mac ? `⌘${key}` : `Ctrl+${key}`;
      if (step.alt) return mac ? `⌥${key}` : `Alt+${key}`;
      return step.key.length === 1 ? step.key : key;
    })
    .join(' then ');
}
