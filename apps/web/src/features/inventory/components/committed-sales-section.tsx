import { Link as RouterLink } from 'react-router';
import { Box, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCommittedSalesOfModel } from '../api/committed-api';
import { dateTime } from './format';

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/** Product detail's committed sales (001 §2): the model's open sales, each linked to its transaction. */
export function CommittedSalesSection({ model }: { model: string }) {
  const { data, isPending, error } = useCommittedSalesOfModel(model);
  return (
    <Box sx={{ mt: 3 }} data-testid="committed-sales-section">
      <Typography variant="h6" component="h2" gutterBottom>
        Committed Sales
      </Typography>
      {isPending ? (
        <Typography>Loading</Typography>
      ) : error ? (
        <Typography color="error">There was an error.</Typography>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No committed sales.</Typography>
      ) : (
        <Paper variant="outlined">
          <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 1, md: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Reference</TableCell>
                <TableCell>Invoice</TableCell>
                <TableCell>Qty</TableCell>
                <TableCell sx={WIDE_ONLY}>Source Bucket</TableCell>
                <TableCell sx={WIDE_ONLY}>Scanning</TableCell>
                <TableCell sx={WIDE_ONLY}>Committed</TableCell>
                <TableCell sx={WIDE_ONLY}>Notes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((s) => (
                <TableRow key={s.ims_transaction_reference_id}>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/inventory-transactions/${encodeURIComponent(s.ims_transaction_reference_id)}`}
                    >
                      {s.ims_transaction_reference_id}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.legacy_pos_invoice_id}</TableCell>
                  <TableCell>{s.committed_quantity}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{s.source_bucket}</TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {s.scanning_required ? `${s.serials.length} serial(s)` : 'Not required'}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{dateTime(s.created_at)}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{s.commit_notes ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
