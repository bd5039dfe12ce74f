import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXTEND_SEARCH_MESSAGE } from '@keystone/contracts';
import {
  createBrand,
  createCategory,
  createLocation,
  createManufacturer,
  createProducts,
  createSignedInUser,
  createUser,
  nextUpc,
  type CreatedProduct,
} from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';
import { queryRows } from '../src/db/database.js';
import { InventoryRepository } from '../src/modules/inventory/inventory.repository.js';

/**
 * Inventory reads (001 §2, §7): search cards, product preview, serial detail and history, transaction detail.
 * The data is made the way the product makes it: a PO received through the receiving service, one receipt un-received.
 */
let t: TestApp;
let token: string;
let tracked: CreatedProduct;
let inactive: CreatedProduct;
let bStock: CreatedProduct;
let empty: CreatedProduct;
let poId: number;
let poRef: string;
let receiptRef: string;
let reversedReceiptRef: string;
let unreceiptRef: string;
let keptSerialId: number;
let unreceivedSerialId: number;
const ALT_UPC = nextUpc();

const get = (url: string, as: string | null = token) => injectAs(t.app, as, { method: 'GET', url });
const search = async (query: Record<string, string>) => {
  const res = await get(`/api/inventory/products/search?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    searchBy: string;
    data: {
      id: number;
      status: string;
      model: string;
      brand_name: string | null;
      inventory: { bucket: string; quantity: number; condition_code: string; location_code: string }[];
    }[];
    serials: { id: number; serial_number: string; disposition_code: string; product: { model: string } }[];
    more: boolean;
  };
};
const models = (body: { data: { model: string }[] }) => body.data.map((c) => c.model);

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  const brandId = await createBrand(t.db, 'Invtest Appliances', 'INVT');
  const categoryId = await createCategory(t.db, 'Invtest Ranges', 'INVRNG');
  const manufacturerId = await createManufacturer(t.db, 'Invtest Manufacturing');
  [tracked, inactive, bStock, empty] = (await createProducts(t.db, [
    {
      modelNumber: 'INVRA100',
      brandId,
      categoryId,
      manufacturerId,
      serialNumberTracked: true,
      numOfSerialsPerItem: 1,
      currentCostCents: 123_45,
      mapCents: 199_99,
      adjMapCents: 189_99,
      adjCartPriceCents: 179_99,
      commissionRate: '0.0375',
      description: 'Invtest 30 in. range',
    },
    { modelNumber: 'INVRA200', brandId, status: 'INACTIVE' },
    { modelNumber: 'INVRB300', alternateUpc: ALT_UPC, partNumber: 'MPN-B300' },
    { modelNumber: 'INVRC400' },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct, CreatedProduct];

  const buyer = await createUser(t.services, { role: 'purchasing-admin' });
  const actor = { id: buyer.id, username: buyer.username, role: 'admin' };
  const vendor = await t.services.vendors.create({ company_name: 'Invtest Vendor', vendor_type: 'sales' });
  const po = await t.services.purchaseOrders.create(
    { vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
    buyer.id,
  );
  poId = po.id;
  poRef = po.purchase_ref_id;
  await t.services.purchaseOrders.addLine({ productId: tracked.id, cost: 123.45, qty: 5, purchaseOrderId: po.id });
  const full = await t.services.purchaseOrders.addLine({
    productId: bStock.id,
    cost: 10,
    qty: 5,
    purchaseOrderId: po.id,
  });
  const lineOf = (productId: number) => full.data.PO_LINES.find((l) => l.productId === productId)!.id;
  const receive = (product: CreatedProduct, bucket: string, serials?: string[]) =>
    t.services.receiving.receive(
      {
        scannedUpc: product.upc!,
        model: product.modelNumber,
        poApiPoId: po.id,
        poApiPoItemId: lineOf(product.id),
        receivingBucket: bucket,
        ...(serials ? { scannedSerialNumbers: serials } : {}),
      },
      actor,
    );
  receiptRef = (await receive(tracked, 'KY01', ['INVSER-0001'])).transactionReferenceId;
  reversedReceiptRef = (await receive(tracked, 'KY01', ['INVSER-0002'])).transactionReferenceId;
  await receive(bStock, 'KY01_B_STOCK');
  unreceiptRef = (
    await t.services.receiving.unreceive(
      reversedReceiptRef,
      {
        lineItemId: lineOf(tracked.id),
        notes: 'Wrong unit',
        scannedUpc: tracked.upc!,
        scannedSerialNumbers: ['INVSER-0002'],
      },
      actor,
    )
  ).transactionReferenceId;

  token = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
  const serials = (await search({ searchBy: 'serial', searchValue: 'INVSER', includeInactive: '1' })).serials;
  keptSerialId = serials.find((s) => s.serial_number === 'INVSER-0001')!.id;
  unreceivedSerialId = serials.find((s) => s.serial_number === 'INVSER-0002')!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/inventory/products/search', () => {
  it('searches by model prefix, any case, ACTIVE products only unless includeInactive', async () => {
    expect(models(await search({ searchBy: 'model', searchValue: 'invra' }))).toEqual(['INVRA100']);
    const withInactive = await search({ searchBy: 'model', searchValue: 'invra', includeInactive: '1' });
    expect(models(withInactive)).toEqual(['INVRA100', inactive.modelNumber]);
    expect(withInactive.data[1]).toMatchObject({ id: inactive.id, status: 'INACTIVE' });
    expect(models(await search({ searchBy: 'model', searchValue: 'invra', includeInactive: '0' }))).toEqual([
      'INVRA100',
    ]);
    expect(models(await search({ searchBy: 'model', searchValue: 'INVR' }))).toEqual([
      'INVRA100',
      'INVRB300',
      'INVRC400',
    ]);
    // searchBy defaults to model (the first option).
    expect(models(await search({ searchValue: 'INVRB' }))).toEqual(['INVRB300']);
  });

  it('matches the whole model with exact, and takes LIKE wildcards literally', async () => {
    expect(models(await search({ searchBy: 'model', searchValue: 'INVRA1', exact: '1' }))).toEqual([]);
    expect(models(await search({ searchBy: 'model', searchValue: 'invra100', exact: '1' }))).toEqual(['INVRA100']);
    expect(models(await search({ searchBy: 'model', searchValue: 'INV_A%' }))).toEqual([]);
  });

  it('answers the card fields and the sellable buckets (NEW condition, quantity above 0)', async () => {
    const [card] = (await search({ searchBy: 'model', searchValue: 'INVRA100', exact: '1' })).data;
    expect(card).toMatchObject({
      model: 'INVRA100',
      product_title: 'Invtest 30 in. range',
      brand_name: 'Invtest Appliances',
      category_name: 'Invtest Ranges',
      manufacturer_name: 'Invtest Manufacturing',
      upc: tracked.upc,
      cost: 123.45,
      master_listing_map_price: 199.99,
      master_listing_adj_map_price: 189.99,
      master_listing_adj_cart_price: 179.99,
      master_listing_commission_rate: 0.0375,
    });
    // Two received, one un-received.
    expect(card!.inventory).toEqual([{ bucket: 'KY01', location_code: 'KY01', condition_code: 'NEW', quantity: 1 }]);
    // B-stock on-hand is not sellable.
    const [b] = (await search({ searchBy: 'model', searchValue: 'INVRB300', exact: '1' })).data;
    expect(b!.inventory).toEqual([]);
  });

  it('searches by UPC and alternate UPC (exact), MPN, brand, category and manufacturer', async () => {
    expect(models(await search({ searchBy: 'upc', searchValue: tracked.upc! }))).toEqual(['INVRA100']);
    expect(models(await search({ searchBy: 'upc', searchValue: ALT_UPC }))).toEqual(['INVRB300']);
    expect(models(await search({ searchBy: 'upc', searchValue: tracked.upc!.slice(0, 8) }))).toEqual([]);
    expect(models(await search({ searchBy: 'mpn', searchValue: 'mpn-b3' }))).toEqual(['INVRB300']);
    expect(models(await search({ searchBy: 'mpn', searchValue: 'mpn-b3', exact: '1' }))).toEqual([]);
    expect(models(await search({ searchBy: 'brand', searchValue: 'invt' }))).toEqual(['INVRA100']);
    expect(models(await search({ searchBy: 'brand', searchValue: 'Invtest App', includeInactive: '1' }))).toEqual([
      'INVRA100',
      'INVRA200',
    ]);
    expect(models(await search({ searchBy: 'category', searchValue: 'INVRNG' }))).toEqual(['INVRA100']);
    expect(models(await search({ searchBy: 'category', searchValue: 'invtest r' }))).toEqual(['INVRA100']);
    expect(models(await search({ searchBy: 'manufacturer', searchValue: 'Invtest M' }))).toEqual(['INVRA100']);
    expect(models(await search({ searchBy: 'manufacturer', searchValue: 'Nobody' }))).toEqual([]);
  });

  it('keeps only products with on-hand in the bucket when one is given', async () => {
    expect(models(await search({ searchBy: 'model', searchValue: 'INVR', bucket: 'ky01' }))).toEqual(['INVRA100']);
    expect(models(await search({ searchBy: 'model', searchValue: 'INVR', bucket: 'KY01_B_STOCK' }))).toEqual([
      'INVRB300',
    ]);
    expect(models(await search({ searchBy: 'model', searchValue: 'INVR', bucket: 'KY01_DAMAGED' }))).toEqual([]);
  });

  it('serial search needs 3 or more characters', async () => {
    const res = await get('/api/inventory/products/search?searchBy=serial&searchValue=IN');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ searchValue: [EXTEND_SEARCH_MESSAGE] });
    // Three characters are enough; the rule is the serial search's only.
    expect((await search({ searchBy: 'serial', searchValue: 'SER' })).serials.map((s) => s.serial_number)).toEqual([
      'INVSER-0001',
    ]);
    expect(models(await search({ searchBy: 'model', searchValue: 'IN' }))).toContain('INVRA100');
  });

  it('serial search lists LIVE serials containing the text, all serials with includeInactive, one with exact', async () => {
    const live = await search({ searchBy: 'serial', searchValue: 'invser' });
    expect(live.data).toEqual([]);
    expect(live.serials).toEqual([
      {
        id: keptSerialId,
        serial_number: 'INVSER-0001',
        location_code: 'KY01',
        condition_code: 'NEW',
        disposition_code: 'LIVE',
        product: {
          id: tracked.id,
          model: 'INVRA100',
          product_title: 'Invtest 30 in. range',
          brand_name: 'Invtest Appliances',
          manufacturer_name: 'Invtest Manufacturing',
          category_name: 'Invtest Ranges',
          mpn: tracked.partNumber,
          upc: tracked.upc,
          asin: null,
          listing_id: null,
          sku: null,
        },
      },
    ]);
    const all = await search({ searchBy: 'serial', searchValue: 'ser-000', includeInactive: '1' });
    expect(all.serials.map((s) => [s.serial_number, s.disposition_code])).toEqual([
      ['INVSER-0001', 'LIVE'],
      ['INVSER-0002', 'UNRECEIVED'],
    ]);
    expect(
      (await search({ searchBy: 'serial', searchValue: 'invser-0002', exact: '1', includeInactive: '1' })).serials.map(
        (s) => s.id,
      ),
    ).toEqual([unreceivedSerialId]);
    expect((await search({ searchBy: 'serial', searchValue: 'INVSER-000', exact: '1' })).serials).toEqual([]);
  });

  it("shows the product's listing on a serial card (001 §2: ASIN, Listing ID, SKU), as set through the product API", async () => {
    // The product API's writes need dev-route:view (002 §2 /products): the developer.
    const admin = await createSignedInUser(t, { role: 'developer' });
    const listing = { asin: 'B0INVRA100', listing_id: 'LST-INVRA100', sku: 'WALTS-INVRA100' };
    const put = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/product/${tracked.id}`,
      payload: listing,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject(listing);
    const [card] = (await search({ searchBy: 'serial', searchValue: 'INVSER-0001', exact: '1' })).serials;
    expect(card!.product).toMatchObject({ model: 'INVRA100', ...listing });
    // Cleared with null: the card shows none.
    await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/product/${tracked.id}`,
      payload: { asin: null, listing_id: '', sku: null },
    });
    expect(
      (await search({ searchBy: 'serial', searchValue: 'INVSER-0001', exact: '1' })).serials[0]!.product,
    ).toMatchObject({ asin: null, listing_id: null, sku: null });
  });

  it('takes the search type as the key (001 §7), with startsWith and includeCommitted', async () => {
    expect(await search({ model: 'invra' })).toEqual(await search({ searchBy: 'model', searchValue: 'invra' }));
    expect(
      models(await search({ model: 'invra', includeInactive: '1', startsWith: '1', includeCommitted: '1' })),
    ).toEqual(['INVRA100', inactive.modelNumber]);
    expect(models(await search({ model: 'invra100', exact: '1', startsWith: '1' }))).toEqual(['INVRA100']);
    expect(models(await search({ upc: ALT_UPC }))).toEqual(['INVRB300']);
    expect(models(await search({ mpn: 'mpn-b3' }))).toEqual(['INVRB300']);
    expect(models(await search({ brand: 'invt' }))).toEqual(['INVRA100']);
    expect(models(await search({ category: 'INVRNG' }))).toEqual(['INVRA100']);
    expect(models(await search({ manufacturer: 'Invtest M' }))).toEqual(['INVRA100']);
    const bySerial = await search({ serial: 'invser', includeInactive: '1' });
    expect(bySerial.searchBy).toBe('serial');
    expect(bySerial.serials.map((s) => s.serial_number)).toEqual(['INVSER-0001', 'INVSER-0002']);
  });

  it('asks a serial given as the key for 3 or more characters', async () => {
    const res = await get('/api/inventory/products/search?serial=ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ serial: [EXTEND_SEARCH_MESSAGE] });
  });

  it('answers 400 naming the fields unless exactly one search value is given', async () => {
    const two = await get('/api/inventory/products/search?model=x&upc=y');
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'Invalid request: model, upc' });
    expect(Object.keys(two.json().errors)).toEqual(['model', 'upc']);
    const both = await get('/api/inventory/products/search?searchValue=x&brand=y');
    expect(Object.keys(both.json().errors)).toEqual(['searchValue', 'brand']);
    const none = await get('/api/inventory/products/search?includeInactive=1');
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().errors)).toEqual(['searchValue']);
    expect(none.json().errors.searchValue[0]).toMatch(/model, serial/);
    const disagreeing = await get('/api/inventory/products/search?searchBy=serial&model=INVRA');
    expect(disagreeing.statusCode).toBe(400);
    expect(Object.keys(disagreeing.json().errors)).toEqual(['searchBy']);
  });

  it('serial cards carry the manufacturer, category and MPN of the product', async () => {
    const [card] = (await search({ serial: 'INVSER-0001', exact: '1' })).serials;
    expect(card!.product).toMatchObject({
      model: 'INVRA100',
      manufacturer_name: 'Invtest Manufacturing',
      category_name: 'Invtest Ranges',
      mpn: tracked.partNumber,
    });
    expect(tracked.partNumber).toEqual(expect.any(String));
  });

  it('refuses a role without inventory:view and an unknown searchBy', async () => {
    const user = await createSignedInUser(t, { role: 'user' });
    expect((await get('/api/inventory/products/search?searchBy=model&searchValue=INV', user.token)).statusCode).toBe(
      403,
    );
    const res = await get('/api/inventory/products/search?searchBy=sku&searchValue=INV');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['searchBy']);
  });
});

describe('GET /api/ims/inventory/product/preview', () => {
  it('answers the product and every bucket row it has, by model in any case', async () => {
    const res = await get('/api/ims/inventory/product/preview?model=invra100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.product).toMatchObject({
      id: tracked.id,
      model: 'INVRA100',
      brand_name: 'Invtest Appliances',
      serial_number_tracked: 1,
    });
    expect(body.inventory).toEqual([
      {
        id: `${tracked.id}:KY01`,
        bucket: 'KY01',
        location_code: 'KY01',
        condition_code: 'NEW',
        quantity: 1,
        committed_quantity: 0,
        available: 1,
        binned_quantity: 0,
        notes: null,
        last_updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const b = (await get('/api/ims/inventory/product/preview?model=INVRB300')).json();
    expect(
      b.inventory.map((r: { bucket: string; condition_code: string; quantity: number }) => [
        r.bucket,
        r.condition_code,
        r.quantity,
      ]),
    ).toEqual([['KY01_B_STOCK', 'B_STOCK', 1]]);
  });

  it('answers an empty inventory for a product never received, and 404 for an unknown model', async () => {
    const res = await get(`/api/ims/inventory/product/preview?model=${empty.modelNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().inventory).toEqual([]);
    const missing = await get('/api/ims/inventory/product/preview?model=NO-SUCH-MODEL');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, message: 'No product has the model NO-SUCH-MODEL.' });
    // A prefix is not a model.
    expect((await get('/api/ims/inventory/product/preview?model=INVRA')).statusCode).toBe(404);
  });
});

