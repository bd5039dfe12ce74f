import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLegacyBuckets, isValidGtin } from '@keystone/contracts';
import { LocationsRepository } from '../src/modules/locations/locations.repository.js';
import {
  createBrand,
  createCategory,
  createLocation,
  createManufacturer,
  createProducts,
  insertLegacySerial,
  receiveStock,
  createSignedInUser,
  nextUpc,
  type CreatedProduct,
} from './factories.js';
import { bearer, createTestApp, TEST_DB, type TestApp } from './harness.js';

let t: TestApp;
let token: string;
let ids: { geBrand: number; acmeBrand: number; fridges: number; ranges: number };
const p: Record<string, CreatedProduct> = {};
const UPC = {
  gld100: nextUpc(),
  gld100Alt: nextUpc(),
  gld200: nextUpc(),
  glx300: nextUpc(),
  glx300Alt: nextUpc(),
  shared: nextUpc(),
};

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp();
  // warehouse-2 holds inventory:view, purchase-order:view and the base set.
  token = (await createSignedInUser(t, { role: 'warehouse-2' })).token;

  await createLocation(t.services, 'ky01');
  await createLocation(t.services, 'TX01', { city: 'Dallas', stateOrProvince: 'TX' });
  // A location that neither holds inventory nor receives POs, and an inactive one.
  const locationsRepo = new LocationsRepository(t.db);
  await locationsRepo.insertLocation({
    locationCode: 'SHOWROOM',
    canHoldInventory: false,
    canReceivePurchaseOrders: false,
  });
  await locationsRepo.insertLocation({ locationCode: 'OLD01', isActive: false });

  ids = {
    geBrand: await createBrand(t.db, 'GE', 'GE'),
    acmeBrand: await createBrand(t.db, 'Acme', 'ACME'),
    fridges: await createCategory(t.db, 'Refrigerators', 'REF'),
    ranges: await createCategory(t.db, 'Ranges', 'RNG'),
  };
  const manufacturerId = await createManufacturer(t.db, 'GE Appliances');
  const created = await createProducts(t.db, [
    {
      modelNumber: 'GLD100SS',
      partNumber: 'GLD100SS-A',
      upc: UPC.gld100,
      alternateUpc: UPC.gld100Alt,
      description: 'GE 25.1 cu. ft. Refrigerator - Stainless Steel',
      brandId: ids.geBrand,
      categoryId: ids.fridges,
      manufacturerId,
      serialNumberTracked: true,
      numOfSerialsPerItem: 1,
      itemType: 'FREIGHT',
      currentCostCents: 123_456,
      mapCents: 179_999,
      adjMapCents: 171_000,
      adjCartPriceCents: 169_999,
      commissionRate: '0.0350',
    },
    {
      modelNumber: 'GLD200WW',
      upc: UPC.gld200,
      brandId: ids.geBrand,
      categoryId: ids.fridges,
      currentCostCents: 99_900,
    },
    {
      modelNumber: 'GLX300BB',
      upc: UPC.glx300,
      alternateUpc: UPC.glx300Alt,
      status: 'INACTIVE',
      brandId: ids.geBrand,
      categoryId: ids.ranges,
    },
    { modelNumber: 'AB%CD1', upc: null },
    { modelNumber: 'AB_CD1', upc: null },
    { modelNumber: 'ABXCD1', upc: null },
    // Two products sharing one UPC: the lookup answers both, in id order.
    { modelNumber: 'DUP-A', upc: UPC.shared },
    { modelNumber: 'DUP-B', upc: null, alternateUpc: UPC.shared },
    ...Array.from({ length: 30 }, (_, i) => ({ modelNumber: `LIM${String(i).padStart(3, '0')}` })),
  ]);
  for (const product of created) p[product.modelNumber] = product;

  // GLD100SS's serials are received (a unit on hand with each); GLD200WW's are legacy rows of a product that is not
  // serial tracked (live in no bucket, sold with no ledger row), which the ledger never makes.
  await receiveStock(t.services, p.GLD100SS!, 'KY01', { serials: [['SN-ABC-001']] });
  await receiveStock(t.services, p.GLD100SS!, 'KY01_B_STOCK', { serials: [['XSN-ABC-0011']] });
  await insertLegacySerial(t.db, {
    serialNumber: 'AAA-SN-ABC-001',
    productId: p.GLD200WW!.id,
    locationCode: 'TX01',
    conditionCode: 'NEW',
  });
  await insertLegacySerial(t.db, { serialNumber: 'SN-ABC-002', productId: p.GLD200WW!.id, dispositionCode: 'SOLD' });
  await insertLegacySerial(t.db, { serialNumber: 'ZZZ-999', productId: p.GLD200WW!.id });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers 200 without a token, naming the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: TEST_DB });
    expect(['pglite', 'postgres']).toContain(res.json().database);
  });
});

