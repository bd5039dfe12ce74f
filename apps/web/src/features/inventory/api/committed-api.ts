import { useQuery } from '@tanstack/react-query';
import {
  listCommittedSalesRoute,
  listCommittedTransfersRoute,
  searchTransferTransactionsRoute,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

/** Committed (not yet transacted) transfers of a model (001 §7 `?model=`); only asked for by inventory-transfer:view holders. */
export function useCommittedTransfersOfModel(model: string, enabled: boolean) {
  return useQuery({
    queryKey: ['committed-transfers', 'model', model.toUpperCase()],
    queryFn: async ({ signal }) =>
      (await callApi(listCommittedTransfersRoute, { query: { model }, signal, silent: true })).data,
    enabled,
  });
}

/**
 * Open committed sales of a model: the list's search is a contains on invoice and model (001 §5), so the answer is
 * narrowed to the model itself here.
 */
export function useCommittedSalesOfModel(model: string) {
  return useQuery({
    queryKey: ['committed-sales', 'model', model.toUpperCase()],
    queryFn: async ({ signal }) =>
      (await callApi(listCommittedSalesRoute, { query: { search: model }, signal, silent: true })).data,
    select: (rows) => rows.filter((s) => s.product.model.toUpperCase() === model.toUpperCase()),
  });
}

/** The transaction search by POS transfer batch ref id or batch name (001 §2 /inventory-transactions/search). */
export function useTransferBatchSearch(
  search: { searchType: 'posTransferBatchRefId' | 'posTransferBatchName'; id: string } | null,
) {
  return useQuery({
    queryKey: ['transfer-transactions', search],
    queryFn: async ({ signal }) =>
      (await callApi(searchTransferTransactionsRoute, { query: search!, signal, silent: true })).data,
    enabled: search !== null,
  });
}
