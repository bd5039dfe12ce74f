import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addPoLineRoute,
  applyToAllLinesRoute,
  attachedApInvoicesRoute,
  createApInvoiceRoute,
  linkApInvoicePurchaseOrderRoute,
  listFinanceCompaniesRoute,
  canReceivePosRoute,
  confirmPurchaseOrderRoute,
  deletePoLineRoute,
  emailPurchaseOrderRoute,
  finishPurchaseOrderRoute,
  getFullPurchaseOrderRoute,
  listPoStatusesRoute,
  listPurchaseOrdersRoute,
  listTermsRoute,
  listVendorsRoute,
  productSearchRoute,
  sendPurchaseOrderEdiRoute,
  updatePoLineRoute,
  updatePurchaseOrderRoute,
  type TRouteBody,
  type TRouteResponse,
  purchaseOrderPdfRoute,
} from '@keystone/contracts';
import { callApi, downloadFile } from '../../../lib/api-client';
import { poKey } from '../../../lib/purchase-order-query';
import { RECORD_HISTORY_KEY } from '../../../lib/record-history';

type TFull = TRouteResponse<typeof getFullPurchaseOrderRoute>;

/** The id of a PO named by its id, or by its legacy PO number when `legacy` is set (001 §2). */
export function useResolvedPoId(param: string, legacy: boolean) {
  return useQuery({
    queryKey: ['purchase-order-id', param, legacy],
    queryFn: async () => {
      if (!legacy) return /^\d+$/.test(param) ? Number(param) : null;
      const found = await callApi(listPurchaseOrdersRoute, {
        query: { legacyPoNum: param, page: 1, perPage: 5 },
        silent: true,
      });
      return found.data[0]?.id ?? null;
    },
  });
}

export function usePoReferenceData() {
  const statuses = useQuery({
    queryKey: ['po-statuses'],
    queryFn: () => callApi(listPoStatusesRoute, {}),
    staleTime: 600_000,
    select: (r) => r.data,
  });
  const vendors = useQuery({
    queryKey: ['vendors'],
    queryFn: () => callApi(listVendorsRoute, {}),
    staleTime: 60_000,
    select: (r) => r.data,
  });
  const terms = useQuery({
    queryKey: ['po-terms'],
    queryFn: () => callApi(listTermsRoute, {}),
    staleTime: 600_000,
    select: (r) => r.data,
  });
  const locations = useQuery({
    queryKey: ['can-receive-pos'],
    queryFn: () => callApi(canReceivePosRoute, {}),
    staleTime: 600_000,
    select: (r) => r.data,
  });
  return {
    statuses: statuses.data ?? [],
    vendors: vendors.data ?? [],
    terms: terms.data ?? [],
    locations: locations.data ?? [],
  };
}

/** Every PO write answers the full PO: it replaces the cached one. */
function usePoWrite<TInput>(id: number, write: (input: TInput) => Promise<TFull>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (full) => {
      client.setQueryData(poKey(id), full);
      void client.invalidateQueries({ queryKey: ['purchase-orders'] });
      void client.invalidateQueries({ queryKey: [...RECORD_HISTORY_KEY, 'purchase-order', String(id)] });
    },
  });
}

export function usePoMutations(id: number) {
  return {
    update: usePoWrite(id, (body: TRouteBody<typeof updatePurchaseOrderRoute>) =>
      callApi(updatePurchaseOrderRoute, { params: { id }, body }),
    ),
    addLine: usePoWrite(id, (body: Omit<TRouteBody<typeof addPoLineRoute>, 'purchaseOrderId'>) =>
      callApi(addPoLineRoute, { body: { ...body, purchaseOrderId: id } }),
    ),
    updateLine: usePoWrite(id, ({ lineId, body }: { lineId: number; body: TRouteBody<typeof updatePoLineRoute> }) =>
      callApi(updatePoLineRoute, { params: { id: lineId }, body }),
    ),
    deleteLine: usePoWrite(id, (lineId: number) => callApi(deletePoLineRoute, { params: { id: lineId } })),
    applyToAll: usePoWrite(id, (body: TRouteBody<typeof applyToAllLinesRoute>) =>
      callApi(applyToAllLinesRoute, { params: { id }, body }),
    ),
    confirm: usePoWrite(id, () => callApi(confirmPurchaseOrderRoute, { params: { poId: id } })),
    finish: usePoWrite(id, () => callApi(finishPurchaseOrderRoute, { params: { poId: id } })),
    sendEdi: usePoWrite(id, async () => {
      const sent = await callApi(sendPurchaseOrderEdiRoute, { params: { poId: id }, silent: true });
      return { data: sent.data };
    }),
    email: useMutation({
      mutationFn: (body: TRouteBody<typeof emailPurchaseOrderRoute>) =>
        callApi(emailPurchaseOrderRoute, { params: { id }, body }),
    }),
  };
}

export function searchProducts(searchValue: string) {
  return callApi(productSearchRoute, { body: { searchKey: 'model_number', searchValue }, silent: true });
}

/** The PO PDF (for printing, or saving as purchase-order.pdf, the contract's name); a failure is a toast. */
export const fetchPoPdf = (id: number) => downloadFile(purchaseOrderPdfRoute, { params: { id } });

export function useAttachedInvoices(poId: number) {
  return useQuery({
    queryKey: ['po-invoices', poId],
    queryFn: () => callApi(attachedApInvoicesRoute, { params: { poId } }),
    select: (r) => r.data,
  });
}

export function useFinanceCompanies() {
  return useQuery({
    queryKey: ['finance-companies'],
    queryFn: () => callApi(listFinanceCompaniesRoute, {}),
    staleTime: 300_000,
    select: (r) => r.data,
  });
}

export function useInvoiceMutations(poId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['po-invoices', poId] });
  return {
    create: useMutation({
      mutationFn: (body: TRouteBody<typeof createApInvoiceRoute>) =>
        callApi(createApInvoiceRoute, { body, silent: true }),
      onSuccess: refresh,
    }),
    unlink: useMutation({
      mutationFn: (id: number) => callApi(linkApInvoicePurchaseOrderRoute, { body: { id, purchase_order_id: null } }),
      onSuccess: refresh,
    }),
  };
}
