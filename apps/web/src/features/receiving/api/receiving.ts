import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bucketMapRoute,
  canBeUnreceivedRoute,
  imsProductsRoute,
  poItemSerialsRoute,
  type TPoLine,
  type TScanProduct,
} from '@keystone/contracts';
import { ApiCallError, callApi } from '../../../lib/api-client';
import { poKey } from '../../../lib/purchase-order-query';

export const lineSerialsKey = (lineId: number) => ['po-item-serials', lineId] as const;
export const unreceivableKey = (lineId: number) => ['can-be-unreceived', lineId] as const;
export const imsProductKey = (model: string) => ['ims-products', model] as const;

/** The scan fields of a PO line's product, as the pure receiving rules take them. */
export function scanProductOf(line: TPoLine): TScanProduct {
  const p = line.product;
  return {
    model_number: p.model_number,
    mpn: p.part_number,
    upc: p.upc,
    alternate_upc: p.alternate_upc,
    serial_number_tracked: p.serial_number_tracked,
    num_of_serials_per_item: p.num_of_serials_per_item,
  };
}

/** The buckets a PO at `locationCode` can receive into: the bare location code (NEW) first, then its others. */
export function useReceivingBuckets(locationCode: string | undefined) {
  return useQuery({
    queryKey: ['buckets'],
    queryFn: () => callApi(bucketMapRoute, { silent: true }),
    staleTime: 10 * 60_000,
    enabled: !!locationCode,
    select: (map) =>
      Object.values(map)
        .filter(
          (b) => !!locationCode && (b.location_code === locationCode || b.location_code.startsWith(`${locationCode}_`)),
        )
        .map((b) => b.bucket)
        .sort((a, b) => (a === locationCode ? -1 : b === locationCode ? 1 : a.localeCompare(b))),
  });
}

/** Serials received (and not un-received) on a line: View Serials, and the "scanned earlier" set of receiving. */
export function useLineSerials(lineId: number) {
  return useQuery({
    queryKey: lineSerialsKey(lineId),
    queryFn: () => callApi(poItemSerialsRoute, { params: { id: lineId }, silent: true }),
    select: (r) => r.data,
  });
}

export function useUnreceivableReceipts(lineId: number) {
  return useQuery({
    queryKey: unreceivableKey(lineId),
    queryFn: () => callApi(canBeUnreceivedRoute, { query: { poApiPoItemId: lineId }, silent: true }),
    select: (r) => r.data,
  });
}

/** The product's scan setup as stored (master carton fields are not on the PO line). */
export function useImsProduct(model: string) {
  return useQuery({
    queryKey: imsProductKey(model),
    queryFn: () => callApi(imsProductsRoute, { query: { model }, silent: true }),
    select: (r) => r.data.find((p) => p.model_number.toUpperCase() === model.toUpperCase()) ?? null,
  });
}

/** After a receive or un-receive: the PO (qty received, totals, status), the line's serials and receipts. */
export function useRefreshAfterReceiving(poId: number, lineId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: poKey(poId) });
    void client.invalidateQueries({ queryKey: ['purchase-orders'] });
    void client.invalidateQueries({ queryKey: lineSerialsKey(lineId) });
    void client.invalidateQueries({ queryKey: unreceivableKey(lineId) });
  };
}

/** The first field error of a 422/400 body (`errors`: field → messages), as [field, message]. */
export function firstFieldError(error: unknown): [string, string] | null {
  if (!(error instanceof ApiCallError)) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first) return [field, first];
  }
  return null;
}
