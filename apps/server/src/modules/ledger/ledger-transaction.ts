import { AsyncLocalStorage } from 'node:async_hooks';
import { Backoff } from '../../db/backoff.js';
import type { Database, Executor } from '../../db/database.js';
import { errorChain } from '../../db/error-chain.js';
import { WriteGate } from '../../db/write-gate.js';
import { SILENT_LOG, type ServiceLog } from '../service-log.js';
import { Ledger } from './ledger-writer.js';
import type { LedgerTx } from './ledger-tx.js';

export type { LedgerTx } from './ledger-tx.js';

/** PostgreSQL's SQLSTATE of an error, looking through the driver's and Drizzle's wrappers. */
export function pgCode(error: unknown): string | undefined {
  return errorChain(error)
    .map((e) => e.code)
    .find((code): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
}

/** A deadlock (40P01) or serialization failure (40001): PostgreSQL rolled the transaction back, and running it again is safe. */
export const isRetryable = (error: unknown): boolean => ['40P01', '40001'].includes(pgCode(error) ?? '');

/** Thrown by a `run` called inside another `run` (a programming error: the inner work must take the outer `tx`). */
export class NestedLedgerWriteError extends Error {
  constructor() {
    super(
      'LedgerWrites.run was called inside another run: pass the outer transaction (tx) on instead; a nested run waits for a second gate slot while holding one',
    );
  }
}

export interface LedgerWritesOptions {
  log?: ServiceLog;
  /** Reruns after the first attempt, for a deadlock or serialization failure. */
  retries?: number;
  /** The pause before a rerun: from `firstMs`, doubling to `maxMs`, with jitter (db/backoff.ts). */
  backoff?: { firstMs: number; maxMs: number };
}

/**
 * The one entry of every stock write: `run` passes the process's write gate
 * (`LEDGER_WRITE_CONCURRENCY`, db/write-gate.ts), opens the database transaction, hands its executor and the `Ledger`
 * to the work, and reruns the whole transaction when PostgreSQL rolled it back as a deadlock victim or a serialization
 * failure (up to `retries` times, each rerun logged, a short randomized pause between, the gate slot given back while
 * it waits). Created once per process (modules/services.ts) and given to every service that writes stock.
 *
 * The work must be safe to run again: it may only change the database (nothing outside it) before it returns.
 * A service method that runs inside another's transaction takes its `tx` and must not call `run` again: a nested run
 * would hold one gate slot while it waits for another (with every slot so held, no write would ever finish). It throws
 * `NestedLedgerWriteError` instead.
 */
export class LedgerWrites {
  private readonly inside = new AsyncLocalStorage<true>();
  private readonly log: ServiceLog;
  private readonly retries: number;
  private readonly backoff: { firstMs: number; maxMs: number };

  constructor(
    private readonly db: Database | Executor,
    readonly gate: WriteGate = new WriteGate(1),
    readonly ledger: Ledger = new Ledger(),
    options: LedgerWritesOptions = {},
  ) {
    this.log = options.log ?? SILENT_LOG;
    this.retries = options.retries ?? 3;
    this.backoff = options.backoff ?? { firstMs: 10, maxMs: 200 };
  }

  /** True inside a `run` of this entry (a method that must not open its own may check it). */
  get active(): boolean {
    return this.inside.getStore() === true;
  }

  async run<T>(
    work: (tx: LedgerTx, ledger: Ledger) => Promise<T>,
    options: { mapError?: (error: unknown) => unknown } = {},
  ): Promise<T> {
    if (this.active) throw new NestedLedgerWriteError();
    let backoff: Backoff | null = null;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.gate.run(() =>
          this.inside.run(true, () => this.db.transaction((tx) => work(tx as LedgerTx, this.ledger))),
        );
      } catch (error) {
        if (attempt <= this.retries && isRetryable(error)) {
          this.log.warn({ sqlState: pgCode(error), attempt }, 'ledger write rolled back by the database; retrying');
          backoff ??= new Backoff(this.backoff.firstMs, this.backoff.maxMs);
          await backoff.wait();
          continue;
        }
        const mapped = options.mapError?.(error);
        throw mapped === undefined ? error : mapped;
      }
    }
  }
}
