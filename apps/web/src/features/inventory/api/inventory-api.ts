import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  auditReviewRoute,
  dropShipInventoryRoute,
  serialsByProxyRoute,
  bucketMapRoute,
  inventorySearchRoute,
  inventorySerialHistoryRoute,
  inventorySerialRoute,
  inventoryTransactionRoute,
  productByUpcRoute,
  productModelsRoute,
  productPreviewRoute,
  type TInventorySearchBy,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

/** Bucket names for the Advanced Search dialog. */
export function useBucketNames(enabled: boolean) {
  return useQuery({
    queryKey: ['inventory', 'buckets'],
    queryFn: async ({ signal }) => Object.keys(await callApi(bucketMapRoute, { signal, silent: true })).sort(),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export interface TInventoryCriteria {
  searchBy: TInventorySearchBy;
  searchValue: string;
  includeInactive: boolean;
  /** Advanced search: only products with on-hand in this bucket. */
  bucket: string | null;
}

export const inventoryKeys = {
  search: (c: TInventoryCriteria) => ['inventory', 'search', c] as const,
  preview: (model: string) => ['inventory', 'preview', model.toUpperCase()] as const,
  serial: (id: number) => ['inventory', 'serial', id] as const,
  serialHistory: (id: number) => ['inventory', 'serial', id, 'history'] as const,
  transaction: (ref: string) => ['inventory', 'transaction', ref.toUpperCase()] as const,
  auditItem: (ref: string) => ['inventory', 'audit-item', ref.toUpperCase()] as const,
  models: (prefix: string) => ['inventory', 'models', prefix.toUpperCase()] as const,
};

/**
 * The search panel's call. A UPC names one product, so inactive products are included for it (as the scan
 * handler does); the Include Inactive Models box applies to model searches.
 */
export function inventorySearchQuery(c: TInventoryCriteria) {
  // UPC and serial searches always include inactive items (001 §7: the serial search call carries includeInactive=1); a model search when asked.
  const includeInactive =
    c.searchBy === 'upc' || c.searchBy === 'serial' || (c.searchBy === 'model' && c.includeInactive);
  return queryOptions({
    queryKey: inventoryKeys.search(c),
    queryFn: ({ signal }) =>
      callApi(inventorySearchRoute, {
        // The spec's form (001 §7): the search type as the key.
        query: {
          [c.searchBy]: c.searchValue,
          ...(includeInactive ? { includeInactive: '1' } : {}),
          // Text searches match from the start (the server's default too); a serial search matches anywhere.
          ...(c.searchBy !== 'serial' && c.searchBy !== 'upc' ? { startsWith: '1' } : {}),
          ...(c.bucket ? { bucket: c.bucket } : {}),
        },
        signal,
        silent: true,
      }),
  });
}

export function useInventorySearch(criteria: TInventoryCriteria | null) {
  return useQuery({
    ...inventorySearchQuery(criteria ?? { searchBy: 'model', searchValue: '', includeInactive: false, bucket: null }),
    enabled: criteria !== null,
  });
}

export function useProductPreview(model: string | null) {
  return useQuery({
    queryKey: inventoryKeys.preview(model ?? ''),
    queryFn: ({ signal }) => callApi(productPreviewRoute, { query: { model: model! }, signal, silent: true }),
    enabled: !!model,
    retry: false,
  });
}

/** Distributor-held (drop-ship) inventory of a model, by vendor location code (001 §2). */
export function useDropShipInventory(model: string | null) {
  return useQuery({
    queryKey: ['drop-ship-inventory', model ?? ''],
    queryFn: ({ signal }) => callApi(dropShipInventoryRoute, { query: { model: model! }, signal, silent: true }),
    enabled: !!model,
    select: (r) => r.data,
  });
}

/** Live serials of a model in one location and condition (the product detail's serial dialog). */
export function useSerialsByProxy(query: { model: string; locationCode: string; conditionCode: string } | null) {
  return useQuery({
    queryKey: ['serials-by-proxy', query],
    queryFn: ({ signal }) => callApi(serialsByProxyRoute, { query: query!, signal, silent: true }),
    enabled: !!query,
    select: (r) => r.data,
  });
}

/** The model of a UPC (product detail reached as /inventory/detail/upc/{upc}). */
export function useModelOfUpc(upc: string | null) {
  return useQuery({
    queryKey: ['inventory', 'upc', upc],
    queryFn: async ({ signal }) =>
      (
        await callApi(productByUpcRoute, {
          query: { upc: upc!, exact: '1', includeInactive: '1' },
          signal,
          silent: true,
        })
      ).data[0]?.model ?? null,
    enabled: !!upc,
  });
}

export function useSerial(id: number | null) {
  return useQuery({
    queryKey: inventoryKeys.serial(id ?? 0),
    queryFn: ({ signal }) => callApi(inventorySerialRoute, { params: { id: id! }, signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });
}

export function useSerialHistory(id: number | null) {
  return useQuery({
    queryKey: inventoryKeys.serialHistory(id ?? 0),
    queryFn: async ({ signal }) =>
      (await callApi(inventorySerialHistoryRoute, { params: { id: id! }, signal, silent: true })).data,
    enabled: id !== null,
    retry: false,
  });
}

export function transactionQuery(ref: string) {
  return queryOptions({
    queryKey: inventoryKeys.transaction(ref),
    queryFn: ({ signal }) => callApi(inventoryTransactionRoute, { params: { id: ref }, signal, silent: true }),
    retry: false,
  });
}

/** An audit item (AA-…) reached through the transaction view: its batch and the adjustment transactions it posted. */
export function auditItemQuery(ref: string) {
  return queryOptions({
    queryKey: inventoryKeys.auditItem(ref),
    queryFn: ({ signal }) => callApi(auditReviewRoute, { params: { ref }, signal, silent: true }),
    retry: false,
  });
}

/** Model autocomplete: more than 1 character (001 §5). */
export function useModelSuggestions(prefix: string, includeInactive: boolean) {
  const text = prefix.trim();
  return useQuery({
    queryKey: [...inventoryKeys.models(text), includeInactive],
    queryFn: async ({ signal }) =>
      (
        await callApi(productModelsRoute, {
          query: { model: text, ...(includeInactive ? { includeInactive: '1' } : {}) },
          signal,
          silent: true,
        })
      ).data.map((m) => m.model),
    enabled: text.length > 1,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
