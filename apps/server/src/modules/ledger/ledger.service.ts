import type { TLedgerCheckResult } from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { checkLedger } from './ledger-check.js';

/** The ledger's check that replays it; every write posts through `Ledger` (ledger-writer.ts) in the caller's transaction. */
export class LedgerService {
  /** The last check this process ran: its result and when it ended (the metrics show it). */
  lastCheck: { clean: boolean; differences: number; elapsedMs: number; at: Date } | null = null;

  constructor(private readonly db: Database) {}

  /** One read-only repeatable-read snapshot, so concurrent writes cannot make it report a false difference. */
  async check(): Promise<TLedgerCheckResult> {
    const started = performance.now();
    const differences = await this.db.transaction(async (tx) => checkLedger(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    const elapsedMs = Math.round(performance.now() - started);
    this.lastCheck = { clean: differences.length === 0, differences: differences.length, elapsedMs, at: new Date() };
    return { clean: differences.length === 0, differences, elapsedMs };
  }
}
