import { useState } from 'react';
import { Alert, Box, List, ListItem, ListItemText } from '@mui/material';
import { missingSaleSerials, type TCommittedSale } from '@keystone/contracts';
import { invoiceSerialSteps, latestSale } from './invoice-serials';
import { SaleSerialScan } from './sale-serial-scan';

/**
 * Finish by Invoice's serial step (docs/decisions.md, "Loose ends (misc, session 25)"): strict mode refuses an
 * invoice whose serial-tracked sales lack committed serials, so the dialog lists them and scans them one sale after
 * another with the sale's own serial scan (scan engine, scan outbox kind `sale-serial`, applied once by the server).
 * Nothing shows for an invoice without serial-tracked sales.
 */
export function InvoiceSerialScan({ sales }: { sales: readonly TCommittedSale[] }) {
  /** The sales as their scans' answers left them, by id. */
  const [answered, setAnswered] = useState<Record<number, TCommittedSale>>({});
  const { tracked, next } = invoiceSerialSteps(sales.map((s) => latestSale(s, answered)));
  if (tracked.length === 0 || (!next && Object.keys(answered).length === 0)) return null;
  const lacking = tracked.filter((s) => missingSaleSerials(s) > 0).length;

  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="invoice-serial-scan">
      <Alert severity={next ? 'warning' : 'success'} data-testid="invoice-serials-status">
        {next
          ? `${lacking} sale${lacking === 1 ? '' : 's'} of this invoice lack${lacking === 1 ? 's' : ''} committed serials: scan them sale by sale before finishing.`
          : 'Every sale of this invoice has its serials: the invoice can be finished.'}
      </Alert>
      <List dense disablePadding>
        {tracked.map((s) => (
          <ListItem
            key={s.id}
            disableGutters
            data-testid="invoice-sale-serials"
            data-reference={s.ims_transaction_reference_id}
            aria-current={s.id === next?.id ? 'step' : undefined}
            sx={s.id === next?.id ? { bgcolor: 'action.selected', px: 1 } : { px: 1 }}
          >
            <ListItemText
              primary={`${s.ims_transaction_reference_id} · ${s.product.model}`}
              secondary={`${s.serials.length} of ${s.serials_needed} serial${s.serials_needed === 1 ? '' : 's'} committed`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      {next && (
        <SaleSerialScan
          key={next.id}
          sale={next}
          onSale={(s) => setAnswered((was) => ({ ...was, [s.id]: latestSale(s, was) }))}
        />
      )}
    </Box>
  );
}
