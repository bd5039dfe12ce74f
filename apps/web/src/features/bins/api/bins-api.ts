import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createBinRoute, deleteBinRoute, listBinsRoute, listBinsUnprefixedRoute, updateBinItemsRoute, type TBinsQuery, type TCreateBin, type TUpdateBinItems } from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { queueHttpFailure } from '../../../lib/message-queue';
import { useSession } from '../../../lib/session-store';

export const BINS_QUERY_KEY = ['bins'] as const;

/** A page of bins (001 §7 GET /ims/bins; empty values are omitted by the query string builder). */
export function useBins(query: TBinsQuery) {
  return useQuery({
    queryKey: [...BINS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => callApi(listBinsRoute, { query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** One bin with its contents, by location and name (001 §7 bins?searchTerm={name}&locationCode={code}&includeItems=1, the unprefixed path); null when it does not exist. */
export function useBinByName(locationCode: string, binName: string) {
  return useQuery({
    queryKey: [...BINS_QUERY_KEY, 'one', locationCode, binName],
    queryFn: async ({ signal }) => {
      const page = await callApi(listBinsUnprefixedRoute, { query: { searchTerm: binName, locationCode, includeItems: '1', perPage: 50 }, signal, silent: true });
      return page.data.find((b) => b.binName === binName.toUpperCase() && b.locationCode === locationCode.toUpperCase()) ?? null;
    },
  });
}

export const createBin = (body: TCreateBin) => callApi(createBinRoute, { body, silent: true });
export const deleteBin = (id: number) => callApi(deleteBinRoute, { params: { id }, silent: true });
export const updateBinItems = (binId: number, body: TUpdateBinItems) => callApi(updateBinItemsRoute, { params: { binId }, body, silent: true });

/** Bin labels as a file (PDF, or ZPL for a thermal printer), saved by the browser as bin-labels.pdf / .zpl. */
export async function downloadBinLabels(ids: number[], format: 'pdf' | 'zpl'): Promise<void> {
  const url = `/api/ims/bins/labels?ids=${ids.join(',')}${format === 'zpl' ? '&format=zpl' : ''}`;
  const token = useSession.getState().accessToken;
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    queueHttpFailure(url, res.status);
    throw new Error(`${res.status}`);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = `bin-labels.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
