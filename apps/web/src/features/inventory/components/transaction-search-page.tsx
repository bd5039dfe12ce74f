import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import {
  TRANSACTION_SEARCH_TYPE_KEY,
  TRANSACTION_SEARCH_TYPES,
  type TTransactionSearchType,
} from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { TransferBatchResults } from './transfer-batch-results';

const LABELS: Record<TTransactionSearchType, string> = {
  imsTransactionReferenceId: 'IMS Transaction Reference ID',
  posTransferBatchRefId: 'POS Transfer Batch Ref ID',
  posTransferBatchName: 'POS Transfer Batch Name',
};

const isSearchType = (value: string | null): value is TTransactionSearchType =>
  (TRANSACTION_SEARCH_TYPES as readonly string[]).includes(value ?? '');

/** The last search type used, from local storage (001 §9); the first type otherwise. */
export function storedSearchType(): TTransactionSearchType {
  const stored = localStorage.getItem(TRANSACTION_SEARCH_TYPE_KEY);
  return isSearchType(stored) ? stored : TRANSACTION_SEARCH_TYPES[0];
}

/** Where a reference-id search goes: the transaction's own page (001 §2). */
const transactionPath = (id: string) => `/inventory-transactions/${encodeURIComponent(id.trim().toUpperCase())}`;

/**
 * /inventory-transactions and /inventory-transactions/search?searchType=&id= (001 §2). A reference id goes straight to
 * its detail (a ledger reference, or a committed transfer's CT- or sale's CS-), whether searched here or opened with it
 * in the URL; a transfer-batch search lists the batch's transfers.
 */
export function TransactionSearchPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromUrl = params.get('searchType');
  const [searchType, setSearchType] = useState<TTransactionSearchType>(
    isSearchType(fromUrl) ? fromUrl : storedSearchType(),
  );
  const [value, setValue] = useState(params.get('id') ?? '');
  const batchId = params.get('id')?.trim();
  const batchSearch =
    isSearchType(fromUrl) && fromUrl !== 'imsTransactionReferenceId' && batchId
      ? { searchType: fromUrl, id: batchId }
      : null;
  const referenceInUrl = fromUrl === 'imsTransactionReferenceId' ? params.get('id')?.trim() : undefined;

  const choose = (type: TTransactionSearchType) => {
    setSearchType(type);
    localStorage.setItem(TRANSACTION_SEARCH_TYPE_KEY, type);
  };
  const submit = () => {
    const id = value.trim();
    if (!id) return;
    localStorage.setItem(TRANSACTION_SEARCH_TYPE_KEY, searchType);
    if (searchType === 'imsTransactionReferenceId') navigate(transactionPath(id));
    else navigate(`/inventory-transactions/search?${new URLSearchParams({ searchType, id })}`);
  };

  if (referenceInUrl) return <Navigate replace to={transactionPath(referenceInUrl)} />;

  return (
    <Page title="Inventory Transactions">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Search Type"
          value={searchType}
          onChange={(e) => choose(e.target.value as TTransactionSearchType)}
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'transaction-search-type' } }}
        >
          {TRANSACTION_SEARCH_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={LABELS[searchType]}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          sx={{ width: 250 }}
        />
        <Button variant="contained" onClick={submit}>
          Search
        </Button>
      </Stack>
      {batchSearch && <TransferBatchResults key={`${batchSearch.searchType}:${batchSearch.id}`} {...batchSearch} />}
    </Page>
  );
}
