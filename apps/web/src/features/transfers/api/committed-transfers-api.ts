import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { committedTransfersBoardRoute } from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { useLiveUpdates } from '../../../lib/live/use-live-updates';

/**
 * The key prefix of every query of the committed transfers board: live updates invalidate it, which refetches
 * the board whatever its search.
 */
export const COMMITTED_TRANSFERS_QUERY_KEY = ['committed-transfers-board'] as const;

/** The board's open transfers (at most the server's cap, with the total that match); `search` is sent to the server. */
export function useCommittedTransfersBoard(search: string) {
  const term = search.trim();
  useLiveUpdates('committed-transfers', COMMITTED_TRANSFERS_QUERY_KEY);
  return useQuery({
    queryKey: [...COMMITTED_TRANSFERS_QUERY_KEY, term],
    queryFn: ({ signal }) =>
      callApi(committedTransfersBoardRoute, { query: term ? { search: term } : {}, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}
