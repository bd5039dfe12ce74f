import { useMemo } from 'react';
import { Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TSimulationEvent } from '@keystone/contracts';
import { formatTimestamp } from '../../../lib/format-date';
import { onHandSeries } from './on-hand-series';

/**
 * On-hand per bucket over time, as steps (MUI X Charts). Loaded with the simulation screen only, after its events
 * (a chunk of its own). Past CHART_MAX_POINTS events the series is downsampled (see onHandSeries).
 */
export function OnHandChart({ events }: { events: readonly TSimulationEvent[] }) {
  const series = useMemo(() => onHandSeries(events), [events]);
  return (
    <>
      <LineChart
        height={320}
        xAxis={[{ data: series.dates, scaleType: 'time', valueFormatter: (d: Date) => formatTimestamp(d) }]}
        yAxis={[{ label: 'On hand' }]}
        series={series.buckets.map((b) => ({ id: b.bucket, data: b.values, label: b.bucket, curve: 'stepAfter' as const, showMark: false }))}
      />
      {series.downsampled && (
        <Typography variant="caption" color="text.secondary" data-testid="chart-downsampled">
          {series.events.toLocaleString('en-US')} events drawn as {series.dates.length.toLocaleString('en-US')} points (on-hand after every {series.step.toLocaleString('en-US')} events, and
          after the first and the last); the table holds every event.
        </Typography>
      )}
    </>
  );
}
