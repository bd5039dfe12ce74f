import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { modelPoReconciliationRoute } from '@keystone/contracts';
import { ApiCallError, callApi } from '../../../../lib/api-client';
import { Page } from '../../../../shell/page';

/** /reports/model-po-reconciliation (002 §2): a model's ordered and received quantities, PO by PO. */
export function ModelPoReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const model = params.get('model') ?? '';
  const [text, setText] = useState(model);
  const report = useQuery({
    queryKey: ['model-po-reconciliation', model],
    queryFn: () => callApi(modelPoReconciliationRoute, { query: { model }, silent: true }),
    enabled: model.trim().length > 0,
  });
  const search = () => text.trim() && setParams({ model: text.trim() });
  const error =
    report.error instanceof ApiCallError
      ? ((report.error.body as { message?: string } | null)?.message ?? 'Error')
      : report.error
        ? 'Error'
        : null;

  return (
    <Page title="Model PO Reconciliation">
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <TextField
          label="Model"
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && search()}
        />
        <Button variant="contained" onClick={search}>
          Search
        </Button>
      </Box>
      {report.isFetching && <Typography>Loading...</Typography>}
      {error && <Typography color="error">{error}</Typography>}
      {report.data && !report.isFetching && (
        <Paper variant="outlined" data-testid="reconciliation">
          <Typography sx={{ p: 2 }}>
            {report.data.model}: {report.data.total_ordered} ordered, {report.data.total_received} received on{' '}
            {report.data.purchase_orders.length} POs
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                {[
                  'PO Number',
                  'PO Status',
                  'Last Received',
                  'QTY Ordered',
                  'QTY Received',
                  'Date Ordered',
                  'Vendor',
                ].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {report.data.purchase_orders.map((po) => (
                <TableRow key={po.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/purchase-orders/review/${po.id}`}>
                      {po.purchase_ref_id}
                    </Link>
                    {po.legacy_po_number && ` (${po.legacy_po_number})`}
                  </TableCell>
                  <TableCell>{po.status}</TableCell>
                  <TableCell>{po.last_received ?? '—'}</TableCell>
                  <TableCell>{po.qty_ordered}</TableCell>
                  <TableCell>{po.qty_received}</TableCell>
                  <TableCell>{po.date_ordered}</TableCell>
                  <TableCell>{po.vendor}</TableCell>
                </TableRow>
              ))}
              {report.data.purchase_orders.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>No purchase orders for this model.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Page>
  );
}
