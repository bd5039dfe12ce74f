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
import { csvFile } from '../../http/csv-reply.js';
import type { ModuleContext } from '../module-context.js';
import type { CsvReport } from './inventory-reports.service.js';

/** A report's rows as report-{MM-DD-YYYY}.csv, streamed (sent never cached, as every download). */
const csv = (report: CsvReport) =>
  csvFile('pages' in report ? { pages: report.pages } : { rows: report.rows }, report.columns);

/** The named inventory and accounting reports (002 §2 "Reports", §7 "Reports and uploads"). */
export function registerInventoryReportsRoutes({ route, services }: ModuleContext): void {
  const { inventoryReports: reports } = services;
  route(geOnHandExportRoute, async ({ query }) => csv(await reports.geOnHandCsv(query.date)));
  route(geOnHandTotalsRoute, async ({ query }) => reports.geOnHandTotals(query.date));
  route(inventoryAccountingRoute, async ({ query }) => csv(await reports.accountingCsv(query.date)));
  route(dailyReceivedRoute, async ({ query }) => reports.dailyReceived(query));
  route(unreceivedInvoiceReportRoute, async () => reports.unreceivedInvoices());
  route(inactiveInventoryRoute, async ({ query }) => csv(await reports.inactiveCsv(query.days)));
  route(peakDaysFulfillmentRoute, async ({ params }) => csv(await reports.peakDaysCsv(params.date)));
  route(fbaPendingOrdersRoute, async () => csv(await reports.fbaPendingCsv()));
}
