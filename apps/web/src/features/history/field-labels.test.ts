import { describe, expect, it } from 'vitest';
import { HISTORY_ENTITIES } from '@keystone/contracts';
import { fieldLabel, HISTORY_FIELD_LABELS } from './field-labels';

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
});
