import { useQuery } from '@tanstack/react-query';
import {
  accountingInventoryReportRoute,
  adjustableInventoryRoute,
  adjustmentBucketsRoute,
  adminAdjustmentRoute,
  listProductsRoute,
  previousAuditAdjustmentsRoute,
  type TAdminAdjustment,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const ADJUSTMENTS_QUERY_KEY = ['audit-adjustments'] as const;

/** Products whose model starts with the text (GET /product?modelTerm=, 001 §7); the caller debounces the text. */
export function useProductSearch(term: string) {
  return useQuery({
    queryKey: [...ADJUSTMENTS_QUERY_KEY, 'products', term],
    queryFn: ({ signal }) => callApi(listProductsRoute, { query: { modelTerm: term, page: 1 }, signal, silent: true }),
    enabled: term.trim().length > 0,
    staleTime: 30_000,
  });
}

/** The model's buckets and quantities (GET ims/audit-adjustments?model=). */
export function useAdjustableInventory(model: string | null) {
  return useQuery({
    queryKey: [...ADJUSTMENTS_QUERY_KEY, 'inventory', model],
    queryFn: ({ signal }) => callApi(adjustableInventoryRoute, { query: { model: model! }, signal, silent: true }),
    enabled: model !== null,
  });
}

export function useAdjustmentBuckets(enabled: boolean) {
  return useQuery({
    queryKey: [...ADJUSTMENTS_QUERY_KEY, 'buckets'],
    queryFn: ({ signal }) => callApi(adjustmentBucketsRoute, { signal, silent: true }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function usePreviousAdjustments(model: string | null, bucket: string | null) {
  return useQuery({
    queryKey: [...ADJUSTMENTS_QUERY_KEY, 'previous', model, bucket],
    queryFn: ({ signal }) =>
      callApi(previousAuditAdjustmentsRoute, {
        query: { product: model!, legacyBucket: bucket! },
        signal,
        silent: true,
      }),
    enabled: model !== null && bucket !== null,
  });
}

/** The model's on-hand valued at cost per bucket (GET accounting-inventory-report?model=); only for inventory:reports. */
export function useAccountingReport(model: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...ADJUSTMENTS_QUERY_KEY, 'accounting', model],
    queryFn: ({ signal }) =>
      callApi(accountingInventoryReportRoute, { query: { model: model! }, signal, silent: true }),
    enabled: enabled && model !== null,
  });
}

export const submitAdjustment = (body: TAdminAdjustment) => callApi(adminAdjustmentRoute, { body, silent: true });
