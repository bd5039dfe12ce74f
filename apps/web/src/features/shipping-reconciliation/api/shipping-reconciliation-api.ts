import { useQuery } from '@tanstack/react-query';
import {
  RECONCILIATION_MESSAGES as M,
  RECONCILIATION_REQUEST_TIMEOUT_SECONDS,
  applyPaymentsRoute,
  downloadPaymentBatchRoute,
  generateShippingTransactionsRoute,
  genericReconciliationRoute,
  searchShippingTransactionsRoute,
  shipmentHistoryRoute,
  shippingCompaniesRoute,
  uploadCarrierInvoiceRoute,
  type TApplyPayments,
  type TApplyPaymentsResult,
  type TInvoiceUploadResult,
  type TReconciliationCarrier,
} from '@keystone/contracts';
import { ApiCallError, callApi, downloadFile, saveBlob, uploadFile } from '../../../lib/api-client';

/** 002 §9 reconciliation request timeout 30 (read as seconds): a call past it is abandoned. */
const timeoutSignal = (signal?: AbortSignal) => {
  const timeout = AbortSignal.timeout(RECONCILIATION_REQUEST_TIMEOUT_SECONDS * 1000);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
};

const mockQuery = (mock: boolean) => (mock ? { mock: '1' as const } : {});

/** 002 §7 GET shipping-reconciliation/shipping-companies: the ship_company list of the generic view's filter. */
export function useShippingCompanies(mock: boolean) {
  return useQuery({
    queryKey: ['shipping-reconciliation', 'companies', mock],
    queryFn: ({ signal }) => callApi(shippingCompaniesRoute, { query: mockQuery(mock), signal, silent: true }),
  });
}

export interface GenericFilters {
  from: string;
  to: string;
  fulfillmentWarehouse: string;
  shippingCompany: string;
}

/** 002 §7 GET shipping-reconciliation/generic with its filters. */
export function useGenericTransactions(filters: GenericFilters, mock: boolean) {
  return useQuery({
    queryKey: ['shipping-reconciliation', 'generic', filters, mock],
    queryFn: ({ signal }) =>
      callApi(genericReconciliationRoute, {
        query: { ...filters, ...mockQuery(mock) },
        signal: timeoutSignal(signal),
        silent: true,
      }),
  });
}

/** A shipment's invoice lines and payments; disabled until a tracking number is chosen. */
export function useShipmentHistory(trackingNumber: string | null) {
  return useQuery({
    queryKey: ['shipping-reconciliation', 'history', trackingNumber],
    enabled: trackingNumber !== null,
    queryFn: ({ signal }) =>
      callApi(shipmentHistoryRoute, {
        params: { trackingNumber: trackingNumber! },
        signal: timeoutSignal(signal),
        silent: true,
      }),
  });
}

/** 002 §7 GET shipping-reconciliation/shipping-transactions?trackingNumbers[]=…; disabled while there is no value (002 §5). */
export function useTrackingSearch(trackingNumbers: string[], mock: boolean) {
  return useQuery({
    queryKey: ['shipping-reconciliation', 'search', trackingNumbers, mock],
    enabled: trackingNumbers.length > 0,
    queryFn: ({ signal }) =>
      callApi(searchShippingTransactionsRoute, {
        query: { trackingNumbers, ...mockQuery(mock) },
        signal: timeoutSignal(signal),
        silent: true,
      }),
  });
}

/** 002 §7 GET {carrier}/generate?filename=: the uploaded invoice's shipping transactions (the sample's with mock). */
export function useGeneratedTransactions(carrier: TReconciliationCarrier, filename: string | null, mock: boolean) {
  return useQuery({
    queryKey: ['shipping-reconciliation', 'generate', carrier, filename, mock],
    enabled: filename !== null,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      callApi(generateShippingTransactionsRoute, {
        params: { carrier },
        query: { filename: filename ?? '', ...mockQuery(mock) },
        signal: timeoutSignal(signal),
        silent: true,
      }),
  });
}

/** The server's text of a refused call: its message, then the fields it names. */
function refusalText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body.trim() ? body : null;
  const { message, errors } = body as { message?: unknown; errors?: Record<string, unknown> };
  const fields = errors && typeof errors === 'object' ? Object.values(errors).flat().map(String) : [];
  if (typeof message === 'string' && message)
    return fields.length && !fields.includes(message) ? `${message} ${fields.join(' ')}` : message;
  return JSON.stringify(body);
}

/**
 * 002 §7 POST {carrier}/upload (multipart): answers the filename for generate. Rejects with the text to show: the
 * server's (the columns a wrong layout lacks, a bad line), or 'Unknown error' when the failure has no body (002 §8).
 */
export async function uploadCarrierInvoice(carrier: TReconciliationCarrier, file: File): Promise<TInvoiceUploadResult> {
  try {
    return await uploadFile(uploadCarrierInvoiceRoute, { params: { carrier }, file, silent: true });
  } catch (error) {
    throw new Error((error instanceof ApiCallError ? refusalText(error.body) : null) ?? M.unknownError, {
      cause: error,
    });
  }
}

/** 002 §7 PUT shipping-reconciliation/update: one batch; the same idempotency key answers the same batch. */
export const applyPayments = (body: TApplyPayments) =>
  callApi(applyPaymentsRoute, { body, silent: true, signal: timeoutSignal() });

/**
 * 002 §8 apply payments failure: the message after 'The following error occurred: '. A refusal (400, 409, 422) gives
 * the server's message or the JSON of its data; 'The given data was invalid.' is followed by ' Details: {errors}';
 * other statuses give 'Unknown error'. A call that never reached the server says so (a retry sends the same key).
 */
export function applyFailureMessage(error: unknown): string {
  if (!(error instanceof ApiCallError))
    return 'The server could not be reached (network error or timeout). Retry to send the same batch again.';
  if (![400, 409, 422].includes(error.status)) return M.unknownError;
  const body = error.body as { message?: unknown; errors?: Record<string, unknown> } | null;
  if (!body || typeof body !== 'object')
    return typeof error.body === 'string' && error.body ? error.body : M.unknownError;
  if (typeof body.message !== 'string' || !body.message) return JSON.stringify(body);
  const errors =
    body.errors && typeof body.errors === 'object'
      ? Object.entries(body.errors).map(([k, v]) => `${k}: ${[v].flat().map(String).join(', ')}`)
      : [];
  if (body.message === M.givenDataInvalid || errors.length)
    return `${body.message}${errors.length ? M.details(errors.join('; ')) : ''}`;
  return body.message;
}

export type ResultsFormat = 'xlsx' | 'csv';

/** The results download (GET /shipping-reconciliation/updates/{batchId}), fetched with the token and saved as a file (the dialog shows a failure). */
export async function downloadBatchResults(batchId: number, format: ResultsFormat): Promise<void> {
  const file = await downloadFile(downloadPaymentBatchRoute, {
    params: { batchId },
    query: format === 'csv' ? { format } : {},
    silent: true,
  });
  saveBlob(file.blob, file.fileName ?? `shipping-payments-batch-${batchId}.${format}`);
}

export type { TApplyPaymentsResult };
