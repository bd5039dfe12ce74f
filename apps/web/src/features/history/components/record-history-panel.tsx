import { useState } from 'react';
import { Box, Button, List, ListItem, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import { HISTORY_NOTE_MAX, HISTORY_PAGE_MAX, type THistoryEntity, type TRecordChange } from '@keystone/contracts';
import { formatTimestamp } from '../../../lib/format-date';
import type { TRecordHistoryProps } from '../../../lib/record-history';
import { HISTORY_PAGE_SIZE, useAddHistoryNote, useRecordHistory } from '../api/record-history';
import { fieldLabel, lifecycleText, valueText } from '../field-labels';

function ChangeText({ entity, change }: { entity: THistoryEntity; change: TRecordChange }) {
  if (change.field === null) return <Typography sx={{ whiteSpace: 'pre-wrap' }}>{change.note}</Typography>;
  // A creation or deletion: the record's (or its line's) fields at that moment.
  const lifecycle = lifecycleText(entity, { field: change.field, before: change.before, after: change.after });
  if (lifecycle) {
    return (
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {lifecycle.title}
        </Box>
        {lifecycle.fields.length ? ` (${lifecycle.fields.join(', ')})` : ''}
      </Typography>
    );
  }
  return (
    <Typography sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {fieldLabel(entity, change.field)}
      </Box>
      : {valueText(entity, change.field, change.before)} → {valueText(entity, change.field, change.after)}
    </Typography>
  );
}

/** Who changed what on a record, newest first, with a note box (Odoo's chatter). */
export function RecordHistoryPanel({ entity, id }: TRecordHistoryProps) {
  const recordId = String(id);
  const [pages, setPages] = useState(1);
  const [note, setNote] = useState('');
  const history = useRecordHistory(entity, recordId, pages);
  const addNote = useAddHistoryNote(entity, recordId);
  const changes = history.data?.data ?? [];
  const total = history.data?.total ?? 0;
  const save = () =>
    addNote.mutateAsync(note.trim()).then(
      () => setNote(''),
      () => undefined, // the failure is the api client's toast
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="record-history-title">
      <Typography id="record-history-title" variant="h6" component="h2">
        History
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1, alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Add a note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={1}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: HISTORY_NOTE_MAX } }}
        />
        <Button
          variant="contained"
          onClick={save}
          disabled={!note.trim() || addNote.isPending}
          sx={{ minHeight: 44, flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Add note
        </Button>
      </Stack>
      {history.isLoading && <Typography color="text.secondary">Loading...</Typography>}
      {!history.isLoading && changes.length === 0 && (
        <Typography color="text.secondary">No changes yet. Changes to this record and notes show here.</Typography>
      )}
      <List dense disablePadding aria-label="Changes">
        {changes.map((c) => (
          <ListItem key={c.id} disableGutters divider data-testid="history-entry">
            <ListItemText
              disableTypography
              primary={<ChangeText entity={entity} change={c} />}
              secondary={
                <Typography variant="body2" color="text.secondary">
                  {c.username ?? 'a removed user'} · {formatTimestamp(c.at)}
                </Typography>
              }
            />
          </ListItem>
        ))}
      </List>
      {changes.length < total && HISTORY_PAGE_SIZE * pages < HISTORY_PAGE_MAX && (
        <Button onClick={() => setPages((p) => p + 1)} sx={{ mt: 1 }}>
          Show older
        </Button>
      )}
    </Paper>
  );
}
