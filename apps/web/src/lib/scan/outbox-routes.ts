import {
  addCommittedSaleSerialRoute,
  addScannedTransferItemRoute,
  pickItemRoute,
  quickAddScannedAuditItemRoute,
  quickScanReceiveRoute,
  unreceiveRoute,
  updateBinItemsRoute,
  type ApiRouteDef,
} from '@keystone/contracts';
import { callApi } from '../api-client';
import type { OutboxEntry, TOutboxKind } from './scan-outbox';

/**
 * The route of each kind of outbox scan. Later scan flows (transfers, counts) add theirs. Loaded on the first send,
 * so the contracts' schemas (zod) stay out of the shell's first download.
 */
export const OUTBOX_ROUTES = {
  receive: quickScanReceiveRoute,
  'transfer-scan': addScannedTransferItemRoute,
  'audit-scan': quickAddScannedAuditItemRoute,
  pick: pickItemRoute,
  'bin-items': updateBinItemsRoute,
  'sale-serial': addCommittedSaleSerialRoute,
  unreceive: unreceiveRoute,
} as const satisfies Record<TOutboxKind, ApiRouteDef>;

/** Sends one entry: its kind's route, with the entry's path parameters (a transfer's refId, a receipt's reference) and body. */
export function sendOutboxEntry(
  entry: OutboxEntry,
  signal: AbortSignal,
  call: typeof callApi = callApi,
): Promise<unknown> {
  const route: ApiRouteDef = OUTBOX_ROUTES[entry.kind];
  return call(route, {
    ...(entry.params ? { params: entry.params } : {}),
    body: entry.body,
    silent: true,
    signal,
  } as never);
}
