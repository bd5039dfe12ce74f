import {
  genericReportCsvRoute,
  queueGenericReportCsvRoute,
  reportCatalogueRoute,
  reportCsvJobFileRoute,
  runGenericReportRoute,
} from '@keystone/contracts';
import { reportFileName, sendCsv } from '../../http/csv-reply.js';
import type { ModuleContext } from '../module-context.js';
import { csvColumns } from './reports.service.js';

/** The report catalogue and the generic reports (docs/decisions.md, "Reports engine"): parse, authorize (in the service, per definition), run. */
export function registerReportsRoutes({ route, services }: ModuleContext): void {
  const { reports } = services;
  route(reportCatalogueRoute, async ({ auth }) => reports.catalogue(auth.user));
  route(runGenericReportRoute, async ({ params, query, auth }) => reports.run(params.slug, query, auth.user));
  route(genericReportCsvRoute, async ({ params, query, auth, reply }) => {
    const { definition, rows } = reports.csv(params.slug, query, auth.user);
    // Awaiting the reply waits for the stream's end, so the route's wrapper sees the reply sent and adds nothing.
    await sendCsv(reply, rows, csvColumns(definition));
    return undefined;
  });
  route(queueGenericReportCsvRoute, async ({ params, body, auth }) => reports.queueCsv(params.slug, body.parameters, auth.user));
  route(reportCsvJobFileRoute, async ({ params, auth, reply }) => {
    const file = await reports.jobFile(params.id, auth.user);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-length', String(file.bytes))
      .header('content-disposition', `attachment; filename="${reportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(file.handle.createReadStream());
    return undefined;
  });
}
