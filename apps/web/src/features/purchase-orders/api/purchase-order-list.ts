import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  canReceivePosRoute,
  createPurchaseOrderRoute,
  currentUserRoute,
  listPoStatusesRoute,
  listPurchaseOrdersRoute,
  listUsersRoute,
  purchaseByModelRoute,
  type TCreatePurchaseOrder,
  type TRouteQuery,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

export type TPoListQuery = TRouteQuery<typeof listPurchaseOrdersRoute>;

export const poListKeys = {
  /** Every PO list and line-level query; invalidate this after a PO or a vendor changes. */
  all: ['purchase-orders'] as const,
  list: (query: TPoListQuery) => ['purchase-orders', 'list', query] as const,
  byModel: (model: string) => ['purchase-orders', 'by-model', model] as const,
  statuses: ['purchase-order-statuses'] as const,
  receivingLocations: ['receiving-locations'] as const,
  currentUser: ['current-user'] as const,
  users: ['users'] as const,
};

/**
 * GET /api/purchase: one page of the PO list (vendor 127 excluded by the server). An answer under 5 s old is not
 * asked again when the list mounts (the first load's read starts before the page renders: lazyPage's `reads`);
 * a PO's change invalidates the lists at once (poListKeys.all).
 */
export const poListQuery = (query: TPoListQuery) =>
  queryOptions({
    queryKey: poListKeys.list(query),
    queryFn: ({ signal }) => callApi(listPurchaseOrdersRoute, { query, signal }),
    staleTime: 5_000,
  });

export function usePurchaseOrders(query: TPoListQuery, enabled = true) {
  return useQuery({ ...poListQuery(query), enabled, placeholderData: keepPreviousData });
}

/** GET /api/purchaseByModel: the PO lines of a model (the line-level table). */
export function usePurchaseByModel(model: string) {
  return useQuery({
    queryKey: poListKeys.byModel(model),
    queryFn: async ({ signal }) => (await callApi(purchaseByModelRoute, { query: { model }, signal })).data,
    enabled: model.trim() !== '',
  });
}

/** GET /api/purchase/status: the PO statuses, in order. */
export const poStatusesQuery = queryOptions({
  queryKey: poListKeys.statuses,
  queryFn: async ({ signal }) => (await callApi(listPoStatusesRoute, { signal })).data,
  staleTime: 10 * 60_000,
});

export function usePoStatuses() {
  return useQuery(poStatusesQuery);
}

/** GET /api/ims/canReceivePos: the locations a PO may be received at (also the ship-to filter). */
export const receivingLocationsQuery = queryOptions({
  queryKey: poListKeys.receivingLocations,
  queryFn: async ({ signal }) => (await callApi(canReceivePosRoute, { signal })).data.map((l) => l.location_code),
  staleTime: 5 * 60_000,
});

export function useReceivingLocations() {
  return useQuery(receivingLocationsQuery);
}

/** GET /api/user: the signed-in user (its id is the "Mine" user filter and the createdBy of a new PO). */
export const currentUserQuery = (username: string | null) =>
  queryOptions({
    queryKey: [...poListKeys.currentUser, username],
    queryFn: ({ signal }) => callApi(currentUserRoute, { signal }),
    enabled: !!username,
    staleTime: 10 * 60_000,
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery(useSession((s) => s.username)));
}

/** GET /api/user/all: every user; only for callers holding role-editor:view. */
export function useUsers(enabled: boolean) {
  return useQuery({
    queryKey: poListKeys.users,
    queryFn: async ({ signal }) => (await callApi(listUsersRoute, { signal })).data,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/purchase: a new PO (status New); the PO lists are refreshed. */
export function useCreatePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreatePurchaseOrder) => callApi(createPurchaseOrderRoute, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: poListKeys.all });
    },
  });
}
