import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { IconButton, Tooltip, Typography, Box } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { SHORTCUT_GROUPS, useShortcuts } from './shortcuts';

/**
 * The list a person opened records from (the rows of the page they saw, in its order), kept for the tab's session,
 * so a record's page can go to the previous or next one of that list (`k` / `j`).
 */
const storageKey = (list: string) => `recordSequence.${list}`;

export function readRecordSequence(list: string): string[] {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(storageKey(list)) ?? '[]');
    return Array.isArray(ids) ? ids.map(String) : [];
  } catch {
    return [];
  }
}

/** A list page keeps the ids it shows, in order. */
export function useRememberRecordSequence(list: string, ids: readonly (string | number)[]): void {
  const joined = ids.map(String).join('\n');
  useEffect(() => {
    if (joined) sessionStorage.setItem(storageKey(list), JSON.stringify(joined.split('\n')));
  }, [list, joined]);
}

/** The record before and after `id` in the remembered list, and its place there. */
export function recordNeighbours(ids: readonly string[], id: string) {
  const at = ids.indexOf(id);
  if (at < 0) return null;
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null, position: at + 1, total: ids.length };
}

/**
 * `k` / `j` (and the two buttons this draws) open the previous / next record of the list the person came from.
 * Draws nothing when the record is not in that list.
 */
export function RecordSequenceNav({
  list,
  id,
  path,
  noun,
}: {
  list: string;
  id: string | number;
  path: (id: string) => string;
  noun: string;
}) {
  const navigate = useNavigate();
  const around = recordNeighbours(readRecordSequence(list), String(id));
  const go = (to: string | null | undefined) => {
    if (to) void navigate(path(to));
  };
  useShortcuts([
    {
      keys: 'k',
      description: `Previous ${noun} in the list`,
      group: SHORTCUT_GROUPS.page,
      enabled: !!around?.previous,
      handler: () => go(around?.previous),
    },
    {
      keys: 'j',
      description: `Next ${noun} in the list`,
      group: SHORTCUT_GROUPS.page,
      enabled: !!around?.next,
      handler: () => go(around?.next),
    },
  ]);
  if (!around) return null;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center' }} data-testid="record-sequence">
      <Tooltip title={`Previous ${noun} (k)`}>
        <span>
          <IconButton aria-label={`Previous ${noun}`} disabled={!around.previous} onClick={() => go(around.previous)}>
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {around.position} of {around.total}
      </Typography>
      <Tooltip title={`Next ${noun} (j)`}>
        <span>
          <IconButton aria-label={`Next ${noun}`} disabled={!around.next} onClick={() => go(around.next)}>
            <ChevronRightIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
