import { useQuery } from '@tanstack/react-query';
import {
  dailyReceivedRoute,
  fbaPendingOrdersRoute,
  geOnHandExportRoute,
  geOnHandTotalsRoute,
  inactiveInventoryRoute,
  inventoryAccountingRoute,
  peakDaysFulfillmentRoute,
  unreceivedInvoiceReportRoute,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { reportRequest } from '../../../lib/report-download/download-report';

/** The as-of CSV reports of 002 §2 (purchasing:reports), by screen. */
export type TAsOfReport = 'ge-on-hand-export' | 'inventory-accounting';

/** The CSV of an as-of report for its Date Of Report (002 §7). */
export function asOfReportRequest(report: TAsOfReport, date: string) {
  return report === 'ge-on-hand-export'
    ? reportRequest(geOnHandExportRoute, { query: { date } })
    : reportRequest(inventoryAccountingRoute, { query: { date } });
}

export const inactiveInventoryRequest = () => reportRequest(inactiveInventoryRoute, { query: {} });
export const fbaPendingOrdersRequest = () => reportRequest(fbaPendingOrdersRoute, {});
export const peakDaysFulfillmentRequest = (date: string) =>
  reportRequest(peakDaysFulfillmentRoute, { params: { date } });

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
