import { randomUUID } from 'node:crypto';
import { createProducts, createUser, nextUpc } from '../factories.js';
import type { DomainSampleBuilder, RouteSample } from './types.js';

let counter = 0;

/** A serial-tracked product on a PO line ordered for many, so every role that may receive can receive once. */
export const buildReceivingSamples: DomainSampleBuilder = async (t) => {
  const buyer = await createUser(t.services, { role: 'purchasing-admin' });
  const upc = nextUpc();
  const [product] = await createProducts(t.db, [{ modelNumber: `RCV${Date.now() % 100000}X`, upc, serialNumberTracked: true, numOfSerialsPerItem: 1 }]);
  const vendor = await t.services.vendors.create({ company_name: `Receiving Vendor ${++counter}`, vendor_type: 'sales' });
  const po = await t.services.purchaseOrders.create({ vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' }, buyer.id);
  const full = await t.services.purchaseOrders.addLine({ productId: product!.id, cost: 100, qty: 500, purchaseOrderId: po.id });
  const lineId = full.data.PO_LINES[0]!.id;
  const actor = { id: buyer.id, username: buyer.username, role: 'admin' };
  const receiveBody = (serial: string) => ({
    scannedUpc: upc,
    model: product!.modelNumber,
    poApiPoId: po.id,
    poApiPoItemId: lineId,
    receivingBucket: 'KY01',
    scannedSerialNumbers: [serial],
    clientScanId: randomUUID(),
  });
  const manifestBody = (serials: string[]) => ({
    model: product!.modelNumber,
    poApiPoId: po.id,
    poApiPoItemId: lineId,
    receivingBucket: 'KY01',
    clientRequestId: randomUUID(),
    units: serials.map((s) => [s]),
  });
  const freshReceipt = async (): Promise<RouteSample> => {
    const serial = `SMP-${randomUUID().slice(0, 12)}`;
    const done = await t.services.receiving.receive(receiveBody(serial), actor);
    return {
      params: { imsTransactionReferenceId: done.transactionReferenceId },
      body: { lineItemId: lineId, notes: 'Sample un-receive', scannedUpc: upc, scannedSerialNumbers: [serial] },
    };
  };
  const first = await freshReceipt();
  return {
    'POST /api/scanner/receipt/quickScanReceive': {
      body: receiveBody('SMP-STATIC-1'),
      fresh: async () => ({ body: receiveBody(`SMP-${randomUUID().slice(0, 12)}`) }),
    },
    'POST /api/scanner/receipt/scanned-item/submit': {
      body: { scannedItems: [receiveBody('SMP-STATIC-2')] },
      fresh: async () => ({ body: { scannedItems: [receiveBody(`SMP-${randomUUID().slice(0, 12)}`), receiveBody(`SMP-${randomUUID().slice(0, 12)}`)] } }),
    },
    'POST /api/scanner/receipt/manifest/receive': {
      body: manifestBody(['SMP-MANIFEST-1', 'SMP-MANIFEST-2']),
      fresh: async () => ({ body: manifestBody([`SMP-${randomUUID().slice(0, 12)}`, `SMP-${randomUUID().slice(0, 12)}`]) }),
    },
    'DELETE /api/scanner/receipt/scanned-item/{id}': {
      params: { id: first.params!.imsTransactionReferenceId },
      // Only the one who scanned an item may take it back: the caller scans it first.
      fresh: async (callerToken) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/scanner/receipt/quickScanReceive',
          headers: { authorization: `Bearer ${callerToken}` },
          payload: receiveBody(`SMP-${randomUUID().slice(0, 12)}`),
        });
        return { params: { id: res.json().transactionReferenceId } };
      },
    },
    'GET /api/transacted-receipts/can-be-unreceived': { query: { poApiPoItemId: lineId } },
    'POST /api/transacted-receipts/{imsTransactionReferenceId}/unreceive': { ...first, fresh: freshReceipt },
    'GET /api/ims/transacted-receipts/poItem/serials/{id}': { params: { id: lineId } },
    'PUT /api/ims/scan-setup/updateProductManagerProduct': {
      body: { model: product!.modelNumber, serialNumberTracked: 1, numOfSerialsPerItem: 1, masterBoxQty: null, upc },
    },
  };
};
