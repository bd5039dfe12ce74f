import type { Executor } from '../../db/database.js';

declare const LEDGER_TX: unique symbol;

/**
 * The executor of a transaction opened by `LedgerWrites.run` (ledger-transaction.ts): the only executor `Ledger`'s
 * posting and locking methods accept. Only ledger-transaction.ts makes one (test/ledger-ownership.test.ts), so a stock
 * write cannot run outside the gate and the retry: the type checker refuses a plain transaction's executor.
 */
export type LedgerTx = Executor & { readonly [LEDGER_TX]: true };
