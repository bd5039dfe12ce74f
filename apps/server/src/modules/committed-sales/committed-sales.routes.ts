import {
  addCommittedSaleSerialRoute,
  commitSaleRoute,
  exportCommittedSalesRoute,
  finishInvoiceRoute,
  listCommittedSalesRoute,
  transactCommittedSaleRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerCommittedSalesRoutes({ route, services }: ModuleContext): void {
  const { committedSales } = services;
  route(commitSaleRoute, async ({ body, auth }) => committedSales.commit(body, auth.user));
  route(listCommittedSalesRoute, async ({ query }) => ({ data: await committedSales.listOpen(query.search) }));
  route(exportCommittedSalesRoute, async ({ query }) => committedSales.export(query));
  route(transactCommittedSaleRoute, async ({ params, body, auth }) =>
    committedSales.transact(params.ref, body, auth.user),
  );
  route(addCommittedSaleSerialRoute, async ({ params, body }) => committedSales.addSerial(params.ref, body));
  route(finishInvoiceRoute, async ({ body, auth }) => committedSales.finishInvoice(body, auth.user));
}
