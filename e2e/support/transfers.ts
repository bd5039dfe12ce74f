import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs } from './api';
import { receiveUnits } from './receiving';

interface Product {
  id: number;
  model_number: string;
  upc: string | null;
}

/**
 * A demo product with stock in RUBY (a bucket without the KY01/TX01/AZ02 rules): its scan setup set (serial
 * tracked or not, one serial per item), a PO at RUBY and `qty` units received into RUBY through the receiving
 * call, with serials `{prefix}1…` when tracked. `pick` chooses among the products whose model starts with T
 * (the receiving specs take S models), so the tests of the transfer spec use different products; a repeated run
 * (--repeat-each) takes the next products along, so each repetition starts from a product of its own.
 */
export async function stockedProduct(
  request: APIRequestContext,
  options: { qty: number; tracked: boolean; pick: number },
) {
  const opts = { ...options, pick: options.pick + 6 * test.info().repeatEachIndex };
  const api = await apiAs(request, 'purchasing-admin');
  const found = (
    await api.send<{ data: { id: number }[] }>('POST', '/api/product/search', {
      searchKey: 'model_number',
      searchValue: 'T',
    })
  ).data;
  const candidates: Product[] = [];
  for (const { id } of found.slice(0, 50)) {
    const p = await api.get<Product>(`/api/product/${id}`);
    if (p.upc && /^[A-Za-z0-9-]+$/.test(p.model_number)) candidates.push(p);
    if (candidates.length > opts.pick) break;
  }
  const product = candidates[opts.pick];
  expect(product, 'the demo catalogue has T products with a UPC').toBeTruthy();
  await api.send('PUT', '/api/ims/scan-setup/updateProductManagerProduct', {
    model: product!.model_number,
    serialNumberTracked: opts.tracked,
    numOfSerialsPerItem: opts.tracked ? 1 : null,
    masterBoxQty: null,
    upc: product!.upc,
  });
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Transfers ${Date.now()}`,
    vendor_type: 'sales',
    rep: 'Pat Rep',
    rep_email: 'pat@vendor.example',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'RUBY' });
  const full = await api.send<{ data: { PO_LINES: { id: number }[] } }>('POST', '/api/purchase/orderItem', {
    productId: product!.id,
    cost: 25,
    qty: opts.qty,
    purchaseOrderId: po.id,
  });
  const lineId = full.data.PO_LINES[0]!.id;
  const stamp = `${Date.now().toString(36).toUpperCase()}${opts.pick}`;
  const serials = opts.tracked ? Array.from({ length: opts.qty }, (_, i) => `TR${stamp}N${i + 1}`) : [];
  await receiveUnits(
    api,
    { poId: po.id, lineId, product: product! },
    opts.tracked ? { serials, bucket: 'RUBY' } : { units: opts.qty, bucket: 'RUBY' },
  );
  return { product: product!, serials, stamp };
}
