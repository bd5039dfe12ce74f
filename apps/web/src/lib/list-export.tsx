import { useState } from 'react';
import { Button, CircularProgress, Menu, MenuItem } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import {
  LIST_EXPORT_FORMATS,
  type ApiRouteDef,
  type TListExportFormat,
  type TRouteDownload,
  type TRouteQuery,
} from '@keystone/contracts';
import { downloadFile, saveBlob } from './api-client';

type TExportRoute = ApiRouteDef & { download: TRouteDownload; query: object };

const FORMAT_LABELS: Record<TListExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)' };

/**
 * The one Export of every list screen: a button with CSV and XLSX that downloads every row the list's current
 * filters (and sort) match, from the list's export route (its contract declares the columns). `query` is the list's
 * query as the screen sends it; its paging is dropped here.
 */
export function ListExportButton<R extends TExportRoute>({
  route,
  query,
}: {
  route: R;
  query: TRouteQuery<R> & { page?: unknown; perPage?: unknown; per_page?: unknown };
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async (format: TListExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const { page: _page, perPage: _perPage, per_page: _perPage2, ...filters } = query;
      const file = await downloadFile(route, { query: { ...filters, format } } as never);
      saveBlob(file.blob, file.fileName ?? `export.${format}`);
    } catch {
      // downloadFile has shown the failure as a toast.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} /> : <FileDownloadIcon />}
        disabled={busy}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="list-export"
      >
        {busy ? 'Exporting…' : 'Export'}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LIST_EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)} data-testid={`list-export-${format}`}>
            {FORMAT_LABELS[format]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
