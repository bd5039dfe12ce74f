import {
  addScannedTransferItemRoute,
  commitTransferRoute,
  committedTransfersBoardRoute,
  exportCommittedTransfersBoardRoute,
  exportTransactedTransfersRoute,
  deleteCommittedTransferRoute,
  getCommittedTransferRoute,
  listCommittedTransfersRoute,
  listTransactedTransfersRoute,
  quickTransferWithoutSerialsRoute,
  transactCommittedTransferRoute,
  updateCommittedTransferRoute,
  updateTransferNotesRoute,
} from '@keystone/contracts';
import {
  committedInboundTransfersRoute,
  inboundTransfersFilter,
  searchTransferTransactionsRoute,
  transactedInboundTransfersRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerTransfersRoutes({ route, services }: ModuleContext): void {
  const { transfers } = services;
  route(commitTransferRoute, async ({ body, auth }) => transfers.commit(body, auth.user));
  route(getCommittedTransferRoute, async ({ params }) => transfers.get(params.refId));
  route(listCommittedTransfersRoute, async ({ query }) => ({ data: await transfers.listCommitted(query) }));
  route(updateCommittedTransferRoute, async ({ params, body }) => transfers.update(params.refId, body));
  route(deleteCommittedTransferRoute, async ({ params }) => transfers.delete(params.refId));
  route(listTransactedTransfersRoute, async ({ query }) => ({ data: await transfers.listTransacted(query.model) }));
  route(exportTransactedTransfersRoute, async ({ query }) => transfers.exportTransacted(query));
  route(addScannedTransferItemRoute, async ({ params, body, auth }) =>
    transfers.addScannedItem(params.refId, body, auth.user),
  );
  route(transactCommittedTransferRoute, async ({ params, body, auth }) =>
    transfers.transact(params.refId, body, auth.user),
  );
  route(quickTransferWithoutSerialsRoute, async ({ body, auth }) => transfers.quickTransfer(body, auth.user));
  route(updateTransferNotesRoute, async ({ body }) => transfers.updateTransferNotes(body.id, body.transfer_notes));
  route(committedTransfersBoardRoute, async ({ query }) => transfers.board(query.search));
  route(exportCommittedTransfersBoardRoute, async ({ query }) => transfers.exportBoard(query));
  route(committedInboundTransfersRoute, async ({ query }) => ({
    data: await transfers.inbound(inboundTransfersFilter(query), false),
  }));
  route(transactedInboundTransfersRoute, async ({ query }) => ({
    data: await transfers.inbound(inboundTransfersFilter(query), true),
  }));
  route(searchTransferTransactionsRoute, async ({ query }) => ({
    data: await transfers.searchTransferTransactions(query.searchType, query.id),
  }));
}
