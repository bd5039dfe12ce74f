import { Chip, IconButton, List, ListItem, ListItemText, Tooltip } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import UndoIcon from '@mui/icons-material/Undo';

/** One unit scanned in the Receiving dialog: staged on this screen, or received (with its ledger reference). */
export interface ScannedItem {
  /** The client's id for the scan: the key of the list, and the retry id sent with it. */
  clientScanId: string;
  upc: string;
  serials: string[];
  bucket: string;
  /** The receipt's reference once received; absent while staged. */
  reference?: string;
}

const itemLabel = (item: ScannedItem) => (item.serials.length ? item.serials.join(', ') : item.upc);

/**
 * The Receiving dialog's list of scanned items. A staged item can be dropped from the list; a received one can be
 * taken back (a reversing transaction on the server) while the dialog is open.
 */
export function ScannedItemsList({
  items,
  busy,
  failedIndex,
  onRemove,
}: {
  items: ScannedItem[];
  busy: boolean;
  /** The staged item a refused submit named, highlighted until the list changes. */
  failedIndex: number | null;
  onRemove(item: ScannedItem): void;
}) {
  let stagedIndex = -1;
  return (
    <List dense data-testid="scanned-items">
      {items.map((item) => {
        const staged = !item.reference;
        if (staged) stagedIndex++;
        const failed = staged && stagedIndex === failedIndex;
        const label = itemLabel(item);
        return (
          <ListItem
            key={item.clientScanId}
            data-testid="scanned-item"
            data-state={staged ? 'staged' : 'received'}
            divider
            sx={failed ? { bgcolor: 'error.light' } : undefined}
            secondaryAction={
              <Tooltip title={staged ? 'Remove from the list' : 'Take back this scan (un-receives it)'}>
                <span>
                  <IconButton edge="end" size="small" disabled={busy} aria-label={staged ? `Remove ${label}` : `Take back ${label}`} onClick={() => onRemove(item)}>
                    {staged ? <DeleteOutlineIcon fontSize="small" /> : <UndoIcon fontSize="small" />}
                  </IconButton>
                </span>
              </Tooltip>
            }
          >
            <ListItemText
              primary={label}
              secondary={
                <>
                  {staged ? <Chip component="span" size="small" label="Staged" sx={{ mr: 1 }} /> : `${item.reference} · `}
                  {`UPC ${item.upc} · ${item.bucket}`}
                </>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
