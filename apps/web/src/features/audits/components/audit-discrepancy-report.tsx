import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  GlobalStyles,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useQueries } from '@tanstack/react-query';
import { AUDIT_MESSAGES, auditReviewRoute, type TAuditItem, type TAuditReview } from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/format-date';
import { Page } from '../../../shell/page';
import { auditKeys, useAuditBatch, useAuditItems } from '../api/audits-api';
import { firstError } from './audit-errors';
import { countDifference } from './audit-rules-client';
import { auditToolPath } from './audits-dashboard';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** Hides the shell (menu, app bar) and the page's buttons on paper; tables print whole. */
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .MuiDrawer-root, .MuiAppBar-root, [data-print="hide"]': { display: 'none !important' },
        'main, body': { margin: '0 !important', padding: '0 !important' },
        '[data-print="block"]': { breakInside: 'avoid', overflow: 'visible !important', maxHeight: 'none !important' },
      },
    }}
  />
);

function SerialList({ serials, testId }: { serials: string[]; testId: string }) {
  if (!serials.length) return <>—</>;
  return (
    <Box component="span" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
      {serials.join(', ')}
    </Box>
  );
}

function ReportRow({ item, review }: { item: TAuditItem; review: TAuditReview | undefined }) {
  const submitted = !!item.submitted_at || !!item.resolved_at;
  return (
    <TableRow data-testid="report-row">
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {item.product.model}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {item.ims_transaction_reference_id}
        </Typography>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.audit_bucket_map.bucket}</TableCell>
      <TableCell align="right" data-testid="report-expected">
        {review?.expected_quantity ?? item.recorded_qty_at_start_of_tally}
      </TableCell>
      <TableCell align="right" data-testid="report-tallied">
        {review?.actual_tallied_quantity ?? item.tallied_quantity}
      </TableCell>
      <TableCell align="right" data-testid="report-adjustment">
        {review ? signed(countDifference(review)) : '…'}
        {review && !review.is_submitted && !review.is_resolved && (
          <Typography variant="caption" component="div" color="text.secondary">
            not posted
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <SerialList serials={review?.missing_serials.map((s) => s.serial_number) ?? []} testId="report-missing" />
      </TableCell>
      <TableCell>
        <SerialList serials={review?.discovered_serials.map((s) => s.serial_number) ?? []} testId="report-discovered" />
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {submitted && item.adjustment_transactions.length > 0 ? (
          // The item's reference (AA-…) is not a transaction: its adjustment rows (IA-…) are, one per bucket it moved.
          item.adjustment_transactions.map((tx) => (
            <Box key={tx.ims_transaction_reference_id}>
              <Link
                component={RouterLink}
                to={`/inventory-transactions/${encodeURIComponent(tx.ims_transaction_reference_id)}`}
                data-testid="report-transaction"
              >
                {tx.ims_transaction_reference_id}
              </Link>
              <Typography variant="caption" color="text.secondary">
                {` ${tx.bucket} ${signed(tx.quantity_delta)}`}
              </Typography>
            </Box>
          ))
        ) : submitted ? (
          <Typography variant="body2" color="text.secondary" data-testid="report-nothing-posted">
            Nothing posted: the count matched
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Not submitted
          </Typography>
        )}
        {item.resolved_at && (
          <Typography variant="caption" component="div" color="success.main">
            Resolved {formatTimestamp(item.resolved_at)}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * The discrepancy report of an audit (001 §2): per item, the model, bucket, expected (the snapshot), tallied,
 * adjustment, missing and discovered serials and the INVENTORY_AUDIT_ADJUSTMENT transactions it posted (IA-…, each
 * linking to its transaction view; the item's own AA- reference is not a transaction). Built from the
 * audit's items and each item's review; Print uses the browser's print with a print stylesheet.
 */
export function AuditDiscrepancyReport() {
  const { auditBatchId = '' } = useParams();
  const id = Number(auditBatchId);
  const batch = useAuditBatch(id);
  const items = useAuditItems(id);
  const all = [...(items.data?.transacted ?? []), ...(items.data?.committed ?? [])];
  const reviews = useQueries({
    queries: all.map((item) => ({
      queryKey: auditKeys.review(item.ims_transaction_reference_id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callApi(auditReviewRoute, { params: { ref: item.ims_transaction_reference_id }, signal, silent: true }),
      staleTime: 30_000,
    })),
  });

  const validId = Number.isInteger(id) && id > 0;
  if (validId && batch.isPending) return <LinearProgress />;
  if (!validId || batch.isError || !batch.data)
    return (
      <Page title="Audit Discrepancy Report">
        <Alert severity="error">
          {batch.error ? firstError(batch.error) : AUDIT_MESSAGES.batchNotFound(auditBatchId)}
        </Alert>
      </Page>
    );
  const b = batch.data;
  const loading = items.isPending || reviews.some((r) => r.isPending);
  const totals = reviews.reduce(
    (t, r) =>
      r.data
        ? {
            expected: t.expected + r.data.expected_quantity,
            tallied: t.tallied + r.data.actual_tallied_quantity,
            adjustment: t.adjustment + countDifference(r.data),
          }
        : t,
    { expected: 0, tallied: 0, adjustment: 0 },
  );

  return (
    <Page
      title={`Discrepancy Report: ${b.audit_batch_name}`}
      actions={
        <Button
          variant="outlined"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          data-print="hide"
          data-testid="print-report"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          Print
        </Button>
      }
    >
      {PRINT_STYLES}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'baseline' }}>
        <Typography>
          Default bucket: <b>{b.default_audit_bucket}</b>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Created {formatTimestamp(b.created_at)}
          {b.created_by_name ? ` by ${b.created_by_name}` : ''}
          {b.completed_at
            ? ` · completed ${formatTimestamp(b.completed_at)}${b.completed_by_name ? ` by ${b.completed_by_name}` : ''}`
            : ' · in progress'}
        </Typography>
        {!b.completed_at && (
          <Link component={RouterLink} to={auditToolPath(b.audit_batch_id)} data-print="hide">
            Back to the scan tool
          </Link>
        )}
      </Box>
      {loading && <LinearProgress data-print="hide" />}
      <Paper variant="outlined" data-print="block">
        <TableContainer>
          <Table size="small" data-testid="discrepancy-report" sx={{ minWidth: 860 }}>
            <TableHead>
              <TableRow>
                <TableCell>Model</TableCell>
                <TableCell>Bucket</TableCell>
                <TableCell align="right">Expected</TableCell>
                <TableCell align="right">Tallied</TableCell>
                <TableCell align="right">Adjustment</TableCell>
                <TableCell>Missing serials</TableCell>
                <TableCell>Discovered serials</TableCell>
                <TableCell>Transaction</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!loading && all.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>No items were counted in this audit.</TableCell>
                </TableRow>
              )}
              {all.map((item, i) => (
                <ReportRow key={item.ims_transaction_reference_id} item={item} review={reviews[i]?.data} />
              ))}
              {all.length > 0 && (
                <TableRow>
                  <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
                    Total
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {totals.expected}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {totals.tallied}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="report-total-adjustment">
                    {signed(totals.adjustment)}
                  </TableCell>
                  <TableCell colSpan={3} />
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Page>
  );
}
