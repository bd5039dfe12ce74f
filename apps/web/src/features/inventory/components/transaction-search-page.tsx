import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  TRANSACTION_SEARCH_TYPE_KEY,
  TRANSACTION_SEARCH_TYPES,
  TRANSFER_SEARCH_LABELS,
  type TTransactionSearchType,
} from '@keystone/contracts';
import { SearchTypeForm } from '../../../lib/search-type-form';
import { Page } from '../../../shell/page';
import { TransferBatchResults } from './transfer-batch-results';

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
      <SearchTypeForm
        types={TRANSACTION_SEARCH_TYPES}
        labels={TRANSFER_SEARCH_LABELS}
        type={searchType}
        onTypeChange={choose}
        value={value}
        onValueChange={setValue}
        onSubmit={submit}
        testIds={{ type: 'transaction-search-type' }}
        valueWidth={250}
      />
      {batchSearch && <TransferBatchResults key={`${batchSearch.searchType}:${batchSearch.id}`} {...batchSearch} />}
    </Page>
  );
}
