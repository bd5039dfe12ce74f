import { describe, expect, it } from 'vitest';
import { PRODUCT_DEFAULTS, PRODUCT_MESSAGES, ZProductCreateSchema } from '@keystone/contracts';
import { formToPayload, NEW_PRODUCT_FORM, productResolver } from './product-form';

const resolve = (mode: 'create' | 'update', values: typeof NEW_PRODUCT_FORM) =>
  productResolver(mode)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the product form', () => {
  it('starts with the 002 §3/§9 defaults', () => {
    const payload = formToPayload({ ...NEW_PRODUCT_FORM, model_number: 'M1', description: 'D' });
    expect(payload).toMatchObject({
      marketing_class: PRODUCT_DEFAULTS.marketing_class,
      stock_class: PRODUCT_DEFAULTS.stock_class,
      box_qty: PRODUCT_DEFAULTS.box_qty,
      status: PRODUCT_DEFAULTS.status,
      item_type: PRODUCT_DEFAULTS.item_type,
      spiff: 0,
      current_cost: 0,
      upc: null,
      fk_brand_id: null,
      msrp: null,
    });
    expect(ZProductCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('sends money as dollars and ids as numbers; blank optional fields as null', () => {
    const payload = formToPayload({
      ...NEW_PRODUCT_FORM,
      model_number: 'M1',
      description: 'D',
      msrp: '1,299.99',
      fk_brand_id: '12',
      part_number: '  ',
      spiff: '',
    });
    expect(payload).toMatchObject({ msrp: 1299.99, fk_brand_id: 12, part_number: null });
    expect(payload.spiff).toBeUndefined();
  });

  it('refuses a wrong UPC check digit and a missing model under their fields', async () => {
    const result = await resolve('create', { ...NEW_PRODUCT_FORM, description: 'D', upc: '012345678906' });
    expect(result.errors.upc?.message).toBe(PRODUCT_MESSAGES.upcInvalid);
    expect(result.errors.model_number?.message).toBe('is required');
    const ok = await resolve('create', {
      ...NEW_PRODUCT_FORM,
      model_number: 'M1',
      description: 'D',
      upc: '012345678905',
    });
    expect(ok.errors).toEqual({});
  });

  it('refuses money with more than 2 decimals and a box quantity under 1', async () => {
    const result = await resolve('update', {
      ...NEW_PRODUCT_FORM,
      model_number: 'M1',
      description: 'D',
      map: '1.234',
      box_qty: '0',
    });
    expect(Object.keys(result.errors).sort()).toEqual(['box_qty', 'map']);
  });
});
