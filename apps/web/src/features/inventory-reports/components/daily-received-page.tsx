import { useMemo, useState } from 'react';
import {
  Alert,
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
import { DEMO_LOCATIONS, INVENTORY_REPORT_MESSAGES as M, utcToday, type TDailyReceived } from '@keystone/contracts';
import { serverMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format-number';
import { Page } from '../../../shell/page';
import { useDailyReceived } from '../api/inventory-reports-api';
import { isDateWithin, ReportDatePicker } from './report-date-picker';
import { dailySeries, formatDollars } from './report-tables';

const colourOf = (location: string) => DEMO_LOCATIONS.find((l) => l.location_code === location)?.colour;

/** Units received per day, one bar series per location (@mui/x-charts). */
function DailyReceivedChart({ report }: { report: TDailyReceived }) {
  const { days, series } = useMemo(() => dailySeries(report), [report]);
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="daily-received-chart">
      <BarChart
        height={300}
        xAxis={[{ data: days, scaleType: 'band', label: 'Day (UTC)' }]}
        yAxis={[{ label: 'Units received' }]}
        series={series.map((s) => ({
          id: s.location,
          label: s.location,
          data: s.units,
          stack: 'received',
          color: colourOf(s.location),
        }))}
      />
    </Paper>
  );
}

function LocationTable({ location }: { location: TDailyReceived['data'][number] }) {
  return (
    <Paper variant="outlined" data-testid={`daily-received-${location.location_code}`}>
      <Typography variant="h6" sx={{ px: 2, pt: 1.5 }}>
        {location.location_code}
      </Typography>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell align="right">Units Received</TableCell>
              <TableCell align="right">Cost Received</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {location.days.map((d) => (
              <TableRow key={d.date}>
                <TableCell>{d.date}</TableCell>
                <TableCell align="right">{formatCount(d.units)}</TableCell>
                <TableCell align="right">{formatDollars(d.dollars)}</TableCell>
              </TableRow>
            ))}
            <TableRow sx={{ '& td': { fontWeight: 600 } }}>
              <TableCell>Total</TableCell>
              <TableCell align="right">{formatCount(location.total_units)}</TableCell>
              <TableCell align="right">{formatDollars(location.total_dollars)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** 002 §2 /reports/daily-received: start and end date (default today), units received per location and day, and a chart. */
export function DailyReceivedPage() {
  const today = utcToday();
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(today);
  const valid = isDateWithin(startDate) && isDateWithin(endDate, startDate);
  const [asked, setAsked] = useState({ startDate: today, endDate: today });
  if (valid && (asked.startDate !== startDate || asked.endDate !== endDate)) setAsked({ startDate, endDate });
  const report = useDailyReceived(asked.startDate, asked.endDate);
  return (
    <Page title="Daily Received">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <ReportDatePicker label="Start Date" value={startDate} onChange={setStartDate} />
          <ReportDatePicker
            label="End Date"
            value={endDate}
            onChange={setEndDate}
            min={isDateWithin(startDate) ? startDate : undefined}
          />
        </Stack>
        {!valid && (
          <Typography color="error" variant="body2">
            {M.endBeforeStart}
          </Typography>
        )}
        {report.isFetching && <LinearProgress />}
        {report.isError && (
          <Alert severity="error">{serverMessage(report.error) ?? 'The report could not be loaded.'}</Alert>
        )}
        {report.data && report.data.data.length === 0 && (
          <Typography data-testid="daily-received-empty" color="text.secondary">
            {M.nothingReceived}
          </Typography>
        )}
        {report.data && report.data.data.length > 0 && (
          <>
            <Typography>
              {formatCount(report.data.total_units)} units received ({formatDollars(report.data.total_dollars)}) from{' '}
              {report.data.startDate} to {report.data.endDate}.
            </Typography>
            <DailyReceivedChart report={report.data} />
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              useFlexGap
              sx={{ flexWrap: 'wrap', '& > *': { flex: { md: '1 1 280px' } } }}
            >
              {report.data.data.map((l) => (
                <LocationTable key={l.location_code} location={l} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Page>
  );
}
