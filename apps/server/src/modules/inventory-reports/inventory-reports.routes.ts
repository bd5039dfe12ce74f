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
import type { FastifyReply } from 'fastify';
import { sendCsv, sendCsvPages } from '../../http/csv-reply.js';
import type { ModuleContext } from '../module-context.js';
import type { CsvReport } from './inventory-reports.service.js';

/** Streams a report's rows as report-{MM-DD-YYYY}.csv, never cached. */
function csv(reply: FastifyReply, report: CsvReport): undefined {
  reply.header('cache-control', 'no-store');
  if ('pages' in report) sendCsvPages(reply, report.pages, report.columns);
  else sendCsv(reply, report.rows, report.columns);
  return undefined;
}

/** The named inventory and accounting reports (002 §2 "Reports", §7 "Reports and uploads"). */
export function registerInventoryReportsRoutes({ route, services }: ModuleContext): void {
  const { inventoryReports: reports } = services;
  route(geOnHandExportRoute, async ({ query, reply }) => csv(reply, await reports.geOnHandCsv(query.date)));
  route(geOnHandTotalsRoute, async ({ query }) => reports.geOnHandTotals(query.date));
  route(inventoryAccountingRoute, async ({ query, reply }) => csv(reply, await reports.accountingCsv(query.date)));
  route(dailyReceivedRoute, async ({ query }) => reports.dailyReceived(query));
  route(unreceivedInvoiceReportRoute, async () => reports.unreceivedInvoices());
  route(inactiveInventoryRoute, async ({ query, reply }) => csv(reply, await reports.inactiveCsv(query.days)));
  route(peakDaysFulfillmentRoute, async ({ params, reply }) => csv(reply, await reports.peakDaysCsv(params.date)));
  route(fbaPendingOrdersRoute, async ({ reply }) => csv(reply, await reports.fbaPendingCsv()));
}
