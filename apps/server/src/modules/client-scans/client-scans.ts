import type { Executor } from '../../db/database.js';
import { conflict } from '../../http/errors.js';
import { ClientScansRepository, type ClientScan } from './client-scans.repository.js';

export type { ClientScan } from './client-scans.repository.js';

export const clientScanReusedMessage = (id: string) =>
  `clientScanId ${id} was already sent with another request: each scan needs a new id`;

/**
 * Runs a scan's write at most once per client scan id, in the caller's transaction (`executor`): `work` runs and its
 * answer is stored under the id; a replay of the id with the same request answers the stored answer and runs
 * nothing; the id with another request (another route, item, bin or body) is refused, 409 naming clientScanId.
 * Without an id, `work` just runs. Called first in the transaction, before any row lock: a second send of one id
 * waits on the id's row until the first commits, and takes no other lock meanwhile.
 */
export async function onceForScan<T>(executor: Executor, scan: ClientScan | null, work: () => Promise<T>): Promise<T> {
  if (!scan) return work();
  const repo = new ClientScansRepository(executor);
  const claim = await repo.claim(scan);
  if (!claim.claimed) {
    if (!claim.same || claim.answer === null) {
      const message = clientScanReusedMessage(scan.id);
      throw conflict(message, { clientScanId: [message] });
    }
    return claim.answer as T;
  }
  const answer = await work();
  await repo.record(scan.id, answer);
  return answer;
}
