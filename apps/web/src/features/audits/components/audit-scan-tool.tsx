import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Link,
  Paper,
  Snackbar,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { STATUS_MESSAGE_MS } from '@keystone/contracts';
import {
  AUDIT_MESSAGES,
  auditItemButtons,
  auditItemState,
  type TAuditItem,
  type TAuditItemState,
} from '@keystone/contracts';
import { formatTimestamp } from '../../../lib/format-date';
import { useCan } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { useAuditBatch, useAuditItems, useDeleteAuditItem, useFinishAuditBatch } from '../api/audits-api';
import { firstError } from './audit-errors';
import { AuditReviewDialog } from './audit-review-dialog';
import { AuditScanDialog } from './audit-scan-dialog';
import { discrepancyReportPath } from './audits-dashboard';
import { RequestItemForm } from './request-item-form';

export const ITEM_STATE_LABELS: Record<
  TAuditItemState,
  { label: string; color: 'default' | 'info' | 'warning' | 'success' }
> = {
  scanning: { label: 'Scanning', color: 'info' },
  'tally-finished': { label: 'Tally finished', color: 'warning' },
  'resolution-started': { label: 'Resolution started', color: 'warning' },
  resolved: { label: 'Resolved', color: 'success' },
};

type TItemActions = {
  completed: boolean;
  onScan(i: TAuditItem): void;
  onReview(i: TAuditItem): void;
  onDelete(i: TAuditItem): void;
};

function ItemButtons({ item, completed, onScan, onReview, onDelete }: TItemActions & { item: TAuditItem }) {
  const buttons = auditItemButtons(item);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
      <Button
        size="small"
        variant="outlined"
        disabled={completed || !buttons.continueScanning}
        onClick={() => onScan(item)}
        data-testid="continue-scanning"
      >
        Continue Scanning
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={completed || !buttons.reviewAndResolve}
        onClick={() => onReview(item)}
        data-testid="review-and-resolve"
      >
        Review and Resolve
      </Button>
      <Button
        size="small"
        color="error"
        disabled={completed || !buttons.delete}
        onClick={() => onDelete(item)}
        data-testid="delete-audit-item"
      >
        Delete
      </Button>
    </Box>
  );
}

