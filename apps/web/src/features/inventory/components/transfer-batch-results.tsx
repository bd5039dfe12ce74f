import { Link as RouterLink } from 'react-router';
import { Alert, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTransferBatchSearch } from '../api/committed-api';
import { dateTime } from './format';

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The transfers of a POS transfer batch (ref id or name), committed or transacted, each linked to its transaction. */
export function TransferBatchResults({
  searchType,
  id,
}: {
  searchType: 'posTransferBatchRefId' | 'posTransferBatchName';
  id: string;
}) {
  const { data, isPending, error } = useTransferBatchSearch({ searchType, id });
  if (isPending) return <Typography>Loading...</Typography>;
  if (error) return <Alert severity="error">There was an error.</Alert>;
  if (data.length === 0) return <Alert severity="info">No Data Available.</Alert>;
  return (
    <Paper variant="outlined" data-testid="transfer-batch-results">
      <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 1, md: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Reference</TableCell>
            <TableCell>Model</TableCell>
            <TableCell>From → To</TableCell>
            <TableCell>Qty</TableCell>
            <TableCell sx={WIDE_ONLY}>Batch</TableCell>
            <TableCell sx={WIDE_ONLY}>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((t) => (
            <TableRow key={t.ims_transaction_reference_id}>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={`/inventory-transactions/${encodeURIComponent(t.ims_transaction_reference_id)}`}
                >
                  {t.ims_transaction_reference_id}
                </Link>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{t.product.model}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {t.from_bucket} → {t.to_bucket}
              </TableCell>
              <TableCell>{t.transferred_quantity ?? t.committed_quantity}</TableCell>
              <TableCell sx={WIDE_ONLY}>
                {[t.pos_transfer_batch_name, t.pos_transfer_batch_ref_id].filter(Boolean).join(' · ')}
              </TableCell>
              <TableCell sx={WIDE_ONLY}>
                {t.transferred_at
                  ? `Transferred ${dateTime(t.transferred_at)}`
                  : `Committed ${dateTime(t.committed_at)}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