describe('GET /api/inventory/product/preview', () => {
  it('answers as the ims path (001 §7 gives both)', async () => {
    for (const model of ['invra100', 'INVRB300', empty.modelNumber]) {
      const plain = await get(`/api/inventory/product/preview?model=${model}`);
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.json()).toEqual((await get(`/api/ims/inventory/product/preview?model=${model}`)).json());
    }
    expect((await get('/api/inventory/product/preview?model=NO-SUCH-MODEL')).statusCode).toBe(404);
    expect(Object.keys((await get('/api/inventory/product/preview')).json().errors)).toEqual(['model']);
  });
});

describe('GET /api/ims/inventory-serials/{id}', () => {
  it('answers the serial fields of 001 §3 with its product and PO', async () => {
    const res = await get(`/api/ims/inventory-serials/${keptSerialId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: keptSerialId,
      serial_number: 'INVSER-0001',
      bucket: 'KY01',
      location_code: 'KY01',
      condition_code: 'NEW',
      disposition_code: 'LIVE',
      po_api_po_id: poId,
      purchase_ref_id: poRef,
      legacy_po_api_po_id: null,
      distributor_inventory_item_id: null,
      notes: null,
      customer_comments: null,
      created_at: expect.any(String),
      product: { id: tracked.id, model: 'INVRA100', product_title: 'Invtest 30 in. range', image_url: null },
      committed_sale_serials: [],
    });
    expect((await get(`/api/ims/inventory-serials/${unreceivedSerialId}`)).json()).toMatchObject({
      disposition_code: 'UNRECEIVED',
      bucket: null,
    });
  });

  it('answers 404 for an unknown serial', async () => {
    const res = await get('/api/ims/inventory-serials/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Inventory serial 999999 does not exist.');
  });
});

describe('GET /api/ims/inventory-serials/{id}/history', () => {
  it('shows the receipt then the un-receipt, ascending by events_date', async () => {
    const res = await get(`/api/ims/inventory-serials/${unreceivedSerialId}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json().data as { events_date: string; type: string; ims_transaction_reference_id: string }[];
    expect(events.map((e) => [e.type, e.ims_transaction_reference_id])).toEqual([
      ['INVENTORY_RECEIPT', reversedReceiptRef],
      ['INVENTORY_UNRECEIPT', unreceiptRef],
    ]);
    expect(Date.parse(events[0]!.events_date)).toBeLessThanOrEqual(Date.parse(events[1]!.events_date));
    expect(events[0]).toMatchObject({
      new_location_code: 'KY01',
      new_condition_code: 'NEW',
      new_disposition_code: 'LIVE',
      old_disposition_code: null,
      bucket: 'KY01',
    });
    expect(events[1]).toMatchObject({
      old_location_code: 'KY01',
      old_disposition_code: 'LIVE',
      new_disposition_code: 'UNRECEIVED',
      notes: 'Wrong unit',
      transacted_by: expect.any(String),
    });
    const kept = (await get(`/api/ims/inventory-serials/${keptSerialId}/history`)).json().data;
    expect(kept.map((e: { ims_transaction_reference_id: string }) => e.ims_transaction_reference_id)).toEqual([
      receiptRef,
    ]);
  });

  it('answers 404 for an unknown serial', async () => {
    expect((await get('/api/ims/inventory-serials/999999/history')).statusCode).toBe(404);
  });
});

describe('GET /api/ims/inventory-transactions/{id}', () => {
  it('answers a receipt with its quantity, PO ids, receiving bucket and serials', async () => {
    const res = await get(`/api/ims/inventory-transactions/${receiptRef}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ims_transaction_reference_id: receiptRef,
      type: 'INVENTORY_RECEIPT',
      bucket: 'KY01',
      location_code: 'KY01',
      condition_code: 'NEW',
      quantity_delta: 1,
      reversed_by: null,
      product: { id: tracked.id, model: 'INVRA100' },
      receipt: {
        received_quantity: 1,
        receiving_bucket: 'KY01',
        po_api_po_id: poId,
        purchase_ref_id: poRef,
        legacy_po_api_po_id: null,
      },
      unreceipt: null,
    });
    expect(body.serials).toEqual([
      expect.objectContaining({
        fk_inventory_serial_id: keptSerialId,
        scanned_serial_number: 'INVSER-0001',
        new_disposition_code: 'LIVE',
      }),
    ]);
  });

  it('answers an un-receipt with the receipt it reverses, and the receipt names its reversal', async () => {
    const res = await get(`/api/ims/inventory-transactions/${unreceiptRef.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ims_transaction_reference_id: unreceiptRef,
      type: 'INVENTORY_UNRECEIPT',
      quantity_delta: -1,
      notes: 'Wrong unit',
      receipt: null,
      unreceipt: {
        unreceived_quantity: 1,
        reverses_ims_transaction_reference_id: reversedReceiptRef,
        po_api_po_id: poId,
      },
    });
    expect((await get(`/api/ims/inventory-transactions/${reversedReceiptRef}`)).json().reversed_by).toBe(unreceiptRef);
  });

  it('answers 404 for an unknown reference and 400 for a malformed one', async () => {
    const missing = await get('/api/ims/inventory-transactions/IR-9999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Inventory transaction IR-9999999 does not exist.');
    expect((await get('/api/ims/inventory-transactions/W000001')).statusCode).toBe(400);
  });
});

describe('query plans', () => {
  const plan = (fn: (repo: InventoryRepository) => Promise<string>) =>
    t.db.transaction((tx) => fn(new InventoryRepository(tx)));
  const options = { includeInactive: false, exact: false };
  /** The condition an index scan is bounded by, for the named index: a scan that only filters reads every row. */
  const indexCondOf = (text: string, index: string) => {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes(`using ${index} on`) || l.includes(`on ${index}`));
    return at < 0
      ? null
      : (lines.slice(at + 1).find((l) => l.includes('Index Cond:') || l.includes('Filter:') || l.includes('->')) ??
          null);
  };

  it('model prefix and exact model searches are bounded by the upper(model_number) index', async () => {
    const prefix = await plan((repo) => repo.explainProductSearch('model', 'INVRA', options));
    expect(indexCondOf(prefix, 'products_model_prefix_idx'), prefix).toMatch(
      /Index Cond: .*upper\(model_number\) ~>=~ 'INVRA'/,
    );
    const exact = await plan((repo) => repo.explainProductSearch('model', 'invra100', { ...options, exact: true }));
    // The exact match may use either upper(model_number) index: the prefix index or the unique one (issue 16).
    const exactCond =
      indexCondOf(exact, 'products_model_prefix_idx') ?? indexCondOf(exact, 'products_model_number_upper_unique');
    expect(exactCond, exact).toMatch(/Index Cond: .*upper\(model_number\) = 'INVRA100'/);
    for (const text of [prefix, exact]) expect(text, text).not.toMatch(/Seq Scan on products/);
  });

  it('a broad model prefix is read in the prefix index order, not by walking every model and filtering', async () => {
    // 20,000 models under one prefix: enough for the planner to prefer walking the unique model index in
    // model order, and filtering, when the search orders by model_number (70 ms at 100,000 products).
    await queryRows(
      t.db,
      sql`insert into products (model_number, description) select 'QPLAN' || lpad(g::text, 6, '0'), 'plan' from generate_series(1, 20000) g`,
    );
    await queryRows(t.db, sql`analyze products`);
    const text = await plan((repo) => repo.explainProductSearch('model', 'QP', options));
    expect(indexCondOf(text, 'products_model_prefix_idx'), text).toMatch(
      /Index Cond: .*upper\(model_number\) ~>=~ 'QP'/,
    );
    expect(text, text).not.toMatch(/products_model_number_key/);
  });

  it('a UPC search is bounded by the upc and alternate_upc indexes', async () => {
    const text = await plan((repo) => repo.explainProductSearch('upc', tracked.upc!, options));
    expect(indexCondOf(text, 'products_upc_idx'), text).toMatch(/Index Cond: \(upc = /);
    expect(indexCondOf(text, 'products_alternate_upc_idx'), text).toMatch(/Index Cond: \(alternate_upc = /);
    expect(text, text).not.toMatch(/Seq Scan on products/);
  });

  it('an exact serial search is bounded by the upper(serial_number) index', async () => {
    const text = await plan((repo) => repo.explainExactSerialSearch('INVSER-0001'));
    expect(indexCondOf(text, 'inventory_serials_serial_idx'), text).toMatch(
      /Index Cond: \(upper\(serial_number\) = 'INVSER-0001'/,
    );
    expect(text, text).not.toMatch(/Seq Scan on inventory_serials/);
  });

  it('the check can fail: an MPN search, which no index bounds, filters every product row', async () => {
    const text = await plan((repo) => repo.explainProductSearch('mpn', 'MPN-B3', options));
    expect(indexCondOf(text, 'products_model_prefix_idx')).toBeNull();
    expect(text, text).toMatch(/Filter: .*upper\(part_number\)/);
  });
});
