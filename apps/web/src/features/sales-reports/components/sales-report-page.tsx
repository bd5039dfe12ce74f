import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  BRAND_COLOURS,
  defaultSalesReportRange,
  formatUsd,
  SALES_CHANNEL_NAMES,
  SALES_CHANNELS,
  type TSalesChannel,
  type TSalesReportQuery,
} from '@keystone/contracts';
import { formatCount } from '../../../lib/format-number';
import { ReportDownloadProgress } from '../../../lib/report-download/report-download-progress';
import { useReportDownload } from '../../../lib/report-download/use-report-download';
import { Page } from '../../../shell/page';
import { salesCsvRequest, useSalesReport } from '../api/sales-reports-api';
import { DateField, ReportError } from './report-controls';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 140, flex: { xs: '1 1 40%', sm: '0 0 auto' } }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

/** Sales Reports (002 §2 /reports/sales; content not shown, ours): units and dollars by day and by channel, a chart and a CSV. */
export function SalesReportPage() {
  const [query, setQuery] = useState<TSalesReportQuery>(() => {
    const r = defaultSalesReportRange();
    return { startDate: r.from, endDate: r.to, channel: '' };
  });
  const report = useSalesReport(query);
  const download = useReportDownload();
  const data = report.data;
  return (
    <Page title="Sales Reports">
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}
          >
            <DateField
              label="Start Date"
              value={query.startDate ?? ''}
              onChange={(startDate) => setQuery((q) => ({ ...q, startDate }))}
            />
            <DateField
              label="End Date"
              value={query.endDate ?? ''}
              onChange={(endDate) => setQuery((q) => ({ ...q, endDate }))}
            />
            <TextField
              select
              size="small"
              label="Channel"
              value={query.channel ?? ''}
              onChange={(e) => setQuery((q) => ({ ...q, channel: e.target.value as TSalesChannel | '' }))}
              sx={{ minWidth: 180, width: { xs: '100%', sm: 'auto' } }}
            >
              <MenuItem value="">All channels</MenuItem>
              {SALES_CHANNELS.map((c) => (
                <MenuItem key={c} value={c}>
                  {SALES_CHANNEL_NAMES[c]}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              onClick={() => void download.start(salesCsvRequest(query))}
              disabled={download.busy}
            >
              Download CSV
            </Button>
          </Stack>
        </Paper>
        {download.busy ? <ReportDownloadProgress progress={download.progress} /> : null}
        {download.error ? <Alert severity="error">{download.error}</Alert> : null}
        {report.isFetching ? <LinearProgress /> : null}
        {report.isError ? <ReportError error={report.error} /> : null}
        {data ? (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              <Figure label="Revenue" value={formatUsd(data.totals.revenue_cents)} testId="sales-revenue" />
              <Figure label="Units" value={formatCount(data.totals.units)} testId="sales-units" />
              <Figure label="Invoices" value={formatCount(data.totals.invoices)} testId="sales-invoices" />
              <Figure label="Lines" value={formatCount(data.totals.lines)} testId="sales-lines" />
            </Box>
            {data.totals.unpriced_units > 0 ? (
              <Typography variant="caption" color="text.secondary">
                {formatCount(data.totals.unpriced_units)} unit(s) were sold without a price and are not in the revenue.
              </Typography>
            ) : null}
            {data.totals.lines === 0 ? <Typography color="text.secondary">No sales in this range.</Typography> : null}
            <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} data-testid="sales-chart">
              <Typography variant="h6" component="h2">
                Revenue by day
              </Typography>
              <BarChart
                height={280}
                xAxis={[{ scaleType: 'band', data: data.by_day.map((d) => d.date.slice(5)) }]}
                yAxis={[{ valueFormatter: (v: number) => `$${formatCount(v)}`, width: 70 }]}
                series={[
                  {
                    data: data.by_day.map((d) => d.revenue_cents / 100),
                    label: 'Revenue',
                    color: BRAND_COLOURS[0],
                    valueFormatter: (v) => formatUsd(Math.round((v ?? 0) * 100)),
                  },
                ]}
                hideLegend
              />
            </Paper>
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label="Sales by channel" data-testid="sales-by-channel">
                <TableHead>
                  <TableRow>
                    {['Channel', 'Invoices', 'Units', 'Revenue'].map((h) => (
                      <TableCell key={h} align={h === 'Channel' ? 'left' : 'right'}>
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.by_channel.map((c) => (
                    <TableRow key={c.channel}>
                      <TableCell>{c.channel_name}</TableCell>
                      <TableCell align="right">{formatCount(c.invoices)}</TableCell>
                      <TableCell align="right">{formatCount(c.units)}</TableCell>
                      <TableCell align="right">{formatUsd(c.revenue_cents)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader aria-label="Sales by day" data-testid="sales-by-day">
                <TableHead>
                  <TableRow>
                    {['Date', 'Invoices', 'Units', 'Revenue'].map((h) => (
                      <TableCell key={h} align={h === 'Date' ? 'left' : 'right'}>
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...data.by_day].reverse().map((d) => (
                    <TableRow key={d.date}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.date}</TableCell>
                      <TableCell align="right">{formatCount(d.invoices)}</TableCell>
                      <TableCell align="right">{formatCount(d.units)}</TableCell>
                      <TableCell align="right">{formatUsd(d.revenue_cents)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        ) : null}
      </Stack>
    </Page>
  );
}
