import { createProducts, createUser, nextUpc } from '../factories.js';
import type { DomainSampleBuilder } from './types.js';

let counter = 0;

/** A serial-tracked product received twice at KY01 (one receipt then un-received): rows for every inventory read. */
export const buildInventorySamples: DomainSampleBuilder = async (t) => {
  counter += 1;
  const buyer = await createUser(t.services, { role: 'purchasing-admin' });
  const actor = { id: buyer.id, username: buyer.username, role: 'admin' };
  const upc = nextUpc();
  const [product] = await createProducts(t.db, [{ modelNumber: `INVS${counter}${Date.now() % 100000}M`, upc, serialNumberTracked: true, numOfSerialsPerItem: 1 }]);
  const vendor = await t.services.vendors.create({ company_name: `Inventory Sample Vendor ${counter}`, vendor_type: 'sales' });
  const po = await t.services.purchaseOrders.create({ vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' }, buyer.id);
  const full = await t.services.purchaseOrders.addLine({ productId: product!.id, cost: 50, qty: 5, purchaseOrderId: po.id });
  const lineId = full.data.PO_LINES[0]!.id;
  const receive = (serial: string) =>
    t.services.receiving.receive(
      { scannedUpc: upc, model: product!.modelNumber, poApiPoId: po.id, poApiPoItemId: lineId, receivingBucket: 'KY01', scannedSerialNumbers: [serial] },
      actor,
    );
  const serial = `INVSMP-${counter}-${Date.now() % 100000}`;
  const receipt = await receive(serial);
  const second = await receive(`${serial}-B`);
  await t.services.receiving.unreceive(second.transactionReferenceId, { lineItemId: lineId, notes: 'Sample un-receive', scannedUpc: upc, scannedSerialNumbers: [`${serial}-B`] }, actor);
  const serialId = (await t.services.inventory.search({ searchBy: 'serial', searchValue: serial, exact: true })).serials[0]?.id;
  if (serialId === undefined) throw new Error('the inventory sample serial was not found');
  return {
    'GET /api/inventory/products/search': {
      // The spec's form: the search type as the key.
      query: { model: product!.modelNumber.slice(0, 4), includeInactive: '1', exact: '0', startsWith: '1', includeCommitted: '0', bucket: 'KY01' },
    },
    'GET /api/ims/inventory/product/preview': { query: { model: product!.modelNumber } },
    'GET /api/inventory/product/preview': { query: { model: product!.modelNumber } },
    'GET /api/ims/drop-ship-vendor-inventory/product': { query: { model: product!.modelNumber } },
    'GET /api/ims/inventory-serials/search-by-proxy': { query: { model: product!.modelNumber, conditionCode: 'NEW', locationCode: 'KY01' } },
    'GET /api/ims/inventory-serials/{id}': { params: { id: serialId } },
    'GET /api/ims/inventory-serials/{id}/history': { params: { id: serialId } },
    'GET /api/ims/inventory-transactions/{id}': { params: { id: receipt.transactionReferenceId } },
    'GET /api/ims/inventory/product/history/': { query: { model: product!.modelNumber, page: 1, pageSize: 2 } },
  };
};
