import { describe, expect, it } from 'vitest';
import type { TSimulationEvent } from '@keystone/contracts';
import { onHandSeries, serialPlaces } from './on-hand-series';

/** Events replayed the way the server does: each carries its bucket's on-hand after it. */
function replay(moves: [string, number][]): TSimulationEvent[] {
  const held = new Map<string, number>();
  let total = 0;
  return moves.map(([bucket, delta], i) => {
    held.set(bucket, (held.get(bucket) ?? 0) + delta);
    total += delta;
    return {
      id: i + 1,
      events_date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      type: delta > 0 ? 'INVENTORY_RECEIPT' : 'INVENTORY_SALE',
      ims_transaction_reference_id: `IR-${String(i + 1).padStart(7, '0')}`,
      document_reference: null,
      bucket,
      quantity_delta: delta,
      on_hand_after: held.get(bucket)!,
      total_on_hand_after: total,
      transacted_by: null,
      notes: null,
    };
  });
}

describe('onHandSeries', () => {
  it('draws one point per event with every bucket on it, buckets in name order', () => {
    const s = onHandSeries(
      replay([
        ['KY01', 3],
        ['TX01', 2],
        ['KY01', -1],
        ['TX01', -2],
      ]),
    );
    expect(s.downsampled).toBe(false);
    expect(s.dates).toHaveLength(4);
    expect(s.buckets).toEqual([
      { bucket: 'KY01', values: [3, 3, 2, 2] },
      { bucket: 'TX01', values: [0, 2, 2, 0] },
    ]);
  });

  it('keeps the first, every k-th and the last event past the limit, each point the exact on-hand after it', () => {
    const moves: [string, number][] = Array.from({ length: 1001 }, (_, i) => [i % 2 ? 'TX01' : 'KY01', 1]);
    const events = replay(moves);
    const s = onHandSeries(events, 100);
    expect(s).toMatchObject({ downsampled: true, step: 11, events: 1001 });
    // Events 1, 11, 22, … 990 and 1001.
    expect(s.dates).toHaveLength(1 + 90 + 1);
    expect(s.dates[0]!.toISOString()).toBe(events[0]!.events_date);
    expect(s.dates.at(-1)!.toISOString()).toBe(events.at(-1)!.events_date);
    expect(s.buckets.map((b) => b.values.at(-1))).toEqual([501, 500]);
    // The point after event 22 (index 21): KY01 had 11, TX01 11.
    expect(s.buckets.map((b) => b.values[2])).toEqual([11, 11]);
  });

  it('is empty without events', () => {
    expect(onHandSeries([])).toEqual({ dates: [], buckets: [], events: 0, step: 1, downsampled: false });
  });
});

describe('serialPlaces', () => {
  it('gives each place the time until the next move, the last until now; a sold serial shows its disposition', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
    const event = (day: number, location: string | null, disposition: string) => ({
      events_date: at(day),
      bucket: location ?? 'KY01',
      new_location_code: location,
      new_condition_code: location ? 'NEW' : null,
      new_disposition_code: disposition,
    });
    const rows = serialPlaces(
      [event(1, 'KY01', 'LIVE'), event(4, 'TX01', 'LIVE'), event(10, null, 'SOLD')],
      new Date(at(12)),
    );
    expect(rows).toEqual([
      { from: at(1), until: at(4), place: 'KY01 · NEW', days: 3 },
      { from: at(4), until: at(10), place: 'TX01 · NEW', days: 6 },
      { from: at(10), until: null, place: 'SOLD', days: 2 },
    ]);
  });
});
