import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  platformsAllRoute,
  setTaxCellRoute,
  statesAllRoute,
  taxMapAllRoute,
  type TPlatformStateTax,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const TAX_MAP_QUERY_KEY = ['tax-map'] as const;
const MAP_KEY = [...TAX_MAP_QUERY_KEY, 'cells'] as const;

type TMap = { data: TPlatformStateTax[] };

export function useStates() {
  return useQuery({
    queryKey: [...TAX_MAP_QUERY_KEY, 'states'],
    queryFn: ({ signal }) => callApi(statesAllRoute, { signal }),
    staleTime: Infinity,
  });
}

export function usePlatforms() {
  return useQuery({
    queryKey: [...TAX_MAP_QUERY_KEY, 'platforms'],
    queryFn: ({ signal }) => callApi(platformsAllRoute, { signal }),
    staleTime: Infinity,
  });
}

export function useTaxMap() {
  return useQuery({ queryKey: MAP_KEY, queryFn: ({ signal }) => callApi(taxMapAllRoute, { signal }) });
}

const sameCell = (
  a: Pick<TPlatformStateTax, 'platform_code' | 'state_code'>,
  b: Pick<TPlatformStateTax, 'platform_code' | 'state_code'>,
) => a.platform_code === b.platform_code && a.state_code === b.state_code;

/**
 * Toggle a cell (002 §4 "Tax cell: toggle collectAndRemitTax, then save"): the table shows the new value at once and
 * goes back to the old one if the save fails (the failure is reported by the caller's onError).
 */
export function useToggleTaxCell() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cell: { platform_code: string; state_code: string; collectAndRemitTax: number }) =>
      callApi(setTaxCellRoute, {
        params: {
          platform_code: cell.platform_code as never,
          state_code: cell.state_code as never,
          collectAndRemitTax: cell.collectAndRemitTax,
        },
        silent: true,
      }),
    onMutate: async (cell) => {
      await client.cancelQueries({ queryKey: MAP_KEY });
      const previous = client.getQueryData<TMap>(MAP_KEY);
      client.setQueryData<TMap>(MAP_KEY, (old) =>
        old
          ? {
              data: old.data.map((c) =>
                sameCell(c, cell) ? { ...c, collectAndRemitTax: cell.collectAndRemitTax } : c,
              ),
            }
          : old,
      );
      return { previous: previous?.data.find((c) => sameCell(c, cell)) };
    },
    onSuccess: (saved) => {
      client.setQueryData<TMap>(MAP_KEY, (old) =>
        old ? { data: old.data.map((c) => (sameCell(c, saved) ? saved : c)) } : old,
      );
    },
    onError: (_error, cell, context) => {
      const previous = context?.previous;
      // Only this cell goes back: other cells' saves in flight keep their own values.
      if (previous)
        client.setQueryData<TMap>(MAP_KEY, (old) =>
          old ? { data: old.data.map((c) => (sameCell(c, cell) ? previous : c)) } : old,
        );
    },
  });
}
