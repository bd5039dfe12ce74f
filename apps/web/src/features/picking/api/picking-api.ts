import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getAlreadyPickedItemRoute,
  getPickItemRoute,
  listPrintedRoute,
  listUnprintedRoute,
  pickListDocumentRoute,
  printPickListRoute,
  unprintPickItemRoute,
  type TPrintPickList,
} from '@keystone/contracts';
import { callApi, downloadFile, openBlob, saveBlob } from '../../../lib/api-client';
import { useLiveUpdates } from '../../../lib/live/use-live-updates';

/** Every query of the pick list board and the pick page: live updates and the board's actions invalidate it. */
export const PICK_LISTS_QUERY_KEY = ['pick-lists'] as const;

export type TPickTab = 'unprinted' | 'printed';

/** One page of the board's list for a tab and warehouse ('all' or a location code), and its total; refetched live. */
export function usePickList(tab: TPickTab, warehouse: string, page: number, pageSize: number) {
  useLiveUpdates('pick-lists', PICK_LISTS_QUERY_KEY);
  return useQuery({
    queryKey: [...PICK_LISTS_QUERY_KEY, tab, warehouse, page, pageSize],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = { warehouse, limit: pageSize, offset: page * pageSize };
      if (tab === 'unprinted') {
        const r = await callApi(listUnprintedRoute, { query, signal, silent: true });
        return { items: r.unprinted_pick_list, total: r.total };
      }
      const r = await callApi(listPrintedRoute, { query, signal, silent: true });
      return { items: r.printed_pick_list, total: r.total };
    },
  });
}

/**
 * The pick page's item (the first element of the answer, 001 §7) and its pick when already picked. Read once, not
 * live: a pick in progress (or its success message) must not be replaced under the picker; the server refuses a pick
 * that someone else made meanwhile ('already been picked').
 */
export function usePickItem(id: number) {
  return useQuery({
    queryKey: ['pick-item', id],
    queryFn: async ({ signal }) => {
      const [items, picked] = await Promise.all([
        callApi(getPickItemRoute, { params: { id }, signal, silent: true }),
        callApi(getAlreadyPickedItemRoute, { params: { id }, signal, silent: true }),
      ]);
      return { item: items[0] ?? null, picked: picked.picked_item };
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export const printPickList = (body: TPrintPickList) => callApi(printPickListRoute, { body, silent: true });
export const unprintPickItem = (id: number) => callApi(unprintPickItemRoute, { params: { id }, silent: true });

/** Fetches a printed pick list's document with the bearer token and opens (PDF) or downloads (ZPL) it; a failure is a toast. */
export async function openPickListDocument(pickListId: number, format: 'pdf' | 'zpl'): Promise<void> {
  const file = await downloadFile(pickListDocumentRoute, { params: { pickListId }, query: { format } });
  if (format === 'zpl') return saveBlob(file.blob, file.fileName ?? `pick-list-${pickListId}.zpl`);
  openBlob(file.blob, (href) => {
    const a = document.createElement('a');
    a.href = href;
    a.target = '_blank';
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  });
}
