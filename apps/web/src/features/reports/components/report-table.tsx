import { useMemo } from 'react';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { TReportResult } from '@keystone/contracts';
import { formatCell } from '../api/report-view';

type Row = TReportResult['rows'][number] & { __id: number };

/** The report's rows in a sortable, virtualized table (MUI X DataGrid): only the rows in view are drawn. */
export function ReportTable({ result }: { result: TReportResult }) {
  const rows = useMemo<Row[]>(() => result.rows.map((r, i) => ({ ...r, __id: i })), [result.rows]);
  const columns = useMemo<GridColDef<Row>[]>(
    () =>
      result.columns.map((column) => {
        const numeric = column.type === 'integer' || column.type === 'money' || column.type === 'percent';
        return {
          field: column.key,
          headerName: column.label,
          type: numeric ? 'number' : 'string',
          minWidth: numeric ? 110 : 140,
          flex: 1,
          valueFormatter: (value: unknown) => formatCell(column, value as never),
        } satisfies GridColDef<Row>;
      }),
    [result.columns],
  );
  return (
    <div style={{ height: 520, width: '100%' }} data-testid="report-table">
      <DataGrid
        rows={rows}
        columns={columns}
        getRowId={(r) => r.__id}
        density="compact"
        disableRowSelectionOnClick
        pageSizeOptions={[100]}
        initialState={{ pagination: { paginationModel: { pageSize: 100 } } }}
      />
    </div>
  );
}
