import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addHistoryNoteRoute, getHistoryRoute, type THistoryEntity } from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { RECORD_HISTORY_KEY } from '../../../lib/record-history';

export const HISTORY_PAGE_SIZE = 50;

const keyOf = (entity: THistoryEntity, id: string) => [...RECORD_HISTORY_KEY, entity, id] as const;

/** A record's changes and notes, newest first, `pages` pages of HISTORY_PAGE_SIZE. */
export function useRecordHistory(entity: THistoryEntity, id: string, pages: number) {
  return useQuery({
    queryKey: [...keyOf(entity, id), pages],
    queryFn: ({ signal }) =>
      callApi(getHistoryRoute, {
        params: { entity, id },
        query: { page: 1, per_page: HISTORY_PAGE_SIZE * pages },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useAddHistoryNote(entity: THistoryEntity, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => callApi(addHistoryNoteRoute, { params: { entity, id }, body: { note } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(entity, id) }),
  });
}
