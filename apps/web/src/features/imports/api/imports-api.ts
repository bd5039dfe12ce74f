import { useQuery } from '@tanstack/react-query';
import {
  confirmImportRoute,
  exportImportEntityRoute,
  getImportRoute,
  getJobRoute,
  importDryRunRoute,
  type TImport,
  type TImportEntity,
  type TImportOutcome,
} from '@keystone/contracts';
import { callApi, downloadFile, saveBlob, uploadFile } from '../../../lib/api-client';

const JOB_POLL_MS = 500;

/** A dry run of the file; `mapping` (file header → field or null) when the person changed the guess. */
export function dryRunImport(
  entity: TImportEntity,
  file: File,
  mapping?: Record<string, string | null>,
): Promise<TImport> {
  return uploadFile(importDryRunRoute, {
    params: { entity },
    query: mapping ? { mapping: JSON.stringify(mapping) } : {},
    file,
  });
}

export const confirmImport = (id: number) => callApi(confirmImportRoute, { params: { id } });

/** A page of an import's rows (with its status and counts), by outcome when given. */
export function useImportRows(id: number | null, outcome: TImportOutcome | null, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: ['imports', id, outcome, offset],
    queryFn: ({ signal }) =>
      callApi(getImportRoute, {
        params: { id: id! },
        query: { offset, limit: 500, ...(outcome ? { outcome } : {}) },
        signal,
      }),
    enabled: id !== null && enabled,
  });
}

/** The confirm's job, read every 500 ms until it has finished. */
export function useImportJob(id: number | null) {
  return useQuery({
    queryKey: ['imports', 'job', id],
    queryFn: ({ signal }) => callApi(getJobRoute, { params: { id: id! }, signal, silent: true }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && (query.state.data.status === 'succeeded' || query.state.data.status === 'failed')
        ? false
        : JOB_POLL_MS,
  });
}

/** The entity's export (CSV in the import's layout), saved under the server's name. */
export async function exportEntity(entity: TImportEntity): Promise<void> {
  const file = await downloadFile(exportImportEntityRoute, { params: { entity } });
  saveBlob(file.blob, file.fileName ?? `${entity}.csv`);
}
