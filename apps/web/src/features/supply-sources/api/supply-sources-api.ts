import { useQuery } from '@tanstack/react-query';
import {
  getSupplySourceDetailsRoute,
  updateSupplySourceDetailsRoute,
  updateSupplySourceStatusRoute,
  type TUpdateSupplySource,
  type TUpdateSupplySourceStatus,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const SUPPLY_SOURCES_QUERY_KEY = ['supply-sources'] as const;

/** A location's supply source (002 §7 GET ims/sp-api/supply-source/details/{location}/); the page shows its own failure message. */
export function useSupplySourceDetails(location: string) {
  return useQuery({
    queryKey: [...SUPPLY_SOURCES_QUERY_KEY, location],
    queryFn: ({ signal }) => callApi(getSupplySourceDetailsRoute, { params: { location }, signal, silent: true }),
    enabled: !!location,
    retry: false,
    staleTime: 0,
  });
}

export const saveSupplySource = (body: TUpdateSupplySource) =>
  callApi(updateSupplySourceDetailsRoute, { body, silent: true });
export const setSupplySourceStatus = (body: TUpdateSupplySourceStatus) =>
  callApi(updateSupplySourceStatusRoute, { body, silent: true });
