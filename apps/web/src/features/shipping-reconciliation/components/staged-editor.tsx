import { Alert, Box, Button, Chip, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { stagedPaymentState, type TStagedPayment } from '@keystone/contracts';

/** 002 §5 money inputs: number, min 0, step 0.01. */
const MONEY_INPUT = { min: 0, step: 0.01, inputMode: 'decimal' as const };

/** One staged row: billed and paid, matching or the mismatch warning, its own save (a single update) and removal. */
function StagedRow(props: {
  row: TStagedPayment;
  onChange: (row: TStagedPayment) => void;
  onRemove: () => void;
  onSave: () => void;
  saving: boolean;
  canSave: boolean;
}) {
  const { row } = props;
  const state = stagedPaymentState(row);
  return (
    <Box
      data-testid="staged-row"
      data-tracking={row.tracking_number}
      sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 200, pt: { md: 1 } }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', flex: 1, wordBreak: 'break-all' }}>
            {row.tracking_number}
          </Typography>
          <Tooltip title="Remove from staged payments">
            <IconButton
              size="small"
              aria-label={`Remove ${row.tracking_number}`}
              onClick={props.onRemove}
              sx={{ display: { md: 'none' } }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ flex: 1 }}>
          <TextField
            size="small"
            type="number"
            label="Billed"
            value={row.billed}
            onChange={(e) => props.onChange({ ...row, billed: e.target.value })}
            error={!!state.errors.billed}
            helperText={state.errors.billed}
            slotProps={{ htmlInput: { ...MONEY_INPUT, 'aria-label': `Billed ${row.tracking_number}` } }}
            sx={{ flex: 1, maxWidth: { md: 160 } }}
          />
          <TextField
            size="small"
            type="number"
            label="Paid"
            value={row.payment}
            onChange={(e) => props.onChange({ ...row, payment: e.target.value })}
            error={!!state.errors.payment}
            helperText={state.errors.payment}
            slotProps={{ htmlInput: { ...MONEY_INPUT, 'aria-label': `Paid ${row.tracking_number}` } }}
            sx={{ flex: 1, maxWidth: { md: 160 } }}
          />
        </Stack>
        <Box sx={{ minWidth: 200, pt: { md: 0.5 } }}>
          {state.valid && state.matching ? (
            <Chip size="small" color="success" label="Matching" data-testid="staged-matching" />
          ) : null}
          {state.valid && !state.matching ? (
            <Alert severity="warning" sx={{ py: 0 }} data-testid="staged-mismatch">
              Paid does not match billed
            </Alert>
          ) : null}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            size="small"
            variant="outlined"
            disabled={!state.valid || !props.canSave || props.saving}
            onClick={props.onSave}
          >
            {props.saving ? 'Saving…' : 'Save'}
          </Button>
          <Tooltip title="Remove from staged payments">
            <IconButton
              size="small"
              aria-label={`Remove ${row.tracking_number}`}
              onClick={props.onRemove}
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * The staged-row editor (002 §2, §5): every selected row with its billed and paid inputs. A row's Save applies it
 * alone (002 §8 single update); 'Apply Payments' applies them all in one batch.
 */
export function StagedEditor(props: {
  rows: TStagedPayment[];
  onChange: (row: TStagedPayment) => void;
  onRemove: (trackingNumber: string) => void;
  onSave: (row: TStagedPayment) => void;
  savingRow: string | null;
  canSave: boolean;
  message: { severity: 'success' | 'error'; text: string } | null;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6">Staged Payments ({props.rows.length})</Typography>
      {props.message ? (
        <Alert severity={props.message.severity} sx={{ my: 1 }} data-testid="single-update-message">
          {props.message.text}
        </Alert>
      ) : null}
      {props.rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Select rows in Payments to Apply or Partially Paid to stage their payments.
        </Typography>
      ) : (
        <Box sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {props.rows.map((row) => (
            <StagedRow
              key={row.tracking_number}
              row={row}
              onChange={props.onChange}
              onRemove={() => props.onRemove(row.tracking_number)}
              onSave={() => props.onSave(row)}
              saving={props.savingRow === row.tracking_number}
              canSave={props.canSave}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
