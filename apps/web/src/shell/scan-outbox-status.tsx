import { useState } from 'react';
import { Badge, Box, Button, Chip, List, ListItem, ListItemText, Popover, Typography } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { scanOutbox } from '../lib/scan/outbox';

/**
 * The app bar's chip and list of the scans the server has not recorded: 'n scans waiting' while the network or the
 * server is away, and the scans refused on a replay with the server's message, until dismissed. Loaded only when
 * there is something to show (`scan-outbox-indicator.tsx`).
 */
export default function ScanOutboxStatus({ waiting }: { waiting: number }) {
  const entries = scanOutbox.store((s) => s.entries);
  const refused = entries.filter((e) => e.state === 'refused');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Badge badgeContent={refused.length} color="error" invisible={!refused.length}>
        <Chip
          icon={waiting ? <CloudOffIcon /> : undefined}
          color={waiting ? 'warning' : 'error'}
          label={
            waiting
              ? `${waiting} scan${waiting === 1 ? '' : 's'} waiting`
              : `${refused.length} scan${refused.length === 1 ? '' : 's'} refused`
          }
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="scans-waiting"
        />
      </Badge>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 2, width: 'min(420px, 100vw - 32px)' }} data-testid="scan-outbox">
          <Typography variant="subtitle2">Scans not yet recorded</Typography>
          <Typography variant="body2" color="text.secondary">
            {waiting
              ? 'The server cannot be reached: these are sent again, in order, as soon as it answers.'
              : 'The server refused these scans on a replay.'}
          </Typography>
          <List dense>
            {entries.map((entry) => (
              <ListItem
                key={entry.id}
                divider
                data-testid="outbox-entry"
                data-state={entry.state}
                secondaryAction={
                  entry.state === 'refused' ? (
                    <Button size="small" onClick={() => void scanOutbox.dismiss(entry.id)}>
                      Dismiss
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={entry.label}
                  secondary={
                    entry.state === 'refused'
                      ? entry.message
                      : entry.attempts
                        ? `Waiting (${entry.attempts} tr${entry.attempts === 1 ? 'y' : 'ies'})`
                        : 'Sending'
                  }
                  slotProps={{ secondary: { color: entry.state === 'refused' ? 'error' : undefined } }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      </Popover>
    </>
  );
}
