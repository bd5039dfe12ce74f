import { useQuery } from '@tanstack/react-query';
import {
  finishInvoiceRoute,
  listCommittedSalesRoute,
  transactCommittedSaleRoute,
  type TFinishInvoice,
  type TTransactSale,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { useLiveUpdates } from '../../../lib/live/use-live-updates';

/**
 * The key of every query of the committed sales board: live updates (and the dialogs' results) invalidate it,
 * which refetches whatever the board shows.
 */
export const COMMITTED_SALES_QUERY_KEY = ['committed-sales'] as const;

/** The open committed sales (the server's at most 500, oldest first); the board filters them as the user types. */
export function useCommittedSales() {
  useLiveUpdates('committed-sales', COMMITTED_SALES_QUERY_KEY);
  return useQuery({
    queryKey: COMMITTED_SALES_QUERY_KEY,
    queryFn: async ({ signal }) => (await callApi(listCommittedSalesRoute, { query: {}, signal, silent: true })).data,
  });
}

/** Manually Transact Sale (001 §7). The dialog shows the outcome itself: no toast. */
export const transactSale = (reference: string, body: TTransactSale) =>
  callApi(transactCommittedSaleRoute, { params: { ref: reference }, body, silent: true });

/** Finish by Invoice (001 §7, the legacy POS call). */
export const finishInvoice = (body: TFinishInvoice) => callApi(finishInvoiceRoute, { body, silent: true });
