import { quickScanReceiveRoute, type ApiRouteDef } from '@keystone/contracts';
import type { TOutboxKind } from './scan-outbox';

/**
 * The route of each kind of outbox scan. Later scan flows (transfers, counts) add theirs. Loaded on the first send,
 * so the contracts' schemas (zod) stay out of the shell's first download.
 */
export const OUTBOX_ROUTES = { receive: quickScanReceiveRoute } as const satisfies Record<TOutboxKind, ApiRouteDef>;
