import { useCallback, useEffect, useRef, useState } from 'react';
import { UPLOAD_MESSAGES } from '@keystone/contracts';
import type { TCsvRow, TCsvTable } from '@keystone/contracts/csv-rules';
import { parseInWorker } from './csv-worker-client';

export type TUploadKind = 'settlement' | 'holdings';

const storageKey = (kind: TUploadKind) => `keystone.uploads.${kind}`;

/** The names of the files of this kind uploaded in this browser session (002 §5: the same name asks first). */
export function uploadedNames(kind: TUploadKind): string[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(storageKey(kind)) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberUploaded(kind: TUploadKind, name: string): void {
  const names = uploadedNames(kind);
  if (!names.includes(name)) sessionStorage.setItem(storageKey(kind), JSON.stringify([...names, name].slice(-200)));
}

export interface CsvFileState {
  file: File | null;
  /** 0..1 while the worker parses; null otherwise. */
  progress: number | null;
  table: TCsvTable | null;
  parseError: string | null;
  /** Line numbers of the rows the user removed. */
  removed: ReadonlySet<number>;
}

const EMPTY: CsvFileState = { file: null, progress: null, table: null, parseError: null, removed: new Set() };

/**
 * A chosen upload file and its parse (002 §5, in a web worker with progress), the rows flagged for review and the
 * ones removed. `confirmSameName` is asked before a file whose name was already uploaded this session goes on.
 */
export function useCsvFile(kind: TUploadKind, confirmSameName: (name: string) => Promise<boolean>) {
  const [state, setState] = useState<CsvFileState>(EMPTY);
  const run = useRef(0);
  useEffect(() => () => void run.current++, []);

  const choose = useCallback(
    async (file: File) => {
      if (uploadedNames(kind).includes(file.name) && !(await confirmSameName(file.name))) return;
      const id = ++run.current;
      setState({ ...EMPTY, file, progress: 0 });
      try {
        const table = await parseInWorker(
          file,
          kind,
          (share) => id === run.current && setState((s) => ({ ...s, progress: share })),
        );
        if (id === run.current) setState({ ...EMPTY, file, table });
      } catch (error) {
        if (id === run.current)
          setState({
            ...EMPTY,
            file,
            parseError: error instanceof Error && error.message ? error.message : UPLOAD_MESSAGES.unknownError,
          });
      }
    },
    [kind, confirmSameName],
  );

  const setRemoved = (update: (removed: Set<number>) => void) =>
    setState((s) => {
      const removed = new Set(s.removed);
      update(removed);
      return { ...s, removed };
    });

  const rows: TCsvRow[] = state.table ? state.table.rows.filter((row) => !state.removed.has(row.line)) : [];
  const flagged = rows.filter((row) => row.flagged);
  return {
    ...state,
    /** The rows kept (not removed). */
    rows,
    /** The kept rows flagged for review. */
    flagged,
    choose,
    remove: (line: number) => setRemoved((r) => r.add(line)),
    removeAllFlagged: () => setRemoved((r) => flagged.forEach((row) => r.add(row.line))),
    restore: () => setRemoved((r) => r.clear()),
    reset: () => {
      run.current++;
      setState(EMPTY);
    },
    markUploaded: (name: string) => rememberUploaded(kind, name),
  };
}

export type CsvFile = ReturnType<typeof useCsvFile>;

/** A success message that clears itself after `ms` (002 §4, §9: upload success messages clear after 5 s). */
export function useTimedMessage(ms: number) {
  // Kept with a serial, so the same text shown twice in a row starts its 5 seconds again.
  const [shown, setShown] = useState<{ text: string; serial: number } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), ms);
    return () => clearTimeout(timer);
  }, [shown, ms]);
  const set = useCallback(
    (text: string | null) => setShown((s) => (text === null ? null : { text, serial: (s?.serial ?? 0) + 1 })),
    [],
  );
  return [shown?.text ?? null, set] as const;
}
