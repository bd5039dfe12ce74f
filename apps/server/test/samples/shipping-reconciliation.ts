import { Readable } from 'node:stream';
import { carrierFile } from '../../src/modules/shipping-reconciliation/carrier-files.js';
import { createUser } from '../factories.js';
import type { DomainSampleBuilder } from './types.js';

/** A multipart body with one carrier invoice file in the field `file`. */
export function invoiceUploadForm(text: string, filename = 'invoice.csv', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([text], { type: 'text/csv' }), filename);
  return form;
}

/** Shipping reconciliation (issue 14): a gray box billed by an uploaded UPS invoice, generated, and one batch applied. */
export const buildShippingReconciliationSamples: DomainSampleBuilder = async (t) => {
  const user = await createUser(t.services, { role: 'purchasing-1' });
  const auth = { id: user.id, username: user.username, role: user.role };
  const service = t.services.shippingReconciliation;
  const today = new Date().toISOString().slice(0, 10);
  await service.intakeGrayBoxes({
    grayBoxes: [{ tracking_number: '1ZSAMPLE0000000001', fulfillment_po_number: 'FPO-1', date_shipped: today, ship_company: 'UPS', fulfillment_warehouse: 'KY01', shipping_quote: 10 }],
  });
  const text = carrierFile('ups', [{ trackingNumber: '1ZSAMPLE0000000001', cents: 1000, date: today }]);
  const { filename } = await service.upload('ups', { stream: Readable.from([text]), filename: 'sample.csv' }, auth);
  await service.generate('ups', { filename }, auth);
  const { batchId } = await service.apply({ idempotencyKey: 'sample-batch-0001', updates: { '1ZSAMPLE0000000001': { reported_billed_charge: 10, payment_to_apply: 0 } } }, auth);
  return {
    'POST /api/shipping-reconciliation/{carrier}/upload': { params: { carrier: 'ups' }, body: invoiceUploadForm(text) },
    'GET /api/shipping-reconciliation/{carrier}/generate': { params: { carrier: 'ups' }, query: { filename } },
    'GET /api/shipping-reconciliation/shipping-companies': {},
    'GET /api/shipping-reconciliation/generic': { query: { from: today, to: today } },
    'GET /api/shipping-reconciliation/shipping-transactions': { query: { 'trackingNumbers[]': '1ZSAMPLE0000000001' } },
    'PUT /api/shipping-reconciliation/update': {
      body: { idempotencyKey: 'sample-batch-0002', updates: { '1ZSAMPLE0000000001': { reported_billed_charge: 10, payment_to_apply: 0 } } },
    },
    'GET /api/shipping-reconciliation/updates/{batchId}': { params: { batchId } },
    'GET /api/shipping-reconciliation/shipping-transactions/{trackingNumber}/history': { params: { trackingNumber: '1ZSAMPLE0000000001' } },
    'POST /api/shipping-reconciliation/gray-boxes': {
      body: { grayBoxes: [{ tracking_number: '1ZSAMPLE0000000002', fulfillment_po_number: 'FPO-2', date_shipped: today, ship_company: 'UPS', fulfillment_warehouse: 'TX01', shipping_quote: 12.5 }] },
    },
    'GET /api/shipping-reconciliation/gray-boxes': {},
  };
};
