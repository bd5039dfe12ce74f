import { useMemo } from 'react';
import { Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TSimulationEvent } from '@keystone/contracts';
import { formatDate, formatTimestamp } from '../../../lib/format-date';
import { onHandSeries } from './on-hand-series';
import { formatCount } from '../../../lib/format-number';

/**
 * On-hand per bucket over time, as steps (MUI X Charts). Loaded with the simulation screen only, after its events
 * (a chunk of its own). Past CHART_MAX_POINTS events the series is downsampled (see onHandSeries).
 */
export function OnHandChart({ events }: { events: readonly TSimulationEvent[] }) {
  const series = useMemo(() => onHandSeries(events), [events]);
  // Ticks as precise as the span needs: seconds within an hour, the time within two days, else the date.
  const span = series.dates.length ? series.dates.at(-1)!.getTime() - series.dates[0]!.getTime() : 0;
  const tick = (d: Date) =>
    span < 3_600_000
      ? formatTimestamp(d).slice(11) + `:${String(d.getSeconds()).padStart(2, '0')}`
      : span < 2 * 86_400_000
        ? formatTimestamp(d).slice(5)
        : formatDate(d);
  return (
    <>
      <LineChart
        height={320}
        xAxis={[
          {
            data: series.dates,
            scaleType: 'time',
            valueFormatter: (d: Date, context) => (context.location === 'tick' ? tick(d) : formatTimestamp(d)),
          },
        ]}
        yAxis={[{ label: 'On hand' }]}
        series={series.buckets.map((b) => ({
          id: b.bucket,
          data: b.values,
          label: b.bucket,
          curve: 'stepAfter' as const,
          showMark: false,
        }))}
      />
      {series.downsampled && (
        <Typography variant="caption" color="text.secondary" data-testid="chart-downsampled">
          {formatCount(series.events)} events drawn as {formatCount(series.dates.length)} points (on-hand after every{' '}
          {formatCount(series.step)} events, and after the first and the last); the table holds every event.
        </Typography>
      )}
    </>
  );
}
