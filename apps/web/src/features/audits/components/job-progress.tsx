import { useEffect, useRef } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { TJob } from '@keystone/contracts';
import { useJob } from '../api/audits-api';
import { jobPercent } from './audit-rules-client';

/**
 * A background job's progress: read every 500 ms until it has finished; a bar with done/total;
 * its failure in words (a failed job changed nothing); `onDone` once it has succeeded or failed.
 */
export function JobProgress({
  jobId,
  initial,
  onDone,
}: {
  jobId: number;
  initial?: TJob | null;
  onDone(job: TJob): void;
}) {
  const query = useJob(jobId);
  const job = query.data ?? initial ?? null;
  const reported = useRef(false);
  const latest = useRef(onDone);
  latest.current = onDone;
  useEffect(() => {
    if (!job || reported.current) return;
    if (job.status === 'succeeded' || job.status === 'failed') {
      reported.current = true;
      latest.current(job);
    }
  }, [job]);
  if (!job) return <LinearProgress data-testid="audit-job-progress" />;
  if (job.status === 'failed')
    return (
      <Alert severity="error" data-testid="audit-job-failed">
        The background job failed and changed nothing: {job.error ?? 'no reason given'}
      </Alert>
    );
  return (
    <Box data-testid="audit-job-progress" data-status={job.status}>
      <Typography variant="body2" data-testid="audit-job-count">
        {job.status === 'queued' ? 'Queued' : job.status === 'succeeded' ? 'Done' : 'Running'}: {job.progress_done} /{' '}
        {job.progress_total || '…'}
      </Typography>
      <LinearProgress
        variant={job.progress_total ? 'determinate' : 'indeterminate'}
        value={jobPercent(job)}
        sx={{ mt: 0.5 }}
      />
    </Box>
  );
}
