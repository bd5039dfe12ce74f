import { PO_STATUS, PO_STATUSES } from '@keystone/contracts';
import type { TestApp } from '../harness.js';
import { createUser } from '../factories.js';
import type { BaseFixture, DomainSampleBuilder, RouteSample } from './types.js';

const ORDER_SENT = PO_STATUSES.find((s) => s.status_name === PO_STATUS.orderSent)!.id;

let counter = 0;

/** A vendor that can receive EDI, a PO on it with one line: the rows the purchasing samples point at. */
export async function createPurchasingFixture(t: TestApp, base: BaseFixture) {
  const buyer = await createUser(t.services, { role: 'purchasing-admin' });
  const vendor = await t.services.vendors.create({
    company_name: `Sample Vendor ${++counter}`,
    vendor_type: 'sales',
    rep_email: 'rep@vendor.example',
    address: '1 Vendor Way',
    city: 'Columbus',
    state: 'OH',
    zip: '43004',
    edi_interchange_id: `VEND${counter}`,
    edi_qualifier: 'ZZ',
  });
  const newPo = async () => {
    const po = await t.services.purchaseOrders.create({ vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' }, buyer.id);
    const full = await t.services.purchaseOrders.addLine({ productId: base.productId, cost: 199.99, qty: 2, purchaseOrderId: po.id });
    return { po, lineId: full.data.PO_LINES[0]!.id };
  };
  return { buyer, vendor, newPo };
}

export const buildPurchasingSamples: DomainSampleBuilder = async (t, base) => {
  const { buyer, vendor, newPo } = await createPurchasingFixture(t, base);
  const { po, lineId } = await newPo();
  const freshVendor = async (): Promise<RouteSample> => ({
    params: { id: (await t.services.vendors.create({ company_name: `Disposable ${++counter}`, vendor_type: 'service' })).id },
  });
  return {
    'GET /api/vendor': {},
    'GET /api/vendor/export': { query: { search: 'a', format: 'csv' } },
    'POST /api/vendor/': { body: { company_name: 'Sample Created Vendor', vendor_type: 'sales', rep_email: 'a@b.example', default_terms: [1] } },
    'GET /api/vendor/{id}': { params: { id: vendor.id } },
    'PUT /api/vendor/{id}': { params: { id: vendor.id }, body: { company_name: vendor.company_name, notes: 'updated' } },
    'DELETE /api/vendor/{id}': { ...(await freshVendor()), fresh: freshVendor },
    'GET /api/purchase/terms': {},
    'GET /api/purchase': { query: { poNumber: po.purchase_ref_id, perPage: 25, sortBy: 'created_at', sortOrder: 'desc' } },
    'GET /api/purchase/export': {
      query: { poNumber: po.purchase_ref_id, sortBy: 'created_at', sortOrder: 'desc', format: 'csv' },
    },
    'GET /api/purchaseByModel': { query: { model: base.productModel } },
    'GET /api/purchase/status': {},
    'POST /api/purchase': { body: { vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' } },
    'GET /api/purchase/getFull/{id}': { params: { id: po.id } },
    'PUT /api/purchase/{id}': { params: { id: po.id }, body: { paid: false, dfi_discount_percentage: 2.5 } },
    'POST /api/purchase/orderItem': { body: { productId: base.productId, cost: 10.5, qty: 1, purchaseOrderId: po.id } },
    'PUT /api/purchase/orderItem/{id}': { params: { id: lineId }, body: { qty: 3, invoice_cost: '1,199.99' } },
    'DELETE /api/purchase/orderItem/{id}': {
      params: { id: lineId },
      fresh: async () => ({ params: { id: (await newPo()).lineId } }),
    },
    'PUT /api/purchase/{id}/applyToAllLines': { params: { id: po.id }, body: { carrier_name: 'UPS Freight' } },
    'PUT /api/purchase/confirmOrder/{poId}': {
      params: { poId: po.id },
      fresh: async () => {
        const { po: sent } = await newPo();
        await t.services.purchaseOrders.update(sent.id, { purchase_order_status: ORDER_SENT }, buyer.id);
        return { params: { poId: sent.id } };
      },
    },
    'POST /api/purchase/direct/{poId}': { params: { poId: po.id }, fresh: async () => ({ params: { poId: (await newPo()).po.id } }) },
    'GET /api/purchase/updateTotals/{poId}': { params: { poId: po.id } },
    'GET /api/purchase/finish/{poId}': { params: { poId: po.id }, fresh: async () => ({ params: { poId: (await newPo()).po.id } }) },
    'GET /api/purchaseOrder/{id}/pdf': { params: { id: po.id } },
    'POST /api/purchaseOrder/{id}/email': { params: { id: po.id }, body: { email: 'rep@vendor.example', name: 'Pat Rep', message: 'Please confirm.', ccs: 'a@keystone.example, b@keystone.example' } },
    'GET /api/reports/model-po-reconciliation': { query: { model: base.productModel } },
  };
};
