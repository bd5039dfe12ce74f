import { useQuery } from '@tanstack/react-query';
import {
  genericReportCsvRoute,
  getJobRoute,
  queueGenericReportCsvRoute,
  reportCatalogueRoute,
  reportCsvJobFileRoute,
  runGenericReportRoute,
  type TJob,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { reportRequest } from '../../../lib/report-download/download-report';
import type { TParameterValues } from './report-view';

/** GET /api/reports: the catalogue the signed-in role may open. */
export function useReportCatalogue() {
  return useQuery({
    queryKey: ['reports', 'catalogue'],
    queryFn: ({ signal }) => callApi(reportCatalogueRoute, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/reports/generic/{slug} with the submitted parameters (null: not run yet). */
export function useGenericReport(slug: string, values: TParameterValues | null) {
  return useQuery({
    queryKey: ['reports', 'generic', slug, values],
    enabled: values !== null,
    queryFn: ({ signal }) =>
      callApi(runGenericReportRoute, { params: { slug }, query: values ?? {}, signal, silent: true }),
  });
}

/** POST /api/reports/generic/{slug}/csv-jobs: queues the CSV as a background job. */
export function queueReportCsv(slug: string, values: TParameterValues): Promise<TJob> {
  return callApi(queueGenericReportCsvRoute, { params: { slug }, body: { parameters: values } });
}

/** GET /api/jobs/{id}, every second until the job has ended. */
export function useReportJob(id: number | null) {
  return useQuery({
    queryKey: ['reports', 'job', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callApi(getJobRoute, { params: { id: id! }, signal, silent: true }),
    refetchInterval: (query) =>
      query.state.data && (query.state.data.status === 'succeeded' || query.state.data.status === 'failed')
        ? false
        : 1000,
  });
}

/** GET /api/reports/generic/{slug}/csv with the submitted parameters: the CSV streamed from the server. */
export const reportCsvRequest = (slug: string, values: TParameterValues) =>
  reportRequest(genericReportCsvRoute, { params: { slug }, query: values });
/** GET /api/reports/csv-jobs/{id}/file: the CSV a background job wrote. */
export const reportJobFileRequest = (id: number) => reportRequest(reportCsvJobFileRoute, { params: { id } });
