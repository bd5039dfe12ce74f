/** Reconnect delays: from `firstMs`, doubling to `maxMs`, each drawn at random from its upper half (jitter). */
export const RECONNECT_BACKOFF = { firstMs: 100, maxMs: 5_000 } as const;

/**
 * Capped exponential backoff with jitter, for a loop that retries a connection: the n-th wait lasts between half and
 * all of min(maxMs, firstMs * 2^n), so processes that lost the database at the same moment do not all return together.
 */
export class Backoff {
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly firstMs: number = RECONNECT_BACKOFF.firstMs,
    private readonly maxMs: number = RECONNECT_BACKOFF.maxMs,
    private readonly random: () => number = Math.random,
  ) {}

  /** The next delay, counting one more failure. */
  next(): number {
    const ceiling = Math.min(this.maxMs, this.firstMs * 2 ** Math.min(this.failures, 30));
    this.failures++;
    return Math.round(ceiling / 2 + (ceiling / 2) * this.random());
  }

  reset(): void {
    this.failures = 0;
  }

  /** Waits the next delay; `cancel()` ends the wait at once. */
  wait(): Promise<void> {
    const ms = this.next();
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.wake?.();
  }
}
