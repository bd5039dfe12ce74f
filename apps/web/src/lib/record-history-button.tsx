import { useState } from 'react';
import { Box, Button, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import { useQueryClient } from '@tanstack/react-query';
import { HISTORY_READ_ACCESS, hasAnyPermission } from '@keystone/contracts';
import { RECORD_HISTORY_KEY, RecordHistorySlot, type TRecordHistoryProps } from './record-history';
import { useEffectiveRole } from './session-store';

/**
 * The history of a record that has no page of its own (a row of a list, edited in a dialog): a History button
 * that opens the same panel in a side drawer. Shown only to a role that may read the record's history.
 */
export function RecordHistoryButton({ entity, id, label }: TRecordHistoryProps & { label: string }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const role = useEffectiveRole();
  if (!hasAnyPermission(role, HISTORY_READ_ACCESS[entity])) return null;
  // The row may have changed since the history was last read: read it again on each opening.
  const show = () => {
    void client.invalidateQueries({ queryKey: [...RECORD_HISTORY_KEY, entity, String(id)] });
    setOpen(true);
  };
  const titleId = `record-history-${entity}-${id}`;
  return (
    <>
      <Button size="small" startIcon={<HistoryIcon />} onClick={show} aria-label={`History of ${label}`}>
        History
      </Button>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        // Opened from a row of a dialog (the vendor table): above it, as a modal opened later (a drawer sits lower).
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } }, 'aria-labelledby': titleId, role: 'dialog' } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1 }}>
          <Typography id={titleId} variant="subtitle1" component="p" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
          <IconButton aria-label="Close history" onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Box sx={{ p: 2, pt: 1 }}>{open && <RecordHistorySlot entity={entity} id={id} />}</Box>
      </Drawer>
    </>
  );
}
