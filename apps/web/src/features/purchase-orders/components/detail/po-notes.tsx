import { useEffect, useState } from 'react';
import { Box, Button, Paper, TextField, Typography } from '@mui/material';

/** Notes with Update Note, disabled while unchanged; a 'Saved' label shows for 2 s (001 §5, §9). */
export function PoNotes({
  notes,
  disabled,
  onSave,
  onDirtyChange,
}: {
  notes: string | null;
  disabled: boolean;
  onSave(notes: string): Promise<unknown>;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const [text, setText] = useState(notes ?? '');
  const [saved, setSaved] = useState(false);
  useEffect(() => setText(notes ?? ''), [notes]);
  const dirty = text !== (notes ?? '');
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 2000);
    return () => clearTimeout(timer);
  }, [saved]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Notes
      </Typography>
      <TextField
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
        slotProps={{ htmlInput: { 'aria-label': 'PO notes' } }}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 1 }}>
        <Button
          variant="outlined"
          disabled={disabled || text === (notes ?? '')}
          onClick={() => void onSave(text).then(() => setSaved(true))}
        >
          Update Note
        </Button>
        {saved && <Typography color="success.main">Saved</Typography>}
      </Box>
    </Paper>
  );
}
