import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from './api';
import { receiveUnits } from './receiving';

export interface AuditProduct {
  id: number;
  model_number: string;
  upc: string | null;
}

/** The bucket the audit specs count in (no KY01/TX01/AZ02 rules). */
export const AUDIT_BUCKET = 'RUBY';

/**
 * A demo product with stock in RUBY for the audit specs: its scan setup (serial tracked with `perItem` serials
 * per item, or not tracked), a PO at RUBY and `qty` units received into RUBY, with serials `AU{stamp}N{i}` (one
 * per unit) when tracked. The audit specs take K models (no other spec does), `pick` choosing among them; a
 * repeated run takes the next ones along.
 */
export async function auditProduct(
  request: APIRequestContext,
  options: { qty: number; tracked: boolean; pick: number },
) {
  const pick = options.pick + 6 * test.info().repeatEachIndex;
  const api = await apiAs(request, 'purchasing-admin');
  const found = (
    await api.send<{ data: { id: number }[] }>('POST', '/api/product/search', {
      searchKey: 'model_number',
      searchValue: 'K',
    })
  ).data;
  const candidates: AuditProduct[] = [];
  for (const { id } of found.slice(0, 60)) {
    const p = await api.get<AuditProduct>(`/api/product/${id}`);
    if (p.upc && /^[A-Za-z0-9-]+$/.test(p.model_number)) candidates.push(p);
    if (candidates.length > pick) break;
  }
  const product = candidates[pick];
  expect(product, 'the demo catalogue has K products with a UPC').toBeTruthy();
  await setScanSetup(request, product!, options.tracked ? 1 : 0);
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Audits ${Date.now()}`,
    vendor_type: 'sales',
    rep: 'Pat Rep',
    rep_email: 'pat@vendor.example',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', {
    vendorId: vendor.id,
    location_code: AUDIT_BUCKET,
  });
  const full = await api.send<{ data: { PO_LINES: { id: number }[] } }>('POST', '/api/purchase/orderItem', {
    productId: product!.id,
    cost: 25,
    qty: options.qty,
    purchaseOrderId: po.id,
  });
  const lineId = full.data.PO_LINES[0]!.id;
  const stamp = `${Date.now().toString(36).toUpperCase()}${pick}`;
  const serials = options.tracked ? Array.from({ length: options.qty }, (_, i) => `AU${stamp}N${i + 1}`) : [];
  await receiveUnits(
    api,
    { poId: po.id, lineId, product: product! },
    options.tracked ? { serials, bucket: AUDIT_BUCKET } : { units: options.qty, bucket: AUDIT_BUCKET },
  );
  return { product: product!, serials, stamp };
}

/** Sets a product's serials per item (0: not serial tracked). */
export async function setScanSetup(request: APIRequestContext, product: AuditProduct, perItem: number) {
  const api = await apiAs(request, 'purchasing-admin');
  await api.send('PUT', '/api/ims/scan-setup/updateProductManagerProduct', {
    model: product.model_number,
    serialNumberTracked: perItem > 0,
    numOfSerialsPerItem: perItem > 0 ? perItem : null,
    masterBoxQty: null,
    upc: product.upc,
  });
}

export interface TAuditBatchAnswer {
  audit_batch_id: number;
  audit_batch_name: string;
}

/** Creates an audit through the API (for the specs that start from one). */
export async function createAuditByApi(request: APIRequestContext, username: string, name: string) {
  const api = await apiAs(request, username);
  return api.send<TAuditBatchAnswer>('POST', '/api/audit-scans', {
    audit_batch_name: name,
    default_audit_bucket: AUDIT_BUCKET,
  });
}

/** Starts an item's tally through the API. */
export async function requestItemByApi(
  request: APIRequestContext,
  username: string,
  batch: TAuditBatchAnswer,
  model: string,
  tracked: boolean,
) {
  const api = await apiAs(request, username);
  return api.send<{ ims_transaction_reference_id: string }>('POST', '/api/audit-adjustments/request', {
    model,
    auditBucket: AUDIT_BUCKET,
    auditBatchId: batch.audit_batch_id,
    auditBatchName: batch.audit_batch_name,
    auditTypeCode: tracked
      ? 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED'
      : 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED',
    scanningRequired: true,
  });
}

/** Finishes an item's tally through the API (as another user would, from another screen). */
export async function finishTallyByApi(
  request: APIRequestContext,
  username: string,
  batch: TAuditBatchAnswer,
  model: string,
  tracked: boolean,
  ref: string,
) {
  const api = await apiAs(request, username);
  return api.send('POST', '/api/audit-adjustments/request', {
    model,
    auditBucket: AUDIT_BUCKET,
    auditBatchId: batch.audit_batch_id,
    auditBatchName: batch.audit_batch_name,
    auditTypeCode: tracked
      ? 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED'
      : 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED',
    scanningRequired: true,
    transactionReferenceId: ref,
  });
}

/** Where the specs' screenshots go (looked at by hand; not asserted). */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
