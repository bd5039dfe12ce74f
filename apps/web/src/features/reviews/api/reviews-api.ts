import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listReviewsRoute, setReviewVisibleRoute, type TReview, type TReviewSearch } from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { useLiveUpdates } from '../../../lib/live/use-live-updates';

export const REVIEWS_QUERY_KEY = ['reviews'] as const;

type TPage = { data: TReview[]; total: number; page: number; per_page: number };

/** The moderation list; refetched when the server says reviews changed (a new review, another moderator's toggle). */
export function useReviews(search: TReviewSearch) {
  useLiveUpdates('reviews', REVIEWS_QUERY_KEY);
  return useQuery({
    queryKey: [...REVIEWS_QUERY_KEY, 'list', search],
    queryFn: ({ signal }) => callApi(listReviewsRoute, { query: search, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The products that have reviews among the newest 100, for the product filter. */
export function useReviewedProducts() {
  return useQuery({
    queryKey: [...REVIEWS_QUERY_KEY, 'products'],
    queryFn: ({ signal }) => callApi(listReviewsRoute, { query: { per_page: 100 }, signal }),
    select: (page) => {
      const byKey = new Map<string, string>();
      for (const r of page.data) if (!byKey.has(r.product)) byKey.set(r.product, r.product_model ?? r.product);
      return [...byKey].map(([product, label]) => ({ product, label })).sort((a, b) => a.label.localeCompare(b.label));
    },
  });
}

const sameReview = (a: Pick<TReview, 'product' | 'id'>, b: Pick<TReview, 'product' | 'id'>) =>
  a.product === b.product && a.id === b.id;

/**
 * The visible flag (002 §4 "Review: the visible flag toggles"): every list on screen shows the new value at once
 * and goes back to the old one if the save fails (the caller reports the failure).
 */
export function useSetReviewVisible() {
  const client = useQueryClient();
  const patch = (review: Pick<TReview, 'product' | 'id'>, visible: boolean) =>
    client.setQueriesData<TPage>({ queryKey: [...REVIEWS_QUERY_KEY, 'list'] }, (old) =>
      old ? { ...old, data: old.data.map((r) => (sameReview(r, review) ? { ...r, visible } : r)) } : old,
    );
  return useMutation({
    mutationFn: (input: { product: string; id: string; visible: boolean }) =>
      callApi(setReviewVisibleRoute, {
        params: { product: input.product, id: input.id },
        body: { visible: input.visible },
        silent: true,
      }),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: [...REVIEWS_QUERY_KEY, 'list'] });
      patch(input, input.visible);
      return { previous: !input.visible };
    },
    onSuccess: (saved) => patch(saved, saved.visible),
    onError: (_error, input, context) => {
      if (context) patch(input, context.previous);
    },
  });
}
