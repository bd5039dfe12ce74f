import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.js';

describe('reconnect backoff', () => {
  it('doubles from the first delay to the cap, each wait drawn from the upper half of its step', () => {
    const low = new Backoff(100, 5_000, () => 0);
    const high = new Backoff(100, 5_000, () => 1);
    expect(Array.from({ length: 9 }, () => low.next())).toEqual([50, 100, 200, 400, 800, 1600, 2500, 2500, 2500]);
    expect(Array.from({ length: 9 }, () => high.next())).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
  });

  it('starts again from the first delay after a reset, and stays capped after many failures', () => {
    const backoff = new Backoff(100, 5_000, () => 1);
    for (let i = 0; i < 100; i++) expect(backoff.next()).toBeLessThanOrEqual(5_000);
    backoff.reset();
    expect(backoff.next()).toBe(100);
  });

  it('a cancelled wait ends at once', async () => {
    const backoff = new Backoff(60_000, 60_000);
    const started = performance.now();
    const waiting = backoff.wait();
    backoff.cancel();
    await waiting;
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
