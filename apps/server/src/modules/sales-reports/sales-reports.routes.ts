import {
  BUNDLE_SALES_COLUMNS,
  brandPurchasingRoute,
  brandSellThruRoute,
  bundleSalesRoute,
  salesReportCsvRoute,
  salesReportRoute,
  SALES_CSV_COLUMNS,
  selloutThreatRoute,
} from '@keystone/contracts';
import { csvFile, primed } from '../../http/csv-reply.js';
import type { ModuleContext } from '../module-context.js';

/** The sales and brand reports (docs/decisions.md, "Sales figures and brand reports"): thin handlers over SalesReportsService; the CSVs stream through csvFile. */
export function registerSalesReportsRoutes({ route, services }: ModuleContext): void {
  const { salesReports: service } = services;
  route(brandSellThruRoute, async ({ query }) => service.brandSellThru(query));
  route(selloutThreatRoute, async ({ query }) => service.selloutThreat(query));
  route(brandPurchasingRoute, async ({ query }) => service.brandPurchasing(query));
  route(salesReportRoute, async ({ query }) => service.salesReport(query));
  route(bundleSalesRoute, async ({ query }) =>
    csvFile({ rows: await primed(service.bundleLines(query)) }, BUNDLE_SALES_COLUMNS),
  );
  route(salesReportCsvRoute, async ({ query }) =>
    csvFile({ rows: await primed(service.salesLines(query)) }, SALES_CSV_COLUMNS),
  );
}