describe('reference data', () => {
  it('GET /api/locations lists active locations that hold inventory', async () => {
    const res = await get('/api/locations');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { location_code: string }[];
    expect(data.map((l) => l.location_code)).toEqual(['KY01', 'TX01']);
    expect(data[0]).toEqual({
      location_code: 'KY01',
      distributor: null,
      location_type: 'WAREHOUSE',
      address_1: '100 Test Way',
      city: 'Louisville',
      state_or_province: 'KY',
      postal_code: '40213',
      country: 'US',
      can_receive_purchase_orders: true,
      can_hold_inventory: true,
      is_fulfillable_from_this_location: true,
      is_active: true,
      legacy_bucket: 'KY01',
    });
  });

  it('GET /api/ims/canReceivePos lists active locations that receive purchase orders', async () => {
    const res = await get('/api/ims/canReceivePos');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ location_code: 'KY01' }, { location_code: 'TX01' }] });
  });

  it('GET /api/buckets answers every generated bucket keyed by its name', async () => {
    const res = await get('/api/buckets');
    expect(res.statusCode).toBe(200);
    const map = res.json() as Record<
      string,
      { bucket: string; location_code: string; condition_code: string; is_local_inventory_bucket: 0 | 1 }
    >;
    const expected = [...generateLegacyBuckets('KY01'), ...generateLegacyBuckets('TX01')].map((b) => b.legacy_bucket);
    expect(Object.keys(map).sort()).toEqual(expected.sort());
    expect(Object.keys(map)).toHaveLength(18);
    expect(map.KY01).toEqual({
      bucket: 'KY01',
      location_code: 'KY01',
      condition_code: 'NEW',
      is_local_inventory_bucket: 1,
    });
    expect(map.KY01_B_STOCK).toEqual({
      bucket: 'KY01_B_STOCK',
      location_code: 'KY01',
      condition_code: 'B_STOCK',
      is_local_inventory_bucket: 1,
    });
    expect(map.KY01_DAMAGED).toMatchObject({ location_code: 'KY01', condition_code: 'DAMAGED' });
    expect(map.KY01_FBA_INBOUND).toEqual({
      bucket: 'KY01_FBA_INBOUND',
      location_code: 'KY01_FBA_INBOUND',
      condition_code: 'NEW',
      is_local_inventory_bucket: 0,
    });
    expect(map.TX01_RETURN).toMatchObject({ location_code: 'TX01_RETURN', condition_code: 'NEW' });
    for (const [name, bucket] of Object.entries(map)) expect(bucket.bucket).toBe(name);
  });

  it('creating a location twice keeps one location and its buckets', async () => {
    await t.services.locations.createLocationWithBuckets({ locationCode: 'KY01' });
    const buckets = (await get('/api/buckets')).json();
    expect(Object.keys(buckets)).toHaveLength(18);
    expect((await get('/api/locations')).json().data).toHaveLength(2);
  });

  it('GET /api/ims/brands and /api/brand/all list brands by name', async () => {
    for (const url of ['/api/ims/brands', '/api/brand/all']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({
        data: [
          { id: ids.acmeBrand, brand_name: 'Acme', brand_code: 'ACME' },
          { id: ids.geBrand, brand_name: 'GE', brand_code: 'GE' },
        ],
      });
    }
  });

  it('GET /api/ims/categories and /api/category/all list categories by name', async () => {
    for (const url of ['/api/ims/categories', '/api/category/all']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({
        data: [
          { id: ids.ranges, category_name: 'Ranges', category_code: 'RNG' },
          { id: ids.fridges, category_name: 'Refrigerators', category_code: 'REF' },
        ],
      });
    }
  });
});

