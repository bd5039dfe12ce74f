import { memo, useCallback, useRef } from 'react';
import { Chip, IconButton, List, ListItem, ListItemText, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { errorRow } from '../../../lib/error-row';

/**
 * One unit scanned in the Receiving dialog: staged on this screen; sending (in the outbox, waiting there while the
 * server cannot be reached); received (with its ledger reference); or refused by the server (with its message).
 */
export interface ScannedItem {
  /** The client's id for the scan: the key of the list, and the retry id sent with it. */
  clientScanId: string;
  upc: string;
  serials: string[];
  bucket: string;
  state: 'staged' | 'sending' | 'received' | 'refused';
  /** The receipt's reference once received. */
  reference?: string;
  /** Why the server refused it. */
  message?: string;
}

const itemLabel = (item: ScannedItem) => (item.serials.length ? item.serials.join(', ') : item.upc);

const REMOVE: Record<ScannedItem['state'], { title: string; verb: string } | null> = {
  staged: { title: 'Remove from the list', verb: 'Remove' },
  received: { title: 'Take back this scan (un-receives it)', verb: 'Take back' },
  refused: { title: 'Clear this refused scan', verb: 'Clear' },
  sending: null,
};

/** One row; memoized, so a scan re-renders only the rows it changed (the list can hold hundreds at scanner speed). */
const ScannedItemRow = memo(function ScannedItemRow({
  item,
  busy,
  waiting,
  failed,
  onRemove,
}: {
  item: ScannedItem;
  busy: boolean;
  waiting: boolean;
  failed: boolean;
  onRemove(item: ScannedItem): void;
}) {
  const label = itemLabel(item);
  const remove = REMOVE[item.state];
  return (
    <ListItem
      data-testid="scanned-item"
      data-state={item.state}
      divider
      sx={failed ? errorRow : undefined}
      secondaryAction={
        remove && (
          <Tooltip title={remove.title}>
            <span>
              <IconButton
                edge="end"
                size="small"
                disabled={busy && item.state === 'received'}
                aria-label={`${remove.verb} ${label}`}
                onClick={() => onRemove(item)}
              >
                {item.state === 'staged' ? (
                  <DeleteOutlineIcon fontSize="small" />
                ) : item.state === 'received' ? (
                  <UndoIcon fontSize="small" />
                ) : (
                  <CloseIcon fontSize="small" />
                )}
              </IconButton>
            </span>
          </Tooltip>
        )
      }
    >
      <ListItemText
        primary={label}
        secondary={
          <>
            {item.state === 'staged' && <Chip component="span" size="small" label="Staged" sx={{ mr: 1 }} />}
            {item.state === 'sending' && (
              <Chip
                component="span"
                size="small"
                color={waiting ? 'warning' : 'default'}
                label={waiting ? 'Waiting' : 'Sending'}
                sx={{ mr: 1 }}
              />
            )}
            {item.state === 'received' && `${item.reference} · `}
            {item.state === 'refused' ? `Refused: ${item.message} · ` : ''}
            {`UPC ${item.upc} · ${item.bucket}`}
          </>
        }
      />
    </ListItem>
  );
});

/**
 * The Receiving dialog's list of scanned items. A staged item can be dropped from the list; a received one can be
 * taken back (a reversing transaction on the server) while the dialog is open; a refused one shows why.
 */
export function ScannedItemsList({
  items,
  busy,
  waiting,
  failedIndex,
  onRemove,
}: {
  items: ScannedItem[];
  busy: boolean;
  /** The outbox cannot reach the server: sending items wait for a replay. */
  waiting: boolean;
  /** The staged item a refused submit named, highlighted until the list changes. */
  failedIndex: number | null;
  onRemove(item: ScannedItem): void;
}) {
  // The latest handler behind a stable function, so the memoized rows are not re-rendered for a new closure.
  const latest = useRef(onRemove);
  latest.current = onRemove;
  const remove = useCallback((item: ScannedItem) => latest.current(item), []);
  let stagedIndex = -1;
  return (
    <List dense data-testid="scanned-items">
      {items.map((item) => {
        if (item.state === 'staged') stagedIndex++;
        const failed = item.state === 'refused' || (item.state === 'staged' && stagedIndex === failedIndex);
        return (
          <ScannedItemRow
            key={item.clientScanId}
            item={item}
            busy={busy}
            waiting={waiting && item.state === 'sending'}
            failed={failed}
            onRemove={remove}
          />
        );
      })}
    </List>
  );
}
