import { Link as RouterLink } from 'react-router';
import { Box, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCan } from '../../../lib/session-store';
import { useCommittedTransfersOfModel } from '../api/committed-api';
import { dateTime } from './format';

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/** Product detail's committed transfers (001 §2), for inventory-transfer:view holders only; links to the transfer page. */
export function CommittedTransfersSection({ model }: { model: string }) {
  const allowed = useCan('inventory-transfer:view');
  const { data, isPending, error } = useCommittedTransfersOfModel(model, allowed);
  if (!allowed) return null;
  return (
    <Box sx={{ mt: 3 }} data-testid="committed-transfers-section">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
          Committed Transfers
        </Typography>
        <Link component={RouterLink} to={`/inventory/transfer/${encodeURIComponent(model)}`}>
          Inventory Transfer
        </Link>
      </Box>
      {isPending ? (
        <Typography>Loading</Typography>
      ) : error ? (
        <Typography color="error">There was an error.</Typography>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No committed transfers.</Typography>
      ) : (
        <Paper variant="outlined">
          <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 1, md: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Reference</TableCell>
                <TableCell>From → To</TableCell>
                <TableCell>Scanned / Qty</TableCell>
                <TableCell sx={WIDE_ONLY}>Batch</TableCell>
                <TableCell sx={WIDE_ONLY}>Committed</TableCell>
                <TableCell sx={WIDE_ONLY}>Notes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((t) => (
                <TableRow key={t.ims_transaction_reference_id}>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/inventory/transfer/${encodeURIComponent(model)}?from_bucket=${encodeURIComponent(t.from_bucket)}`}
                    >
                      {t.ims_transaction_reference_id}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {t.from_bucket} → {t.to_bucket}
                  </TableCell>
                  <TableCell>
                    {t.total_scanned_quantity} / {t.committed_quantity}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {[t.pos_transfer_batch_name, t.pos_transfer_batch_ref_id].filter(Boolean).join(' · ') || '—'}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {dateTime(t.committed_at)}
                    {t.committed_by_name ? ` by ${t.committed_by_name}` : ''}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{t.commit_notes ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
