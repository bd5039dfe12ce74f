import { useState } from 'react';
import { Box, Button, Paper, TextField, Typography } from '@mui/material';

/** Sets expected arrival date, carrier or tracking number on every line at once (001 §2). */
export function ApplyToAllLines({ disabled, onApply }: { disabled: boolean; onApply(body: { expected_arrival_date?: string; carrier_name?: string; tracking_number?: string }): Promise<unknown> }) {
  const [arrival, setArrival] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const body = { ...(arrival ? { expected_arrival_date: arrival } : {}), ...(carrier ? { carrier_name: carrier } : {}), ...(tracking ? { tracking_number: tracking } : {}) };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" gutterBottom>
        Apply to all lines
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField label="Expected Arrival Date" type="date" size="small" value={arrival} onChange={(e) => setArrival(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} disabled={disabled} />
        <TextField label="Carrier" size="small" value={carrier} onChange={(e) => setCarrier(e.target.value)} disabled={disabled} />
        <TextField label="Tracking Number" size="small" value={tracking} onChange={(e) => setTracking(e.target.value)} disabled={disabled} />
        <Button variant="outlined" disabled={disabled || Object.keys(body).length === 0} onClick={() => void onApply(body)}>
          Apply to All Lines
        </Button>
      </Box>
    </Paper>
  );
}
