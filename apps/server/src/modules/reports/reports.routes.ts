import {
  genericReportCsvRoute,
  queueGenericReportCsvRoute,
  reportCatalogueRoute,
  reportCsvJobFileRoute,
  runGenericReportRoute,
} from '@keystone/contracts';
import { FILE_TYPES } from '@keystone/contracts';
import { csvFile, primed, reportFileName } from '../../http/csv-reply.js';
import type { ModuleContext } from '../module-context.js';
import { csvColumns } from './reports.service.js';

/** The report catalogue and the generic reports (docs/decisions.md, "Reports engine"): parse, authorize (in the service, per definition), run. */
export function registerReportsRoutes({ route, services }: ModuleContext): void {
  const { reports } = services;
  route(reportCatalogueRoute, async ({ auth }) => reports.catalogue(auth.user));
  route(runGenericReportRoute, async ({ params, query, auth }) => reports.run(params.slug, query, auth.user));
  route(genericReportCsvRoute, async ({ params, query, auth }) => {
    const { definition, rows } = reports.csv(params.slug, query, auth.user);
    // The first page read before the first byte: a database out of reach is a 503, not a cut download.
    return csvFile({ rows: await primed(rows) }, csvColumns(definition));
  });
  route(queueGenericReportCsvRoute, async ({ params, body, auth }) =>
    reports.queueCsv(params.slug, body.parameters, auth.user),
  );
  route(reportCsvJobFileRoute, async ({ params, auth }) => {
    const file = await reports.jobFile(params.id, auth.user);
    return {
      body: file.handle.createReadStream(),
      contentType: `${FILE_TYPES.csv}; charset=utf-8`,
      fileName: reportFileName(),
      bytes: file.bytes,
    };
  });
}
