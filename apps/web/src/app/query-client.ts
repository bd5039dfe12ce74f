import { QueryClient } from '@tanstack/react-query';

/**
 * `offlineFirst`: a read is tried once even when the browser says it is offline, so the service worker can answer
 * it from the floor screens' kept reads (apps/web/build/floor-reads.ts); TanStack Query's default would wait for
 * the network without asking.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'offlineFirst' } },
});
