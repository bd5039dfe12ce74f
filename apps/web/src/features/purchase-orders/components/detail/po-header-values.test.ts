import { describe, expect, it } from 'vitest';
import type { TPurchaseOrder } from '@keystone/contracts';
import { headerChanges, headerValuesOf } from './po-header-values';

const po = {
  id: 7,
  purchase_order_status: { id: 1, status_name: 'New' },
  ims_location_code: 'KY01',
  vendor_id: 3,
  purchase_terms_id: null,
  carrier_name: null,
  tracking_number: null,
  requested_delivery_date: null,
  vendor_order_id: null,
  dfi_discount_percentage: '0.00',
  paid: false,
  is_ats: false,
} as unknown as TPurchaseOrder;

describe('the PO header update (001 §4: sent only when fields changed)', () => {
  it('a PO without a requested delivery date sends only the edited field, never a default date', () => {
    const values = { ...headerValuesOf(po), vendor_order_id: 'SO-1' };
    expect(headerChanges(values, { vendor_order_id: true })).toEqual({ vendor_order_id: 'SO-1' });
    expect(headerValuesOf(po).requested_delivery_date).toBe('');
  });

  it('sends the requested delivery date when the user sets it', () => {
    const values = { ...headerValuesOf(po), requested_delivery_date: '2027-01-08' };
    expect(headerChanges(values, { requested_delivery_date: true })).toEqual({ requested_delivery_date: '2027-01-08' });
  });

  it('sends nothing when nothing changed', () => {
    expect(headerChanges(headerValuesOf(po), {})).toEqual({});
  });
});
