import { useQuery } from '@tanstack/react-query';
import {
  dailyReceivedRoute,
  fbaPendingOrdersRoute,
  fillPath,
  geOnHandExportRoute,
  geOnHandTotalsRoute,
  inactiveInventoryRoute,
  inventoryAccountingRoute,
  peakDaysFulfillmentRoute,
  toQueryString,
  unreceivedInvoiceReportRoute,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

/** The as-of CSV reports of 002 §2 (purchasing:reports), by screen. */
export type TAsOfReport = 'ge-on-hand-export' | 'inventory-accounting';

/** The CSV path of an as-of report for its Date Of Report (002 §7). */
export function asOfReportUrl(report: TAsOfReport, date: string): string {
  const route = report === 'ge-on-hand-export' ? geOnHandExportRoute : inventoryAccountingRoute;
  return `${route.path}${toQueryString({ date })}`;
}

export const inactiveInventoryUrl = () => inactiveInventoryRoute.path;
export const fbaPendingOrdersUrl = () => fbaPendingOrdersRoute.path;
export const peakDaysFulfillmentUrl = (date: string) => fillPath(peakDaysFulfillmentRoute.path, { date });

/** 002 §7 GET ims/reporting/inventory/ge-on-hand-export/totals?date=: the export's totals for the chosen date. */
export function useGeOnHandTotals(date: string, enabled: boolean) {
  return useQuery({
    queryKey: ['inventory-reports', 'ge-on-hand-totals', date],
    enabled,
    queryFn: ({ signal }) => callApi(geOnHandTotalsRoute, { query: { date }, signal, silent: true }),
  });
}

/** 002 §7 GET ims/transacted-receipts/daily-received?startDate=&endDate=. */
export function useDailyReceived(startDate: string, endDate: string) {
  return useQuery({
    queryKey: ['inventory-reports', 'daily-received', startDate, endDate],
    queryFn: ({ signal }) => callApi(dailyReceivedRoute, { query: { startDate, endDate }, signal, silent: true }),
  });
}

/** 002 §7 GET unreceived-invoice-report: grouped data and totals. */
export function useUnreceivedInvoiceReport() {
  return useQuery({
    queryKey: ['inventory-reports', 'unreceived-invoices'],
    queryFn: ({ signal }) => callApi(unreceivedInvoiceReportRoute, { signal, silent: true }),
  });
}
