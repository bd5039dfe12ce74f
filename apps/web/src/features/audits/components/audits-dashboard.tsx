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
  Typography,
} from '@mui/material';
import { exportAuditBatchesRoute, type TAuditBatch } from '@keystone/contracts';
import { formatTimestamp } from '../../../lib/format-date';
import { ListExportButton } from '../../../lib/list-export';
import { SavedViewsControl } from '../../../lib/saved-views';
import { Page } from '../../../shell/page';
import { useAuditBatches } from '../api/audits-api';
import { CreateAuditDialog } from './create-audit-dialog';

export const auditToolPath = (id: number) => `/inventory/audit-scans/${id}`;
export const discrepancyReportPath = (id: number) => `/inventory/audit-discrepancy-report/${id}`;

function BatchTable({ completed }: { completed: boolean }) {
  const batches = useAuditBatches(completed);
  const rows: TAuditBatch[] = batches.data ?? [];
  if (batches.isPending) return <LinearProgress />;
  if (batches.isError) return <Alert severity="error">The audits could not be loaded.</Alert>;
  if (!rows.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="audits-empty">
        {completed ? 'No completed audits.' : 'No audits in progress.'}
      </Typography>
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
 * discrepancy report), and Create New Audit. The tab is kept in the address (?tab=completed).
 */
export function AuditsDashboard() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'completed' ? 'completed' : 'in-progress';
  const [creating, setCreating] = useState(false);
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
        <Box sx={{ ml: 'auto' }}>
          <ListExportButton route={exportAuditBatchesRoute} query={{ completed: tab === 'completed' }} />
        </Box>
      </Box>
      <BatchTable key={tab} completed={tab === 'completed'} />
      <CreateAuditDialog open={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}
