import { useQuery } from '@tanstack/react-query';
import { getFullPurchaseOrderRoute } from '@keystone/contracts';
import { callApi } from './api-client';

/** The query key of one purchase order: the PO pages read it, receiving refreshes it after a receipt. */
export const poKey = (id: number) => ['purchase-order', id] as const;

/** A purchase order with its lines (the PO detail page, the receiving dialogs). */
export function usePurchaseOrder(id: number | null | undefined) {
  return useQuery({
    queryKey: poKey(id ?? 0),
    queryFn: () => callApi(getFullPurchaseOrderRoute, { params: { id: id! }, silent: true }),
    enabled: !!id,
    select: (r) => r.data,
  });
}
