import { useQuery } from '@tanstack/react-query';
import {
  allBrandsRoute,
  brandPurchasingRoute,
  brandSellThruRoute,
  bundleSalesRoute,
  salesReportCsvRoute,
  salesReportRoute,
  selloutThreatRoute,
  type TBrandPurchasingQuery,
  type TBrandSellThruQuery,
  type TBundleSalesQuery,
  type TSalesReportQuery,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { reportRequest } from '../../../lib/report-download/download-report';

/** Every brand, for the report pickers (GET /api/brand/all). */
export function useBrands() {
  return useQuery({
    queryKey: ['sales-reports', 'brands'],
    queryFn: ({ signal }) => callApi(allBrandsRoute, { signal, silent: true }),
    staleTime: 5 * 60_000,
    select: (answer) => [...answer.data].sort((a, b) => a.brand_name.localeCompare(b.brand_name)),
  });
}

/** 002 §7 GET report/brand-sell-thru; runs once the user has pressed Run Report (`query` set). */
export function useBrandSellThru(query: TBrandSellThruQuery | null) {
  return useQuery({
    queryKey: ['sales-reports', 'brand-sell-thru', query],
    enabled: query !== null,
    queryFn: ({ signal }) => callApi(brandSellThruRoute, { query: query!, signal, silent: true }),
  });
}

/** 002 §7 GET ims/reporting/sellout-threat?brands[]=…; runs once submitted with at least one brand. */
export function useSelloutThreat(brands: string[] | null) {
  return useQuery({
    queryKey: ['sales-reports', 'sellout-threat', brands],
    enabled: brands !== null && brands.length > 0,
    queryFn: ({ signal }) => callApi(selloutThreatRoute, { query: { brands: brands! }, signal, silent: true }),
  });
}

/** 002 §7 GET brandPurchasingReport; runs once a brand is chosen. */
export function useBrandPurchasing(query: TBrandPurchasingQuery | null) {
  return useQuery({
    queryKey: ['sales-reports', 'brand-purchasing', query],
    enabled: query !== null && !!query.brand,
    queryFn: ({ signal }) => callApi(brandPurchasingRoute, { query: query!, signal, silent: true }),
  });
}

/** The sales summary. */
export function useSalesReport(query: TSalesReportQuery) {
  return useQuery({
    queryKey: ['sales-reports', 'sales', query],
    queryFn: ({ signal }) => callApi(salesReportRoute, { query, signal, silent: true }),
  });
}

/** The bundle-sales CSV (002 §7 GET report/bundle-sales), for the shared report download. */
export const bundleSalesRequest = (query: TBundleSalesQuery) => reportRequest(bundleSalesRoute, { query });

/** The sales summary's lines as CSV. */
export const salesCsvRequest = (query: TSalesReportQuery) => reportRequest(salesReportCsvRoute, { query });
