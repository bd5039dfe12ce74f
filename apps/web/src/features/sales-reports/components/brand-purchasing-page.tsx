import { useState } from 'react';
import {
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  BRAND_COLOURS,
  defaultSalesReportRange,
  formatUsd,
  SALES_REPORT_MESSAGES,
  type TPurchasingPeriod,
} from '@keystone/contracts';
import { formatCount } from '../../../lib/format-number';
import { Page } from '../../../shell/page';
import { useBrandPurchasing } from '../api/sales-reports-api';
import { BrandSelect, DateField, ReportError } from './report-controls';

function PeriodRow({ label, p, total }: { label: string; p: TPurchasingPeriod; total?: boolean }) {
  const sx = total ? { fontWeight: 700 } : undefined;
  return (
    <TableRow data-testid={total ? 'purchasing-total' : 'purchasing-period'}>
      <TableCell sx={{ ...sx, whiteSpace: 'nowrap' }}>{label}</TableCell>
      <TableCell align="right" sx={sx}>
        {formatCount(p.po_count)}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatCount(p.ordered_units)}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatUsd(p.ordered_cents)}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatCount(p.received_units)}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatUsd(p.received_cents)}
      </TableCell>
    </TableRow>
  );
}

/** 002 §2 /reports/brand-purchasing: a brand and a date range; 'Number of Days in Range' and the purchase data per period. */
export function BrandPurchasingPage() {
  const [brand, setBrand] = useState('');
  const [range, setRange] = useState(() => {
    const r = defaultSalesReportRange();
    return { givenFromDate: r.from, givenToDate: r.to };
  });
  const report = useBrandPurchasing(brand ? { brand, ...range } : null);
  const periods = report.data ? Object.entries(report.data.data) : [];
  const empty =
    !brand || (report.data && report.data.totals.ordered_units === 0 && report.data.totals.received_units === 0);
  return (
    <Page title="Brand Purchasing">
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}
          >
            <BrandSelect value={brand} onChange={setBrand} />
            <DateField
              label="From"
              value={range.givenFromDate}
              onChange={(givenFromDate) => setRange((r) => ({ ...r, givenFromDate }))}
            />
            <DateField
              label="To"
              value={range.givenToDate}
              onChange={(givenToDate) => setRange((r) => ({ ...r, givenToDate }))}
            />
          </Stack>
        </Paper>
        {report.isFetching ? <LinearProgress /> : null}
        {report.isError ? <ReportError error={report.error} /> : null}
        {report.data ? (
          <Typography data-testid="num-of-days">
            Number of Days in Range: <strong>{report.data.numOfDays}</strong>
          </Typography>
        ) : null}
        {empty && !report.isFetching && !report.isError ? (
          <Typography color="text.secondary" data-testid="purchasing-empty">
            {SALES_REPORT_MESSAGES.brandPurchasingEmpty}
          </Typography>
        ) : null}
        {report.data && !empty ? (
          <>
            <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} data-testid="purchasing-chart">
              <Typography variant="h6" component="h2">
                Ordered and received per period (dollars)
              </Typography>
              <BarChart
                height={300}
                xAxis={[{ scaleType: 'band', data: periods.map(([, p]) => p.from.slice(5)), label: 'Period starting' }]}
                yAxis={[{ valueFormatter: (v: number) => `$${formatCount(v)}`, width: 70 }]}
                series={[
                  {
                    data: periods.map(([, p]) => p.ordered_cents / 100),
                    label: 'Ordered',
                    color: BRAND_COLOURS[1],
                    valueFormatter: (v) => formatUsd(Math.round((v ?? 0) * 100)),
                  },
                  {
                    data: periods.map(([, p]) => p.received_cents / 100),
                    label: 'Received',
                    color: BRAND_COLOURS[2],
                    valueFormatter: (v) => formatUsd(Math.round((v ?? 0) * 100)),
                  },
                ]}
              />
            </Paper>
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label="Brand purchasing" data-testid="purchasing-table">
                <TableHead>
                  <TableRow>
                    {[
                      'Date Range',
                      'POs',
                      'Units Ordered',
                      'Dollars Ordered',
                      'Units Received',
                      'Dollars Received',
                    ].map((h) => (
                      <TableCell key={h} align={h === 'Date Range' ? 'left' : 'right'} sx={{ whiteSpace: 'nowrap' }}>
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {periods.map(([key, p]) => (
                    <PeriodRow key={key} label={key} p={p} />
                  ))}
                  <PeriodRow label="Total" p={report.data.totals} total />
                </TableBody>
              </Table>
            </TableContainer>
          </>
        ) : null}
      </Stack>
    </Page>
  );
}
