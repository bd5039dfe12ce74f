import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createVendorRoute,
  deleteVendorRoute,
  getVendorRoute,
  listTermsRoute,
  listVendorsRoute,
  updateVendorRoute,
  type TVendor,
  type TVendorInput,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { poListKeys } from './purchase-order-list';

export const vendorKeys = {
  all: ['vendors'] as const,
  list: ['vendors', 'list'] as const,
  detail: (id: number) => ['vendors', 'detail', id] as const,
  terms: ['purchase-terms'] as const,
};

/** GET /api/vendor: every live vendor except 127, by company name. */
export const vendorsQuery = queryOptions({
  queryKey: vendorKeys.list,
  queryFn: async ({ signal }) => (await callApi(listVendorsRoute, { signal })).data,
  staleTime: 60_000,
});

export function useVendors() {
  return useQuery(vendorsQuery);
}

/** GET /api/vendor/{id}: the vendor the Edit Vendor dialog edits, fresh from the server. */
export function useVendor(id: number | null) {
  return useQuery({
    queryKey: vendorKeys.detail(id ?? 0),
    queryFn: ({ signal }) => callApi(getVendorRoute, { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** GET /api/purchase/terms: every PO term. */
export function usePurchaseTerms() {
  return useQuery({
    queryKey: vendorKeys.terms,
    queryFn: async ({ signal }) => (await callApi(listTermsRoute, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** Failed saves are queued as toasts by callApi (000 §7); the dialog shows the server's message too. */
export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TVendorInput) => callApi(createVendorRoute, { body }),
    onSuccess: async (vendor: TVendor) => {
      queryClient.setQueryData(vendorKeys.detail(vendor.id), vendor);
      await queryClient.invalidateQueries({ queryKey: vendorKeys.list });
    },
  });
}

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TVendorInput }) =>
      callApi(updateVendorRoute, { params: { id }, body }),
    onSuccess: async (vendor: TVendor) => {
      queryClient.setQueryData(vendorKeys.detail(vendor.id), vendor);
      void queryClient.invalidateQueries({ queryKey: poListKeys.all }); // the PO lists show vendor names
      await queryClient.invalidateQueries({ queryKey: vendorKeys.list });
    },
  });
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteVendorRoute, { params: { id } }),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: vendorKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: vendorKeys.list });
    },
  });
}
