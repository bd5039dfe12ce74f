import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';

export const ZLedgerDifferenceSchema = z.object({
  kind: z.enum([
    'on-hand',
    'po-line-received',
    'serial-place',
    'serial-bucket',
    'movement',
    'bin-contents',
    'bins-over-on-hand',
    'pick-list-flag',
  ]),
  key: z.string(),
  expected: z.union([z.number(), z.string()]).nullable(),
  actual: z.union([z.number(), z.string()]).nullable(),
});
export type TLedgerDifference = z.infer<typeof ZLedgerDifferenceSchema>;

export const ZLedgerCheckResultSchema = z.object({
  clean: z.boolean(),
  differences: z.array(ZLedgerDifferenceSchema),
  elapsedMs: z.number(),
});
export type TLedgerCheckResult = z.infer<typeof ZLedgerCheckResultSchema>;

/**
 * The ledger check of `npm run ledger:check` as a call, for operators and developers (the specification has none):
 * on-hand, PO line counts, serial places and each movement's shape replayed from the ledger in one read-only snapshot.
 */
export const ledgerCheckRoute = defineRoute({
  method: 'GET',
  path: '/api/ledger/check',
  access: 'dev-route:view',
  summary: 'Replays the inventory ledger and lists every figure that disagrees with it',
  tag: 'Ledger',
  response: ZLedgerCheckResultSchema,
});
