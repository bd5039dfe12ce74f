import { useState } from 'react';
import { Alert, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  BRAND_COLOURS,
  defaultSalesReportRange,
  SALES_REPORT_MESSAGES,
  type TBrandSellThruQuery,
  type TSellThruRow,
} from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { useBrandSellThru } from '../api/sales-reports-api';
import { BrandSelect, DateField, ReportError } from './report-controls';
import { SellThruTable } from './sell-thru-table';

/** The models the chart draws: the best sellers by sell-thru, at most this many. */
const CHART_MODELS = 20;

function SellThruChart({ rows }: { rows: TSellThruRow[] }) {
  const shown = rows.filter((r) => r.sell_thru_percent !== null).slice(0, CHART_MODELS);
  if (!shown.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} data-testid="sell-thru-chart">
      <Typography variant="h6" component="h2">
        Sell-thru by model{rows.length > shown.length ? ` (top ${shown.length})` : ''}
      </Typography>
      <BarChart
        height={300}
        xAxis={[
          {
            scaleType: 'band',
            data: shown.map((r) => r.model),
            tickLabelStyle: { angle: -35, textAnchor: 'end', fontSize: 10 },
            height: 70,
          },
        ]}
        yAxis={[{ label: 'Sell-thru %', min: 0 }]}
        series={[
          {
            data: shown.map((r) => r.sell_thru_percent ?? 0),
            label: 'Sell-thru %',
            color: BRAND_COLOURS[0],
            valueFormatter: (v) => `${(v ?? 0).toFixed(1)}%`,
          },
        ]}
        hideLegend
      />
    </Paper>
  );
}

/** 002 §2 /reports/brand-sell-thru: choose a brand, a start and an end date, then Run Report. */
export function BrandSellThruPage() {
  const [brand, setBrand] = useState('');
  const [range, setRange] = useState(() => {
    const r = defaultSalesReportRange();
    return { startDate: r.from, endDate: r.to };
  });
  const [query, setQuery] = useState<TBrandSellThruQuery | null>(null);
  const [tried, setTried] = useState(false);
  const report = useBrandSellThru(query);
  const run = () => {
    setTried(true);
    if (brand) setQuery({ brand, ...range });
  };
  return (
    <Page title="Brand Sell Thru">
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
              label="Start Date"
              value={range.startDate}
              onChange={(startDate) => setRange((r) => ({ ...r, startDate }))}
            />
            <DateField
              label="End Date"
              value={range.endDate}
              onChange={(endDate) => setRange((r) => ({ ...r, endDate }))}
            />
            <Button variant="contained" onClick={run} disabled={report.isFetching}>
              Run Report
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Sell-thru = units sold in the range ÷ units available (on hand at the start + received in the range), per
            model.
          </Typography>
        </Paper>
        {tried && !brand ? <Alert severity="warning">{SALES_REPORT_MESSAGES.brandRequired}</Alert> : null}
        {report.isFetching ? <LinearProgress /> : null}
        {report.isError ? <ReportError error={report.error} /> : null}
        {report.data ? (
          <>
            <Typography data-testid="sell-thru-summary">
              {report.data.brand.brand_name}, {report.data.startDate} to {report.data.endDate}
            </Typography>
            <SellThruChart rows={report.data.True} />
            <SellThruTable
              title="With Sales"
              rows={report.data.True}
              count={report.data.counts.True}
              testId="with-sales"
            />
            <SellThruTable
              title="Without Sales"
              rows={report.data.False}
              count={report.data.counts.False}
              testId="without-sales"
            />
          </>
        ) : null}
      </Stack>
    </Page>
  );
}
