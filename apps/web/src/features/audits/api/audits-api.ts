import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditBatchDetailsRoute,
  auditReviewRoute,
  bucketMapRoute,
  createAuditBatchRoute,
  deleteAuditItemRoute,
  deleteAuditSerialRoute,
  finishAuditBatchRoute,
  getJobRoute,
  imsProductsRoute,
  listAuditBatchesRoute,
  listAuditItemsRoute,
  listCompletedAuditBatchesRoute,
  listProductsRoute,
  productByUpcRoute,
  requestAuditItemRoute,
  resolveAuditItemRoute,
  transactAuditItemRoute,
  type TAuditItemRequest,
  type TAuditSubmit,
  type TProduct,
  type TCreateAuditBatch,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const auditKeys = {
  all: ['audits'] as const,
  inProgress: ['audits', 'batches', 'in-progress'] as const,
  completed: ['audits', 'batches', 'completed'] as const,
  batch: (id: number) => ['audits', 'batch', id] as const,
  items: (id: number) => ['audits', 'items', id] as const,
  review: (ref: string) => ['audits', 'review', ref] as const,
  buckets: ['audits', 'buckets'] as const,
  models: (term: string) => ['audits', 'models', term.toUpperCase()] as const,
  job: (id: number) => ['jobs', id] as const,
};

/** How often a running job's progress is read. */
export const JOB_POLL_MS = 500;

export function useAuditBatches(completed: boolean) {
  return useQuery({
    queryKey: completed ? auditKeys.completed : auditKeys.inProgress,
    queryFn: ({ signal }) =>
      callApi(completed ? listCompletedAuditBatchesRoute : listAuditBatchesRoute, { signal, silent: true }),
  });
}

export function useAuditBatch(auditBatchId: number) {
  return useQuery({
    queryKey: auditKeys.batch(auditBatchId),
    queryFn: ({ signal }) => callApi(auditBatchDetailsRoute, { query: { auditBatchId }, signal, silent: true }),
    enabled: Number.isInteger(auditBatchId) && auditBatchId > 0,
    retry: false,
  });
}

export function useAuditItems(auditBatchId: number) {
  return useQuery({
    queryKey: auditKeys.items(auditBatchId),
    queryFn: ({ signal }) => callApi(listAuditItemsRoute, { query: { auditBatchId }, signal, silent: true }),
    enabled: Number.isInteger(auditBatchId) && auditBatchId > 0,
  });
}

export function useAuditReview(ref: string | null) {
  return useQuery({
    queryKey: auditKeys.review(ref ?? ''),
    queryFn: ({ signal }) => callApi(auditReviewRoute, { params: { ref: ref! }, signal, silent: true }),
    enabled: !!ref,
    retry: false,
  });
}

/** Every bucket name (the bucket map the receiving and transfer screens read). */
export function useAuditBucketNames() {
  return useQuery({
    queryKey: auditKeys.buckets,
    queryFn: async ({ signal }) => Object.keys(await callApi(bucketMapRoute, { signal, silent: true })).sort(),
    staleTime: 5 * 60_000,
  });
}

/** Models starting with the term (GET /api/product?modelTerm=), for the item request's autocomplete. */
export function useModelSearch(term: string) {
  const t = term.trim();
  return useQuery({
    queryKey: auditKeys.models(t),
    queryFn: async ({ signal }) =>
      (await callApi(listProductsRoute, { query: { modelTerm: t, page: 1 }, signal, silent: true })).data,
    enabled: t.length > 0,
    staleTime: 60_000,
  });
}

/** The product of a scanned UPC (its UPC or alternate UPC, inactive ones too), with its serial fields; null: none. */
export async function productOfUpc(upc: string): Promise<TProduct | null> {
  const found = await callApi(productByUpcRoute, {
    query: { upc, exact: '1', includeInactive: '1' },
    silent: true,
  });
  const model = found.data[0]?.model;
  if (!model) return null;
  const products = await callApi(imsProductsRoute, { query: { model }, silent: true });
  return products.data.find((p) => p.model.toUpperCase() === model.toUpperCase()) ?? null;
}

/** A background job's progress, read every 500 ms until it has finished. */
export function useJob(id: number | null) {
  return useQuery({
    queryKey: auditKeys.job(id ?? 0),
    queryFn: ({ signal }) => callApi(getJobRoute, { params: { id: id! }, signal, silent: true }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && (query.state.data.status === 'succeeded' || query.state.data.status === 'failed')
        ? false
        : JOB_POLL_MS,
  });
}

export function useRefreshAudits() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: auditKeys.all });
}

export function useCreateAuditBatch() {
  const refresh = useRefreshAudits();
  return useMutation({
    mutationFn: (body: TCreateAuditBatch) => callApi(createAuditBatchRoute, { body, silent: true }),
    onSettled: refresh,
  });
}

/** Starts an item's tally (without transactionReferenceId) or finishes it (with it). */
export function useRequestAuditItem() {
  const refresh = useRefreshAudits();
  return useMutation({
    mutationFn: (body: TAuditItemRequest) => callApi(requestAuditItemRoute, { body, silent: true }),
    onSettled: refresh,
  });
}

export function useDeleteAuditItem() {
  const refresh = useRefreshAudits();
  return useMutation({
    mutationFn: (transactionReferenceId: string) =>
      callApi(deleteAuditItemRoute, { params: { transactionReferenceId }, silent: true }),
    onSettled: refresh,
  });
}

export function useDeleteAuditSerial() {
  return useMutation({ mutationFn: (id: number) => callApi(deleteAuditSerialRoute, { params: { id }, silent: true }) });
}

export function useSubmitAuditItem() {
  const refresh = useRefreshAudits();
  return useMutation({
    mutationFn: ({ ref, resolve, body }: { ref: string; resolve: boolean; body: TAuditSubmit }) =>
      callApi(resolve ? resolveAuditItemRoute : transactAuditItemRoute, { params: { ref }, body, silent: true }),
    onSettled: refresh,
  });
}

export function useFinishAuditBatch() {
  const refresh = useRefreshAudits();
  return useMutation({
    mutationFn: (audit_batch_id: number) => callApi(finishAuditBatchRoute, { body: { audit_batch_id }, silent: true }),
    onSettled: refresh,
  });
}
