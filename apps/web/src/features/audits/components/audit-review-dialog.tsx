import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { AUDIT_MESSAGES, type TAuditReview, type TAuditReviewSerial, type TJob } from '@keystone/contracts';
import { formatTimestamp } from '../../../lib/format-date';
import { useCan } from '../../../lib/session-store';
import { auditKeys, useAuditReview, useRefreshAudits, useSubmitAuditItem } from '../api/audits-api';
import { firstError } from './audit-errors';
import { JobProgress } from './job-progress';

const place = (location: string | null, condition: string | null, disposition: string | null) =>
  [location, condition, disposition].filter(Boolean).join(' / ') || '—';

/** The review's buttons (001 §4, §6): Submit Adjustment Only until submitted, Resolve until resolved; neither while a job runs. */
export function reviewButtons(
  review: Pick<TAuditReview, 'is_submitted' | 'is_resolved' | 'job'>,
  canSubmit: boolean,
  jobFollowed = false,
) {
  const running = jobFollowed || (!!review.job && (review.job.status === 'queued' || review.job.status === 'running'));
  return {
    adjustmentOnly: canSubmit && !running && !review.is_submitted && !review.is_resolved,
    resolve: canSubmit && !running && !review.is_resolved,
  };
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

export function SerialTable({
  title,
  rows,
  testId,
  empty,
}: {
  title: string;
  rows: TAuditReviewSerial[];
  testId: string;
  empty: string;
}) {
  return (
    <Box>
      <Typography variant="subtitle2">
        {title} ({rows.length})
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Box sx={{ maxHeight: 280, overflow: 'auto' }}>
          <Table size="small" data-testid={testId} sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: { xs: '36%', md: '30%' } }}>Serial</TableCell>
                <TableCell sx={{ width: { xs: '34%', md: '28%' } }}>Expected at</TableCell>
                <TableCell>Found at</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, width: '18%' }}>Scanned by</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.serial_number} data-testid={`${testId}-row`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.serial_number}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {s.expected_bucket ?? (s.ims_inventory_serial_id ? 'In no bucket' : 'Not recorded')}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {place(s.expected_location_code, s.expected_condition_code, s.expected_disposition_code)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {place(s.actual_location_code, s.actual_condition_code, s.actual_disposition_code)}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{s.scanned_by ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

export function MovesTable({ review }: { review: TAuditReview }) {
  if (!review.moves_during_tally.length)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="audit-moves-none">
        No moves of this product in {review.audit_bucket} since the tally started.
      </Typography>
    );
  return (
    <Box sx={{ maxHeight: 240, overflow: 'auto' }}>
      <Table size="small" data-testid="audit-moves">
        <TableHead>
          <TableRow>
            <TableCell>Transaction</TableCell>
            <TableCell>Type</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>When</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {review.moves_during_tally.map((m) => (
            <TableRow key={m.ims_transaction_reference_id} data-testid="audit-move-row">
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link
                  component={RouterLink}
                  to={`/inventory-transactions/${encodeURIComponent(m.ims_transaction_reference_id)}`}
                >
                  {m.ims_transaction_reference_id}
                </Link>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.type}</TableCell>
              <TableCell align="right">{m.quantity_delta > 0 ? `+${m.quantity_delta}` : m.quantity_delta}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {formatTimestamp(m.created_at)}
                {m.user_name ? ` · ${m.user_name}` : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Review and Resolve (001 §3 Audit review, §4, §6): what the records held when the tally started
 * (the snapshot), the count, the moves of the product in the bucket during the count (they stay: the adjustment is
 * the count minus the snapshot), on-hand now and after; scanned, missing and discovered serials with where the
 * records expect them and where they were found. Submit Adjustment Only and Submit Adjustment and Resolve
 * Discrepancies take notes; without audit-scan:submit both show disabled as 'ADMIN ONLY'. "Run in the background"
 * queues the work as a job whose progress shows here.
 */
export function AuditReviewDialog({
  reference,
  onClose,
  onMessage,
}: {
  reference: string;
  onClose(): void;
  onMessage(message: string): void;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const canSubmit = useCan('audit-scan:submit');
  const query = useAuditReview(reference);
  const client = useQueryClient();
  const refresh = useRefreshAudits();
  const submit = useSubmitAuditItem();
  const [notes, setNotes] = useState('');
  const [background, setBackground] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const review = query.data;
  const job: TJob | null = review?.job ?? null;
  const followedJob = jobId ?? (job && (job.status === 'queued' || job.status === 'running') ? job.id : null);
  const [jobRunning, setJobRunning] = useState(false);
  const buttons = review ? reviewButtons(review, canSubmit, jobRunning) : { adjustmentOnly: false, resolve: false };

  async function send(resolve: boolean) {
    setError(null);
    try {
      const answer = await submit.mutateAsync({
        ref: reference,
        resolve,
        body: { submitNotes: notes.trim() || null, ...(background ? { shouldPerformAsync: true } : {}) },
      });
      client.setQueryData(auditKeys.review(reference), answer.review);
      if (answer.job) {
        setJobId(answer.job.id);
        setJobRunning(true);
      } else onMessage(answer.message);
    } catch (e) {
      setError(firstError(e));
    }
  }

  function jobDone(done: TJob) {
    setJobRunning(false);
    void refresh();
    if (done.status === 'succeeded') onMessage(resolveMessage(done));
  }

  const label = (text: string) => (canSubmit ? text : AUDIT_MESSAGES.adminOnly);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} data-testid="audit-review-dialog">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>
        Review {review ? `${review.product.model} in ${review.audit_bucket}` : reference}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, gridAutoRows: 'max-content' }}>
        {query.isPending && <LinearProgress />}
        {query.isError && <Alert severity="error">{firstError(query.error)}</Alert>}
        {review && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {review.ims_transaction_reference_id} · {review.product.product_title} ·{' '}
              {review.audit_type_code === 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED'
                ? 'Serialized'
                : 'Not serialized'}
              {review.tally_finished_at
                ? ` · tally finished ${formatTimestamp(review.tally_finished_at)}`
                : ' · still being counted'}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(6, max-content)' },
                gap: { xs: 2, sm: 4 },
              }}
            >
              <Figure label="Expected (at start of tally)" value={review.expected_quantity} testId="review-expected" />
              <Figure label="Tallied" value={review.actual_tallied_quantity} testId="review-tallied" />
              <Figure
                label="Moves during tally"
                value={
                  review.moves_during_tally_net > 0
                    ? `+${review.moves_during_tally_net}`
                    : review.moves_during_tally_net
                }
                testId="review-moves-net"
              />
              <Figure label="On hand now" value={review.current_on_hand} testId="review-current" />
              <Figure
                label="Adjustment to post"
                value={review.adjustment_quantity > 0 ? `+${review.adjustment_quantity}` : review.adjustment_quantity}
                testId="review-adjustment"
              />
              <Figure label="New on hand" value={review.new_on_hand} testId="review-new" />
            </Box>
            <Box>
              <Typography variant="subtitle2">Moves during the tally (not undone by the adjustment)</Typography>
              <MovesTable review={review} />
            </Box>
            {review.audit_type_code === 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED' && (
              <>
                <SerialTable
                  title="Missing serials"
                  rows={review.missing_serials}
                  testId="review-missing"
                  empty="None: every serial the records hold here was counted."
                />
                <SerialTable
                  title="Discovered serials"
                  rows={review.discovered_serials}
                  testId="review-discovered"
                  empty="None."
                />
                <SerialTable
                  title="Scanned serials"
                  rows={review.scanned_serials}
                  testId="review-scanned"
                  empty="None scanned."
                />
              </>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {review.is_submitted && (
                <Alert severity="info">Adjustment submitted {formatTimestamp(review.submitted_at)}.</Alert>
              )}
              {review.is_resolved && (
                <Alert severity="success" data-testid="review-resolved">
                  Discrepancies resolved {formatTimestamp(review.resolved_at)}.
                </Alert>
              )}
            </Box>
            {followedJob !== null && (
              <JobProgress
                key={followedJob}
                jobId={followedJob}
                initial={job?.id === followedJob ? job : null}
                onDone={jobDone}
              />
            )}
            {followedJob === null && job?.status === 'failed' && (
              <Alert severity="error" data-testid="audit-job-failed">
                The last background job failed and changed nothing: {job.error ?? 'no reason given'}
              </Alert>
            )}
            {!review.is_resolved && (
              <>
                <TextField
                  label="Notes"
                  value={notes}
                  onChange={(e) => setNotes(e.target.value)}
                  multiline
                  minRows={2}
                  size="small"
                  disabled={!canSubmit}
                  slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'review-notes' } }}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={background}
                      onChange={(e) => setBackground(e.target.checked)}
                      disabled={!canSubmit}
                      slotProps={{ input: { 'data-testid': 'review-background' } as object }}
                    />
                  }
                  label="Run in the background (for large items)"
                />
              </>
            )}
            {submit.isPending && <LinearProgress />}
            {error && (
              <Alert severity="error" onClose={() => setError(null)} data-testid="review-error">
                {error}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="outlined"
          disabled={!buttons.adjustmentOnly || submit.isPending}
          onClick={() => void send(false)}
          data-testid="submit-adjustment-only"
        >
          {label('Submit Adjustment Only')}
        </Button>
        <Button
          variant="contained"
          disabled={!buttons.resolve || submit.isPending}
          onClick={() => void send(true)}
          data-testid="submit-and-resolve"
        >
          {label('Submit Adjustment and Resolve Discrepancies')}
        </Button>
      </DialogActions>
    </Dialog>
  );

  function resolveMessage(done: TJob) {
    const posted = (done.result as { transactions?: unknown[] } | null)?.transactions?.length ?? 0;
    const what = done.kind === 'audit-transact' ? 'Adjustment submitted' : 'Discrepancies resolved';
    return `${what} in the background: ${posted} transaction${posted === 1 ? '' : 's'} posted.`;
  }
}
