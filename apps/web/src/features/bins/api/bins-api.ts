import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  binLabelsRoute,
  createBinRoute,
  deleteBinRoute,
  listBinsRoute,
  listBinsUnprefixedRoute,
  type TBinsQuery,
  type TCreateBin,
} from '@keystone/contracts';
import { callApi, downloadFile, saveBlob } from '../../../lib/api-client';

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
      const page = await callApi(listBinsUnprefixedRoute, {
        query: { searchTerm: binName, locationCode, includeItems: '1', perPage: 50 },
        signal,
        silent: true,
      });
      return (
        page.data.find((b) => b.binName === binName.toUpperCase() && b.locationCode === locationCode.toUpperCase()) ??
        null
      );
    },
  });
}

export const createBin = (body: TCreateBin) => callApi(createBinRoute, { body, silent: true });
export const deleteBin = (id: number) => callApi(deleteBinRoute, { params: { id }, silent: true });

/** Bin labels as a file (PDF, or ZPL for a thermal printer), saved by the browser as bin-labels.pdf / .zpl. */
export async function downloadBinLabels(ids: number[], format: 'pdf' | 'zpl'): Promise<void> {
  const file = await downloadFile(binLabelsRoute, {
    query: { ids: ids.join(','), format: format === 'zpl' ? 'zpl' : undefined },
  });
  saveBlob(file.blob, file.fileName ?? `bin-labels.${format}`);
}
