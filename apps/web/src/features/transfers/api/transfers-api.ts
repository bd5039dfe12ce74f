import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bucketMapRoute,
  commitTransferRoute,
  deleteCommittedTransferRoute,
  listCommittedTransfersRoute,
  listTransactedTransfersRoute,
  productPreviewRoute,
  quickTransferWithoutSerialsRoute,
  transactCommittedTransferRoute,
  updateCommittedTransferRoute,
  updateTransferNotesRoute,
  type TCommitTransfer,
  type TTransactTransfer,
  type TUpdateCommittedTransfer,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { useLiveUpdates } from '../../../lib/live/use-live-updates';

export const transferKeys = {
  all: ['transfers'] as const,
  product: (model: string) => ['transfers', 'product', model.toUpperCase()] as const,
  committed: (model: string) => ['transfers', 'committed', model.toUpperCase()] as const,
  transacted: (model: string) => ['transfers', 'transacted', model.toUpperCase()] as const,
  buckets: ['transfers', 'buckets'] as const,
};

/** The product and its inventory by bucket (the product detail's call, 001 §7 inventory/product/preview). */
export function useTransferProduct(model: string) {
  return useQuery({
    queryKey: transferKeys.product(model),
    queryFn: ({ signal }) => callApi(productPreviewRoute, { query: { model }, signal, silent: true }),
    enabled: !!model,
    retry: false,
  });
}

/** Every bucket name: the destination choices. */
export function useBucketNames() {
  return useQuery({
    queryKey: transferKeys.buckets,
    queryFn: async ({ signal }) => Object.keys(await callApi(bucketMapRoute, { signal, silent: true })).sort(),
    staleTime: 5 * 60_000,
  });
}

export function useCommittedTransfers(model: string) {
  // Another user scanning or submitting this model's transfers: the page's reads again (on-hand too).
  useLiveUpdates('committed-transfers', transferKeys.all);
  return useQuery({
    queryKey: transferKeys.committed(model),
    queryFn: async ({ signal }) =>
      (await callApi(listCommittedTransfersRoute, { query: { model }, signal, silent: true })).data,
    enabled: !!model,
  });
}

export function useTransactedTransfers(model: string) {
  return useQuery({
    queryKey: transferKeys.transacted(model),
    queryFn: async ({ signal }) =>
      (await callApi(listTransactedTransfersRoute, { query: { model }, signal, silent: true })).data,
    enabled: !!model,
  });
}

/** After anything that changes transfers or on-hand: the page's three reads again. */
export function useRefreshTransfers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: transferKeys.all });
}

/** Commit (scanning) or quick transfer (no scanning, 001 §7). */
export function useCommitTransfer() {
  const refresh = useRefreshTransfers();
  return useMutation({
    mutationFn: async ({ body, quick }: { body: TCommitTransfer; quick: boolean }): Promise<unknown> =>
      quick
        ? callApi(quickTransferWithoutSerialsRoute, { body, silent: true })
        : callApi(commitTransferRoute, { body, silent: true }),
    onSettled: refresh,
  });
}

export function useUpdateCommittedTransfer() {
  const refresh = useRefreshTransfers();
  return useMutation({
    mutationFn: ({ refId, body }: { refId: string; body: TUpdateCommittedTransfer }) =>
      callApi(updateCommittedTransferRoute, { params: { refId }, body, silent: true }),
    onSettled: refresh,
  });
}

export function useDeleteCommittedTransfer() {
  const refresh = useRefreshTransfers();
  return useMutation({
    mutationFn: (refId: string) => callApi(deleteCommittedTransferRoute, { params: { refId }, silent: true }),
    onSettled: refresh,
  });
}

export function useUpdateTransferNotes() {
  const refresh = useRefreshTransfers();
  return useMutation({
    mutationFn: (body: { id: number; transfer_notes: string | null }) =>
      callApi(updateTransferNotesRoute, { body, silent: true }),
    onSettled: refresh,
  });
}

export function useTransactTransfer() {
  const refresh = useRefreshTransfers();
  return useMutation({
    mutationFn: ({ refId, body }: { refId: string; body: TTransactTransfer }) =>
      callApi(transactCommittedTransferRoute, { params: { refId }, body, silent: true }),
    onSettled: refresh,
  });
}
