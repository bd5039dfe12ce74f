import Papa from 'papaparse';
import { SERIAL_DELIMITER } from '@keystone/contracts';

/**
 * A vendor's serial manifest for one PO line, read from a CSV file or pasted text, and compared with
 * what is scanned. Pure: the Serial Manifest panel and its tests use it.
 *
 * How rows become units (docs/decisions.md):
 * - a header row is recognised by a serial-like column name (Serial, Serial Number, S/N, SN2, IMEI…); then only
 *   those columns are read, and the other columns (model, quantity…) are ignored. Without one, every cell is read;
 * - cells are trimmed; blank cells and blank rows are ignored; a cell may hold several serials joined by :=:
 *   (the spec's delimiter), and a row of a single cell may list serials separated by spaces;
 * - one serial per unit (the product's num_of_serials_per_item is 1): every serial is a unit, one per row or
 *   per cell alike;
 * - N serials per unit: each row is a unit with its serials. A file with one serial on every row is read as a
 *   flat list: consecutive groups of N serials are the units.
 */
export interface ParsedManifest {
  units: string[][];
  /** The header row's serial columns, when the first row was a header. */
  header: string[] | null;
  /** Units whose serial count is not the product's (1-based unit numbers): the server would refuse them. */
  badUnits: number[];
  /** Serials listed more than once (any case): the server would refuse the later ones. */
  duplicates: string[];
}

/** A serial column's name: Serial, Serials, Serial Number 2, Serial_No, Serial #, S/N, SN 2, IMEI (not SN1 or SN-1, which may be serials). */
const HEADER_CELL =
  /^(serials?|serial[\s_-]*(no\.?|num(ber)?|#)?([\s_-]*\d)?|s\/n(\s+\d)?|sn(\s+\d)?|imei([\s_-]*\d)?)$/i;

const cellSerials = (cell: string) =>
  cell
    .split(SERIAL_DELIMITER)
    .map((s) => s.trim())
    .filter((s) => s !== '');

export function parseManifest(text: string, perItem: number): ParsedManifest {
  const parsed = Papa.parse<string[]>(text.trim(), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', '\t', ';', '|'],
  });
  let rows = parsed.data.map((row) => row.map((cell) => String(cell ?? '').trim()));
  let header: string[] | null = null;
  let columns: number[] | null = null;
  const first = rows[0];
  if (first && first.some((cell) => HEADER_CELL.test(cell))) {
    columns = first.flatMap((cell, i) => (HEADER_CELL.test(cell) ? [i] : []));
    header = columns.map((i) => first[i]!);
    rows = rows.slice(1);
  }
  const rowSerials = rows
    .map((row) => {
      const cells = columns ? columns.map((i) => row[i] ?? '') : row;
      const serials = cells.flatMap(cellSerials);
      // "SN1 SN2 SN3" on one line, in a single cell: a list separated by spaces.
      return serials.length === 1 && /\s/.test(serials[0]!) ? serials[0]!.split(/\s+/) : serials;
    })
    .filter((serials) => serials.length > 0);

  const per = Math.max(1, perItem);
  let units: string[][];
  if (per === 1) units = rowSerials.flat().map((s) => [s]);
  else if (rowSerials.length > 0 && rowSerials.every((r) => r.length === 1)) {
    const flat = rowSerials.flat();
    units = Array.from({ length: Math.ceil(flat.length / per) }, (_, u) => flat.slice(u * per, u * per + per));
  } else units = rowSerials;

  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const serial of units.flat()) {
    const key = serial.toUpperCase();
    if (seen.has(key)) duplicates.push(serial);
    seen.add(key);
  }
  const badUnits = units.flatMap((unit, i) => (unit.length === per ? [] : [i + 1]));
  return { units, header, badUnits, duplicates };
}

export interface ManifestComparison {
  /** Manifest serials scanned now or received on the line earlier, in the manifest's order. */
  matched: string[];
  /** Serials scanned now that the manifest does not list, in scan order. */
  unexpected: string[];
  /** Manifest serials not scanned yet, in the manifest's order. */
  missing: string[];
  /** The units none of whose serials is scanned or received: what "Receive Manifest" sends. */
  unitsToReceive: string[][];
}

/** Compares a manifest with the serials scanned (and those received on the line before), ignoring case as the server does. */
export function compareManifest(
  units: readonly (readonly string[])[],
  scanned: readonly string[],
  receivedBefore: readonly string[] = [],
): ManifestComparison {
  const done = new Set([...scanned, ...receivedBefore].map((s) => s.toUpperCase()));
  const listed = new Set(units.flat().map((s) => s.toUpperCase()));
  const matched: string[] = [];
  const missing: string[] = [];
  for (const serial of units.flat()) (done.has(serial.toUpperCase()) ? matched : missing).push(serial);
  const unexpected = scanned.filter(
    (s, i) => !listed.has(s.toUpperCase()) && scanned.findIndex((t) => t.toUpperCase() === s.toUpperCase()) === i,
  );
  const unitsToReceive = units.filter((unit) => unit.every((s) => !done.has(s.toUpperCase()))).map((unit) => [...unit]);
  return { matched, unexpected, missing, unitsToReceive };
}

/** The per-serial refusals of a manifest answer (`errors` keyed `units.<unit>.<serial>` or `units.<unit>`), in unit order. */
export function manifestRefusals(errors: Record<string, string[]> | undefined): string[] {
  const order = (key: string) => key.split('.').slice(1).map(Number);
  return Object.entries(errors ?? {})
    .filter(([key]) => /^units(\.\d+)*$/.test(key))
    .sort(([a], [b]) => {
      const [x, y] = [order(a), order(b)];
      return (x[0] ?? -1) - (y[0] ?? -1) || (x[1] ?? -1) - (y[1] ?? -1);
    })
    .flatMap(([, messages]) => messages);
}
