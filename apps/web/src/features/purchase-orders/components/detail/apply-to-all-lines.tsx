import { useState } from 'react';
import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { DateField } from '../../../../shell/date-field';

/** Sets expected arrival date, carrier or tracking number on every line at once (001 §2); Order Sent locks the last two. */
export function ApplyToAllLines({
  disabled,
  shippingLocked = false,
  onApply,
}: {
  disabled: boolean;
  shippingLocked?: boolean;
  onApply(body: { expected_arrival_date?: string; carrier_name?: string; tracking_number?: string }): Promise<unknown>;
}) {
  const [arrival, setArrival] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const body = {
    ...(arrival ? { expected_arrival_date: arrival } : {}),
    ...(carrier && !shippingLocked ? { carrier_name: carrier } : {}),
    ...(tracking && !shippingLocked ? { tracking_number: tracking } : {}),
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" gutterBottom>
        Apply to all lines
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <DateField
          label="Expected Arrival Date"
          value={arrival}
          onChange={setArrival}
          disabled={disabled}
          sx={{ width: 200 }}
        />
        <TextField
          label="Carrier"
          size="small"
          value={carrier}
          onChange={(e) => setCarrier(e.target.value)}
          disabled={disabled || shippingLocked}
          helperText={shippingLocked ? 'Locked while Order Sent' : undefined}
        />
        <TextField
          label="Tracking Number"
          size="small"
          value={tracking}
          onChange={(e) => setTracking(e.target.value)}
          disabled={disabled || shippingLocked}
          helperText={shippingLocked ? 'Locked while Order Sent' : undefined}
        />
        <Button
          variant="outlined"
          disabled={disabled || Object.keys(body).length === 0}
          onClick={() => void onApply(body)}
        >
          Apply to All Lines
        </Button>
      </Box>
    </Paper>
  );
}
