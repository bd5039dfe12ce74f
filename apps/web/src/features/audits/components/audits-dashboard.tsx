import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
} from '@mui/material';
import { exportAuditBatchesRoute, type TAuditBatch } from '@keystone/contracts';
import { EmptyState } from '../../../lib/empty-state';
import { formatTimestamp } from '../../../lib/format-date';
import { ListExportButton } from '../../../lib/list-export';
import { SavedViewsControl } from '../../../lib/saved-views';
import { Page } from '../../../shell/page';
import { useAuditBatches } from '../api/audits-api';
import { CreateAuditDialog } from './create-audit-dialog';

export const auditToolPath = (id: number) => `/inventory/audit-scans/${id}`;
export const discrepancyReportPath = (id: number) => `/inventory/audit-discrepancy-report/${id}`;

function BatchTable({
  completed,
  search,
  onClearSearch,
  onCreate,
}: {
  completed: boolean;
  /** Kept to the audits whose name or bucket contains it (case-insensitive). */
  search: string;
  onClearSearch: () => void;
  onCreate: () => void;
}) {
  const batches = useAuditBatches(completed);
  const needle = search.trim().toLowerCase();
  const rows: TAuditBatch[] = (batches.data ?? []).filter(
    (b) =>
      !needle ||
      b.audit_batch_name.toLowerCase().includes(needle) ||
      b.default_audit_bucket.toLowerCase().includes(needle),
  );
  if (batches.isPending) return <LinearProgress />;
  if (batches.isError) return <Alert severity="error">The audits could not be loaded.</Alert>;
  if (!rows.length)
    return needle ? (
      <EmptyState
        kind="no-match"
        message={`No audits match "${search.trim()}".`}
        action={{ label: 'Clear search', onClick: onClearSearch }}
        testId="audits-no-results"
      />
    ) : (
      <EmptyState
        kind="none"
        message={completed ? 'No completed audits.' : 'No audits in progress.'}
        // Creating an audit needs inventory:view, as opening this page does.
        action={completed ? null : { label: 'Create New Audit', onClick: onCreate }}
        testId="audits-empty"
      />
    );
  return (
    <TableContainer>
      <Table size="small" data-testid={completed ? 'completed-audits' : 'audits-in-progress'}>
        <TableHead>
          <TableRow>
            <TableCell>Audit</TableCell>
            <TableCell>Bucket</TableCell>
            <TableCell align="right">Resolved / items</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Created</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Created by</TableCell>
            {completed && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Completed</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((b) => (
            <TableRow key={b.audit_batch_id} data-testid="audit-batch-row" hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link
                  component={RouterLink}
                  to={completed ? discrepancyReportPath(b.audit_batch_id) : auditToolPath(b.audit_batch_id)}
                  data-testid="audit-batch-link"
                >
                  {b.audit_batch_name}
                </Link>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{b.default_audit_bucket}</TableCell>
              <TableCell align="right" title="Resolved / items">
                {b.resolved_count} / {b.item_count}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {formatTimestamp(b.created_at)}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{b.created_by_name ?? '—'}</TableCell>
              {completed && (
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {formatTimestamp(b.completed_at)}
                  {b.completed_by_name ? ` by ${b.completed_by_name}` : ''}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The audit dashboard (001 §2): In Progress (each audit opens its scan tool) and Completed Audits (each opens its
 * discrepancy report), and Create New Audit. The tab is kept in the address (?tab=completed); a search (name or
 * bucket) narrows both tabs.
 */
export function AuditsDashboard() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'completed' ? 'completed' : 'in-progress';
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  return (
    <Page
      title="Audits"
      actions={
        <>
          <SavedViewsControl list="audits" />
          <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-audit">
            Create New Audit
          </Button>
        </>
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Tabs
          value={tab}
          onChange={(_, v: string) => setParams(v === 'completed' ? { tab: 'completed' } : {}, { replace: true })}
          variant="fullWidth"
          sx={{ maxWidth: 480 }}
        >
          <Tab value="in-progress" label="In Progress" data-testid="tab-in-progress" />
          <Tab value="completed" label="Completed Audits" data-testid="tab-completed" />
        </Tabs>
        <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>
          <TextField
            size="small"
            type="search"
            label="Search audits"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'audits-search' } }}
          />
          <ListExportButton route={exportAuditBatchesRoute} query={{ completed: tab === 'completed' }} />
        </Box>
      </Box>
      <BatchTable
        key={tab}
        completed={tab === 'completed'}
        search={search}
        onClearSearch={() => setSearch('')}
        onCreate={() => setCreating(true)}
      />
      <CreateAuditDialog open={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}
