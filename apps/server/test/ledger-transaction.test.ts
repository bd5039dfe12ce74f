import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { WriteGate } from '../src/db/write-gate.js';
import { LedgerWrites, NestedLedgerWriteError } from '../src/modules/ledger/ledger-transaction.js';

/**
 * The ledger's one entry (issue 33 item 3) on a stand-in database whose transaction runs the work and counts it:
 * the rerun after a deadlock or serialization failure, the mapped error, the gate, and the nested-run guard.
 */
function fakeDatabase() {
  const state = { transactions: 0, open: 0, mostOpen: 0 };
  const db = {
    async transaction<T>(work: (tx: unknown) => Promise<T>): Promise<T> {
      state.transactions++;
      state.open++;
      state.mostOpen = Math.max(state.mostOpen, state.open);
      try {
        return await work({ fake: 'tx' });
      } finally {
        state.open--;
      }
    },
  };
  return { db: db as unknown as Database, state };
}

/** A database error as node-postgres throws it, wrapped as Drizzle does. */
const pgError = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(`sqlstate ${code}`), { code }) });

const quick = { backoff: { firstMs: 1, maxMs: 2 } };

describe('LedgerWrites.run', () => {
  it('reruns a transaction rolled back as a deadlock victim or a serialization failure, logging each rerun', async () => {
    const { db, state } = fakeDatabase();
    const warnings: object[] = [];
    const writes = new LedgerWrites(db, new WriteGate(1), undefined, {
      ...quick,
      log: { warn: (details) => warnings.push(details) },
    });
    let attempts = 0;
    const answer = await writes.run(async () => {
      attempts++;
      if (attempts === 1) throw pgError('40P01');
      if (attempts === 2) throw pgError('40001');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(state.transactions).toBe(3);
    expect(warnings).toEqual([
      { sqlState: '40P01', attempt: 1 },
      { sqlState: '40001', attempt: 2 },
    ]);
  });

  it('gives up after its reruns and throws the database error; any other error is not rerun', async () => {
    const { db, state } = fakeDatabase();
    const writes = new LedgerWrites(db, new WriteGate(1), undefined, { ...quick, retries: 3 });
    await expect(writes.run(async () => Promise.reject(pgError('40P01')))).rejects.toThrow('Failed query');
    expect(state.transactions).toBe(4);
    await expect(writes.run(async () => Promise.reject(pgError('23505')))).rejects.toThrow('Failed query');
    expect(state.transactions).toBe(5);
  });

  it('answers the caller’s mapping of the final error', async () => {
    const { db } = fakeDatabase();
    const writes = new LedgerWrites(db, new WriteGate(1), undefined, quick);
    const mapped = new Error('mapped');
    await expect(
      writes.run(async () => Promise.reject(pgError('23505')), {
        mapError: (e) => (e instanceof Error ? mapped : undefined),
      }),
    ).rejects.toBe(mapped);
    await expect(
      writes.run(async () => Promise.reject(pgError('23505')), { mapError: () => undefined }),
    ).rejects.toThrow('Failed query');
  });

  it('holds at most the gate’s limit of transactions open at once', async () => {
    const { db, state } = fakeDatabase();
    const writes = new LedgerWrites(db, new WriteGate(2), undefined, quick);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all(Array.from({ length: 8 }, () => writes.run(pause)));
    expect(state.transactions).toBe(8);
    expect(state.mostOpen).toBe(2);
  });

  it('refuses a run nested in another (instead of waiting for a second gate slot forever)', async () => {
    const { db, state } = fakeDatabase();
    const writes = new LedgerWrites(db, new WriteGate(1), undefined, quick);
    const nested = writes.run(async () => writes.run(async () => 'inner'));
    await expect(nested).rejects.toBeInstanceOf(NestedLedgerWriteError);
    expect(state.transactions).toBe(1);
    // Outside any run again: a run goes through, and so do two at once.
    expect(writes.active).toBe(false);
    await expect(Promise.all([writes.run(async () => 1), writes.run(async () => 2)])).resolves.toEqual([1, 2]);
  });
});
