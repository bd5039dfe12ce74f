import {
  applyPaymentsRoute,
  downloadPaymentBatchRoute,
  generateShippingTransactionsRoute,
  genericReconciliationRoute,
  intakeGrayBoxesRoute,
  listGrayBoxesRoute,
  searchShippingTransactionsRoute,
  shipmentHistoryRoute,
  shippingCompaniesRoute,
  uploadCarrierInvoiceRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerShippingReconciliationRoutes({ route, services }: ModuleContext): void {
  const { shippingReconciliation: service } = services;
  route(uploadCarrierInvoiceRoute, async ({ params, file, auth }) =>
    service.upload(params.carrier, { stream: file.stream, filename: file.filename || 'invoice.csv' }, auth.user),
  );
  route(generateShippingTransactionsRoute, async ({ params, query, auth }) =>
    service.generate(params.carrier, query, auth.user),
  );
  route(shippingCompaniesRoute, async ({ query, auth }) => service.shippingCompanies(query.mock, auth.user));
  route(genericReconciliationRoute, async ({ query, auth }) => service.generic(query, auth.user));
  route(searchShippingTransactionsRoute, async ({ query, auth }) => service.search(query, auth.user));
  route(shipmentHistoryRoute, async ({ params }) => service.history(params.trackingNumber));
  route(applyPaymentsRoute, async ({ body, auth }) => service.apply(body, auth.user));
  route(downloadPaymentBatchRoute, async ({ params, query }) => {
    const file = await service.download(params.batchId, query.format ?? 'xlsx');
    return { body: file.body, contentType: file.contentType, fileName: file.filename };
  });
  route(intakeGrayBoxesRoute, async ({ body }) => service.intakeGrayBoxes(body));
  route(listGrayBoxesRoute, async ({ query }) => service.listGrayBoxes(query));
}
