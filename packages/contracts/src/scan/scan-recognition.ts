/**
 * Keyboard-wedge scan recognition (001 §5 "Scan recognition") and global scan routing (000 §2).
 */

/** Keystrokes closer than this are one group (ms). */
export const SCAN_KEY_GAP_MS = 50;
/** Groups shorter than this are typing, not a scanner, and are dropped. */
export const SCAN_MIN_GROUP_LENGTH = 4;
export const BIN_ASSIGN_PREFIX = 'BINASSIGN=';
export const PICK_LIST_ITEM_PREFIX = 'PLI=';
/** Delimiter joining several serials of one item (001 §5). */
export const SERIAL_DELIMITER = ':=:';

/** A barcode scan is 9 to 13 digits, not all zero in the first 9 (001 §5, §9). */
export function isBarcode(value: string): boolean {
  return /^\d{9,13}$/.test(value) && !/^0{9}/.test(value);
}

/** Key-entered scanner input must be longer than 3 characters. */
export function isScannerInput(value: string): boolean {
  return value.length > 3;
}

export type TScanRoute =
  | { kind: 'bin-assign'; locationCode: string; binName: string }
  | { kind: 'pick-item'; pickListItemId: string }
  | { kind: 'upc'; upc: string }
  | { kind: 'serial'; serial: string }
  | { kind: 'ignored'; reason: string };

/** Bin names are R##-B##-S##: three dash-separated parts (001 §3). */
function isBinName(value: string): boolean {
  return value.split('-').length === 3 && value.split('-').every((part) => part.length > 0);
}

/**
 * Classifies a finished scan. `BINASSIGN={location}_{bin}`: the bin name is the last underscore-separated
 * part (as on the pick page) and must have 3 dash-separated parts; without a location part the current
 * location is used, and with none selected the scan is ignored.
 */
export function classifyScan(raw: string, currentLocation?: string | null): TScanRoute {
  const value = raw.trim();
  if (!isScannerInput(value)) return { kind: 'ignored', reason: 'too short' };
  if (value.startsWith(BIN_ASSIGN_PREFIX)) {
    const rest = value.slice(BIN_ASSIGN_PREFIX.length);
    const cut = rest.lastIndexOf('_');
    const binName = cut >= 0 ? rest.slice(cut + 1) : rest;
    const locationCode = cut >= 0 ? rest.slice(0, cut) : (currentLocation ?? '');
    if (!isBinName(binName)) return { kind: 'ignored', reason: 'bin name must have 3 dash-separated parts' };
    if (!locationCode) return { kind: 'ignored', reason: 'no location for the bin' };
    return { kind: 'bin-assign', locationCode, binName };
  }
  if (value.startsWith(PICK_LIST_ITEM_PREFIX)) {
    const id = value.slice(PICK_LIST_ITEM_PREFIX.length);
    if (!id) return { kind: 'ignored', reason: 'empty pick list item id' };
    return { kind: 'pick-item', pickListItemId: id };
  }
  if (isBarcode(value)) return { kind: 'upc', upc: value };
  return { kind: 'serial', serial: value };
}

/**
 * Groups keystrokes into scans. Feed it every printable key and Enter with their timestamps; it returns a
 * finished scan when Enter closes a group that was typed fast enough (each key within SCAN_KEY_GAP_MS of the
 * last) and is at least SCAN_MIN_GROUP_LENGTH long. Slow typing starts a new group, so a person typing
 * never triggers a scan.
 */
export class WedgeScanDetector {
  private buffer = '';
  private lastAt = -Infinity;

  constructor(
    private readonly gapMs = SCAN_KEY_GAP_MS,
    private readonly minLength = SCAN_MIN_GROUP_LENGTH,
  ) {}

  /** Returns the scan when `key` is Enter and closes a scanner group, otherwise null. */
  push(key: string, at: number): string | null {
    const inGroup = at - this.lastAt <= this.gapMs;
    if (key === 'Enter') {
      const value = inGroup ? this.buffer : '';
      this.reset();
      return value.length >= this.minLength ? value : null;
    }
    if (key.length !== 1) return null;
    if (!inGroup) this.buffer = '';
    this.buffer += key;
    this.lastAt = at;
    return null;
  }

  reset(): void {
    this.buffer = '';
    this.lastAt = -Infinity;
  }
}

/** A site's wedge prefix and suffix (scan.api.ts, scan settings). */
export interface TWedgeAffixes {
  prefix: string;
  suffix: string;
}

/** The code a wedge scanner sent, without the site's prefix and suffix (each removed only where it is). */
export function stripWedgeAffixes(value: string, affixes: TWedgeAffixes | null): string {
  if (!affixes) return value;
  let code = value;
  if (affixes.prefix && code.startsWith(affixes.prefix)) code = code.slice(affixes.prefix.length);
  if (affixes.suffix && code.endsWith(affixes.suffix)) code = code.slice(0, code.length - affixes.suffix.length);
  return code;
}
