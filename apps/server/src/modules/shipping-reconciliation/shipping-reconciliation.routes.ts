import type { FastifyRequest } from 'fastify';
import {
  applyPaymentsRoute,
  downloadPaymentBatchRoute,
  generateShippingTransactionsRoute,
  genericReconciliationRoute,
  intakeGrayBoxesRoute,
  listGrayBoxesRoute,
  RECONCILIATION_MAX_FILE_BYTES,
  RECONCILIATION_MESSAGES,
  RECONCILIATION_UPLOAD_FIELD,
  searchShippingTransactionsRoute,
  shipmentHistoryRoute,
  shippingCompaniesRoute,
  uploadCarrierInvoiceRoute,
  type TReconciliationCarrier,
} from '@keystone/contracts';
import { HttpError } from '../../http/errors.js';
import { requestFile } from '../../http/input-text.js';
import type { AuthUser } from '../../http/register-route.js';
import type { ModuleContext } from '../module-context.js';
import type { ShippingReconciliationService } from './shipping-reconciliation.service.js';

/** The multipart limits of a carrier invoice: one file of at most 200 MB, read as a stream. */
const INVOICE_UPLOAD_LIMITS = { fileSize: RECONCILIATION_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1_000, fieldNameSize: 100, parts: 12, headerPairs: 50 };

const fileError = (status: number, message: string) => new HttpError(status, message, { file: [message] });

/** Streams the uploaded invoice into the service's parser; every failure is the client's and names `file`. */
async function uploadInvoice(request: FastifyRequest, service: ShippingReconciliationService, carrier: TReconciliationCarrier, user: AuthUser) {
  if (!request.isMultipart()) throw fileError(415, RECONCILIATION_MESSAGES.notMultipart);
  let file;
  try {
    file = await requestFile(request, { limits: INVOICE_UPLOAD_LIMITS, throwFileSizeLimit: true });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const e = error as { statusCode?: number; message?: string };
    throw fileError(typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 400, `The upload could not be read: ${e.message ?? 'malformed multipart body'}`);
  }
  if (!file || file.fieldname !== RECONCILIATION_UPLOAD_FIELD) {
    file?.file.resume();
    throw fileError(400, RECONCILIATION_MESSAGES.fileMissing);
  }
  let tooLarge = false;
  file.file.on('limit', () => {
    tooLarge = true;
    file.file.destroy(new Error('too large'));
  });
  try {
    return await service.upload(carrier, { stream: file.file, filename: file.filename || 'invoice.csv' }, user);
  } catch (error) {
    if (tooLarge) throw fileError(413, `The file is larger than ${RECONCILIATION_MAX_FILE_BYTES / 1024 / 1024} MB.`);
    if (error instanceof HttpError) throw error;
    const e = error as { code?: string; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(413, `The file is larger than ${RECONCILIATION_MAX_FILE_BYTES / 1024 / 1024} MB.`);
    throw error;
  }
}

export function registerShippingReconciliationRoutes({ route, services }: ModuleContext): void {
  const { shippingReconciliation: service } = services;
  route(uploadCarrierInvoiceRoute, async ({ params, request, auth }) => uploadInvoice(request, service, params.carrier, auth.user));
  route(generateShippingTransactionsRoute, async ({ params, query, auth }) => service.generate(params.carrier, query, auth.user));
  route(shippingCompaniesRoute, async ({ query, auth }) => service.shippingCompanies(query.mock, auth.user));
  route(genericReconciliationRoute, async ({ query, auth }) => service.generic(query, auth.user));
  route(searchShippingTransactionsRoute, async ({ query, auth }) => service.search(query, auth.user));
  route(shipmentHistoryRoute, async ({ params }) => service.history(params.trackingNumber));
  route(applyPaymentsRoute, async ({ body, auth }) => service.apply(body, auth.user));
  route(downloadPaymentBatchRoute, async ({ params, query, reply }) => {
    const file = await service.download(params.batchId, query.format ?? 'xlsx');
    reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.body);
    return undefined;
  });
  route(intakeGrayBoxesRoute, async ({ body }) => service.intakeGrayBoxes(body));
  route(listGrayBoxesRoute, async ({ query }) => service.listGrayBoxes(query));
}
