import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Checkbox,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import type { TBucketRow } from '@keystone/contracts';
import { serverMessage } from '../../../lib/api-error';
import { useCan } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { updateIsLocalBucket, useBucketRows, useInvalidateEverything } from '../api/locations-api';

/**
 * Bucket maps (/buckets/maps: every bucket) and buffers (/buckets/buffers, bucket-buffer:view: the buckets of active
 * locations): bucket rows with a local-inventory checkbox each (002 §2), which only bucket-buffer:edit may toggle (002 §6).
 */
export function BucketListPage({ kind }: { kind: 'maps' | 'buffers' }) {
  const rows = useBucketRows(kind);
  const canEdit = useCan('bucket-buffer:edit');
  const invalidate = useInvalidateEverything();
  const [filter, setFilter] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  /** The flag as clicked, shown until the list is read again (reverted on a refusal). */
  const [optimistic, setOptimistic] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);

  const shown = useMemo(() => {
    const text = filter.trim().toUpperCase();
    return (rows.data ?? []).filter(
      (b) => !text || b.bucket.includes(text) || (b.distributor ?? '').toUpperCase().includes(text),
    );
  }, [rows.data, filter]);

  const toggle = async (bucket: TBucketRow, checked: boolean) => {
    setPending(bucket.bucket);
    setError(null);
    setOptimistic((o) => ({ ...o, [bucket.bucket]: checked }));
    try {
      await updateIsLocalBucket(bucket.bucket, checked);
      await invalidate();
    } catch (e) {
      setError(serverMessage(e) ?? 'The bucket could not be updated.');
    } finally {
      setOptimistic((o) => {
        const next = { ...o };
        delete next[bucket.bucket];
        return next;
      });
      setPending(null);
    }
  };

  return (
    <Page title={kind === 'maps' ? 'Bucket Maps' : 'Bucket Buffers'}>
      <TextField
        label="Filter buckets"
        size="small"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      />
      {rows.isPending && <LinearProgress />}
      {(rows.isError || error) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error ?? serverMessage(rows.error) ?? 'The buckets could not be loaded.'}
        </Alert>
      )}
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label="Buckets">
          <TableHead>
            <TableRow>
              <TableCell>Bucket</TableCell>
              <TableCell align="center">Local Inventory</TableCell>
              <TableCell>Location</TableCell>
              <TableCell>Condition</TableCell>
              <TableCell>Distributor</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((b) => (
              <TableRow key={b.bucket} hover sx={b.location_is_active ? undefined : { opacity: 0.6 }}>
                <TableCell>
                  {kind === 'maps' ? (
                    <Link component={RouterLink} to={`/buckets/update?bucket=${encodeURIComponent(b.bucket)}`}>
                      {b.bucket}
                    </Link>
                  ) : (
                    b.bucket
                  )}
                </TableCell>
                <TableCell align="center" padding="checkbox">
                  <Tooltip title={canEdit ? '' : 'Changing this needs bucket-buffer:edit'}>
                    <span>
                      <Checkbox
                        checked={optimistic[b.bucket] ?? b.is_local_inventory_bucket === 1}
                        disabled={!canEdit || pending === b.bucket}
                        onChange={(e) => void toggle(b, e.target.checked)}
                        slotProps={{ input: { 'aria-label': `Local inventory ${b.bucket}` } }}
                      />
                    </span>
                  </Tooltip>
                </TableCell>
                <TableCell>{b.location_code}</TableCell>
                <TableCell>{b.condition_code}</TableCell>
                <TableCell>{b.distributor ?? ''}</TableCell>
              </TableRow>
            ))}
            {rows.isSuccess && shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>No results to display</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Page>
  );
}

export function BucketMapsPage() {
  return <BucketListPage kind="maps" />;
}

export function BucketBuffersPage() {
  return <BucketListPage kind="buffers" />;
}