/** The items as a table from 600 px up; on a phone, one card per item (the buttons wrap under it). */
function ItemList({
  items,
  testId,
  empty,
  ...actions
}: TItemActions & { items: TAuditItem[]; testId: string; empty: string }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (phone)
    return (
      <Box data-testid={testId} sx={{ display: 'grid', gap: 1 }}>
        {items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        )}
        {items.map((item) => {
          const state = auditItemState(item);
          const chip = ITEM_STATE_LABELS[state];
          return (
            <Paper
              key={item.ims_transaction_reference_id}
              variant="outlined"
              sx={{ p: 1.5, display: 'grid', gap: 1 }}
              data-testid="audit-item-row"
              data-state={state}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.product.model}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {item.ims_transaction_reference_id}
                </Typography>
                <Box sx={{ flex: 1 }} />
                <Chip size="small" label={chip.label} color={chip.color} data-testid="audit-item-state" />
              </Box>
              <Typography variant="body2">
                {item.audit_bucket_map.bucket} · Tallied{' '}
                <span data-testid="audit-item-tallied">{item.tallied_quantity}</span>
              </Typography>
              <ItemButtons item={item} {...actions} />
            </Paper>
          );
        })}
      </Box>
    );
  return (
    <TableContainer>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>Model</TableCell>
            <TableCell>Bucket</TableCell>
            <TableCell align="right">Tallied</TableCell>
            <TableCell>State</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Tally started</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography variant="body2" color="text.secondary">
                  {empty}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {items.map((item) => {
            const state = auditItemState(item);
            const chip = ITEM_STATE_LABELS[state];
            return (
              <TableRow key={item.ims_transaction_reference_id} data-testid="audit-item-row" data-state={state}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {item.product.model}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {item.ims_transaction_reference_id}
                  </Typography>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.audit_bucket_map.bucket}</TableCell>
                <TableCell align="right" data-testid="audit-item-tallied">
                  {item.tallied_quantity}
                </TableCell>
                <TableCell>
                  <Chip size="small" label={chip.label} color={chip.color} data-testid="audit-item-state" />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {formatTimestamp(item.tally_started_at)}
                  {item.tallied_by_name ? ` · ${item.tallied_by_name}` : ''}
                </TableCell>
                <TableCell>
                  <ItemButtons item={item} {...actions} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The audit scan tool (001 §2, §4, §6): the audit, Request Item, its items (being counted, then transacted) with
 * Continue Scanning, Review and Resolve and Delete per the §4 rules, and Complete Audit (audit-scan:submit, else
 * 'ADMIN ONLY') after a confirmation; a completed audit moves to Completed Audits and the tool goes back to the
 * dashboard.
 */
export function AuditScanTool() {
  const { auditBatchId = '' } = useParams();
  const id = Number(auditBatchId);
  const navigate = useNavigate();
  const canSubmit = useCan('audit-scan:submit');
  const batch = useAuditBatch(id);
  const items = useAuditItems(id);
  const deleteItem = useDeleteAuditItem();
  const finishBatch = useFinishAuditBatch();
  const [scanning, setScanning] = useState<TAuditItem | null>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TAuditItem | null>(null);
  const [confirmComplete, setConfirmComplete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const validId = Number.isInteger(id) && id > 0;
  if (validId && batch.isPending) return <LinearProgress />;
  if (!validId || batch.isError || !batch.data)
    return (
      <Page title="Audit Scan Tool">
        <Alert severity="error">
          {batch.error ? firstError(batch.error) : AUDIT_MESSAGES.batchNotFound(auditBatchId)}
        </Alert>
      </Page>
    );
  const b = batch.data;
  const completed = !!b.completed_at;
  const committed = items.data?.committed ?? [];
  const transacted = items.data?.transacted ?? [];

  async function removeItem() {
    if (!deleting) return;
    setError(null);
    try {
      await deleteItem.mutateAsync(deleting.ims_transaction_reference_id);
      setStatus(`Deleted ${deleting.product.model} (${deleting.ims_transaction_reference_id}).`);
    } catch (e) {
      setError(firstError(e));
    }
    setDeleting(null);
  }

  async function complete() {
    setError(null);
    try {
      await finishBatch.mutateAsync(b.audit_batch_id);
      setConfirmComplete(false);
      void navigate('/inventory/audit-scans');
    } catch (e) {
      setConfirmComplete(false);
      setError(firstError(e));
    }
  }

  const actions = {
    completed,
    onScan: setScanning,
    onReview: (i: TAuditItem) => setReviewing(i.ims_transaction_reference_id),
    onDelete: setDeleting,
  };

  return (
    <Page
      title={b.audit_batch_name}
      actions={
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 1 }}>
          <Button
            component={RouterLink}
            to={discrepancyReportPath(b.audit_batch_id)}
            data-testid="discrepancy-report-link"
          >
            Discrepancy Report
          </Button>
        </Box>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Typography data-testid="audit-default-bucket">
          Default bucket: <b>{b.default_audit_bucket}</b>
        </Typography>
        <Typography color="text.secondary" variant="body2">
          Created {formatTimestamp(b.created_at)}
          {b.created_by_name ? ` by ${b.created_by_name}` : ''} · {b.resolved_count} of {b.item_count} resolved
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button sx={{ display: { sm: 'none' } }} component={RouterLink} to={discrepancyReportPath(b.audit_batch_id)}>
          Discrepancy Report
        </Button>
        {!completed && (
          <Button
            variant="contained"
            color="secondary"
            disabled={!canSubmit}
            onClick={() => setConfirmComplete(true)}
            data-testid="complete-audit"
          >
            {canSubmit ? 'Complete Audit' : AUDIT_MESSAGES.adminOnly}
          </Button>
        )}
      </Box>
      {completed && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="audit-completed">
          Completed {formatTimestamp(b.completed_at)}
          {b.completed_by_name ? ` by ${b.completed_by_name}` : ''}.{' '}
          <Link component={RouterLink} to={discrepancyReportPath(b.audit_batch_id)}>
            See the discrepancy report.
          </Link>
        </Alert>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2 }} data-testid="audit-tool-error">
          {error}
        </Alert>
      )}
      {!completed && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            Request an item to count
          </Typography>
          <RequestItemForm
            batch={b}
            disabled={completed}
            paused={!!scanning || !!reviewing || !!deleting || confirmComplete}
            // The item's dialog says what is counted; a status snackbar over it would cover its buttons on a phone.
            onRequested={(item) => {
              setStatus(null);
              setScanning(item);
            }}
          />
        </Paper>
      )}
      {items.isPending && <LinearProgress />}
      <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1 }}>
        Being counted ({committed.length})
      </Typography>
      <ItemList items={committed} testId="audit-committed-items" empty="No items being counted." {...actions} />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Transacted ({transacted.length})
      </Typography>
      <ItemList items={transacted} testId="audit-transacted-items" empty="Nothing submitted yet." {...actions} />

      {scanning && (
        <AuditScanDialog
          key={scanning.ims_transaction_reference_id}
          initial={scanning}
          batchName={b.audit_batch_name}
          onClose={() => setScanning(null)}
          onFinished={(message) => {
            setScanning(null);
            setStatus(message);
          }}
        />
      )}
      {reviewing && (
        <AuditReviewDialog
          key={reviewing}
          reference={reviewing}
          onClose={() => setReviewing(null)}
          onMessage={setStatus}
        />
      )}

      <Dialog open={!!deleting} onClose={() => setDeleting(null)} data-testid="delete-audit-item-dialog">
        <DialogTitle>Delete item</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Delete the count of {deleting?.product.model} in {deleting?.audit_bucket_map.bucket} and its{' '}
            {deleting?.tallied_quantity} scans?
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void removeItem()}
            disabled={deleteItem.isPending}
            data-testid="delete-audit-item-confirm"
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={confirmComplete}
        onClose={() => !finishBatch.isPending && setConfirmComplete(false)}
        data-testid="complete-audit-dialog"
      >
        <DialogTitle>Complete Audit</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Complete {b.audit_batch_name}? It moves to Completed Audits; nothing more can be counted or changed in it.
            {committed.length > 0
              ? ` ${committed.length} item${committed.length === 1 ? ' is' : 's are'} still not submitted.`
              : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmComplete(false)} disabled={finishBatch.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void complete()}
            disabled={finishBatch.isPending}
            data-testid="complete-audit-confirm"
          >
            Complete Audit
          </Button>
        </DialogActions>
      </Dialog>

      <Snackbar
        open={!!status}
        autoHideDuration={STATUS_MESSAGE_MS}
        onClose={() => setStatus(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" onClose={() => setStatus(null)} data-testid="audit-status" sx={{ width: '100%' }}>
          {status}
        </Alert>
      </Snackbar>
    </Page>
  );
}