describe('catalogue', () => {
  it('GET /api/ims/products?model= answers the product of that model (case-insensitive) with every field', async () => {
    const res = await get('/api/ims/products?model=gld100ss');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: p.GLD100SS!.id,
          model: 'GLD100SS',
          model_number: 'GLD100SS',
          mpn: 'GLD100SS-A',
          upc: UPC.gld100,
          alternate_upc: UPC.gld100Alt,
          alternateUpc: UPC.gld100Alt,
          serial_number_tracked: 1,
          master_carton_code: null,
          master_box_qty: null,
          num_of_serials_per_item: 1,
          product_title: 'GE 25.1 cu. ft. Refrigerator - Stainless Steel',
          brand_name: 'GE',
          brand_code: 'GE',
          category_name: 'Refrigerators',
          manufacturer_name: 'GE Appliances',
          image_url: null,
          cost: 1234.56,
          master_listing_map_price: 1799.99,
          master_listing_adj_map_price: 1710,
          master_listing_adj_cart_price: 1699.99,
          master_listing_commission_rate: 0.035,
          item_type: 'FREIGHT',
          status: 'ACTIVE',
        },
      ],
    });
  });

  it('GET /api/ims/products answers an empty list for an unknown model and does not match prefixes', async () => {
    expect((await get('/api/ims/products?model=NOPE123')).json()).toEqual({ data: [] });
    expect((await get('/api/ims/products?model=GLD')).json()).toEqual({ data: [] });
  });

  it('GET /api/ims/products?model= answers inactive products too (status shown)', async () => {
    const data = (await get('/api/ims/products?model=GLX300BB')).json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      model: 'GLX300BB',
      status: 'INACTIVE',
      brand_name: 'GE',
      category_name: 'Ranges',
      mpn: 'GLX300BB-P',
    });
  });

  it('GET /api/ims/products/models answers models starting with the text, active only by default', async () => {
    const res = await get('/api/ims/products/models?model=gl');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: p.GLD100SS!.id,
        model: 'GLD100SS',
        product_title: 'GE 25.1 cu. ft. Refrigerator - Stainless Steel',
        status: 'ACTIVE',
      },
      { id: p.GLD200WW!.id, model: 'GLD200WW', product_title: 'Test product GLD200WW', status: 'ACTIVE' },
    ]);
  });

  it('GET /api/ims/products/models with includeInactive=1 (or true) includes INACTIVE products; 0 excludes them', async () => {
    for (const flag of ['1', 'true']) {
      const models = (await get(`/api/ims/products/models?model=GL&includeInactive=${flag}`))
        .json()
        .data.map((m: { model: string }) => m.model);
      expect(models, flag).toEqual(['GLD100SS', 'GLD200WW', 'GLX300BB']);
    }
    const models = (await get('/api/ims/products/models?model=GLX&includeInactive=0')).json().data;
    expect(models).toEqual([]);
  });

  it('GET /api/ims/products/models treats % and _ literally', async () => {
    const models = async (prefix: string) =>
      (await get(`/api/ims/products/models?model=${encodeURIComponent(prefix)}`))
        .json()
        .data.map((m: { model: string }) => m.model);
    expect(await models('AB%')).toEqual(['AB%CD1']);
    expect(await models('AB_')).toEqual(['AB_CD1']);
    // (Their relative order depends on the database collation.)
    expect((await models('AB')).sort()).toEqual(['AB%CD1', 'ABXCD1', 'AB_CD1'].sort());
    expect(await models('%%')).toEqual([]);
  });

  it('GET /api/ims/products/models answers at most 25 models, in model order', async () => {
    const data = (await get('/api/ims/products/models?model=LIM')).json().data as { model: string }[];
    expect(data).toHaveLength(25);
    expect(data.map((m) => m.model)).toEqual(Array.from({ length: 25 }, (_, i) => `LIM${String(i).padStart(3, '0')}`));
  });

  it('GET /api/ims/products/models needs more than 1 character', async () => {
    const res = await get('/api/ims/products/models?model=G');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ model: ['must have more than 1 character'] });
  });

  describe('GET /api/inventory/product/search (UPC)', () => {
    it('matches the UPC', async () => {
      const res = await get(`/api/inventory/product/search?upc=${UPC.gld100}&exact=1`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [{ id: p.GLD100SS!.id, upc: UPC.gld100, model: 'GLD100SS', status: 'ACTIVE' }],
      });
    });

    it('matches the alternate UPC (answering the primary upc)', async () => {
      const res = await get(`/api/inventory/product/search?upc=${UPC.gld100Alt}&exact=1`);
      expect(res.json()).toEqual({
        data: [{ id: p.GLD100SS!.id, upc: UPC.gld100, model: 'GLD100SS', status: 'ACTIVE' }],
      });
    });

    it('answers every product with that code on either column, in id order', async () => {
      const data = (await get(`/api/inventory/product/search?upc=${UPC.shared}&exact=1`)).json().data;
      expect(data).toEqual([
        { id: p['DUP-A']!.id, upc: UPC.shared, model: 'DUP-A', status: 'ACTIVE' },
        { id: p['DUP-B']!.id, upc: null, model: 'DUP-B', status: 'ACTIVE' },
      ]);
    });

    it('excludes inactive products unless includeInactive=1', async () => {
      for (const upc of [UPC.glx300, UPC.glx300Alt]) {
        expect((await get(`/api/inventory/product/search?upc=${upc}&exact=1`)).json(), upc).toEqual({ data: [] });
        const data = (await get(`/api/inventory/product/search?upc=${upc}&exact=1&includeInactive=1`)).json().data;
        expect(data, upc).toEqual([{ id: p.GLX300BB!.id, upc: UPC.glx300, model: 'GLX300BB', status: 'INACTIVE' }]);
      }
    });

    it('matches whole codes only', async () => {
      expect((await get(`/api/inventory/product/search?upc=${UPC.gld100.slice(0, 11)}&exact=1`)).json()).toEqual({
        data: [],
      });
      expect((await get('/api/inventory/product/search?upc=000000000000&exact=1')).json()).toEqual({ data: [] });
    });

    it('fixture UPCs are valid UPC-A codes', () => {
      for (const upc of Object.values(UPC)) expect(isValidGtin(upc), upc).toBe(true);
    });
  });

  describe('POST /api/product/search', () => {
    it('searches model_number by prefix by default, active only, with invoice_cost in dollars', async () => {
      const res = await post('/api/product/search', { searchValue: 'gld' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [
          { id: p.GLD100SS!.id, model_number: 'GLD100SS', part_number: 'GLD100SS-A', invoice_cost: 1234.56 },
          { id: p.GLD200WW!.id, model_number: 'GLD200WW', part_number: 'GLD200WW-P', invoice_cost: 999 },
        ],
      });
      expect((await post('/api/product/search', { searchKey: 'model_number', searchValue: 'GLX' })).json()).toEqual({
        data: [],
      });
    });

    it('searches by upc (either column) and by part_number (whole, case-insensitive)', async () => {
      const byAlt = (await post('/api/product/search', { searchKey: 'upc', searchValue: UPC.gld100Alt })).json().data;
      expect(byAlt.map((r: { model_number: string }) => r.model_number)).toEqual(['GLD100SS']);
      const byPart = (await post('/api/product/search', { searchKey: 'part_number', searchValue: 'gld200ww-p' })).json()
        .data;
      expect(byPart.map((r: { model_number: string }) => r.model_number)).toEqual(['GLD200WW']);
      expect((await post('/api/product/search', { searchKey: 'part_number', searchValue: 'GLD200' })).json()).toEqual({
        data: [],
      });
    });

    it('refuses an unknown searchKey with 400 searchKey', async () => {
      const res = await post('/api/product/search', { searchKey: 'description', searchValue: 'GE' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['searchKey']);
    });
  });

  describe('GET /api/product/{id}', () => {
    it('answers one product', async () => {
      const res = await get(`/api/product/${p.GLD200WW!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: p.GLD200WW!.id,
        model: 'GLD200WW',
        upc: UPC.gld200,
        alternate_upc: null,
        cost: 999,
        master_listing_map_price: null,
        master_listing_commission_rate: null,
        manufacturer_name: null,
        serial_number_tracked: 0,
        item_type: 'NON FREIGHT',
      });
    });

    it('answers 404 for an unknown id', async () => {
      const res = await get('/api/product/987654');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'product 987654 does not exist' });
    });
  });

  describe('GET /api/inventory-serials/search', () => {
    it('needs 3 or more characters', async () => {
      for (const serial of ['ab', 'A', '']) {
        const res = await get(`/api/inventory-serials/search?serial=${serial}`);
        expect(res.statusCode, serial).toBe(400);
        expect(res.json().errors.serial, serial).toEqual(
          serial === '' ? expect.any(Array) : ['Please Extend Search Parameters.'],
        );
      }
      const res = await get('/api/inventory-serials/search?serial=ab');
      expect(res.json().errors.serial).toEqual(['Please Extend Search Parameters.']);
      expect(res.json().message).toContain('serial');
    });

    it('finds LIVE serials containing the text (case-insensitive), exact match first', async () => {
      const res = await get('/api/inventory-serials/search?serial=sn-abc-001');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        {
          id: expect.any(Number),
          serial_number: 'SN-ABC-001',
          model: 'GLD100SS',
          location_code: 'KY01',
          condition_code: 'NEW',
          disposition_code: 'LIVE',
        },
        {
          id: expect.any(Number),
          serial_number: 'AAA-SN-ABC-001',
          model: 'GLD200WW',
          location_code: 'TX01',
          condition_code: 'NEW',
          disposition_code: 'LIVE',
        },
        {
          id: expect.any(Number),
          serial_number: 'XSN-ABC-0011',
          model: 'GLD100SS',
          location_code: 'KY01',
          condition_code: 'B_STOCK',
          disposition_code: 'LIVE',
        },
      ]);
    });

    it('includes serials that are not LIVE with includeInactive=1', async () => {
      const live = (await get('/api/inventory-serials/search?serial=ABC-002')).json().data;
      expect(live).toEqual([]);
      const all = (await get('/api/inventory-serials/search?serial=ABC-002&includeInactive=1')).json().data;
      expect(all).toEqual([expect.objectContaining({ serial_number: 'SN-ABC-002', disposition_code: 'SOLD' })]);
    });

    it('treats % and _ literally', async () => {
      expect((await get(`/api/inventory-serials/search?serial=${encodeURIComponent('%%%')}`)).json().data).toEqual([]);
      expect((await get('/api/inventory-serials/search?serial=___')).json().data).toEqual([]);
    });
  });
});

describe('GET /api/product (product list)', () => {
  it('filters by model prefix, brand, category, description and UPC', async () => {
    const byModel = (await get('/api/product?modelTerm=gld')).json();
    expect(byModel.data.map((r: { model: string }) => r.model)).toEqual(['GLD100SS', 'GLD200WW']);
    expect(byModel).toMatchObject({ total: 2, page: 1, per_page: 100 });
    const byBrandAndCategory = (await get('/api/product?brand=GE&category=Ranges')).json();
    expect(byBrandAndCategory.data.map((r: { model: string }) => r.model)).toEqual(['GLX300BB']);
    const byDescription = (await get('/api/product?description=cu.%20ft')).json();
    expect(byDescription.data.map((r: { model: string }) => r.model)).toEqual(['GLD100SS']);
    const byAltUpc = (await get(`/api/product?upc=${UPC.glx300Alt}`)).json();
    expect(byAltUpc.data.map((r: { model: string }) => r.model)).toEqual(['GLX300BB']);
  });

  it('pages at 100 rows with the total', async () => {
    const all = (await get('/api/product')).json();
    expect(all.total).toBeGreaterThanOrEqual(38);
    expect(all.data.length).toBe(Math.min(100, all.total));
    const past = (await get('/api/product?page=2')).json();
    expect(past.data).toEqual(all.total > 100 ? expect.any(Array) : []);
  });

  it('refuses a page below 1', async () => {
    const res = await get('/api/product?page=0');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['page']);
  });
});

describe('POST brand and category lists', () => {
  it('answer every brand and category, the full one with product counts', async () => {
    const brandsRes = await t.app.inject({ method: 'POST', url: '/api/brand/allBrands', headers: bearer(token) });
    expect(
      brandsRes
        .json()
        .data.map((b: { brand_code: string }) => b.brand_code)
        .sort(),
    ).toEqual(['ACME', 'GE']);
    const full = (
      await t.app.inject({ method: 'POST', url: '/api/category/allCategoriesFull', headers: bearer(token) })
    ).json();
    const counts = Object.fromEntries(
      full.data.map((c: { category_code: string; product_count: number }) => [c.category_code, c.product_count]),
    );
    expect(counts).toEqual({ REF: 2, RNG: 1 });
  });
});
