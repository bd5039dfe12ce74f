import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  TRANSFER_SEARCH_KEYS,
  TRANSFER_SEARCH_LABELS as LABELS,
  type TTransferSearchKey,
  type TTransferTransaction,
} from '@keystone/contracts';
import { EmptyState } from '../../../lib/empty-state';
import { formatTimestamp } from '../../../lib/format-date';
import { SearchTypeForm } from '../../../lib/search-type-form';
import { Page } from '../../../shell/page';
import { useInboundTransfers } from '../api/inbound-transfers-api';

/** The page's default search type: inbound shipments are known by their batch name. */
const DEFAULT_TYPE: TTransferSearchKey = 'posTransferBatchName';
const isSearchType = (value: string | null): value is TTransferSearchKey =>
  (TRANSFER_SEARCH_KEYS as readonly string[]).includes(value ?? '');

const dash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

function Field({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** One transfer (002 §2): batch, quantity, SKU, buckets, time, scanning, user, notes, and its transaction link. */
function TransferCard({ t }: { t: TTransferTransaction }) {
  const transferred = t.transferred_at !== null;
  const sku =
    t.receiver_sku && t.receiver_sku !== t.sender_sku
      ? `${dash(t.sender_sku)} → ${t.receiver_sku}`
      : dash(t.sender_sku);
  return (
    <Card variant="outlined" data-testid="inbound-transfer-card" data-reference={t.ims_transaction_reference_id}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {dash(t.pos_transfer_batch_name)}
          </Typography>
          <Chip
            size="small"
            color={transferred ? 'success' : 'warning'}
            label={transferred ? 'Transferred' : 'Committed'}
          />
          <Link
            component={RouterLink}
            to={`/inventory-transactions/${encodeURIComponent(t.ims_transaction_reference_id)}`}
          >
            {t.ims_transaction_reference_id}
          </Link>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
            gap: 1.5,
          }}
        >
          <Field label="Batch Ref ID" value={dash(t.pos_transfer_batch_ref_id)} />
          <Field
            label="Quantity"
            value={transferred ? `${t.transferred_quantity} of ${t.committed_quantity}` : t.committed_quantity}
            testId="inbound-quantity"
          />
          <Field label="SKU" value={sku} />
          <Field label="Model" value={t.product.model} />
          <Field label="From → To" value={`${t.from_bucket} → ${t.to_bucket}`} />
          <Field
            label={transferred ? 'Transferred At' : 'Committed At'}
            value={formatTimestamp(transferred ? t.transferred_at : t.committed_at)}
          />
          <Field label="Scanning Required" value={t.scanning_required ? 'Yes' : 'No'} />
          <Field
            label={transferred ? 'Transferred By' : 'Committed By'}
            value={dash(transferred ? t.transferred_by_name : t.committed_by_name)}
          />
          <Box sx={{ gridColumn: { xs: 'span 2', md: 'span 2' } }}>
            <Field label="Notes" value={[t.committed_notes, t.transfer_notes].filter(Boolean).join(' · ') || '—'} />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /inbound-transfers?id=…&searchType=… (002 §2 Inbound transfers): transfers into or out of an _INBOUND bucket by
 * reference, batch ref id or batch name, committed and transacted merged, newest reference first.
 */
export function InboundTransfersPage() {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('searchType');
  const searchType: TTransferSearchKey = isSearchType(fromUrl) ? fromUrl : DEFAULT_TYPE;
  const id = params.get('id')?.trim() ?? '';
  const [type, setType] = useState<TTransferSearchKey>(searchType);
  const [value, setValue] = useState(id);
  const search = id ? { key: searchType, id } : null;
  const result = useInboundTransfers(search);

  const submit = () => {
    const next = value.trim();
    setParams(next ? { searchType: type, id: next } : { searchType: type });
  };

  let content: React.ReactNode;
  if (!search)
    content = <Typography color="text.secondary">Enter a {LABELS[type]} to see its inbound transfers.</Typography>;
  else if (result.isPending) content = <Typography>Loading...</Typography>;
  else if (result.error) content = <Alert severity="error">There was an error.</Alert>;
  else if (!result.data?.length)
    content = (
      <EmptyState
        kind="no-match"
        message={`No inbound transfers for ${LABELS[searchType]} "${id}".`}
        testId="inbound-empty"
      />
    );
  else
    content = (
      <Stack spacing={1.5} data-testid="inbound-transfers">
        {result.data.map((t) => (
          <TransferCard key={t.ims_transaction_reference_id} t={t} />
        ))}
      </Stack>
    );

  return (
    <Page
      title="Inbound Transfers"
      actions={
        <Button
          startIcon={<RefreshIcon />}
          variant="outlined"
          disabled={!search || result.isFetching}
          onClick={result.refetch}
        >
          Refresh
        </Button>
      }
    >
      <SearchTypeForm
        types={TRANSFER_SEARCH_KEYS}
        labels={LABELS}
        type={type}
        onTypeChange={setType}
        value={value}
        onValueChange={setValue}
        onSubmit={submit}
        testIds={{ type: 'inbound-search-type', value: 'inbound-search-value' }}
        valueWidth={300}
      />
      {content}
    </Page>
  );
}
