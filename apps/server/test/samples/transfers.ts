import { randomUUID } from 'node:crypto';
import { createProducts, createUser, nextUpc } from '../factories.js';
import type { TestApp } from '../harness.js';
import type { DomainSampleBuilder, RouteSample } from './types.js';

let counter = 0;

/**
 * A product with units on hand in KY01_B_STOCK (received through the receiving service, so through the ledger):
 * each commit reserves 1 of them, so a product whose commit is repeated (once per role by the permission and
 * validation walks) needs as many units as those commits.
 */
export async function createTransferFixture(t: TestApp, units = 3) {
  counter += 1;
  const buyer = await createUser(t.services, { role: 'purchasing-admin' });
  const actor = { id: buyer.id, username: buyer.username, role: 'admin' };
  const upc = nextUpc();
  const [product] = await createProducts(t.db, [{ modelNumber: `TRFS${counter}${Date.now() % 100000}M`, upc }]);
  const vendor = await t.services.vendors.create({ company_name: `Transfer Sample Vendor ${counter}-${Date.now() % 100000}`, vendor_type: 'sales' });
  const po = await t.services.purchaseOrders.create({ vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' }, buyer.id);
  const full = await t.services.purchaseOrders.addLine({ productId: product!.id, cost: 25, qty: units, purchaseOrderId: po.id });
  const lineId = full.data.PO_LINES[0]!.id;
  for (let i = 0; i < units; i++) {
    await t.services.receiving.receive({ scannedUpc: upc, model: product!.modelNumber, poApiPoId: po.id, poApiPoItemId: lineId, receivingBucket: 'KY01_B_STOCK' }, actor);
  }
  const commit = (scanningRequired = true) =>
    t.services.transfers.commit(
      { fromBucket: 'KY01_B_STOCK', toBucket: 'KY01_DAMAGED', model: product!.modelNumber, requestedQuantity: 1, commitNotes: 'Sample transfer', scanningRequired },
      actor,
    );
  return { product: product!, actor, commit, upc };
}

export const buildTransfersSamples: DomainSampleBuilder = async (t) => {
  const { product, commit } = await createTransferFixture(t, 60);
  const transfer = await commit();
  const disposable = await commit();
  const fresh = async (): Promise<RouteSample> => ({ params: { refId: (await commit()).ims_transaction_reference_id } });
  // Submitting moves stock: its own product, with enough units for every role's submit and quick transfer.
  const moving = await createTransferFixture(t, 30);
  const scanTarget = await moving.commit();
  const submitTarget = await moving.commit(false);
  const scanBody = { scannedUpc: moving.upc, scannedSerialNumbers: '', forcePushSerialCorrection: 0 };
  const submitBody = { transferredById: 'sample-user', transferNotes: 'Sample submit', strictMode: true };
  const inbound = await t.services.transfers.commit(
    { fromBucket: 'KY01_B_STOCK', toBucket: 'KY01_FBA_INBOUND', model: product.modelNumber, requestedQuantity: 1, posTransferBatchName: `Inbound sample ${Date.now() % 100000}`, senderSku: 'SKU-IN' },
    moving.actor,
  );
  return {
    'POST /api/ims/committed-transfers': {
      body: {
        fromBucket: 'KY01_B_STOCK',
        toBucket: 'KY01_DAMAGED',
        model: product.modelNumber,
        requestedQuantity: 1,
        committedById: 'sample-user',
        posTransferBatchRefId: 'BATCH-1',
        posTransferBatchName: 'Sample batch',
        receiverSku: '',
        senderSku: 'SKU-SAMPLE',
        scanningRequired: true,
        commitNotes: 'Sample commit',
      },
    },
    'GET /api/ims/committed-transfers/{refId}': { params: { refId: transfer.ims_transaction_reference_id } },
    'GET /api/ims/committed-transfers': { query: { model: product.modelNumber } },
    'PATCH /api/ims/committed-transfers/{refId}': { params: { refId: transfer.ims_transaction_reference_id }, body: { commitNotes: 'Edited', senderSku: 'SKU-EDITED' } },
    'DELETE /api/ims/committed-transfers/{refId}': { params: { refId: disposable.ims_transaction_reference_id }, fresh },
    'GET /api/ims/transacted-transfers': { query: { model: product.modelNumber } },
    'GET /api/ims/transacted-transfers/export': { query: { model: product.modelNumber, format: 'xlsx' } },
    'POST /api/ims/committed-transfers/{refId}/addScannedItem': {
      params: { refId: scanTarget.ims_transaction_reference_id },
      body: { ...scanBody, clientScanId: randomUUID() },
      // Each fresh transfer gets a fresh scan id: one id on two transfers is refused (409).
      fresh: async () => ({ params: { refId: (await moving.commit()).ims_transaction_reference_id }, body: { ...scanBody, clientScanId: randomUUID() } }),
    },
    'POST /api/ims/committed-transfers/{refId}/transact': {
      params: { refId: submitTarget.ims_transaction_reference_id },
      body: submitBody,
      fresh: async () => ({ params: { refId: (await moving.commit(false)).ims_transaction_reference_id }, body: submitBody }),
    },
    'POST /api/ims/transacted-transfers/quickTransferWithoutSerials': {
      body: { fromBucket: 'KY01_B_STOCK', toBucket: 'KY01_DAMAGED', model: moving.product.modelNumber, requestedQuantity: 1, committedById: 'sample-user', scanningRequired: false, commitNotes: 'Quick' },
    },
    'POST /api/ims/transacted-transfers/updateTransferNotes': { body: { id: transfer.id, transfer_notes: 'Sample notes' } },
    'GET /api/ims/committed-transfers/board': { query: { search: product.modelNumber } },
    'GET /api/ims/committed-transfers/board/export': { query: { search: product.modelNumber, format: 'csv' } },
    // Inbound transfers and the batch search (002 §2, §7): a transfer into KY01's inbound bucket, by its batch name.
    'GET /api/ims/committed-transfers/inbound': { query: { 'posTransferBatchNames[]': inbound.pos_transfer_batch_name! } },
    'GET /api/ims/transacted-transfers/inbound': { query: { 'imsTransactionReferenceIds[]': inbound.ims_transaction_reference_id } },
    'GET /api/ims/inventory-transactions': { query: { searchType: 'posTransferBatchName', id: inbound.pos_transfer_batch_name! } },
  };
};
