/**
 * At most `limit` ledger writes of a process hold a database connection at once; the others wait here, in
 * arrival order. Without it, fifty scanners queue fifty transactions in the connection pool (PostgreSQL) or on
 * the one PGlite instance, and a read arriving behind them waits for all of them (`/api/health`
 * p99 1.4 s while scans ran). With it, a read waits for at most the writes already running.
 */
export class WriteGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`a write gate needs a limit of at least 1, got ${limit}`);
  }

  /** Writes holding a slot and writes waiting for one, now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter (running stays the same), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
