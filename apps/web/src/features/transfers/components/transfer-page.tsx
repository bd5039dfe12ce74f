import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { exportTransactedTransfersRoute, type TCommittedTransfer } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';
import { ListExportButton } from '../../../lib/list-export';
import { useCan } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { useRecordTitle } from '../../../shell/page-title';
import {
  useBucketNames,
  useCommittedTransfers,
  useTransactedTransfers,
  useTransferProduct,
} from '../api/transfers-api';
import { AdminTransferDialog } from './admin-transfer-dialog';
import { CommittedTransfersTable } from './committed-transfers-table';
import { TransactedTransfersTable } from './transacted-transfers-table';
import { ReadOnlySourceRow, TransferForm } from './transfer-form';
import { sourceRows } from './transfer-rules-client';
import { TransferScanDialog } from './transfer-scan-dialog';
import { useTransferReplays } from './use-transfer-scans';

/**
 * The transfer page of a model (001 §2 /inventory/transfer/{id}, ?from_bucket= filters the buckets): the product,
 * one stock transfer form per source bucket, the admin-level transfer tool (admin:override), the committed
 * transfers (edit, delete, scan) and the submitted ones.
 */
export function TransferPage() {
  const model = (useParams().id ?? '').trim();
  useRecordTitle(model, 'Inventory Transfer');
  return (
    <Page title="Inventory Transfer">
      <TransferView model={model} />
    </Page>
  );
}

function TransferView({ model }: { model: string }) {
  const [params] = useSearchParams();
  const fromBucket = params.get('from_bucket');
  const admin = useCan('admin:override');
  const preview = useTransferProduct(model);
  const buckets = useBucketNames();
  const committed = useCommittedTransfers(model);
  const transacted = useTransactedTransfers(model);
  const [adminOpen, setAdminOpen] = useState(false);
  const [scanning, setScanning] = useState<TCommittedTransfer | null>(null);
  useTransferReplays(scanning !== null);

  if (!model) return <Typography>No product model specified.</Typography>;
  if (preview.isPending) return <Typography>Loading...</Typography>;
  // A failed refetch (the network dropped: the live stream's reload) keeps the page as last read, and an open scan
  // dialog with it: its units wait in the scan outbox.
  if (!preview.data) {
    const notFound = preview.error instanceof ApiCallError && preview.error.status === 404;
    return (
      <Alert severity={notFound ? 'warning' : 'error'}>
        {notFound ? `No product has the model ${model}.` : 'There was an error.'}
      </Alert>
    );
  }
  const { product, inventory } = preview.data;
  const tracked = !!product.serial_number_tracked;
  const rows = sourceRows(inventory, admin, fromBucket);
  const bucketNames = buckets.data ?? [];
  // The scan dialog follows the list: it opens with the row's transfer as last read.
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: { xs: '100%', sm: 0 } }}>
          <Typography variant="h5" component="h1" data-testid="transfer-model" sx={{ overflowWrap: 'anywhere' }}>
            {product.model}
          </Typography>
          <Typography color="text.secondary" data-testid="transfer-title">
            {product.product_title}
          </Typography>
          <Link
            component={RouterLink}
            to={`/inventory/detail/model/${encodeURIComponent(product.model)}`}
            variant="body2"
          >
            Product Detail
          </Link>
        </Box>
        {admin && (
          <Button
            variant="outlined"
            color="warning"
            onClick={() => setAdminOpen(true)}
            data-testid="admin-transfer-button"
          >
            Admin-Level Transfer Tool
          </Button>
        )}
      </Box>

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Stock Transfer{fromBucket ? ` from ${fromBucket.toUpperCase()}` : ''}
        </Typography>
        {rows.length === 0 ? (
          <Typography data-testid="no-source-rows">
            No stock to transfer{fromBucket ? ` in ${fromBucket.toUpperCase()}` : ''}.
          </Typography>
        ) : (
          <Stack spacing={2}>
            {rows.map(({ row, readOnly }) =>
              readOnly ? (
                <ReadOnlySourceRow key={row.bucket} row={row} />
              ) : (
                <TransferForm
                  key={row.bucket}
                  row={row}
                  model={product.model}
                  tracked={tracked}
                  buckets={bucketNames}
                  admin={admin}
                />
              ),
            )}
          </Stack>
        )}
      </Box>

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Committed Transfers
        </Typography>
        {committed.error && !committed.data ? (
          <Alert severity="error">Committed transfers could not be loaded.</Alert>
        ) : (
          <CommittedTransfersTable rows={committed.data ?? []} onScan={setScanning} />
        )}
      </Box>

      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Submitted Transfers
          </Typography>
          <ListExportButton route={exportTransactedTransfersRoute} query={{ model }} />
        </Box>
        {transacted.error && !transacted.data ? (
          <Alert severity="error">Submitted transfers could not be loaded.</Alert>
        ) : (
          <TransactedTransfersTable rows={transacted.data ?? []} />
        )}
      </Box>

      {adminOpen && (
        <AdminTransferDialog
          model={product.model}
          tracked={tracked}
          buckets={bucketNames}
          onClose={() => setAdminOpen(false)}
        />
      )}
      {scanning && <TransferScanDialog key={scanning.id} initial={scanning} onClose={() => setScanning(null)} />}
    </Stack>
  );
}
