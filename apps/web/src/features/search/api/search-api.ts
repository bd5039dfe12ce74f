import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchRoute } from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const searchKeys = { query: (q: string) => ['search', q] as const };

/** GET /api/search for a query (none under 2 characters); the last answer stays while the next one loads. */
export function useSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: searchKeys.query(text),
    queryFn: ({ signal }) => callApi(searchRoute, { query: { q: text, limit: 5 }, signal, silent: true }),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
