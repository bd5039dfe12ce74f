import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TReportChart, TReportColumn, TReportResult } from '@keystone/contracts';
import { chartRows, formatCell } from '../api/report-view';

/** The chart a definition names (@mui/x-charts): its x column along the axis, one series per numeric column. */
export function ReportChart({ chart, result }: { chart: TReportChart; result: TReportResult }) {
  const rows = chartRows(result.rows);
  const byKey = new Map<string, TReportColumn>(result.columns.map((c) => [c.key, c]));
  const x = byKey.get(chart.x);
  const labels = rows.map((r) => (x ? formatCell(x, r[chart.x]) : String(r[chart.x] ?? '')));
  const series = chart.series.map((key) => {
    const column = byKey.get(key);
    return {
      id: key,
      label: column?.label ?? key,
      // Money is drawn in dollars: the axis reads as the table does.
      data: rows.map((r) => {
        const value = r[key];
        if (value === null || value === undefined) return null;
        return column?.type === 'money' ? Number(value) / 100 : Number(value);
      }),
      valueFormatter: (value: number | null) =>
        value === null
          ? ''
          : column
            ? formatCell(column, column.type === 'money' ? Math.round(value * 100) : value)
            : String(value),
    };
  });
  if (rows.length === 0) return null;
  const common = { height: 300, series, margin: { left: 16, right: 16 } };
  return (
    <div data-testid="report-chart">
      {chart.type === 'bar' ? (
        <BarChart {...common} xAxis={[{ data: labels, scaleType: 'band', label: x?.label }]} />
      ) : (
        <LineChart {...common} xAxis={[{ data: labels, scaleType: 'point', label: x?.label }]} />
      )}
    </div>
  );
}
