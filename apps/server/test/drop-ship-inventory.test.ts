import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InventoryRepository } from '../src/modules/inventory/inventory.repository.js';
import { createProducts, createSignedInUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
  const [fridge, range] = await createProducts(t.db, [{ modelNumber: 'DSV-FRIDGE' }, { modelNumber: 'DSV-RANGE' }]);
  const ge = await t.services.vendors.create({ company_name: 'GE Appliances', vendor_type: 'sales' });
  const lg = await t.services.vendors.create({ company_name: 'LG Electronics', vendor_type: 'sales' });
  await new InventoryRepository(t.db).insertDropShipRows([
    {
      vendorId: ge.id,
      vendorLocationCode: 'GE-DC-EAST',
      productId: fridge!.id,
      qtyPurchasable: 12,
      costCents: 129_999,
    },
    { vendorId: lg.id, vendorLocationCode: 'GE-DC-EAST', productId: fridge!.id, qtyPurchasable: 0, costCents: null },
    { vendorId: ge.id, vendorLocationCode: 'GE-DC-WEST', productId: fridge!.id, qtyPurchasable: 3, costCents: 130_500 },
    { vendorId: ge.id, vendorLocationCode: 'GE-DC-WEST', productId: range!.id, qtyPurchasable: 40, costCents: 80_000 },
  ]);
});
afterAll(() => t?.close());

describe('GET /api/ims/drop-ship-vendor-inventory/product', () => {
  it('answers a map by vendor location code with qty_purchasable, for the model only (any case)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ims/drop-ship-vendor-inventory/product?model=dsv-fridge',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data)).toEqual(['GE-DC-EAST', 'GE-DC-WEST']);
    expect(
      data['GE-DC-EAST'].map((r: { vendor_name: string; qty_purchasable: number }) => [
        r.vendor_name,
        r.qty_purchasable,
      ]),
    ).toEqual([
      ['GE Appliances', 12],
      ['LG Electronics', 0],
    ]);
    expect(data['GE-DC-WEST']).toEqual([
      expect.objectContaining({ model: 'DSV-FRIDGE', qty_purchasable: 3, cost: 1305 }),
    ]);
  });

  it('answers an empty map for a model no vendor holds', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ims/drop-ship-vendor-inventory/product?model=NOPE',
      headers: bearer(token),
    });
    expect(res.json()).toEqual({ data: {} });
  });

  it('refuses a negative quantity in the database', async () => {
    const [p] = await createProducts(t.db, [{ modelNumber: 'DSV-NEG' }]);
    const v = await t.services.vendors.create({ company_name: 'Neg Vendor', vendor_type: 'sales' });
    await expect(
      new InventoryRepository(t.db).insertDropShipRows([
        { vendorId: v.id, vendorLocationCode: 'X', productId: p!.id, qtyPurchasable: -1 },
      ]),
    ).rejects.toThrow();
  });
});
