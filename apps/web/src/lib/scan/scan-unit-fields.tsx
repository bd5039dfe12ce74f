import { Box, TextField } from '@mui/material';
import { CameraScanButton } from './camera-scan-button';
import type { TScanEngine } from './use-scan-engine';

/**
 * The scan fields of a unit flow, driven by its engine (use-scan-engine.ts): "Scan UPC", then "Scan Serial n of N"
 * (left out for a product without serials) with the serials scanned so far, and the camera button (its read goes to
 * the field the engine expects next, as a wedge scan would).
 */
export function ScanUnitFields({
  engine,
  testIds,
  showSerial,
  disabled,
}: {
  engine: TScanEngine;
  /** The fields' data-testid (the flows' browser tests find them by it). */
  testIds: { upc: string; serial: string };
  showSerial: boolean;
  disabled?: boolean;
}) {
  const { inputRef: upcRef, readOnly: upcReadOnly, ...upc } = engine.upcField;
  const { inputRef: serialRef, readOnly: serialReadOnly, ...serial } = engine.serialField;
  const serials = engine.unit?.serials ?? [];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: showSerial ? '1fr 1fr' : '1fr' },
        }}
      >
        <TextField
          label="Scan UPC"
          autoFocus
          {...upc}
          inputRef={upcRef}
          disabled={disabled}
          slotProps={{ htmlInput: { 'data-testid': testIds.upc, readOnly: upcReadOnly, autoComplete: 'off' } }}
        />
        {showSerial && (
          <TextField
            label={engine.serialLabel}
            {...serial}
            inputRef={serialRef}
            disabled={disabled}
            helperText={serials.length ? `Scanned: ${serials.join(', ')}` : ' '}
            slotProps={{ htmlInput: { 'data-testid': testIds.serial, readOnly: serialReadOnly, autoComplete: 'off' } }}
          />
        )}
      </Box>
      <CameraScanButton disabled={disabled} />
    </Box>
  );
}
