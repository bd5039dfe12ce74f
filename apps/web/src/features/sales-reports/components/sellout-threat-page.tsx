import { useState } from 'react';
import {
  Alert,
  Button,
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
  LOW_STOCK_RED_AT,
  LOW_STOCK_YELLOW_AT,
  SALES_REPORT_MESSAGES,
  type TSelloutThreatRow,
} from '@keystone/contracts';
import { formatCount } from '../../../lib/format-number';
import { Page } from '../../../shell/page';
import { useSelloutThreat } from '../api/sales-reports-api';
import { BrandMultiSelect, ReportError } from './report-controls';

/** 002 §9 low-stock colours on the on-hand cell: red at 10 or below, yellow at 25 or below. */
const LEVEL_STYLE = {
  red: { bgcolor: '#f8d7da', color: '#842029' },
  yellow: { bgcolor: '#fff3cd', color: '#664d03' },
} as const;
const CHART_MODELS = 20;

function CoverChart({ rows, days }: { rows: TSelloutThreatRow[]; days: number }) {
  const shown = rows.filter((r) => r.days_of_cover !== null).slice(0, CHART_MODELS);
  if (!shown.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} data-testid="sellout-chart">
      <Typography variant="h6" component="h2">
        Days of cover (the {shown.length} most threatened, at the last {days} days&apos; rate)
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
        yAxis={[{ label: 'Days of cover', min: 0 }]}
        series={[{ data: shown.map((r) => r.days_of_cover ?? 0), label: 'Days of cover', color: BRAND_COLOURS[3] }]}
        hideLegend
      />
    </Paper>
  );
}

/** 002 §2 /reports/sellout-threat: a multi-select of brands and 'Submit Sellout Threat Data'. */
export function SelloutThreatPage() {
  const [brands, setBrands] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState<string[] | null>(null);
  const [tried, setTried] = useState(false);
  const report = useSelloutThreat(submitted);
  const submit = () => {
    setTried(true);
    if (brands.length) setSubmitted([...brands]);
  };
  const rows = report.data?.data ?? [];
  return (
    <Page title="Sellout Threat">
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}
          >
            <BrandMultiSelect value={brands} onChange={setBrands} />
            <Button variant="contained" onClick={submit} disabled={report.isFetching}>
              Submit Sellout Threat Data
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            On hand in every bucket; the daily rate is the units sold in the last {report.data?.rate_days ?? 30} days a
            day; days of cover = on hand ÷ daily rate. On hand at {LOW_STOCK_RED_AT} or below shows red, at{' '}
            {LOW_STOCK_YELLOW_AT} or below yellow.
          </Typography>
        </Paper>
        {tried && !brands.length ? <Alert severity="warning">{SALES_REPORT_MESSAGES.brandsRequired}</Alert> : null}
        {report.isFetching ? <LinearProgress /> : null}
        {report.isError ? <ReportError error={report.error} /> : null}
        {!report.isFetching && !report.isError && !rows.length ? (
          <Typography color="text.secondary" data-testid="sellout-empty">
            {SALES_REPORT_MESSAGES.noData}
          </Typography>
        ) : null}
        {rows.length ? (
          <>
            <CoverChart rows={rows} days={report.data!.rate_days} />
            <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 560 }}>
              <Table size="small" stickyHeader aria-label="Sellout threat" data-testid="sellout-table">
                <TableHead>
                  <TableRow>
                    {['Model', 'Brand', 'On Hand', 'Sold', 'Daily Rate', 'Days of Cover'].map((h) => (
                      <TableCell
                        key={h}
                        align={h === 'Model' || h === 'Brand' ? 'left' : 'right'}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow
                      key={r.model}
                      data-testid="sellout-row"
                      data-model={r.model}
                      data-level={r.level ?? 'none'}
                    >
                      <TableCell sx={{ whiteSpace: 'nowrap' }} title={r.description}>
                        {r.model}
                      </TableCell>
                      <TableCell>{r.brand_code}</TableCell>
                      <TableCell
                        align="right"
                        data-testid="sellout-on-hand"
                        sx={r.level ? { ...LEVEL_STYLE[r.level], fontWeight: 600 } : undefined}
                      >
                        {formatCount(r.on_hand)}
                      </TableCell>
                      <TableCell align="right">{formatCount(r.units_sold)}</TableCell>
                      <TableCell align="right">{r.daily_rate.toFixed(2)}</TableCell>
                      <TableCell align="right">{r.days_of_cover === null ? '—' : r.days_of_cover.toFixed(1)}</TableCell>
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
