import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { PO_LIST_TABLE_PAGES, rowsPerPageOptions } from '../../../../shell/table-pages';
import { usePurchaseByModel } from '../../api/purchase-order-list';
import { serverFailure } from '../vendors/vendor-form';
import { usd, ymd } from './po-list-state';
import { legacyPoReviewPath, poReviewPath } from '../../../../lib/po-links';

/**
 * With a model number filter, the PO lines of that model (GET /purchaseByModel, model-number prefix) replace
 * the PO table (000 §2). The server answers at most 500 lines; they are paged here.
 */
export function PoLinesByModelTable({ model }: { model: string }) {
  const lines = usePurchaseByModel(model);
  const [paging, setPaging] = useState({ model, page: 0, perPage: PO_LIST_TABLE_PAGES.initial });
  const { page, perPage } = paging.model === model ? paging : { page: 0, perPage: paging.perPage };
  const rows = lines.data ?? [];
  const lastPage = Math.max(0, Math.ceil(rows.length / perPage) - 1);
  const current = Math.min(page, lastPage);

  return (
    <Paper variant="outlined" data-testid="po-lines-by-model">
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        PO lines for model {model}
      </Typography>
      {lines.isFetching && <LinearProgress sx={{ mt: 1 }} />}
      {lines.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {serverFailure(lines.error).message}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label="PO lines for the model">
          <TableHead>
            <TableRow>
              <TableCell>PO Number</TableCell>
              <TableCell>Legacy PO #</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Vendor</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Ship To</TableCell>
              <TableCell>Model Number</TableCell>
              <TableCell align="right">Item Cost</TableCell>
              <TableCell align="right">Qty Ordered</TableCell>
              <TableCell align="right">Qty Received</TableCell>
              <TableCell>Expected Arrival</TableCell>
              <TableCell>
                <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  Actions
                </span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(current * perPage, (current + 1) * perPage).map((line) => (
              <TableRow key={line.id} hover data-testid="po-line-row">
                <TableCell>{line.purchase_ref_id}</TableCell>
                <TableCell>
                  {line.legacy_po_number && (
                    <Link component={RouterLink} to={legacyPoReviewPath(line.legacy_po_number)}>
                      {line.legacy_po_number}
                    </Link>
                  )}
                </TableCell>
                <TableCell>{ymd(line.created_at)}</TableCell>
                <TableCell>{line.vendor_name}</TableCell>
                <TableCell>{line.purchase_order_status}</TableCell>
                <TableCell>{line.ims_location_code}</TableCell>
                <TableCell>{line.model_number}</TableCell>
                <TableCell align="right">{usd(line.invoice_cost)}</TableCell>
                <TableCell align="right">{line.qty_ordered}</TableCell>
                <TableCell align="right">{line.qty_received}</TableCell>
                <TableCell>{line.expected_arrival_date ?? ''}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={poReviewPath(line.purchase_order_id)}>
                    View
                  </Link>
                </TableCell>
              </TableRow>
            ))}
            {lines.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={12}>
                  <Typography color="text.secondary">No PO lines for this model.</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={current}
        rowsPerPage={perPage}
        rowsPerPageOptions={rowsPerPageOptions(PO_LIST_TABLE_PAGES)}
        onPageChange={(_e, p) => setPaging({ model, page: p, perPage })}
        onRowsPerPageChange={(e) => setPaging({ model, page: 0, perPage: Number(e.target.value) })}
      />
    </Paper>
  );
}
