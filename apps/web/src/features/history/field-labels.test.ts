import { describe, expect, it } from 'vitest';
import { HISTORY_ENTITIES } from '@keystone/contracts';
import { fieldLabel, HISTORY_FIELD_LABELS, lifecycleText, valueText } from './field-labels';

describe('history field labels', () => {
  it('names each record type’s fields in words, not as the API spells them', () => {
    expect(fieldLabel('purchase-order', 'vendor_id')).toBe('Vendor');
    expect(fieldLabel('purchase-order', 'notes')).toBe('PO Notes');
    expect(fieldLabel('product', 'current_cost')).toBe('Current Cost');
    expect(fieldLabel('product', 'fk_brand_id')).toBe('Brand');
    expect(fieldLabel('vendor', 'rep_email')).toBe('Rep Email');
    expect(fieldLabel('contact', 'primary_email')).toBe('Email');
    expect(fieldLabel('bin', 'locationCode')).toBe('Location');
    expect(fieldLabel('shipping-rule', 'is_published')).toBe('Published');
  });

  it('keeps the subject of a field that names one: a PO line, a bin’s product, a rule’s template, a role’s user', () => {
    expect(fieldLabel('purchase-order', 'line 12 invoice_cost')).toBe('Line 12 Cost');
    expect(fieldLabel('purchase-order', 'line 7 qty')).toBe('Line 7 Qty Ordered');
    expect(fieldLabel('bin', 'contents TV-55_X')).toBe('Units of TV-55_X');
    expect(fieldLabel('shipping-rule', 'mapping Ground 2')).toBe('Maps template Ground 2');
    expect(fieldLabel('role', 'user ann_lee')).toBe('User ann_lee');
    // A prefix belongs to its record type only.
    expect(fieldLabel('vendor', 'user ann')).toBe('User ann');
    expect(fieldLabel('contact', 'line 3 qty')).toBe('Line 3 qty');
  });

  it('turns a field no map names yet into words rather than showing it raw', () => {
    expect(fieldLabel('vendor', 'unitCost')).toBe('Unit cost');
    expect(fieldLabel('purchase-order', 'ship_by_date')).toBe('Ship by date');
    expect(fieldLabel('purchase-order', 'line 4 unitCost')).toBe('Line 4 Unit cost');
  });

  it('has a map for every record type, and no label that is a raw field name', () => {
    expect(Object.keys(HISTORY_FIELD_LABELS).sort()).toEqual([...HISTORY_ENTITIES].sort());
    for (const labels of Object.values(HISTORY_FIELD_LABELS))
      for (const label of Object.values(labels)) expect(label).not.toMatch(/_|^[a-z]/);
  });

  it('shows a reference in the words the server recorded, and an id recorded before it did as #id or a status name', () => {
    expect(valueText('purchase-order', 'vendor_id', 'Acme Supply (#12)')).toBe('Acme Supply (#12)');
    expect(valueText('purchase-order', 'purchase_order_status', 'Order Sent')).toBe('Order Sent');
    expect(valueText('purchase-order', 'vendor_id', 12)).toBe('#12');
    expect(valueText('purchase-order', 'purchase_order_status', 3)).toBe('Order Sent');
    expect(valueText('purchase-order', 'purchase_order_status', 99)).toBe('#99');
    expect(valueText('purchase-order', 'purchase_terms_id', 4)).toBe('#4');
    expect(valueText('product', 'fk_brand_id', 7)).toBe('#7');
    // Other numbers, and values of other kinds, as they are.
    expect(valueText('purchase-order', 'dfi_discount_percentage', 2.5)).toBe('2.5');
    expect(valueText('vendor', 'vendor_id', 12)).toBe('12');
    expect(valueText('purchase-order', 'paid', true)).toBe('true');
    expect(valueText('purchase-order', 'notes', null)).toBe('(empty)');
    expect(valueText('purchase-order', 'notes', '')).toBe('(empty)');
  });

  it('titles a creation or deletion, a PO line’s too, and lists its fields in words', () => {
    expect(
      lifecycleText('purchase-order', {
        field: 'created',
        before: null,
        after: { vendor_id: 'Acme (#3)', purchase_order_status: 1, ims_location_code: 'KY01' },
      }),
    ).toEqual({ title: 'Created', fields: ['Vendor: Acme (#3)', 'Status: New', 'Location: KY01'] });
    expect(
      lifecycleText('purchase-order', {
        field: 'line 12 created',
        before: null,
        after: { model_number: 'TV-55', invoice_cost: '10.50', qty: 2, carrier_name: 'UPS' },
      }),
    ).toEqual({ title: 'Line 12 added', fields: ['Model: TV-55', 'Cost: 10.50', 'Qty Ordered: 2', 'Carrier: UPS'] });
    expect(
      lifecycleText('purchase-order', { field: 'line 12 deleted', before: { model_number: 'TV-55' }, after: null }),
    ).toEqual({ title: 'Line 12 deleted', fields: ['Model: TV-55'] });
    expect(lifecycleText('bin', { field: 'deleted', before: { binName: 'A-1' }, after: null })).toEqual({
      title: 'Deleted',
      fields: ['Bin Name: A-1'],
    });
    // Other changes are not lifecycle events; a line prefix belongs to POs only.
    expect(lifecycleText('purchase-order', { field: 'line 12 qty', before: 1, after: 2 })).toBeNull();
    expect(lifecycleText('purchase-order', { field: 'notes', before: null, after: 'created' })).toBeNull();
    expect(lifecycleText('contact', { field: 'line 3 created', before: null, after: {} })).toBeNull();
  });
});
