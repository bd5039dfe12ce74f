import { useQueries } from '@tanstack/react-query';
import {
  committedInboundTransfersRoute,
  transactedInboundTransfersRoute,
  type TTransferSearchKey,
  type TTransferTransaction,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

/** A transfer reference's number (CT-0000042 → 42), for "newest reference first". */
const referenceNumber = (ref: string) => Number(ref.replace(/\D/g, '')) || 0;

/**
 * 002 §7 Inbound transfers: the committed and the transacted call (`?{key}s[]={id}`), merged newest reference first
 * (002 §2). `search` null: nothing asked yet.
 */
export function useInboundTransfers(search: { key: TTransferSearchKey; id: string } | null) {
  const ids = search ? [search.id] : [];
  const query =
    search?.key === 'imsTransactionReferenceId'
      ? { imsTransactionReferenceIds: ids }
      : search?.key === 'posTransferBatchRefId'
        ? { posTransferBatchRefIds: ids }
        : { posTransferBatchNames: ids };
  const results = useQueries({
    queries: [committedInboundTransfersRoute, transactedInboundTransfersRoute].map((route) => ({
      queryKey: ['inbound-transfers', route.path, search],
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await callApi(route, { query, signal, silent: true })).data,
      enabled: search !== null,
    })),
  });
  const [committed, transacted] = results;
  const data: TTransferTransaction[] | undefined =
    committed!.data && transacted!.data
      ? [...committed!.data, ...transacted!.data].sort(
          (a, b) => referenceNumber(b.ims_transaction_reference_id) - referenceNumber(a.ims_transaction_reference_id),
        )
      : undefined;
  return {
    data,
    isPending: search !== null && results.some((r) => r.isPending),
    error: results.find((r) => r.error)?.error ?? null,
    isFetching: results.some((r) => r.isFetching),
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}
