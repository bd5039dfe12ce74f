import type { TSimulationEvent } from '@keystone/contracts';

/** At most this many points per series in the on-hand chart. */
export const CHART_MAX_POINTS = 1000;

export interface OnHandSeries {
  /** The time of each point. */
  dates: Date[];
  /** Buckets in name order, each with its on-hand at every point. */
  buckets: { bucket: string; values: number[] }[];
  /** Events the points stand for (equal to the points when not downsampled). */
  events: number;
  /** A point after every `step`-th event (1: after each). */
  step: number;
  downsampled: boolean;
}

/**
 * On-hand per bucket over time from the replayed events (each carries its bucket's on-hand after it), for a step
 * chart: one point after every event, or, past `maxPoints` events, after every k-th event (k = ceil(events /
 * maxPoints), the first and last events always kept). Each kept point is the exact on-hand of every bucket after that event, and
 * the step after it holds until the next point, so the steps stay steps; a change undone between two kept points
 * (within k events) does not show. The events table and the final figures are never downsampled.
 */
export function onHandSeries(events: readonly TSimulationEvent[], maxPoints = CHART_MAX_POINTS): OnHandSeries {
  const names = [...new Set(events.map((e) => e.bucket))].sort();
  const index = new Map(names.map((name, i) => [name, i]));
  const state = names.map(() => 0);
  const step = events.length > maxPoints ? Math.ceil(events.length / maxPoints) : 1;
  const dates: Date[] = [];
  const values: number[][] = names.map(() => []);
  events.forEach((e, i) => {
    state[index.get(e.bucket)!] = e.on_hand_after;
    if ((i + 1) % step !== 0 && i !== 0 && i !== events.length - 1) return;
    dates.push(new Date(e.events_date));
    state.forEach((v, b) => values[b]!.push(v));
  });
  return {
    dates,
    buckets: names.map((bucket, b) => ({ bucket, values: values[b]! })),
    events: events.length,
    step,
    downsampled: step > 1,
  };
}

/** A serial's place after one of its history events. */
export interface SerialPlace {
  from: string;
  /** Null while it is still there. */
  until: string | null;
  place: string;
  days: number;
}

/** How long a serial spent in each place: one row per event that put it somewhere, until the next one. */
export function serialPlaces(
  events: readonly {
    events_date: string;
    bucket: string;
    new_location_code: string | null;
    new_condition_code: string | null;
    new_disposition_code: string | null;
  }[],
  now = new Date(),
): SerialPlace[] {
  return events.map((e, i) => {
    const next = events[i + 1];
    const until = next ? next.events_date : null;
    const place =
      e.new_disposition_code && e.new_disposition_code !== 'LIVE'
        ? e.new_disposition_code
        : [e.new_location_code, e.new_condition_code].filter(Boolean).join(' · ') || e.bucket;
    const days = Math.max(0, ((until ? Date.parse(until) : now.getTime()) - Date.parse(e.events_date)) / 86_400_000);
    return { from: e.events_date, until, place, days };
  });
}
