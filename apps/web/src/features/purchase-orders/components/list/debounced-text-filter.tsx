import { useEffect, useRef, useState } from 'react';
import { TextField } from '@mui/material';
import { TEXT_FILTER_DEBOUNCE_MS } from './po-list-state';

/**
 * A text filter: typing updates the field at once and applies the trimmed text `delayMs` after the last
 * keystroke (000 §9: 500 ms). A new value from outside (Back, a cleared filter) replaces the text.
 */
export function DebouncedTextFilter({
  label,
  value,
  onCommit,
  delayMs = TEXT_FILTER_DEBOUNCE_MS,
  testId,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  delayMs?: number;
  testId?: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => commit.current(next), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return (
    <TextField
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      size="small"
      autoComplete="off"
      sx={{ width: 170 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}
