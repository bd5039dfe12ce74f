import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createApInvoiceRoute,
  createFinanceCompanyRoute,
  deleteApInvoiceRoute,
  linkApInvoicePurchaseOrderRoute,
  listApInvoicesRoute,
  listFinanceCompaniesRoute,
  listVendorsRoute,
  type TApInvoiceSearch,
  type TCreateApInvoice,
  type TCreateFinanceCompany,
  type TLinkPurchaseOrder,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const invoiceKeys = {
  all: ['ap-invoices'] as const,
  lists: ['ap-invoices', 'list'] as const,
  list: (query: TApInvoiceSearch) => ['ap-invoices', 'list', query] as const,
  financeCompanies: ['finance-companies'] as const,
  vendors: ['ap-invoices', 'vendors'] as const,
};

/** Vendors for the selectors: id and company name from GET /api/vendor (001 §7 "GET vendor"). */
export function useInvoiceVendors() {
  return useQuery({
    queryKey: invoiceKeys.vendors,
    queryFn: ({ signal }) => callApi(listVendorsRoute, { signal }),
    select: (r) => r.data.map((v) => ({ id: v.id, company_name: v.company_name })),
    staleTime: 60_000,
  });
}

export function useFinanceCompanies() {
  return useQuery({
    queryKey: invoiceKeys.financeCompanies,
    queryFn: ({ signal }) => callApi(listFinanceCompaniesRoute, { signal }),
    select: (r) => r.data,
    staleTime: 60_000,
  });
}

export function useInvoices(query: TApInvoiceSearch) {
  return useQuery({
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) => callApi(listApInvoicesRoute, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every invoice list and a PO's attached invoices change with a create, link or delete. */
function useInvalidateInvoices() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: invoiceKeys.all });
}

/** The screen shows its own messages (001 §8), so these calls queue no toast. */
export function useCreateInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (body: TCreateApInvoice) => callApi(createApInvoiceRoute, { body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useLinkInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (body: TLinkPurchaseOrder) => callApi(linkApInvoicePurchaseOrderRoute, { body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteApInvoiceRoute, { params: { id }, silent: true }),
    onSuccess: invalidate,
  });
}

export function useCreateFinanceCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateFinanceCompany) => callApi(createFinanceCompanyRoute, { body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.financeCompanies }),
  });
}
